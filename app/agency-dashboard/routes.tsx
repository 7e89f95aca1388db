/**
 * The agency dashboard's route table (issue 31, base path /agency): the shell (sign-in, the layout,
 * the not-found screen) around each area's routes, which the areas own with their paths. Each
 * route's `handle.label` is announced to screen readers and titles the document when it is shown.
 */
import type { RouteObject } from 'react-router';
import { AGENCY_DASHBOARD_PATH } from '../../common/site-paths';
import { agencyUsersRoutes } from '../agency-users/agency-users-routes';
import { NotFound } from '../lib/components/not-found';
import { RequireSignIn } from '../lib/require-sign-in';
import { indexRedirect, RoutedAppLoading, RoutedAppShell, RouteErrorScreen, routeHandle } from '../lib/routing';
import { agencyReportingPaths, agencyReportingRoutes } from '../reporting/agency-reporting-routes';
import { shortlistsRoutes } from '../shortlists/shortlists-routes';
import { AgencyDashboardLayout } from './agency-dashboard-layout';

export function createAgencyDashboardRoutes({ productName }: { productName: string }): RouteObject[] {
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
              element: <AgencyDashboardLayout />,
              children: [
                indexRedirect(agencyReportingPaths.engagementNotices()),
                ...agencyReportingRoutes,
                ...shortlistsRoutes,
                ...agencyUsersRoutes,
              ],
            },
          ],
        },
        {
          path: '*',
          handle: routeHandle('Page not found'),
          element: <NotFound homeHref={AGENCY_DASHBOARD_PATH} homeLabel="Go to your agency dashboard" />,
        },
      ],
    },
  ];
}
