/**
 * The side navigation of a signed-in app (the dashboard, the team's app), under the name of
 * whom it works for. Below the desktop breakpoint (spec §9) its links fold behind a menu button, as
 * the public side navigation's do, so the screen's heading is on the first screen of a phone;
 * following a link folds them again.
 */
import '../../styles/app-layout.css';
import { useId, useState, useSyncExternalStore, type ReactNode } from 'react';
import { NavLink, useLocation } from 'react-router';
import { desktopMedia } from '../media';

function subscribeToDesktopMedia(onChange: () => void): () => void {
  const media = desktopMedia();
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
}

/** True from the desktop breakpoint, following the window as it is resized. */
function useIsDesktop(): boolean {
  return useSyncExternalStore(subscribeToDesktopMedia, () => desktopMedia().matches);
}

export interface SideNavLink {
  to: string;
  label: string;
  /** After the label, e.g. a count of unread messages. */
  extra?: ReactNode;
}

export function AppSideNav({
  label,
  owner,
  menuLabel,
  links,
}: {
  /** The navigation landmark's name: 'Dashboard'. */
  label: string;
  /** Whom the app works for: { label: 'Supplier', name: 'Kōwhai Digital' }. */
  owner: { label: string; name: string };
  /** The phone's menu button: 'Dashboard menu'. */
  menuLabel: string;
  links: readonly SideNavLink[];
}) {
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
      className="side-nav app-nav"
      aria-label={label}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && isOpen && !isDesktop) {
          setIsOpen(false);
          event.currentTarget.querySelector('button')?.focus();
        }
      }}
    >
      <p className="app-nav__owner">
        <span className="app-nav__owner-label">{owner.label}</span>
        <span className="app-nav__owner-name">{owner.name}</span>
      </p>
      {!isDesktop && (
        <button type="button" className="side-nav-toggle" aria-expanded={isOpen} aria-controls={listId} onClick={() => setIsOpen(!isOpen)}>
          {menuLabel}
        </button>
      )}
      <ul id={listId} hidden={!showsLinks}>
        {links.map((link) => (
          <li key={link.to}>
            <NavLink to={link.to}>
              {link.label}
              {link.extra}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** A signed-in app's page: its side navigation beside the screen from the desktop breakpoint. */
export function AppLayout({ nav, children }: { nav: ReactNode; children: ReactNode }) {
  return (
    <div className="app-layout">
      {nav}
      <div className="app-layout__content">{children}</div>
    </div>
  );
}
