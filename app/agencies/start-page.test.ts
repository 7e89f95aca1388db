// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isAgencyAppNeeded } from './start-page';
import { AGENCY_STORAGE_KEY } from './stored-submission';

afterEach(() => {
  vi.restoreAllMocks();
  window.localStorage.clear();
});

describe('isAgencyAppNeeded', () => {
  it('leaves the start page as the server drew it for a visitor without saved answers', () => {
    expect(isAgencyAppNeeded('/agency-form')).toBe(false);
    window.localStorage.setItem(AGENCY_STORAGE_KEY, JSON.stringify({ answers: {} }));
    expect(isAgencyAppNeeded('/agency-form')).toBe(false);
    window.localStorage.setItem(AGENCY_STORAGE_KEY, '{not json');
    expect(isAgencyAppNeeded('/agency-form')).toBe(false);
  });

  it('loads the app at the start for saved answers or a saved application, so it can offer Continue and Start again', () => {
    window.localStorage.setItem(AGENCY_STORAGE_KEY, JSON.stringify({ answers: { agency_name: 'Ministry of Tides' } }));
    expect(isAgencyAppNeeded('/agency-form')).toBe(true);
    window.localStorage.setItem(AGENCY_STORAGE_KEY, JSON.stringify({ id: 'A'.repeat(43), answers: {} }));
    expect(isAgencyAppNeeded('/agency-form')).toBe(true);
  });

  it('loads the app on every other screen of the form', () => {
    for (const path of ['/agency-form/step/1', '/agency-form/contact', '/agency-form/completed', `/agency-form/resume/${'A'.repeat(43)}`]) {
      expect(isAgencyAppNeeded(path), path).toBe(true);
    }
  });

  it('draws no app when storage cannot be read', () => {
    const blocked = { getItem: () => { throw new DOMException('denied', 'SecurityError'); } } as unknown as Storage;
    expect(isAgencyAppNeeded('/agency-form', blocked)).toBe(false);
    // Where storage is turned off, reading window.localStorage itself throws.
    vi.spyOn(window, 'localStorage', 'get').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(isAgencyAppNeeded('/agency-form')).toBe(false);
  });
});
