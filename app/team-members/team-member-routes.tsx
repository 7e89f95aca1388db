/**
 * The team app's team members screens: their routes (spread into the team app's layout by
 * app/team/routes.tsx; they match ./team-member-paths.ts) and their side navigation link.
 */
import type { RouteObject } from 'react-router';
import type { SideNavLink } from '../lib/components/app-side-nav';
import { routeHandle } from '../lib/routing';
import { AddTeamMemberScreen } from './add-team-member-screen';
import { teamMemberPaths } from './team-member-paths';
import { TeamMembersScreen } from './team-members-screen';

export { teamMemberPaths } from './team-member-paths';

export const teamMemberRoutes: RouteObject[] = [
  { path: 'team-members', handle: routeHandle('Team members'), element: <TeamMembersScreen /> },
  { path: 'team-members/add', handle: routeHandle('Add a team member'), element: <AddTeamMemberScreen /> },
];

export const teamMemberLinks: readonly SideNavLink[] = [{ to: teamMemberPaths.teamMembers(), label: 'Team members' }];
