/**
 * Whether the visitor is signed in, for every app on the page that is for signed-in use. It is read
 * from the session oidc-client-ts stored (app/lib/stored-session.ts), so a signed-in page draws its
 * first screen without the identity client: that client (app/lib/auth.ts, about 18 kB compressed)
 * loads only to sign in or out, to renew the tokens, or when the tokens have expired.
 *
 * - A session whose access token has expired is renewed first (refresh token); meanwhile the page
 *   says it is checking the sign-in; if renewal fails, the visitor is signed out.
 * - Shortly before the access token expires, the identity client loads and renews it, as it would
 *   have from the start (its access token expiring event, renewSession); from then on it keeps the session renewed.
 * - A sign-in or sign-out in another tab, or a renewal in this one, updates every app on the page.
 */
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { getPageData } from './page-data';
import { isExpired, readStoredSession, secondsLeft, storedSessionKey } from './stored-session';

export interface SessionState {
  /** The stored session had expired and is being renewed. */
  isLoading: boolean;
  isAuthenticated: boolean;
}

const SIGNED_OUT: SessionState = { isLoading: false, isAuthenticated: false };
const SIGNED_IN: SessionState = { isLoading: false, isAuthenticated: true };

/** How long before the access token expires the identity client loads to renew it (oidc-client-ts's own lead time). */
export const RENEWAL_LEAD_SECONDS = 60;

const SessionContext = createContext<SessionState>(SIGNED_OUT);

function sessionKey(): string {
  return storedSessionKey(getPageData().auth);
}

/** The state the stored session gives before anything is loaded. */
function storedState(): SessionState {
  const session = readStoredSession(sessionKey());
  if (session === null) {
    return SIGNED_OUT;
  }
  return isExpired(session) ? { isLoading: true, isAuthenticated: false } : SIGNED_IN;
}

const loadAuth = () => import('./auth');

export function SessionProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState(storedState);

  // An expired session: renew it (refresh token) before saying who is signed in.
  const mustRenew = state.isLoading;
  useEffect(() => {
    if (!mustRenew) {
      return undefined;
    }
    let isCurrent = true;
    void loadAuth()
      .then(({ renewSession }) => renewSession())
      .catch(() => null)
      .then((user) => {
        if (isCurrent) {
          setState(user ? SIGNED_IN : SIGNED_OUT);
        }
      });
    return () => {
      isCurrent = false;
    };
  }, [mustRenew]);

  // Shortly before the token expires, the identity client takes over renewing it.
  const { isAuthenticated } = state;
  useEffect(() => {
    const session = isAuthenticated ? readStoredSession(sessionKey()) : null;
    const seconds = session === null ? Number.POSITIVE_INFINITY : secondsLeft(session) - RENEWAL_LEAD_SECONDS;
    if (!Number.isFinite(seconds)) {
      return undefined;
    }
    let stopWatching: (() => void) | undefined;
    let isCurrent = true;
    const timer = window.setTimeout(
      () => {
        void loadAuth().then(({ keepSessionRenewed }) => {
          if (isCurrent) {
            stopWatching = keepSessionRenewed((isSignedIn) => setState(isSignedIn ? SIGNED_IN : SIGNED_OUT));
          }
        });
      },
      Math.max(0, seconds) * 1000,
    );
    return () => {
      isCurrent = false;
      window.clearTimeout(timer);
      stopWatching?.();
    };
  }, [isAuthenticated]);

  // Another tab signed in, out, or renewed.
  useEffect(() => {
    const key = sessionKey();
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || event.key === key) {
        setState(storedState());
      }
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  return <SessionContext value={state}>{children}</SessionContext>;
}

/** The page's sign-in state (SessionProvider in the app's root). */
export function useSession(): SessionState {
  return useContext(SessionContext);
}
