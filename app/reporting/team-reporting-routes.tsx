/**
 * The team app's engagement notices and billing reports screens: their routes (spread into
 * the team app's layout by app/team/routes.tsx; they match ./team-reporting-paths.ts) and their
 * side navigation links.
 */
import type { RouteObject } from 'react-router';
import type { SideNavLink } from '../lib/components/app-side-nav';
import { routeHandle } from '../lib/routing';
import { TeamNoticeScreen } from './team-notice-screen';
import { TeamNoticesScreen } from './team-notices-screen';
import { TeamReportScreen } from './team-report-screen';
import { TeamMissingReportsScreen } from './team-missing-reports-screen';
import { TeamReportsScreen } from './team-reports-screen';
import { teamReportingPaths } from './team-reporting-paths';

export { teamReportingPaths } from './team-reporting-paths';

export const teamReportingRoutes: RouteObject[] = [
  { path: 'engagement-notices', handle: routeHandle('Engagement notices'), element: <TeamNoticesScreen /> },
  { path: 'engagement-notices/:id', handle: routeHandle('Engagement notice'), element: <TeamNoticeScreen /> },
  { path: 'billing-reports', handle: routeHandle('Billing reports'), element: <TeamReportsScreen /> },
  { path: 'billing-reports/:id', handle: routeHandle('Billing report'), element: <TeamReportScreen /> },
  { path: 'missing-billing-reports', handle: routeHandle('Missing billing reports'), element: <TeamMissingReportsScreen /> },
];

export const teamReportingLinks: readonly SideNavLink[] = [
  { to: teamReportingPaths.engagementNotices(), label: 'Engagement notices' },
  { to: teamReportingPaths.billingReports(), label: 'Billing reports' },
  { to: teamReportingPaths.missingBillingReports(), label: 'Missing billing reports' },
];
