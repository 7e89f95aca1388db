/**
 * The team app's audit log screen: its route (spread into the team app's layout by
 * app/team/routes.tsx; it matches ./audit-log-paths.ts) and its side navigation link.
 */
import type { RouteObject } from 'react-router';
import type { SideNavLink } from '../lib/components/app-side-nav';
import { lazyScreen, routeHandle } from '../lib/routing';
import { auditLogPaths } from './audit-log-paths';

const auditLogScreen = () => import('./audit-log-screen');

export { auditLogPaths } from './audit-log-paths';

export const auditLogRoutes: RouteObject[] = [{ path: 'audit', handle: routeHandle('Audit log'), ...lazyScreen(auditLogScreen, (screens) => screens.AuditLogScreen) }];

export const auditLogLinks: readonly SideNavLink[] = [{ to: auditLogPaths.auditLog(), label: 'Audit log' }];
