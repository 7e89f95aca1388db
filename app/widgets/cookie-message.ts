/**
 * The cookies-disabled message (spec §2, §8): when the browser refuses cookies, the page's
 * `[data-cookie-message]` region (role="alert", in the site header) says so.
 */
export const COOKIES_DISABLED_MESSAGE = 'Cookies are turned off in your browser. Turn them on to sign in and to keep your choices.';

const TEST_COOKIE = 'cookie-test';

/** True when the browser accepts cookies: it says so, and a test cookie can be written and read back. */
export function areCookiesEnabled(doc: Document = document, nav: Navigator = navigator): boolean {
  if (!nav.cookieEnabled) {
    return false;
  }
  try {
    doc.cookie = `${TEST_COOKIE}=1; Path=/; SameSite=Lax`;
    const isStored = doc.cookie.split(';').some((part) => part.trim() === `${TEST_COOKIE}=1`);
    doc.cookie = `${TEST_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`;
    return isStored;
  } catch {
    // A sandboxed document throws on document.cookie.
    return false;
  }
}

export function initCookieMessage(doc: Document = document, nav: Navigator = navigator): void {
  const region = doc.querySelector<HTMLElement>('[data-cookie-message]');
  if (!region || region.childElementCount > 0 || areCookiesEnabled(doc, nav)) {
    return;
  }
  const message = doc.createElement('p');
  message.className = 'cookie-message__text';
  message.textContent = COOKIES_DISABLED_MESSAGE;
  region.append(message);
}
