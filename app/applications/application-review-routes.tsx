/** The team app's application screens (base path /admin): the queue and one application's review. */
import type { RouteObject } from 'react-router';
import { routeHandle } from '../lib/routing';
import { ApplicationQueueScreen } from './application-queue-screen';
import { ApplicationReviewScreen } from './application-review-screen';

export { applicationReviewPaths } from './application-review-paths';

export const applicationReviewRoutes: RouteObject[] = [
  { path: 'applications', handle: routeHandle('Applications'), element: <ApplicationQueueScreen /> },
  { path: 'applications/:id', handle: routeHandle('Application review'), element: <ApplicationReviewScreen /> },
];
