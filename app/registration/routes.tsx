/**
 * The register app's routes (spec §2 "Public registration app"): four named steps whose paths are
 * the configured slugs and whose announced labels are the configured progress-bar labels; the root
 * redirects to stepOne; after a submit, the confirmation.
 */
import { Navigate, type RouteObject } from 'react-router';
import type { RegisterSettings } from '../../common/registration/steps';
import { NotFound } from '../lib/components/not-found';
import { RoutedAppShell, RouteErrorScreen, routeHandle } from '../lib/routing';
import { ConfirmationScreen } from './confirmation-screen';
import { CONFIRMATION_PATH, RegisterSettingsContext, stepPath } from './register-context';
import { RegisterStepScreen } from './register-step-screen';
import { RegistrationStoreProvider } from './registration-store';
import { ReviewScreen } from './review-screen';

export function createRegisterRoutes(settings: RegisterSettings, { productName }: { productName: string }): RouteObject[] {
  const stepRoutes: RouteObject[] = settings.steps.map((step, index) => ({
    path: step.slug,
    handle: routeHandle(step.label),
    element: index === settings.steps.length - 1 ? <ReviewScreen /> : <RegisterStepScreen key={step.name} index={index} />,
  }));
  return [
    {
      element: (
        <RegisterSettingsContext value={settings}>
          <RegistrationStoreProvider>
            <RoutedAppShell productName={productName} />
          </RegistrationStoreProvider>
        </RegisterSettingsContext>
      ),
      errorElement: <RouteErrorScreen />,
      children: [
        { index: true, element: <Navigate to={stepPath(settings, 0)} replace /> },
        ...stepRoutes,
        { path: CONFIRMATION_PATH.slice(1), handle: routeHandle('Registration submitted'), element: <ConfirmationScreen productName={productName} /> },
        { path: '*', handle: routeHandle('Page not found'), element: <NotFound homeHref="/register" homeLabel="Start your registration" /> },
      ],
    },
  ];
}
