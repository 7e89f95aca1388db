/**
 * The page's apps (spec §1): each is mounted only when the page has its element, from its own lazily
 * loaded chunk. Adding an app is one line in `registeredApps`, with a `mount.tsx` in its folder.
 */
import { CHUNK_LOAD_TIMEOUT_MS } from '../common/constants';

export interface AppModule {
  mount: (element: HTMLElement) => void;
}

export interface RegisteredApp {
  elementId: string;
  load: () => Promise<AppModule>;
}

export const registeredApps: readonly RegisteredApp[] = [
  { elementId: 'app__header', load: () => import('./header/mount') },
  { elementId: 'app__dashboard', load: () => import('./dashboard/mount') },
  { elementId: 'app__user', load: () => import('./user/mount') },
  { elementId: 'app__suppliers', load: () => import('./suppliers/mount') },
  { elementId: 'app__agency', load: () => import('./agency/mount') },
  { elementId: 'app__register', load: () => import('./register/mount') },
  { elementId: 'app__admin', load: () => import('./console/mount') },
];

/** A script chunk that failed to load, or had not loaded after the timeout (spec §8). */
export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
}

/** Runs `load`, rejecting with ChunkLoadError when it fails or has not settled after `timeoutMs`. */
export function loadChunk<T>(load: () => Promise<T>, timeoutMs: number = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new ChunkLoadError(`A script of this page did not load within ${timeoutMs / 1000} seconds.`));
    }, timeoutMs);
    load().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError('A script of this page could not be loaded.', { cause: error }));
      },
    );
  });
}

/** Replaces an app's element content with a readable error and a reload button (plain DOM: React may be what failed). */
export function showAppLoadError(element: HTMLElement): void {
  const box = document.createElement('div');
  box.className = 'app-load-error';
  box.setAttribute('role', 'alert');
  const message = document.createElement('p');
  message.textContent = 'This part of the page could not be loaded. Check your connection, then reload the page.';
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'button button--secondary';
  button.textContent = 'Reload the page';
  button.addEventListener('click', () => {
    window.location.reload();
  });
  box.append(message, button);
  element.replaceChildren(box);
}

/** Mounts every registered app whose element is on the page; one failing app leaves the others be. */
export async function mountApps(
  apps: readonly RegisteredApp[] = registeredApps,
  root: Document = document,
  timeoutMs: number = CHUNK_LOAD_TIMEOUT_MS,
): Promise<void> {
  await Promise.all(
    apps.map(async ({ elementId, load }) => {
      const element = root.getElementById(elementId);
      if (!element) {
        return;
      }
      try {
        const app = await loadChunk(load, timeoutMs);
        app.mount(element);
      } catch (error) {
        console.error(error);
        showAppLoadError(element);
      }
    }),
  );
}
