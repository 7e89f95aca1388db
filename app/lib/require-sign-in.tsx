/**
 * The sign-in guard of the routed apps for signed-in use (dashboard, user, the team app), apart from
 * routing.tsx so the public apps' routes (registration, agency form) never read the session.
 */
import { useEffect } from 'react';
import { Outlet, useHref, useLocation } from 'react-router';
import { LoadingState } from './components/loading-state';
import { useSession } from './session';
import { signIn } from './sign-in';

/**
 * Layout route for screens that need sign-in (spec §2): a signed-out visitor is sent to the identity
 * provider and comes back to the URL they asked for.
 */
export function RequireSignIn() {
  const session = useSession();
  // The wanted URL with the app's base path, query and hash.
  const wantedHref = useHref(useLocation());
  const mustSignIn = !session.isLoading && !session.isAuthenticated;

  useEffect(() => {
    if (mustSignIn) {
      void signIn(wantedHref);
    }
  }, [mustSignIn, wantedHref]);

  if (!session.isAuthenticated) {
    return <LoadingState label={session.isLoading ? 'Checking your sign-in…' : 'Taking you to sign in…'} />;
  }
  return <Outlet />;
}
