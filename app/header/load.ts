/**
 * Which header a page gets. The server renders the signed-out header (common/site-header.tsx). A
 * browser without a stored session keeps it as it is, with Login loading the identity client when
 * pressed: a visitor who only reads fetches nothing made for signed-in use. A browser with a
 * session gets the header app (identity client, current user, user menu), as does a page whose
 * visitor signs in from another tab.
 */
import { HEADER_ELEMENT_ID, LOGIN_BUTTON_CLASS } from '../../common/site-header';
import { loadChunk, showAppLoadError } from '../lib/chunks';
import { hasStoredSession, isStoredSessionKey } from '../lib/stored-session';
import type { AppModule } from '../app-module';
import { drawRememberedAccount } from './remembered-links';

const loadSignedInHeader = (): Promise<AppModule> => import('./mount');

/** The links this browser last drew and the user menu's place, until the header app knows who is signed in. */
function drawSignedInPlaceholder(element: Element): void {
  const account = element.querySelector('.header__account');
  if (account) {
    drawRememberedAccount(account);
  }
}

/**
 * Before the first paint (app/main.ts; the apps mount after it): a browser with a session shows the
 * signed-in header's links at once, never the signed-out header first and then a taller one
 * (on a phone the links wrap to a second line, moving the page down: a layout shift).
 */
export function drawSignedInHeaderEarly(root: Document = document): void {
  const element = root.getElementById(HEADER_ELEMENT_ID);
  if (element && hasStoredSession()) {
    drawSignedInPlaceholder(element);
  }
}

function mountSignedInHeader(element: HTMLElement): void {
  drawSignedInPlaceholder(element);
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
