/** The team app's registration review screens, spread into the team app's route table (app/team/routes.tsx). */
import type { RouteObject } from 'react-router';
import { routeHandle } from '../lib/routing';
import { RegistrationQueueScreen } from './registration-queue-screen';
import { RegistrationReviewScreen } from './registration-review-screen';

export { registrationReviewPaths } from './registration-review-paths';

export const registrationReviewRoutes: RouteObject[] = [
  { path: 'registrations', handle: routeHandle('Supplier registrations'), element: <RegistrationQueueScreen /> },
  { path: 'registrations/:id', handle: routeHandle('Supplier registration'), element: <RegistrationReviewScreen /> },
];
