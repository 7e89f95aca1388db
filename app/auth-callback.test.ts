// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { isGeneralPage } from './auth-callback';

describe('where a team member lands after signing in', () => {
  it('on the team app from a general page; a deep link is kept', () => {
    expect(isGeneralPage('/')).toBe(true);
    expect(isGeneralPage('/dashboard')).toBe(true);
    expect(isGeneralPage('/dashboard/?tab=1')).toBe(true);
    expect(isGeneralPage('/dashboard/applications/application/3')).toBe(false);
    expect(isGeneralPage('/approved-suppliers?channel=digital')).toBe(false);
  });
});
