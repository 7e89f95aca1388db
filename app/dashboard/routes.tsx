/**
 * The dashboard's route table (spec §2 "Dashboard", base path /dashboard): the shell (sign-in, the
 * layout, the not-found screen) around each area's routes, which the areas own with their paths.
 * Each route's `handle.label` is announced to screen readers and titles the document when it is shown.
 */
import type { RouteObject } from 'react-router';
import { applicationsPaths } from '../applications/applications-paths';
import { applicationsRoutes } from '../applications/applications-routes';
import { listingsRoutes } from '../listings/listings-routes';
import { NotFound } from '../lib/components/not-found';
import { indexRedirect, RoutedAppLoading, RoutedAppShell, RouteErrorScreen, routeHandle } from '../lib/routing';
import { RequireSignIn } from '../lib/require-sign-in';
import { reportingRoutes } from '../reporting/reporting-routes';
import { supplierDetailsRoutes } from '../supplier-details/supplier-details-routes';
import { supplierUsersRoutes } from '../supplier-users/supplier-users-routes';
import { supplierMessagesRoutes } from '../threads/supplier-messages-routes';
import { DashboardLayout } from './dashboard-layout';

export function createDashboardRoutes({ productName }: { productName: string }): RouteObject[] {
  return [
    {
      element: <RoutedAppShell productName={productName} />,
      errorElement: <RouteErrorScreen />,
      // While the first screen's chunk loads.
      hydrateFallbackElement: <RoutedAppLoading />,
      children: [
        {
          // Every route but the catch-all needs sign-in.
          element: <RequireSignIn />,
          children: [
            {
              element: <DashboardLayout />,
              children: [
                indexRedirect(applicationsPaths.applications()),
                ...applicationsRoutes,
                ...listingsRoutes,
                ...reportingRoutes,
                ...supplierUsersRoutes,
                ...supplierDetailsRoutes,
                ...supplierMessagesRoutes,
              ],
            },
          ],
        },
        {
          path: '*',
          handle: routeHandle('Page not found'),
          element: <NotFound homeHref="/dashboard" homeLabel="Go to your dashboard" />,
        },
      ],
    },
  ];
}
