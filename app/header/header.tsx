import type { ReactNode } from 'react';
import { useSession } from '../lib/session';
import { signIn, signOut } from '../lib/sign-in';
import { useCurrentUser, useSwitchSupplier } from '../lib/use-current-user';
import { HeaderBar, HeaderNav, SignedOutAccount, type HeaderSettings } from '../../common/site-header';
import { UserMenu } from './user-menu';

/**
 * The header app, mounted when the browser holds a session (app/header/load.ts): links and user
 * menu for the signed-in user; Login (and a welcome home) when the session turns out to have ended.
 * `changePasswordUrl` (page data) puts 'Change your password' in the menu when passwords are managed here.
 */
export function Header({ settings, changePasswordUrl }: { settings: HeaderSettings; changePasswordUrl?: string | undefined }) {
  const session = useSession();
  const currentUser = useCurrentUser();
  const switchSupplier = useSwitchSupplier();

  const login = () => void signIn(window.location.href);
  const logout = () => void signOut();
  const isLoading = session.isLoading || (session.isAuthenticated && currentUser.isPending);

  let account: ReactNode;
  if (isLoading) {
    // Holds the user menu's place so the header does not jump when it arrives.
    account = <span className="header__placeholder" aria-hidden="true" />;
  } else if (!session.isAuthenticated) {
    account = <SignedOutAccount settings={settings} onLogin={login} />;
  } else if (currentUser.data) {
    account = (
      <>
        <HeaderNav isSignedIn isTeamMember={currentUser.data.user.isTeamMember} activeSupplier={currentUser.data.activeSupplier} onLogin={login} />
        <UserMenu
          currentUser={currentUser.data}
          onSwitchSupplier={async (supplierID) => {
            await switchSupplier.mutateAsync(supplierID);
          }}
          onLogout={logout}
          changePasswordUrl={changePasswordUrl}
        />
      </>
    );
  } else {
    // The account did not load: no menu to show, but signing out and in again is always possible.
    account = (
      <button type="button" className="header-nav__link header-nav__login" onClick={logout}>
        Logout
      </button>
    );
  }

  return <HeaderBar settings={settings}>{account}</HeaderBar>;
}
