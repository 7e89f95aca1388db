import type { SupplierSummary } from '../../common/api/user';
import { TEAM_CONSOLE_PATH } from '../../common/site-paths';

export interface HeaderNavProps {
  isSignedIn: boolean;
  /** A member of the marketplace team: the header links to the team's console. */
  isStaff?: boolean;
  /** The active supplier, or null when signed out or not attached to one. */
  activeSupplier: SupplierSummary | null;
  onLogin: () => void;
}

/**
 * The header's links (spec §2): Dashboard and Supplier details for an active supplier, Users for its
 * admins, Team console for the marketplace team, Login (and Register, the public registration of a
 * business) for signed-out visitors.
 */
export function HeaderNav({ isSignedIn, isStaff = false, activeSupplier, onLogin }: HeaderNavProps) {
  if (isSignedIn && !activeSupplier && !isStaff) {
    return null;
  }
  return (
    <nav className="header-nav" aria-label="Account">
      <ul className="header-nav__list">
        {isSignedIn && isStaff && (
          <li>
            <a className="header-nav__link" href={TEAM_CONSOLE_PATH}>
              Team console
            </a>
          </li>
        )}
        {activeSupplier && (
          <>
            <li>
              <a className="header-nav__link" href="/dashboard">
                Dashboard
              </a>
            </li>
            <li>
              <a className="header-nav__link" href="/dashboard/supplier">
                Supplier details
              </a>
            </li>
            {activeSupplier.isAdmin && (
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
              <a className="header-nav__link" href="/register">
                Register
              </a>
            </li>
            <li>
              <button type="button" className="header-nav__link header-nav__login" onClick={onLogin}>
                Login
              </button>
            </li>
          </>
        )}
      </ul>
    </nav>
  );
}
