/**
 * The dashboard's user-management screens: their routes, for the active supplier's admins only,
 * spread into the dashboard's layout by app/dashboard/routes.tsx (they match
 * ./supplier-users-paths.ts). Each screen's module is its own chunk, fetched when one of its routes
 * is first visited.
 */
import type { RouteObject } from 'react-router';
import { lazyScreen, routeHandle } from '../lib/routing';
import { RequireSupplierAdmin } from './require-supplier-admin';

const supplierUserFormScreen = () => import('./supplier-user-form-screen');
const supplierUsersScreen = () => import('./supplier-users-screen');
const secondFactorRequirementScreen = () => import('./second-factor-requirement-screen');

export const supplierUsersRoutes: RouteObject[] = [
  {
    path: 'users',
    handle: routeHandle('Users'),
    element: <RequireSupplierAdmin />,
    children: [
      { index: true, ...lazyScreen(supplierUsersScreen, (screens) => screens.SupplierUsersScreen) },
      { path: 'add', handle: routeHandle('Add a user'), ...lazyScreen(supplierUserFormScreen, (screens) => screens.SupplierUserFormScreen) },
      { path: 'edit/:id', handle: routeHandle('Edit a user'), ...lazyScreen(supplierUserFormScreen, (screens) => screens.SupplierUserFormScreen) },
      {
        path: 'two-step-verification',
        handle: routeHandle('Two-step verification'),
        ...lazyScreen(secondFactorRequirementScreen, (screens) => screens.SecondFactorRequirementScreen),
      },
    ],
  },
];
