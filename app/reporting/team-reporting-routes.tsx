/**
 * The team app's engagement notices and billing reports screens: their routes (spread into
 * the team app's layout by app/team/routes.tsx; they match ./team-reporting-paths.ts) and their
 * side navigation links.
 */
import type { RouteObject } from 'react-router';
import type { SideNavLink } from '../lib/components/app-side-nav';
import { lazyScreen, routeHandle } from '../lib/routing';
import { teamReportingPaths } from './team-reporting-paths';

const teamNoticeScreen = () => import('./team-notice-screen');
const teamNoticesScreen = () => import('./team-notices-screen');
const teamReportScreen = () => import('./team-report-screen');
const teamMissingReportsScreen = () => import('./team-missing-reports-screen');
const teamReportsScreen = () => import('./team-reports-screen');

export { teamReportingPaths } from './team-reporting-paths';

export const teamReportingRoutes: RouteObject[] = [
  { path: 'engagement-notices', handle: routeHandle('Engagement notices'), ...lazyScreen(teamNoticesScreen, (screens) => screens.TeamNoticesScreen) },
  { path: 'engagement-notices/:id', handle: routeHandle('Engagement notice'), ...lazyScreen(teamNoticeScreen, (screens) => screens.TeamNoticeScreen) },
  { path: 'billing-reports', handle: routeHandle('Billing reports'), ...lazyScreen(teamReportsScreen, (screens) => screens.TeamReportsScreen) },
  { path: 'billing-reports/:id', handle: routeHandle('Billing report'), ...lazyScreen(teamReportScreen, (screens) => screens.TeamReportScreen) },
  { path: 'missing-billing-reports', handle: routeHandle('Missing billing reports'), ...lazyScreen(teamMissingReportsScreen, (screens) => screens.TeamMissingReportsScreen) },
];

export const teamReportingLinks: readonly SideNavLink[] = [
  { to: teamReportingPaths.engagementNotices(), label: 'Engagement notices' },
  { to: teamReportingPaths.billingReports(), label: 'Billing reports' },
  { to: teamReportingPaths.missingBillingReports(), label: 'Missing billing reports' },
];
