/** The user app's routes (spec §2 "User app", base path /user). */
import type { RouteObject } from 'react-router';
import { NotFound } from '../lib/components/not-found';
import { RoutedAppShell, RouteErrorScreen, routeHandle } from '../lib/routing';
import { ConfirmAccountScreen } from './confirm-account-screen';

export function createUserRoutes({ productName }: { productName: string }): RouteObject[] {
  return [
    {
      element: <RoutedAppShell productName={productName} />,
      errorElement: <RouteErrorScreen />,
      children: [
        { path: 'confirm/*', handle: routeHandle('Confirm your account'), element: <ConfirmAccountScreen /> },
        { path: '*', handle: routeHandle('Page not found'), element: <NotFound homeHref="/" homeLabel="Go to the home page" /> },
      ],
    },
  ];
}
