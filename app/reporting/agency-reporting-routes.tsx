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

export const agencyReportingRoutes: RouteObject[] = [
  { path: 'engagement-notices', handle: routeHandle('Engagement notices'), ...lazyScreen(agencyNoticesScreen, (screens) => screens.AgencyNoticesScreen) },
  { path: 'engagement-notices/:id', handle: routeHandle('Engagement notice'), ...lazyScreen(agencyNoticeScreen, (screens) => screens.AgencyNoticeScreen) },
  {
    path: 'engagement-notices/:id/dispute',
    handle: routeHandle('Dispute this engagement'),
    ...lazyScreen(agencyDisputeScreen, (screens) => screens.AgencyDisputeScreen),
  },
];

export const agencyReportingLinks: readonly SideNavLink[] = [{ to: agencyReportingPaths.engagementNotices(), label: 'Engagement notices' }];
