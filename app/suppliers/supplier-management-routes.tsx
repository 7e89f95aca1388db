/**
 * The team app's supplier management screens: their routes (spread into the team app's layout
 * by app/team/routes.tsx; they match ./supplier-management-paths.ts) and their side navigation link.
 */
import type { RouteObject } from 'react-router';
import type { SideNavLink } from '../lib/components/app-side-nav';
import { routeHandle } from '../lib/routing';
import { supplierManagementPaths } from './supplier-management-paths';
import { SupplierChangeQueueScreen } from './supplier-change-queue-screen';
import { SupplierChangeReviewScreen } from './supplier-change-review-screen';
import { SupplierManagementScreen } from './supplier-management-screen';
import { SupplierSearchScreen } from './supplier-management-search-screen';

export { supplierManagementPaths } from './supplier-management-paths';

export const supplierManagementRoutes: RouteObject[] = [
  { path: 'suppliers', handle: routeHandle('Suppliers'), element: <SupplierSearchScreen /> },
  { path: 'suppliers/:id', handle: routeHandle('Supplier'), element: <SupplierManagementScreen /> },
  { path: 'supplier-changes', handle: routeHandle('Name and business number changes'), element: <SupplierChangeQueueScreen /> },
  { path: 'supplier-changes/:id', handle: routeHandle('Name and business number change'), element: <SupplierChangeReviewScreen /> },
];

export const supplierManagementLinks: readonly SideNavLink[] = [
  { to: supplierManagementPaths.suppliers(), label: 'Suppliers' },
  { to: supplierManagementPaths.changes(), label: 'Name and number changes' },
];
