/**
 * The browser loads its locale and time zone data when a page makes its first `Intl` formatter:
 * 40 to 90 ms on a 2-core machine, four times that on a phone. A signed-in screen writes dates and
 * amounts as soon as its data arrives, so that load would freeze the page just as it became usable
 * (most of a long task Lighthouse counts as blocking). Started by the entry before the first paint
 * instead, it happens while the page is still being drawn; the formatters made later (common/dates.ts)
 * take about a millisecond.
 */
import { APP_MOUNT_MODULES, PUBLIC_APP_MOUNTS, type AppMountId } from '../../common/app-mounts';
import { hasStoredSession } from './stored-session';

/** Whether the page holds an app of signed-in screens (the dashboard, the team's console, an agency's, a person's own). */
function hasSignedInApp(root: Document): boolean {
  return (Object.keys(APP_MOUNT_MODULES) as AppMountId[]).some((id) => !PUBLIC_APP_MOUNTS.has(id) && root.getElementById(id) !== null);
}

/** Loads the locale data now when the page will show a signed-in app's screens (a session is stored). */
export function loadLocaleDataForSignedInApps(root: Document = document): void {
  // The page's elements first: a public page never reads local storage for this.
  if (hasSignedInApp(root) && hasStoredSession()) {
    // Any formatter loads the data for all: this one is made and dropped.
    new Intl.DateTimeFormat('en-NZ').format(0);
  }
}
