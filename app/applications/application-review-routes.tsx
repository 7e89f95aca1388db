/** The team app's application screens (base path /admin): the queue and one application's review. */
import type { RouteObject } from 'react-router';
import { lazyScreen, routeHandle } from '../lib/routing';

const applicationQueueScreen = () => import('./application-queue-screen');
const applicationReviewScreen = () => import('./application-review-screen');

export { applicationReviewPaths } from './application-review-paths';

export const applicationReviewRoutes: RouteObject[] = [
  { path: 'applications', handle: routeHandle('Applications'), ...lazyScreen(applicationQueueScreen, (screens) => screens.ApplicationQueueScreen) },
  { path: 'applications/:id', handle: routeHandle('Application review'), ...lazyScreen(applicationReviewScreen, (screens) => screens.ApplicationReviewScreen) },
];
