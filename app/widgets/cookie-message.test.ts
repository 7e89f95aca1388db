// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { areCookiesEnabled, COOKIES_DISABLED_MESSAGE, initCookieMessage } from './cookie-message';

const region = '<div id="cookie-message" role="alert" data-cookie-message></div>';

afterEach(() => {
  document.body.replaceChildren();
  // Uncovers Document.prototype's real cookie jar again.
  Reflect.deleteProperty(document, 'cookie');
});

function navigatorWith(cookieEnabled: boolean): Navigator {
  return { cookieEnabled } as Navigator;
}

/** A document whose cookie jar refuses every write, as a browser that blocks cookies. */
function blockCookies(): void {
  Object.defineProperty(document, 'cookie', { configurable: true, get: () => '', set: () => undefined });
}

describe('areCookiesEnabled', () => {
  it('is true when a test cookie can be written and read back, and leaves no cookie behind', () => {
    expect(areCookiesEnabled(document, navigatorWith(true))).toBe(true);
    expect(document.cookie).not.toContain('cookie-test');
  });

  it('is false when the browser says cookies are off', () => {
    expect(areCookiesEnabled(document, navigatorWith(false))).toBe(false);
  });

  it('is false when writes are silently dropped', () => {
    blockCookies();
    expect(areCookiesEnabled(document, navigatorWith(true))).toBe(false);
  });
});

describe('initCookieMessage', () => {
  it('says nothing when cookies work', () => {
    document.body.innerHTML = region;
    initCookieMessage(document, navigatorWith(true));
    expect(document.querySelector('[data-cookie-message]')?.textContent).toBe('');
  });

  it('shows the message in the alert region when cookies are off, once', () => {
    document.body.innerHTML = region;
    initCookieMessage(document, navigatorWith(false));
    initCookieMessage(document, navigatorWith(false));
    const alert = document.querySelector('[role="alert"]');
    expect(alert?.textContent).toBe(COOKIES_DISABLED_MESSAGE);
    expect(COOKIES_DISABLED_MESSAGE).toBe('Cookies are turned off in your browser. Turn them on to sign in and to keep your choices.');
  });

  it('shows the message when a test cookie cannot be set although the browser claims cookies are on', () => {
    document.body.innerHTML = region;
    blockCookies();
    initCookieMessage(document, navigatorWith(true));
    expect(document.querySelector('[role="alert"]')?.textContent).toBe(COOKIES_DISABLED_MESSAGE);
  });
});
