/**
 * The team app's team members screens: their routes (spread into the team app's layout by
 * app/team/routes.tsx; they match ./team-member-paths.ts) and their side navigation link.
 */
import type { RouteObject } from 'react-router';
import type { SideNavLink } from '../lib/components/app-side-nav';
import { lazyScreen, routeHandle } from '../lib/routing';
import { teamMemberPaths } from './team-member-paths';

const addTeamMemberScreen = () => import('./add-team-member-screen');
const teamMembersScreen = () => import('./team-members-screen');

export { teamMemberPaths } from './team-member-paths';

export const teamMemberRoutes: RouteObject[] = [
  { path: 'team-members', handle: routeHandle('Team members'), ...lazyScreen(teamMembersScreen, (screens) => screens.TeamMembersScreen) },
  { path: 'team-members/add', handle: routeHandle('Add a team member'), ...lazyScreen(addTeamMemberScreen, (screens) => screens.AddTeamMemberScreen) },
];

export const teamMemberLinks: readonly SideNavLink[] = [{ to: teamMemberPaths.teamMembers(), label: 'Team members' }];
