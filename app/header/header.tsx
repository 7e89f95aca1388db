import type { ReactNode } from 'react';
import { useSession } from '../lib/session';
import { signIn, signOut } from '../lib/sign-in';
import { useCurrentUser, useSwitchAgency, useSwitchSupplier } from '../lib/use-current-user';
import { HeaderBar, HeaderNav, SignedOutAccount, type HeaderSettings } from '../../common/site-header';
import { AGENCY_DASHBOARD_PATH, DASHBOARD_PATH } from '../../common/site-paths';
import { UserMenu } from './user-menu';

/** Whether the page is the agency dashboard or one of its screens (not /agency-form). */
function isOnAgencyDashboard(): boolean {
  const { pathname } = window.location;
  return pathname === AGENCY_DASHBOARD_PATH || pathname.startsWith(`${AGENCY_DASHBOARD_PATH}/`);
}

/**
 * The header app, mounted when the browser holds a session (app/header/load.ts): links and user
 * menu for the signed-in user; Login (and a welcome home) when the session turns out to have ended.
 * `changePasswordUrl` (page data) puts 'Change your password' in the menu when passwords are managed here.
 */
export function Header({ settings, changePasswordUrl }: { settings: HeaderSettings; changePasswordUrl?: string | undefined }) {
  const session = useSession();
  const currentUser = useCurrentUser();
  const switchSupplier = useSwitchSupplier();
  const switchAgency = useSwitchAgency();

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
        <HeaderNav
          isSignedIn
          isTeamMember={currentUser.data.user.isTeamMember}
          activeSupplier={currentUser.data.activeSupplier}
          activeAgency={currentUser.data.activeAgency}
          onLogin={login}
        />
        <UserMenu
          currentUser={currentUser.data}
          onSwitchSupplier={async (supplierID) => {
            await switchSupplier.mutateAsync(supplierID);
            // The agency dashboard has nothing of a supplier's: its dashboard is elsewhere.
            if (isOnAgencyDashboard()) {
              window.location.assign(DASHBOARD_PATH);
            }
          }}
          onSwitchAgency={async (agencyID) => {
            await switchAgency.mutateAsync(agencyID);
            // Anywhere else, the agency's work is on its dashboard (issue 31).
            if (!isOnAgencyDashboard()) {
              window.location.assign(AGENCY_DASHBOARD_PATH);
            }
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
