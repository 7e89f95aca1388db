/**
 * The team app's supplier management screens: their routes (spread into the team app's layout
 * by app/team/routes.tsx; they match ./supplier-management-paths.ts) and their side navigation link.
 */
import type { RouteObject } from 'react-router';
import type { SideNavLink } from '../lib/components/app-side-nav';
import { routeHandle } from '../lib/routing';
import { supplierManagementPaths } from './supplier-management-paths';
import { SupplierManagementScreen } from './supplier-management-screen';
import { SupplierSearchScreen } from './supplier-management-search-screen';

export { supplierManagementPaths } from './supplier-management-paths';

export const supplierManagementRoutes: RouteObject[] = [
  { path: 'suppliers', handle: routeHandle('Suppliers'), element: <SupplierSearchScreen /> },
  { path: 'suppliers/:id', handle: routeHandle('Supplier'), element: <SupplierManagementScreen /> },
];

export const supplierManagementLinks: readonly SideNavLink[] = [{ to: supplierManagementPaths.suppliers(), label: 'Suppliers' }];
