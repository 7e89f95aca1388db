/** Starts each static-site widget of spec §2 whose markup the page has. */
import { initCascadeForms } from './cascade-form';
import { initCookieMessage } from './cookie-message';
import { initEqualHeights } from './equal-height';
import { initGlobalAlerts } from './global-alert';
import { initSideNavToggles } from './side-nav';
import { initTabs } from './tabs';

export function startWidgets(doc: Document = document): void {
  if (doc.querySelector('[data-cookie-message]')) {
    initCookieMessage(doc);
  }
  if (doc.querySelector('[data-global-alert]')) {
    initGlobalAlerts(doc, doc);
  }
  if (doc.querySelector('[data-tabs]')) {
    initTabs(doc);
  }
  if (doc.querySelector('button[data-side-nav-toggle]')) {
    initSideNavToggles(doc);
  }
  if (doc.querySelector('[data-equal-height]')) {
    initEqualHeights(doc);
  }
  if (doc.querySelector('form[data-cascade-form]')) {
    initCascadeForms(doc);
  }
}
