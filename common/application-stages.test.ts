import { describe, expect, it } from 'vitest';
import { APPLICATION_STATUSES, isApplicationEditable } from './application-stages';

describe('isApplicationEditable', () => {
  it('lets the supplier change an application only while it is incomplete', () => {
    expect(APPLICATION_STATUSES.filter(isApplicationEditable)).toEqual(['incomplete']);
  });
});
