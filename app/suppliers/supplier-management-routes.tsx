/**
 * The team app's supplier management screens: their routes (spread into the team app's layout
 * by app/team/routes.tsx; they match ./supplier-management-paths.ts) and their side navigation link.
 */
import type { RouteObject } from 'react-router';
import type { SideNavLink } from '../lib/components/app-side-nav';
import { lazyScreen, routeHandle } from '../lib/routing';
import { supplierManagementPaths } from './supplier-management-paths';

const supplierChangeQueueScreen = () => import('./supplier-change-queue-screen');
const supplierChangeReviewScreen = () => import('./supplier-change-review-screen');
const supplierManagementScreen = () => import('./supplier-management-screen');
const supplierManagementSearchScreen = () => import('./supplier-management-search-screen');

export { supplierManagementPaths } from './supplier-management-paths';

export const supplierManagementRoutes: RouteObject[] = [
  { path: 'suppliers', handle: routeHandle('Suppliers'), ...lazyScreen(supplierManagementSearchScreen, (screens) => screens.SupplierSearchScreen) },
  { path: 'suppliers/:id', handle: routeHandle('Supplier'), ...lazyScreen(supplierManagementScreen, (screens) => screens.SupplierManagementScreen) },
  { path: 'supplier-changes', handle: routeHandle('Name and business number changes'), ...lazyScreen(supplierChangeQueueScreen, (screens) => screens.SupplierChangeQueueScreen) },
  { path: 'supplier-changes/:id', handle: routeHandle('Name and business number change'), ...lazyScreen(supplierChangeReviewScreen, (screens) => screens.SupplierChangeReviewScreen) },
];

export const supplierManagementLinks: readonly SideNavLink[] = [
  { to: supplierManagementPaths.suppliers(), label: 'Suppliers' },
  { to: supplierManagementPaths.changes(), label: 'Name and number changes' },
];
