/**
 * The team app's inbox: its routes (spread into the team app's layout by app/team/routes.tsx;
 * they match ./team-inbox-paths.ts) and its side navigation link.
 */
import type { RouteObject } from 'react-router';
import type { SideNavLink } from '../lib/components/app-side-nav';
import { lazyScreen, routeHandle } from '../lib/routing';
import { InboxUnreadCount } from './inbox-unread-count';
import { teamInboxPaths } from './team-inbox-paths';

const teamInboxScreen = () => import('./team-inbox-screen');
const teamThreadScreen = () => import('./team-thread-screen');

export { teamInboxPaths } from './team-inbox-paths';

export const teamInboxRoutes: RouteObject[] = [
  { path: 'inbox', handle: routeHandle('Inbox'), ...lazyScreen(teamInboxScreen, (screens) => screens.TeamInboxScreen) },
  { path: 'inbox/:threadId', handle: routeHandle('Message thread'), ...lazyScreen(teamThreadScreen, (screens) => screens.TeamThreadScreen) },
];

export const teamInboxLinks: readonly SideNavLink[] = [{ to: teamInboxPaths.inbox(), label: 'Inbox', extra: <InboxUnreadCount /> }];
