/**
 * The team app's service listing screens (base path /admin): their routes (spread into the team
 * app's layout by app/team/routes.tsx; they match ./team-listings-paths.ts) and the side
 * navigation's link.
 */
import type { RouteObject } from 'react-router';
import type { SideNavLink } from '../lib/components/app-side-nav';
import { routeHandle } from '../lib/routing';
import { TeamListingQueueScreen } from './team-listing-queue-screen';
import { TeamListingReviewScreen } from './team-listing-review-screen';
import { teamListingsPaths } from './team-listings-paths';

export { teamListingsPaths } from './team-listings-paths';

export const teamListingRoutes: RouteObject[] = [
  { path: 'listings', handle: routeHandle('Service listings'), element: <TeamListingQueueScreen /> },
  { path: 'listings/:id', handle: routeHandle('Service listing'), element: <TeamListingReviewScreen /> },
];

export const teamListingLinks: readonly SideNavLink[] = [{ to: teamListingsPaths.queue(), label: 'Service listings' }];
