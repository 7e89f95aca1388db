/**
 * The agency dashboard's shortlists screens (issue 31): their routes, for every person of the
 * active agency, spread into the agency dashboard's layout by app/agency-dashboard/routes.tsx (they
 * match ./shortlists-paths.ts), and the side navigation link. Each screen's module is its own
 * chunk, fetched when one of its routes is first visited.
 */
import type { RouteObject } from 'react-router';
import type { SideNavLink } from '../lib/components/app-side-nav';
import { lazyScreen, routeHandle } from '../lib/routing';
import { shortlistsPaths } from './shortlists-paths';

export { shortlistsPaths } from './shortlists-paths';

const shortlistsScreen = () => import('./shortlists-screen');
const newShortlistScreen = () => import('./new-shortlist-screen');
const shortlistScreen = () => import('./shortlist-screen');
const saveSupplierScreen = () => import('./save-supplier-screen');

export const shortlistsRoutes: RouteObject[] = [
  {
    path: 'shortlists',
    handle: routeHandle('Shortlists'),
    children: [
      { index: true, ...lazyScreen(shortlistsScreen, (screens) => screens.ShortlistsScreen) },
      { path: 'new', handle: routeHandle('Name your shortlist'), ...lazyScreen(newShortlistScreen, (screens) => screens.NewShortlistScreen) },
      { path: 'save/:supplierId', handle: routeHandle('Save to a shortlist'), ...lazyScreen(saveSupplierScreen, (screens) => screens.SaveSupplierScreen) },
      { path: ':id', handle: routeHandle('Shortlist'), ...lazyScreen(shortlistScreen, (screens) => screens.ShortlistScreen) },
    ],
  },
];

/** The side navigation link of the shortlists screens, for everyone of the agency. */
export const shortlistsLink: SideNavLink = { to: shortlistsPaths.shortlists(), label: 'Shortlists' };
