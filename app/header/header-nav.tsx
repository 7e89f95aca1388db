import type { SupplierSummary } from '../../common/api/user';

export interface HeaderNavProps {
  isSignedIn: boolean;
  /** The active supplier, or null when signed out or not attached to one. */
  activeSupplier: SupplierSummary | null;
  onLogin: () => void;
}

/**
 * The header's links (spec §2): Dashboard and Supplier details for an active supplier, Users for its
 * admins, Login (and Register, the public registration of a business) for signed-out visitors.
 */
export function HeaderNav({ isSignedIn, activeSupplier, onLogin }: HeaderNavProps) {
  if (isSignedIn && !activeSupplier) {
    return null;
  }
  return (
    <nav className="header-nav" aria-label="Account">
      <ul className="header-nav__list">
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
