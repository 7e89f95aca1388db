/**
 * The side navigation of the content layout, with the toggle button the side-nav widget
 * (app/widgets/side-nav.ts) shows below 768 px. Without script the button stays hidden and the
 * navigation stays open.
 */
import type { ReactNode } from 'react';
import { Breadcrumbs, type Crumb } from './breadcrumbs';

export interface SideNavItem {
  href: string;
  label: string;
  isCurrent?: boolean;
  /** On the path to the current page: shown in bold, its children listed. */
  isAncestor?: boolean;
  children?: readonly SideNavItem[];
}

export interface SideNavProps {
  /** Accessible name of the navigation landmark, e.g. "Sales channels". */
  label: string;
  items: readonly SideNavItem[];
  id?: string;
}

function SideNavList({ items }: { items: readonly SideNavItem[] }) {
  return (
    <ul>
      {items.map((item) => (
        <li key={item.href}>
          <a
            href={item.href}
            className={item.isAncestor ? 'side-nav__link side-nav__link--ancestor' : 'side-nav__link'}
            aria-current={item.isCurrent ? 'page' : undefined}
          >
            {item.label}
          </a>
          {item.children && item.children.length > 0 && <SideNavList items={item.children} />}
        </li>
      ))}
    </ul>
  );
}

export function SideNav({ label, items, id = 'side-nav' }: SideNavProps) {
  return (
    <div className="side-nav-holder">
      <button type="button" className="side-nav-toggle" aria-expanded="false" aria-controls={id} data-side-nav-toggle="" hidden>
        {label} menu
      </button>
      <nav id={id} className="side-nav" aria-label={label}>
        <SideNavList items={items} />
      </nav>
    </div>
  );
}

export interface ContentLayoutProps {
  breadcrumbs?: readonly Crumb[];
  sideNav: SideNavProps;
  children: ReactNode;
}

/** Breadcrumbs, then the side navigation beside the page's content from 768 px (above it below). */
export function ContentLayout({ breadcrumbs, sideNav, children }: ContentLayoutProps) {
  return (
    <div className="container">
      {breadcrumbs && <Breadcrumbs items={breadcrumbs} />}
      <div className="content-layout">
        <SideNav {...sideNav} />
        <div className="content-layout__article">{children}</div>
      </div>
    </div>
  );
}
