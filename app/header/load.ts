/**
 * Which header a page gets. The server renders the signed-out header (common/site-header.tsx). A
 * browser without a stored session keeps it as it is, with Login loading the identity client when
 * pressed: a visitor who only reads fetches nothing made for signed-in use. A browser with a
 * session gets the header app (identity client, current user, user menu), as does a page whose
 * visitor signs in from another tab.
 */
import { LOGIN_BUTTON_CLASS } from '../../common/site-header';
import { loadChunk, showAppLoadError } from '../lib/chunks';
import { hasStoredSession, isStoredSessionKey } from '../lib/stored-session';
import type { AppModule } from '../app-module';

const loadSignedInHeader = (): Promise<AppModule> => import('./mount');

/** Holds the user menu's place while the header app loads, in place of the signed-out links. */
function showAccountPlaceholder(element: HTMLElement): void {
  const placeholder = document.createElement('span');
  placeholder.className = 'header__placeholder';
  placeholder.setAttribute('aria-hidden', 'true');
  element.querySelector('.header__account')?.replaceChildren(placeholder);
}

function mountSignedInHeader(element: HTMLElement): void {
  showAccountPlaceholder(element);
  loadChunk(loadSignedInHeader)
    .then((header) => header.mount(element))
    .catch((error: unknown) => {
      console.error(error);
      showAppLoadError(element);
    });
}

/** The server's signed-out header, made live: Login signs in; a sign-in in another tab brings the header app. */
const signedOutHeader: AppModule = {
  mount(element) {
    const login = element.querySelector<HTMLButtonElement>(`.${LOGIN_BUTTON_CLASS}`);
    login?.addEventListener('click', () => {
      loadChunk(() => import('../lib/auth')).then(
        ({ signIn }) => signIn(window.location.href),
        (error: unknown) => {
          console.error(error);
          showAppLoadError(element);
        },
      );
    });
    const onStorage = (event: StorageEvent) => {
      if (isStoredSessionKey(event.key) && event.newValue !== null) {
        window.removeEventListener('storage', onStorage);
        mountSignedInHeader(element);
      }
    };
    window.addEventListener('storage', onStorage);
  },
};

/** The registered header app (app/mount-apps.ts): which one is decided on the page, before anything is fetched. */
export function loadHeader(): Promise<AppModule> {
  return Promise.resolve(hasStoredSession() ? { mount: mountSignedInHeader } : signedOutHeader);
}
