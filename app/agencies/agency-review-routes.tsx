/** The team app's agency review screens, spread into the team app's route table (app/team/routes.tsx). */
import type { RouteObject } from 'react-router';
import { lazyScreen, routeHandle } from '../lib/routing';

const agencyQueueScreen = () => import('./agency-queue-screen');
const agencyReviewScreen = () => import('./agency-review-screen');

export { agencyReviewPaths } from './agency-review-paths';

export const agencyReviewRoutes: RouteObject[] = [
  { path: 'agencies', handle: routeHandle('Agency registrations'), ...lazyScreen(agencyQueueScreen, (screens) => screens.AgencyQueueScreen) },
  { path: 'agencies/:id', handle: routeHandle('Agency registration'), ...lazyScreen(agencyReviewScreen, (screens) => screens.AgencyReviewScreen) },
];
