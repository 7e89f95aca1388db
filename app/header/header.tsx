import { useEffect, useState, type ReactNode } from 'react';
import type { CurrentUserResponse } from '../../common/api/user';
import { useSession } from '../lib/session';
import { signIn, signOut } from '../lib/sign-in';
import { useCurrentUser, useSwitchAgency, useSwitchSupplier } from '../lib/use-current-user';
import { signedInHeaderLinks } from '../../common/header-links';
import { HeaderBar, HeaderNav, HeaderNavList, SignedOutAccount, type HeaderSettings } from '../../common/site-header';
import { AGENCY_DASHBOARD_PATH, DASHBOARD_PATH } from '../../common/site-paths';
import { readRememberedHeaderLinks, rememberHeaderLinks } from './remembered-links';
import { UserMenu } from './user-menu';

/** Whether the page is the agency dashboard or one of its screens (not /agency-form). */
function isOnAgencyDashboard(): boolean {
  const { pathname } = window.location;
  return pathname === AGENCY_DASHBOARD_PATH || pathname.startsWith(`${AGENCY_DASHBOARD_PATH}/`);
}

/** Whose links the header shows: the signed-in user's, as team member, supplier or agency. */
function linkOwner({ user, activeSupplier, activeAgency }: CurrentUserResponse) {
  return { isTeamMember: user.isTeamMember, activeSupplier, activeAgency };
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
  const logout = () => {
    rememberHeaderLinks(null);
    void signOut();
  };
  const isLoading = session.isLoading || (session.isAuthenticated && currentUser.isPending);
  const [rememberedLinks] = useState(() => readRememberedHeaderLinks());
  const { isLoading: isSessionLoading, isAuthenticated } = session;
  const { data: currentUserData } = currentUser;
  useEffect(() => {
    // Remembered for the next page's first moment; forgotten once the session has ended.
    if (!isSessionLoading && !isAuthenticated) {
      rememberHeaderLinks(null);
    } else if (isAuthenticated && currentUserData) {
      rememberHeaderLinks(signedInHeaderLinks(linkOwner(currentUserData)));
    }
  }, [isSessionLoading, isAuthenticated, currentUserData]);

  let account: ReactNode;
  if (isLoading) {
    // What app/header/load.ts drew before this app came: the header does not jump when the account arrives.
    account = (
      <>
        {rememberedLinks.length > 0 && <HeaderNavList links={rememberedLinks} />}
        <span className="header__placeholder" aria-hidden="true" />
      </>
    );
  } else if (!session.isAuthenticated) {
    account = <SignedOutAccount settings={settings} onLogin={login} />;
  } else if (currentUser.data) {
    account = (
      <>
        <HeaderNav isSignedIn {...linkOwner(currentUser.data)} onLogin={login} />
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
