/**
 * The page's apps (spec §1): each is mounted only when the page has its element, from its own lazily
 * loaded chunk. Adding an app is one line in `registeredApps`, with a `mount.tsx` in its folder.
 */
import { CHUNK_LOAD_TIMEOUT_MS } from '../common/constants';
import { HEADER_ELEMENT_ID } from '../common/site-header';
import { isAgencyAppNeeded } from './agencies/start-page';
import type { AppModule } from './app-module';
import { loadHeader } from './header/load';
import { loadChunk, showAppLoadError } from './lib/chunks';
import { hasStoredSession } from './lib/stored-session';
import { whenFirstUsed } from './lib/take-over';
import { isRegisterAppNeeded } from './registration/first-visit';

export interface RegisteredApp {
  elementId: string;
  load: () => Promise<AppModule>;
  /** False when what the server drew in the element is all the visitor needs (the app is not loaded). */
  isNeeded?: (element: HTMLElement) => boolean;
  /**
   * The server may have drawn a form in the element: where the app is not needed at once, it loads
   * when the visitor first uses that form, instead of never; either way the form's submits wait for it.
   */
  loadsOnFirstUse?: boolean;
}

export const registeredApps: readonly RegisteredApp[] = [
  { elementId: HEADER_ELEMENT_ID, load: loadHeader },
  { elementId: 'app__dashboard', load: () => import('./dashboard/mount') },
  { elementId: 'app__agency-dashboard', load: () => import('./agency-dashboard/mount') },
  { elementId: 'app__user', load: () => import('./user/mount') },
  { elementId: 'app__suppliers', load: () => import('./directory/mount') },
  { elementId: 'app__agency', load: () => import('./agencies/mount'), isNeeded: () => isAgencyAppNeeded() },
  { elementId: 'app__register', load: () => import('./registration/mount'), isNeeded: (element) => isRegisterAppNeeded(element), loadsOnFirstUse: true },
  { elementId: 'app__admin', load: () => import('./team/mount') },
  // A visitor without a session fetches nothing: the notes already say how a buyer gets the documents.
  { elementId: 'app__listing-documents', load: () => import('./listings/buyer-documents-mount'), isNeeded: () => hasStoredSession() },
  // "Save to a shortlist" is for a signed-in buyer alone: without a session there is nothing to draw.
  { elementId: 'app__shortlist-save', load: () => import('./shortlists/save-link-mount'), isNeeded: () => hasStoredSession() },
];

/** Mounts every registered app whose element is on the page; one failing app leaves the others be. */
export async function mountApps(
  apps: readonly RegisteredApp[] = registeredApps,
  root: Document = document,
  timeoutMs: number = CHUNK_LOAD_TIMEOUT_MS,
): Promise<void> {
  await Promise.all(
    apps.map(async ({ elementId, load, isNeeded, loadsOnFirstUse = false }) => {
      const element = root.getElementById(elementId);
      if (!element) {
        return;
      }
      const isNeededNow = isNeeded?.(element) !== false;
      if (!isNeededNow && !loadsOnFirstUse) {
        return;
      }
      if (loadsOnFirstUse) {
        // Listening from the start, with this page's script: until the app takes over, a submit of
        // the server's form is held back, never sent as a page request with the answers in its address.
        const firstUse = whenFirstUsed(element);
        if (!isNeededNow) {
          await firstUse;
        }
      }
      try {
        const app = await loadChunk(load, timeoutMs);
        await app.mount(element);
      } catch (error) {
        console.error(error);
        showAppLoadError(element);
      }
    }),
  );
}
