/**
 * The agency dashboard's people screens (issue 31): their routes, for the active agency's admins
 * only, spread into the agency dashboard's layout by app/agency-dashboard/routes.tsx (they match
 * ./agency-users-paths.ts), and the side navigation link that admins see. Each screen's module is
 * its own chunk, fetched when one of its routes is first visited.
 */
import type { RouteObject } from 'react-router';
import type { SideNavLink } from '../lib/components/app-side-nav';
import { lazyScreen, routeHandle } from '../lib/routing';
import { agencyUsersPaths } from './agency-users-paths';
import { RequireAgencyAdmin } from './require-agency-admin';

export { agencyUsersPaths } from './agency-users-paths';

const agencyUsersScreen = () => import('./agency-users-screen');
const agencyUserFormScreen = () => import('./agency-user-form-screen');

export const agencyUsersRoutes: RouteObject[] = [
  {
    path: 'people',
    handle: routeHandle('People'),
    element: <RequireAgencyAdmin />,
    children: [
      { index: true, ...lazyScreen(agencyUsersScreen, (screens) => screens.AgencyUsersScreen) },
      { path: 'invite', handle: routeHandle('Invite a person'), ...lazyScreen(agencyUserFormScreen, (screens) => screens.InviteAgencyUserScreen) },
      { path: 'edit/:id', handle: routeHandle('Edit a person'), ...lazyScreen(agencyUserFormScreen, (screens) => screens.EditAgencyUserScreen) },
    ],
  },
];

/** The side navigation link of the people screens, for the agency's admins. */
export const agencyUsersLink: SideNavLink = { to: agencyUsersPaths.agencyUsers(), label: 'People' };
