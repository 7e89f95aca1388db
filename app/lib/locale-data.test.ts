// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { storedSessionKey } from './stored-session';
import { loadLocaleDataForSignedInApps } from './locale-data';

const SESSION_KEY = storedSessionKey({ authority: 'http://localhost/oidc', clientId: 'portal' });

function pageWith(elementId: string): Document {
  const page = document.implementation.createHTMLDocument('page');
  const element = page.createElement('div');
  element.id = elementId;
  page.body.append(element);
  return page;
}

describe('loadLocaleDataForSignedInApps', () => {
  let formatters: MockInstance;

  beforeEach(() => {
    const RealDateTimeFormat = Intl.DateTimeFormat;
    // Made with `new`: a function (not an arrow) returning the real formatter.
    formatters = vi.spyOn(Intl, 'DateTimeFormat').mockImplementation(function (...args: ConstructorParameters<typeof Intl.DateTimeFormat>) {
      return new RealDateTimeFormat(...args);
    });
  });

  afterEach(() => {
    formatters.mockRestore();
    window.localStorage.clear();
  });

  it('makes a formatter before the first paint when a signed-in app will mount', () => {
    window.localStorage.setItem(SESSION_KEY, '{}');
    for (const id of ['app__dashboard', 'app__agency-dashboard', 'app__admin', 'app__user']) {
      formatters.mockClear();
      loadLocaleDataForSignedInApps(pageWith(id));
      expect(formatters, id).toHaveBeenCalledTimes(1);
    }
  });

  it('makes none on a public page, even for a signed-in visitor', () => {
    window.localStorage.setItem(SESSION_KEY, '{}');
    for (const id of ['app__suppliers', 'app__register', 'app__agency', 'main-content']) {
      loadLocaleDataForSignedInApps(pageWith(id));
    }
    expect(formatters).not.toHaveBeenCalled();
  });

  it('makes none without a stored session: the page will send the visitor to sign in', () => {
    loadLocaleDataForSignedInApps(pageWith('app__dashboard'));
    expect(formatters).not.toHaveBeenCalled();
  });
});
