/** The team app's agency review screens, spread into the team app's route table (app/team/routes.tsx). */
import type { RouteObject } from 'react-router';
import { routeHandle } from '../lib/routing';
import { AgencyQueueScreen } from './agency-queue-screen';
import { AgencyReviewScreen } from './agency-review-screen';

export { agencyReviewPaths } from './agency-review-paths';

export const agencyReviewRoutes: RouteObject[] = [
  { path: 'agencies', handle: routeHandle('Agency registrations'), element: <AgencyQueueScreen /> },
  { path: 'agencies/:id', handle: routeHandle('Agency registration'), element: <AgencyReviewScreen /> },
];
