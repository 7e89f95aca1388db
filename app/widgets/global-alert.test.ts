// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { GLOBAL_ALERT_COOKIE_MAX_AGE_S } from '../../common/constants';
import { dismissalCookie, initGlobalAlerts } from './global-alert';

const markup = `
  <div class="global-alert" role="region" aria-label="Site notice" data-global-alert="notice-7" data-cookie-name="global-alert-dismissed">
    <p>Listings are now searchable.</p>
    <button type="button" data-global-alert-dismiss hidden>Dismiss</button>
  </div>
  <main id="main-content" tabindex="-1"></main>`;

afterEach(() => {
  document.body.replaceChildren();
  document.cookie = 'global-alert-dismissed=; Max-Age=0; Path=/';
});

describe('dismissalCookie', () => {
  it('lasts one month on every path, SameSite=Lax, Secure over https', () => {
    expect(GLOBAL_ALERT_COOKIE_MAX_AGE_S).toBe(2_592_000);
    expect(dismissalCookie('global-alert-dismissed', 'notice-7', false)).toBe(
      'global-alert-dismissed=notice-7; Max-Age=2592000; Path=/; SameSite=Lax',
    );
    expect(dismissalCookie('global-alert-dismissed', 'a b', true)).toBe(
      'global-alert-dismissed=a%20b; Max-Age=2592000; Path=/; SameSite=Lax; Secure',
    );
  });
});

describe('initGlobalAlerts', () => {
  it('shows the dismiss button; dismissing removes the notice, remembers it in a cookie and moves focus to the main content', () => {
    document.body.innerHTML = markup;
    initGlobalAlerts(document, document);
    const button = document.querySelector<HTMLButtonElement>('[data-global-alert-dismiss]');
    expect(button?.hidden).toBe(false);
    button?.click();
    expect(document.querySelector('[data-global-alert]')).toBeNull();
    expect(document.cookie).toContain('global-alert-dismissed=notice-7');
    expect(document.activeElement?.id).toBe('main-content');
  });

  it('leaves a notice without an id or cookie name alone', () => {
    document.body.innerHTML = '<div data-global-alert=""><button data-global-alert-dismiss hidden>Dismiss</button></div>';
    initGlobalAlerts(document, document);
    expect(document.querySelector<HTMLButtonElement>('button')?.hidden).toBe(true);
  });
});
