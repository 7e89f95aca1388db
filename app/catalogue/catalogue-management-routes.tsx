/**
 * The team app's catalogue management screens: their routes (spread into the team app's layout
 * by app/team/routes.tsx; they match ./catalogue-management-paths.ts) and their side navigation
 * link. The public catalogue pages are server-rendered in server/modules/catalogue.
 */
import type { RouteObject } from 'react-router';
import type { SideNavLink } from '../lib/components/app-side-nav';
import { lazyElement, lazyScreen, routeHandle } from '../lib/routing';
import { catalogueManagementPaths } from './catalogue-management-paths';

const catalogueItemFormScreen = () => import('./catalogue-item-form-screen');
const channelScreen = () => import('./channel-screen');
const channelsScreen = () => import('./channels-screen');

export { catalogueManagementPaths } from './catalogue-management-paths';

export const catalogueManagementRoutes: RouteObject[] = [
  { path: 'catalogue', handle: routeHandle('Catalogue'), ...lazyScreen(channelsScreen, (screens) => screens.ChannelsScreen) },
  { path: 'catalogue/channels/new', handle: routeHandle('Add a sales channel'), ...lazyScreen(catalogueItemFormScreen, (screens) => screens.AddChannelScreen) },
  { path: 'catalogue/channels/:id', handle: routeHandle('Sales channel'), ...lazyScreen(channelScreen, (screens) => screens.ChannelScreen) },
  { path: 'catalogue/channels/:id/rename', handle: routeHandle('Rename a sales channel'), ...lazyElement(catalogueItemFormScreen, (screens) => <screens.RenameScreen kind="channel" />) },
  { path: 'catalogue/channels/:parentId/catalogues/new', handle: routeHandle('Add a catalogue'), ...lazyElement(catalogueItemFormScreen, (screens) => <screens.AddChildScreen kind="catalogue" />) },
  { path: 'catalogue/catalogues/:id/rename', handle: routeHandle('Rename a catalogue'), ...lazyElement(catalogueItemFormScreen, (screens) => <screens.RenameScreen kind="catalogue" />) },
  { path: 'catalogue/catalogues/:parentId/services/new', handle: routeHandle('Add a service'), ...lazyElement(catalogueItemFormScreen, (screens) => <screens.AddChildScreen kind="service" />) },
  { path: 'catalogue/services/:id/rename', handle: routeHandle('Rename a service'), ...lazyElement(catalogueItemFormScreen, (screens) => <screens.RenameScreen kind="service" />) },
];

export const catalogueManagementLinks: readonly SideNavLink[] = [{ to: catalogueManagementPaths.channels(), label: 'Catalogue' }];
