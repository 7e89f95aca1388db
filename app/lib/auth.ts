/**
 * Sign-in for every app on the page (spec §7): one oidc-client-ts UserManager, redirect flow with
 * PKCE, tokens cached in local storage, silent renewal with the refresh token.
 */
import { UserManager, WebStorageStateStore, type User } from 'oidc-client-ts';
import { AUTH_CALLBACK_PATH, type AuthSettings } from '../../common/page-data';
import { getPageData } from './page-data';
import { queryClient } from './query-client';

/** Where a completed sign-in goes when it did not say where it came from. */
export const DEFAULT_RETURN_PATH = '/dashboard';

/** What signIn keeps in the sign-in request's state, read back on the callback page. */
interface SignInState {
  returnTo: string;
}

function createUserManager(settings: AuthSettings): UserManager {
  return new UserManager({
    authority: settings.authority,
    client_id: settings.clientId,
    redirect_uri: settings.redirectUri,
    post_logout_redirect_uri: settings.postLogoutRedirectUri,
    scope: settings.scope,
    response_type: 'code',
    extraQueryParams: { resource: settings.resource },
    extraTokenParams: { resource: settings.resource },
    userStore: new WebStorageStateStore({ store: window.localStorage }),
    // Renewal goes through renewSession alone (below), so a timer's renewal and an API call's never
    // both spend the same refresh token: rotation refuses the second (400) and ends the sign-in.
    automaticSilentRenew: false,
    // Profile claims come in the ID token; the API has the rest.
    loadUserInfo: false,
  });
}

let userManager: UserManager | undefined;

/** The page's one UserManager, shared by all apps (created from the page data on first use). */
export function getUserManager(): UserManager {
  if (!userManager) {
    userManager = createUserManager(getPageData().auth);
    // Shortly before the access token expires (at once when it already has): renew, once for everyone.
    userManager.events.addAccessTokenExpiring(() => void renewSession());
  }
  return userManager;
}

/**
 * The path, query and hash of `url` when it points into this site, else the default return path.
 * Guards the post-sign-in redirect against other origins and against looping on the callback page.
 */
export function toReturnPath(url: string, origin: string = window.location.origin): string {
  let parsed: URL;
  try {
    parsed = new URL(url, origin);
  } catch {
    return DEFAULT_RETURN_PATH;
  }
  if (parsed.origin !== origin || parsed.pathname.startsWith(AUTH_CALLBACK_PATH)) {
    return DEFAULT_RETURN_PATH;
  }
  return `${parsed.pathname}${parsed.search}${parsed.hash}`;
}

/** The return path kept in a sign-in state, checked again: state comes back through the browser. */
export function returnPathFromState(state: unknown): string {
  if (typeof state === 'object' && state !== null && 'returnTo' in state && typeof state.returnTo === 'string') {
    return toReturnPath(state.returnTo);
  }
  return DEFAULT_RETURN_PATH;
}

let isSigningOut = false;

// A page restored from the back-forward cache (the visitor came back from the provider) starts afresh.
window.addEventListener('pageshow', (event) => {
  if (event.persisted) {
    isSigningOut = false;
  }
});

/** What a sign-in may tell the provider: the invitation it is for, whose page creates the account or asks that email. */
export interface SignInOptions {
  invitation?: string;
}

/** Sends the browser to the identity provider; after sign-in it comes back to `returnTo`. */
export async function signIn(returnTo: string = window.location.href, options: SignInOptions = {}): Promise<void> {
  if (isSigningOut) {
    // Signing out removes the user, which the sign-in guards see: the sign-out redirect goes first.
    return;
  }
  const state: SignInState = { returnTo: toReturnPath(returnTo) };
  await getUserManager().signinRedirect({ state, ...(options.invitation ? { extraQueryParams: { invitation: options.invitation } } : {}) });
}

/** Completes the sign-in on the callback page; resolves to the same-origin path to go back to. */
export async function completeSignIn(): Promise<string> {
  const user = await getUserManager().signinRedirectCallback();
  return returnPathFromState(user.state);
}

/** The current access token, renewed first when it has expired; undefined when signed out. */
export async function getAccessToken(): Promise<string | undefined> {
  const user = await getUserManager().getUser();
  if (user?.expired === true) {
    return (await renewSession())?.access_token;
  }
  return user?.access_token;
}

/**
 * Keeps the session renewed from now on: creating the UserManager starts its automatic renewal,
 * shortly before the access token expires. `onChange` hears of each renewal and of a sign-out.
 * Returns what stops listening (app/lib/session.tsx loads this module when the token nears expiry).
 */
export function keepSessionRenewed(onChange: (isSignedIn: boolean) => void): () => void {
  const { events } = getUserManager();
  const onLoaded = () => onChange(true);
  const onUnloaded = () => onChange(false);
  events.addUserLoaded(onLoaded);
  events.addUserUnloaded(onUnloaded);
  return () => {
    events.removeUserLoaded(onLoaded);
    events.removeUserUnloaded(onUnloaded);
  };
}

let pendingRenewal: Promise<User | null> | undefined;

/** Renews the tokens (refresh token) once for every caller waiting; null when it cannot. */
export function renewSession(): Promise<User | null> {
  pendingRenewal ??= getUserManager()
    .signinSilent()
    .catch(() => null)
    .finally(() => {
      pendingRenewal = undefined;
    });
  return pendingRenewal;
}

/** Signs out (spec §4: wipes all client state), then ends the session at the identity provider. */
export async function signOut(): Promise<void> {
  isSigningOut = true;
  const manager = getUserManager();
  const user = await manager.getUser();
  queryClient.clear();
  // Tells every app on the page (app/lib/session.tsx listens once loaded) and stops the silent renew timer.
  await manager.removeUser();
  window.localStorage.clear();
  window.sessionStorage.clear();
  if (user) {
    try {
      await manager.signoutRedirect({ id_token_hint: user.id_token });
      return;
    } catch (error) {
      // Signed out here already; the provider's session ends on its own.
      console.error(error);
    }
  }
  window.location.assign('/');
}
