/** The team app's route table (base path /admin). Each route's `handle.label` is announced and titles the document. */
import type { RouteObject } from 'react-router';
import { agencyReviewRoutes } from '../agencies/agency-review-routes';
import { catalogueManagementRoutes } from '../catalogue/catalogue-management-routes';
import { auditLogRoutes } from '../audit/audit-log-routes';
import { applicationReviewRoutes } from '../applications/application-review-routes';
import { teamListingRoutes } from '../listings/team-listings-routes';
import { NotFound } from '../lib/components/not-found';
import { RoutedAppLoading, RoutedAppShell, RouteErrorScreen, routeHandle } from '../lib/routing';
import { RequireSignIn } from '../lib/require-sign-in';
import { registrationReviewRoutes } from '../registration/registration-review-routes';
import { supplierManagementRoutes } from '../suppliers/supplier-management-routes';
import { teamInboxRoutes } from '../threads/team-inbox-routes';
import { teamReportingRoutes } from '../reporting/team-reporting-routes';
import { teamMemberRoutes } from '../team-members/team-member-routes';
import { backgroundJobRoutes } from '../background-jobs/background-job-routes';
import { TeamLayout } from './team-layout';
import { TeamHomeScreen } from './home-screen';

export function createTeamRoutes({ productName }: { productName: string }): RouteObject[] {
  return [
    {
      element: <RoutedAppShell productName={productName} />,
      errorElement: <RouteErrorScreen />,
      // While the first screen's chunk loads.
      hydrateFallbackElement: <RoutedAppLoading />,
      children: [
        {
          element: <RequireSignIn />,
          children: [
            {
              element: <TeamLayout />,
              children: [
                { index: true, handle: routeHandle('Team console'), element: <TeamHomeScreen /> },
                ...applicationReviewRoutes,
                ...teamListingRoutes,
                ...registrationReviewRoutes,
                ...agencyReviewRoutes,
                ...teamReportingRoutes,
                ...teamInboxRoutes,
                ...supplierManagementRoutes,
                ...catalogueManagementRoutes,
                ...auditLogRoutes,
                ...teamMemberRoutes,
                ...backgroundJobRoutes,
              ],
            },
          ],
        },
        { path: '*', handle: routeHandle('Page not found'), element: <NotFound homeHref="/admin" homeLabel="Go to the team console" /> },
      ],
    },
  ];
}
