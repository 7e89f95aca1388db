import { useId, useState, useSyncExternalStore } from 'react';
import { NavLink, useLocation } from 'react-router';
import type { SupplierSummary } from '../../common/api/user';
import { desktopMedia } from '../widgets/media';
import { paths } from './paths';

function subscribeToDesktopMedia(onChange: () => void): () => void {
  const media = desktopMedia();
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
}

/** True from the desktop breakpoint (spec §9), following the window as it is resized. */
function useIsDesktop(): boolean {
  return useSyncExternalStore(subscribeToDesktopMedia, () => desktopMedia().matches);
}

/**
 * The dashboard's side navigation, under the name of the supplier it works for. Below the desktop
 * breakpoint its links fold behind a 'Dashboard menu' button, as the public side navigation's do,
 * so the screen's heading is on the first screen of a phone; following a link folds them again.
 */
export function DashboardNav({ supplier }: { supplier: SupplierSummary }) {
  const isDesktop = useIsDesktop();
  const listId = useId();
  const { pathname } = useLocation();
  // Open only on the screen where it was opened: moving to another screen folds it again.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const isOpen = openOn === pathname;
  const setIsOpen = (open: boolean) => setOpenOn(open ? pathname : null);

  const showsLinks = isDesktop || isOpen;
  return (
    <nav
      className="side-nav dashboard-nav"
      aria-label="Dashboard"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && isOpen && !isDesktop) {
          setIsOpen(false);
          event.currentTarget.querySelector('button')?.focus();
        }
      }}
    >
      <p className="dashboard-nav__supplier">
        <span className="dashboard-nav__supplier-label">Supplier</span>
        <span className="dashboard-nav__supplier-name">{supplier.tradingName}</span>
      </p>
      {!isDesktop && (
        <button type="button" className="side-nav-toggle" aria-expanded={isOpen} aria-controls={listId} onClick={() => setIsOpen(!isOpen)}>
          Dashboard menu
        </button>
      )}
      <ul id={listId} hidden={!showsLinks}>
        <li>
          <NavLink to={paths.applications()}>Applications</NavLink>
        </li>
        <li>
          <NavLink to={paths.engagementNotices()}>Engagement notices</NavLink>
        </li>
        <li>
          <NavLink to={paths.billingReports()}>Billing reports</NavLink>
        </li>
        <li>
          <NavLink to={paths.supplier()}>Supplier details</NavLink>
        </li>
        {supplier.isAdmin && (
          <li>
            <NavLink to={paths.supplierUsers()}>Users</NavLink>
          </li>
        )}
      </ul>
    </nav>
  );
}
