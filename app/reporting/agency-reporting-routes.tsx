/**
 * The agency dashboard's reporting screens (issue 31): their routes, spread into the agency
 * dashboard's layout by app/agency-dashboard/routes.tsx (they match ./agency-reporting-paths.ts),
 * and their side navigation link. Each screen's module is its own chunk, fetched when its route is
 * first visited.
 */
import type { RouteObject } from 'react-router';
import type { SideNavLink } from '../lib/components/app-side-nav';
import { lazyScreen, routeHandle } from '../lib/routing';
import { agencyReportingPaths } from './agency-reporting-paths';

export { agencyReportingPaths } from './agency-reporting-paths';

const agencyNoticesScreen = () => import('./agency-notices-screen');
const agencyNoticeScreen = () => import('./agency-notice-screen');
const agencyDisputeScreen = () => import('./agency-dispute-screen');
const agencyConfidentialityScreen = () => import('./agency-confidentiality-screen');
const agencyReportsScreen = () => import('./agency-reports-screen');
const agencyReportScreen = () => import('./agency-report-screen');
const agencyQueryScreen = () => import('./agency-query-screen');
const agencySpendScreen = () => import('./agency-spend-screen');

export const agencyReportingRoutes: RouteObject[] = [
  { path: 'engagement-notices', handle: routeHandle('Engagement notices'), ...lazyScreen(agencyNoticesScreen, (screens) => screens.AgencyNoticesScreen) },
  { path: 'engagement-notices/:id', handle: routeHandle('Engagement notice'), ...lazyScreen(agencyNoticeScreen, (screens) => screens.AgencyNoticeScreen) },
  {
    path: 'engagement-notices/:id/dispute',
    handle: routeHandle('Dispute this engagement'),
    ...lazyScreen(agencyDisputeScreen, (screens) => screens.AgencyDisputeScreen),
  },
  {
    path: 'engagement-notices/:id/open-data',
    handle: routeHandle('Open data'),
    ...lazyScreen(agencyConfidentialityScreen, (screens) => screens.AgencyConfidentialityScreen),
  },
  { path: 'billing-reports', handle: routeHandle('Billing reports'), ...lazyScreen(agencyReportsScreen, (screens) => screens.AgencyReportsScreen) },
  { path: 'billing-reports/:id', handle: routeHandle('Billing report'), ...lazyScreen(agencyReportScreen, (screens) => screens.AgencyReportScreen) },
  {
    path: 'billing-reports/:id/query',
    handle: routeHandle('Query the amount billed'),
    ...lazyScreen(agencyQueryScreen, (screens) => screens.AgencyQueryScreen),
  },
  { path: 'spend', handle: routeHandle('Spend'), ...lazyScreen(agencySpendScreen, (screens) => screens.AgencySpendScreen) },
];

export const agencyReportingLinks: readonly SideNavLink[] = [
  { to: agencyReportingPaths.engagementNotices(), label: 'Engagement notices' },
  { to: agencyReportingPaths.billingReports(), label: 'Billing reports' },
  { to: agencyReportingPaths.spend(), label: 'Spend' },
];
