/**
 * The header's markup, shared by the page shell and the header app: the server renders the
 * signed-out header into `#app__header`, so a visitor without a session sees it complete with the
 * page and no script for signed-in use is fetched (app/header/load.ts); the app renders the same
 * components once it knows who is signed in.
 */
import type { ReactNode } from 'react';
import type { AgencySummary, SupplierSummary } from './api/user';
import { REGISTER_START_PATH } from './registration/steps';
import { AGENCY_DASHBOARD_PATH, DASHBOARD_PATH, TEAM_APP_PATH } from './site-paths';

/** The header's settings, which the page shell also puts on `#app__header` as data attributes (spec §1). */
export interface HeaderSettings {
  /** The home page: signed-out visitors see the welcome text. */
  isHome: boolean;
  /** The sign-in page: its visitor is already signing in, so the header offers no Login. */
  isSignInPage: boolean;
  welcomeText: string;
  /** The page's title, shown beside the product name as the section the visitor is in. */
  title: string;
}

/** The header's row: the section's title, then the account area (links, menu). */
export function HeaderBar({ settings, children }: { settings: HeaderSettings; children: ReactNode }) {
  const showsTitle = !settings.isHome && settings.title !== '';
  return (
    <div className="header">
      {showsTitle && <span className="header__title">{settings.title}</span>}
      <div className="header__account">{children}</div>
    </div>
  );
}

/** What a signed-out visitor sees: the welcome on the home page, Register and Login (none on the sign-in page). */
export function SignedOutAccount({ settings, onLogin }: { settings: HeaderSettings; onLogin?: () => void }) {
  return (
    <>
      {settings.isHome && settings.welcomeText !== '' && <p className="header__welcome">{settings.welcomeText}</p>}
      {!settings.isSignInPage && <HeaderNav isSignedIn={false} activeSupplier={null} onLogin={onLogin} />}
    </>
  );
}

export interface HeaderNavProps {
  isSignedIn: boolean;
  /** A member of the marketplace team: the header links to the team's app. */
  isTeamMember?: boolean;
  /** The active supplier, or null when signed out or not attached to one. */
  activeSupplier: SupplierSummary | null;
  /** The agency the user acts for (issue 31): it takes the supplier's place in the links. */
  activeAgency?: AgencySummary | null | undefined;
  /** Login's click; absent in the server's markup, where app/header/load.ts attaches it. */
  onLogin?: (() => void) | undefined;
}

/** The class of the Login button, by which the signed-out page's script finds it. */
export const LOGIN_BUTTON_CLASS = 'header-nav__login';

/**
 * The header's links (spec §2): Dashboard and Supplier details for an active supplier, Users for its
 * admins, the agency's Dashboard instead while the user acts for an agency (issue 31), Team console
 * for the marketplace team, Login (and Register, the public registration of a business) for
 * signed-out visitors.
 */
export function HeaderNav({ isSignedIn, isTeamMember = false, activeSupplier, activeAgency = null, onLogin }: HeaderNavProps) {
  // The agency, while the user acts for one, is the active organisation: nothing of the supplier's shows.
  const supplier = activeAgency ? null : activeSupplier;
  if (isSignedIn && !supplier && !activeAgency && !isTeamMember) {
    return null;
  }
  return (
    <nav className="header-nav" aria-label="Account">
      <ul className="header-nav__list">
        {isSignedIn && isTeamMember && (
          <li>
            <a className="header-nav__link" href={TEAM_APP_PATH}>
              Team console
            </a>
          </li>
        )}
        {activeAgency && (
          <li>
            <a className="header-nav__link" href={AGENCY_DASHBOARD_PATH}>
              Dashboard
            </a>
          </li>
        )}
        {supplier && (
          <>
            <li>
              <a className="header-nav__link" href={DASHBOARD_PATH}>
                Dashboard
              </a>
            </li>
            <li>
              <a className="header-nav__link" href="/dashboard/supplier">
                Supplier details
              </a>
            </li>
            {supplier.isAdmin && (
              <li>
                <a className="header-nav__link" href="/dashboard/users">
                  Users
                </a>
              </li>
            )}
          </>
        )}
        {!isSignedIn && (
          <>
            <li>
              <a className="header-nav__link" href={REGISTER_START_PATH}>
                Register
              </a>
            </li>
            <li>
              <button type="button" className={`header-nav__link ${LOGIN_BUTTON_CLASS}`} onClick={onLogin}>
                Login
              </button>
            </li>
          </>
        )}
      </ul>
    </nav>
  );
}
