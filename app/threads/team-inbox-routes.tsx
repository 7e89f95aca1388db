/**
 * The team app's inbox: its routes (spread into the team app's layout by app/team/routes.tsx;
 * they match ./team-inbox-paths.ts) and its side navigation link.
 */
import type { RouteObject } from 'react-router';
import type { SideNavLink } from '../lib/components/app-side-nav';
import { routeHandle } from '../lib/routing';
import { InboxUnreadCount } from './inbox-unread-count';
import { teamInboxPaths } from './team-inbox-paths';
import { TeamInboxScreen } from './team-inbox-screen';
import { TeamThreadScreen } from './team-thread-screen';

export { teamInboxPaths } from './team-inbox-paths';

export const teamInboxRoutes: RouteObject[] = [
  { path: 'inbox', handle: routeHandle('Inbox'), element: <TeamInboxScreen /> },
  { path: 'inbox/:threadId', handle: routeHandle('Message thread'), element: <TeamThreadScreen /> },
];

export const teamInboxLinks: readonly SideNavLink[] = [{ to: teamInboxPaths.inbox(), label: 'Inbox', extra: <InboxUnreadCount /> }];
