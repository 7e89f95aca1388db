/** The user app's routes (spec §2 "User app", base path /user), plus 'Change your password', 'Where you are signed in' and 'Two-step verification' for a signed-in person. */
import type { RouteObject } from 'react-router';
import { NotFound } from '../lib/components/not-found';
import { RoutedAppShell, RouteErrorScreen, routeHandle } from '../lib/routing';
import { RequireSignIn } from '../lib/require-sign-in';
import { ChangePasswordScreen } from './change-password-screen';
import { ConfirmAccountScreen } from './confirm-account-screen';
import { EndOtherSessionsScreen, EndSessionScreen, SignInSessionsScreen } from './sessions-screen';
import { AddPasskeyScreen } from './passkey-screen';
import { NewRecoveryCodesScreen, RemoveSecondFactorScreen, SetUpAuthenticatorAppScreen, TwoStepVerificationScreen } from './two-step-screen';

export function createUserRoutes({ productName }: { productName: string }): RouteObject[] {
  return [
    {
      element: <RoutedAppShell productName={productName} />,
      errorElement: <RouteErrorScreen />,
      children: [
        { path: 'confirm/*', handle: routeHandle('Confirm your account'), element: <ConfirmAccountScreen /> },
        {
          element: <RequireSignIn />,
          children: [
            { path: 'password', handle: routeHandle('Change your password'), element: <ChangePasswordScreen /> },
            { path: 'sessions', handle: routeHandle('Where you are signed in'), element: <SignInSessionsScreen /> },
            { path: 'sessions/end-others', handle: routeHandle('Sign out of all other devices'), element: <EndOtherSessionsScreen /> },
            { path: 'sessions/:sessionID/end', handle: routeHandle('Sign out a device'), element: <EndSessionScreen /> },
            { path: 'two-step-verification', handle: routeHandle('Two-step verification'), element: <TwoStepVerificationScreen /> },
            { path: 'two-step-verification/authenticator-app', handle: routeHandle('Set up an authenticator app'), element: <SetUpAuthenticatorAppScreen /> },
            { path: 'two-step-verification/passkey', handle: routeHandle('Add a passkey'), element: <AddPasskeyScreen /> },
            { path: 'two-step-verification/recovery-codes', handle: routeHandle('Get new recovery codes'), element: <NewRecoveryCodesScreen /> },
            { path: 'two-step-verification/:factorID/remove', handle: routeHandle('Remove a way to sign in'), element: <RemoveSecondFactorScreen /> },
          ],
        },
        { path: '*', handle: routeHandle('Page not found'), element: <NotFound homeHref="/" homeLabel="Go to the home page" /> },
      ],
    },
  ];
}
