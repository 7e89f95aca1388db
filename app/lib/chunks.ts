/** Loading a page's script chunks, and what a visitor sees when one does not load (spec §8). */
import { CHUNK_LOAD_TIMEOUT_MS } from '../../common/constants';

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

/** What a visitor reads when a script chunk did not load: the app's (showAppLoadError) and a screen's (RouteErrorScreen). */
export const CHUNK_LOAD_ERROR_MESSAGE = 'This part of the page could not be loaded. Check your connection, then reload the page.';

/** Replaces an app's element content with a readable error and a reload button (plain DOM: React may be what failed). */
export function showAppLoadError(element: HTMLElement): void {
  const box = document.createElement('div');
  box.className = 'app-load-error';
  box.setAttribute('role', 'alert');
  const message = document.createElement('p');
  message.textContent = CHUNK_LOAD_ERROR_MESSAGE;
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
