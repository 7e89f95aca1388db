/**
 * The register app's routes (spec §2 "Public registration app"): four named steps whose paths are
 * the configured slugs and whose announced labels are the configured progress-bar labels; the root
 * redirects to stepOne; after a submit, the confirmation. A step in pages (step 3, step-pages.ts)
 * has a path per page below its own (`about-your-company/insurance`), announced as the page's topic
 * and the step's label; the step's own path goes to its first page. The start page is the server's.
 */
import { Navigate, useLocation, type RouteObject } from 'react-router';
import { REGISTER_START_PATH, type RegisterSettings } from '../../common/registration/steps';
import { NotFound } from '../lib/components/not-found';
import { RoutedAppShell, RouteErrorScreen, routeHandle } from '../lib/routing';
import { ConfirmationScreen } from './confirmation-screen';
import { CONFIRMATION_PATH, RegisterSettingsContext, stepPath } from './register-context';
import { RegisterStepScreen } from './register-step-screen';
import { RegistrationStoreProvider } from './registration-store';
import { ReviewScreen } from './review-screen';
import { pagesOfStep } from './step-pages';
import { stepPagePath } from './wizard-pages';

/** To the first page of a step in pages, keeping the query (`?from=review`). */
function ToFirstPage({ path }: { path: string }) {
  return <Navigate to={{ pathname: path, search: useLocation().search }} replace />;
}

function stepRoute(settings: RegisterSettings, index: number): RouteObject {
  const step = settings.steps[index];
  const label = step?.label ?? '';
  const pages = pagesOfStep(settings.form.steps[index]);
  if (index === settings.steps.length - 1) {
    return { path: step?.slug, handle: routeHandle(label), element: <ReviewScreen /> };
  }
  if (pages.length === 0) {
    return { path: step?.slug, handle: routeHandle(label), element: <RegisterStepScreen key={step?.name} index={index} /> };
  }
  return {
    path: step?.slug,
    children: [
      { index: true, element: <ToFirstPage path={stepPagePath(settings, index, pages[0]?.slug ?? '')} /> },
      ...pages.map((page, pageIndex) => ({
        path: page.slug,
        handle: routeHandle(`${page.title} — ${label}`),
        element: <RegisterStepScreen key={`${step?.name ?? ''}-${page.slug}`} index={index} pageIndex={pageIndex} />,
      })),
    ],
  };
}

export function createRegisterRoutes(settings: RegisterSettings, { productName }: { productName: string }): RouteObject[] {
  const stepRoutes = settings.steps.map((_, index) => stepRoute(settings, index));
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
        { path: '*', handle: routeHandle('Page not found'), element: <NotFound homeHref={REGISTER_START_PATH} homeLabel="Start your registration" /> },
      ],
    },
  ];
}
