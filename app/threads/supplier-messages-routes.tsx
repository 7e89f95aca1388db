/**
 * The dashboard's messages list: its route (spread into the dashboard's layout by
 * app/dashboard/routes.tsx; it matches ./supplier-messages-paths.ts) and its side navigation link,
 * with the reader's unread replies beside it.
 */
import type { RouteObject } from 'react-router';
import type { SideNavLink } from '../lib/components/app-side-nav';
import { lazyScreen, routeHandle } from '../lib/routing';
import { SupplierUnreadCount } from './supplier-unread-count';
import { supplierMessagesPaths } from './supplier-messages-paths';

const supplierMessagesScreen = () => import('./supplier-messages-screen');

export const supplierMessagesRoutes: RouteObject[] = [
  { path: 'messages', handle: routeHandle('Messages'), ...lazyScreen(supplierMessagesScreen, (screens) => screens.SupplierMessagesScreen) },
];

export const supplierMessagesLink: SideNavLink = { to: supplierMessagesPaths.messages(), label: 'Messages', extra: <SupplierUnreadCount /> };
