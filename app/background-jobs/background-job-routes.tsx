/**
 * The team app's failed mail and jobs screen: its route (spread into the team app's layout by
 * app/team/routes.tsx; it matches ./background-job-paths.ts) and its side navigation link.
 */
import type { RouteObject } from 'react-router';
import type { SideNavLink } from '../lib/components/app-side-nav';
import { lazyScreen, routeHandle } from '../lib/routing';
import { backgroundJobPaths } from './background-job-paths';

const backgroundJobsScreen = () => import('./background-jobs-screen');

export { backgroundJobPaths } from './background-job-paths';

export const backgroundJobRoutes: RouteObject[] = [
  { path: 'background-jobs', handle: routeHandle('Failed mail and jobs'), ...lazyScreen(backgroundJobsScreen, (screens) => screens.BackgroundJobsScreen) },
];

export const backgroundJobLinks: readonly SideNavLink[] = [{ to: backgroundJobPaths.backgroundJobs(), label: 'Failed mail and jobs' }];
