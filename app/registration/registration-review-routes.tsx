/** The team app's registration review screens, spread into the team app's route table (app/team/routes.tsx). */
import type { RouteObject } from 'react-router';
import { lazyScreen, routeHandle } from '../lib/routing';

const registrationQueueScreen = () => import('./registration-queue-screen');
const registrationReviewScreen = () => import('./registration-review-screen');

export { registrationReviewPaths } from './registration-review-paths';

export const registrationReviewRoutes: RouteObject[] = [
  { path: 'registrations', handle: routeHandle('Supplier registrations'), ...lazyScreen(registrationQueueScreen, (screens) => screens.RegistrationQueueScreen) },
  { path: 'registrations/:id', handle: routeHandle('Supplier registration'), ...lazyScreen(registrationReviewScreen, (screens) => screens.RegistrationReviewScreen) },
];
