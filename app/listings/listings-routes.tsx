/**
 * The dashboard's service listing screens: their routes, spread into the dashboard's layout by
 * app/dashboard/routes.tsx (they match ./listings-paths.ts). Each screen's module is its own chunk,
 * fetched when one of its routes is first visited; a step's topic titles the document once the
 * listing's form is loaded (useScreenTitle).
 */
import type { RouteObject } from 'react-router';
import { lazyScreen, routeHandle } from '../lib/routing';

const listingsScreen = () => import('./listings-screen');
const listingOverviewScreen = () => import('./listing-overview-screen');
const listingStepScreen = () => import('./listing-step-screen');
const listingTemplateScreen = () => import('./listing-template-screen');

export const listingsRoutes: RouteObject[] = [
  {
    path: 'listings',
    handle: routeHandle('Service listings'),
    children: [
      { index: true, ...lazyScreen(listingsScreen, (screens) => screens.ListingsScreen) },
      { path: ':serviceId', handle: routeHandle('Service listing'), ...lazyScreen(listingOverviewScreen, (screens) => screens.ListingOverviewScreen) },
      { path: ':serviceId/template', handle: routeHandle('Service listing'), ...lazyScreen(listingTemplateScreen, (screens) => screens.ListingTemplateScreen) },
      { path: ':serviceId/:stepId', handle: routeHandle('Service listing'), ...lazyScreen(listingStepScreen, (screens) => screens.ListingStepScreen) },
    ],
  },
];
