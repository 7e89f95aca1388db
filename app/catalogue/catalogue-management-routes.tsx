/**
 * The team app's catalogue management screens: their routes (spread into the team app's layout
 * by app/team/routes.tsx; they match ./catalogue-management-paths.ts) and their side navigation
 * link. The public catalogue pages are server-rendered in server/modules/catalogue.
 */
import type { RouteObject } from 'react-router';
import type { SideNavLink } from '../lib/components/app-side-nav';
import { routeHandle } from '../lib/routing';
import { AddChannelScreen, AddChildScreen, RenameScreen } from './catalogue-item-form-screen';
import { catalogueManagementPaths } from './catalogue-management-paths';
import { ChannelScreen } from './channel-screen';
import { ChannelsScreen } from './channels-screen';

export { catalogueManagementPaths } from './catalogue-management-paths';

export const catalogueManagementRoutes: RouteObject[] = [
  { path: 'catalogue', handle: routeHandle('Catalogue'), element: <ChannelsScreen /> },
  { path: 'catalogue/channels/new', handle: routeHandle('Add a sales channel'), element: <AddChannelScreen /> },
  { path: 'catalogue/channels/:id', handle: routeHandle('Sales channel'), element: <ChannelScreen /> },
  { path: 'catalogue/channels/:id/rename', handle: routeHandle('Rename a sales channel'), element: <RenameScreen kind="channel" /> },
  { path: 'catalogue/channels/:parentId/catalogues/new', handle: routeHandle('Add a catalogue'), element: <AddChildScreen kind="catalogue" /> },
  { path: 'catalogue/catalogues/:id/rename', handle: routeHandle('Rename a catalogue'), element: <RenameScreen kind="catalogue" /> },
  { path: 'catalogue/catalogues/:parentId/services/new', handle: routeHandle('Add a service'), element: <AddChildScreen kind="service" /> },
  { path: 'catalogue/services/:id/rename', handle: routeHandle('Rename a service'), element: <RenameScreen kind="service" /> },
];

export const catalogueManagementLinks: readonly SideNavLink[] = [{ to: catalogueManagementPaths.channels(), label: 'Catalogue' }];
