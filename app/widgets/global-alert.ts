/**
 * The dismissible site notice (spec §2). Markup the server writes (server/pages/global-alert.tsx):
 *
 *   <div class="global-alert" data-global-alert="{alert id}" data-cookie-name="global-alert-dismissed">
 *     … <button data-global-alert-dismiss hidden>Dismiss</button>
 *   </div>
 *
 * The widget shows the button; dismissing sets `{cookie name}={alert id}` for one month and removes
 * the notice. The server leaves a dismissed notice out of later pages.
 */
import { GLOBAL_ALERT_COOKIE_MAX_AGE_S } from '../../common/constants';

export function dismissalCookie(name: string, alertId: string, isSecure: boolean): string {
  const secure = isSecure ? '; Secure' : '';
  return `${name}=${encodeURIComponent(alertId)}; Max-Age=${GLOBAL_ALERT_COOKIE_MAX_AGE_S}; Path=/; SameSite=Lax${secure}`;
}

function enhanceAlert(alert: HTMLElement, doc: Document): void {
  const button = alert.querySelector<HTMLButtonElement>('[data-global-alert-dismiss]');
  const alertId = alert.dataset.globalAlert;
  const cookieName = alert.dataset.cookieName;
  if (!button || !alertId || !cookieName) {
    return;
  }
  alert.dataset.globalAlertReady = 'true';
  button.hidden = false;
  button.addEventListener('click', () => {
    doc.cookie = dismissalCookie(cookieName, alertId, doc.location.protocol === 'https:');
    alert.remove();
    // The button is gone: give focus somewhere sensible rather than to the document body.
    doc.getElementById('main-content')?.focus();
  });
}

/** Makes every site notice under `root` dismissible; safe to call twice. */
export function initGlobalAlerts(root: ParentNode = document, doc: Document = document): void {
  for (const alert of root.querySelectorAll<HTMLElement>('[data-global-alert]')) {
    if (alert.dataset.globalAlertReady !== 'true') {
      enhanceAlert(alert, doc);
    }
  }
}
