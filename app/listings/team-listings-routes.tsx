/**
 * The team app's service listing screens (base path /admin): their routes (spread into the team
 * app's layout by app/team/routes.tsx; they match ./team-listings-paths.ts) and the side
 * navigation's link.
 */
import type { RouteObject } from 'react-router';
import type { SideNavLink } from '../lib/components/app-side-nav';
import { lazyScreen, routeHandle } from '../lib/routing';
import { teamListingsPaths } from './team-listings-paths';

const teamListingQueueScreen = () => import('./team-listing-queue-screen');
const teamListingReviewScreen = () => import('./team-listing-review-screen');

export { teamListingsPaths } from './team-listings-paths';

export const teamListingRoutes: RouteObject[] = [
  { path: 'listings', handle: routeHandle('Service listings'), ...lazyScreen(teamListingQueueScreen, (screens) => screens.TeamListingQueueScreen) },
  { path: 'listings/:id', handle: routeHandle('Service listing'), ...lazyScreen(teamListingReviewScreen, (screens) => screens.TeamListingReviewScreen) },
];

export const teamListingLinks: readonly SideNavLink[] = [{ to: teamListingsPaths.queue(), label: 'Service listings' }];
