/**
 * The dashboard's whole route table (spec §2 "Dashboard", base path /dashboard). Each route's
 * `handle.label` is announced to screen readers and titles the document when it is shown.
 */
import { Navigate, type RouteObject } from 'react-router';
import { SUPPLIER_DETAILS_STEP_IDS, SUPPLIER_DETAILS_STEP_TITLES } from '../../common/supplier-details/steps';
import { NotFound } from '../lib/components/not-found';
import { lazyElement, lazyScreen, RoutedAppShell, RouteErrorScreen, routeHandle } from '../lib/routing';
import { RequireSignIn } from '../lib/require-sign-in';
import { DashboardLayout } from './dashboard-layout';
import { RequireSupplierAdmin } from './require-supplier-admin';
import { reportingRoutes } from '../reporting/reporting-routes';
import { paths } from './paths';

// Each area's screens are their own chunks, fetched when one of their routes is first visited.
const applicationDetailsScreens = () => import('../applications/application-details-screens');
const applicationsScreen = () => import('../applications/applications-screen');
const applyIntroScreens = () => import('../applications/apply-intro-screens');
const applyLayout = () => import('../applications/apply-layout');
const applyReviewScreens = () => import('../applications/apply-review-screens');
const applyStepScreen = () => import('../applications/apply-step-screen');
const editSupplierScreens = () => import('../supplier-details/edit-supplier-screens');
const supplierDetailsScreen = () => import('../supplier-details/supplier-details-screen');
const supplierUserFormScreen = () => import('../supplier-users/supplier-user-form-screen');
const supplierUsersScreen = () => import('../supplier-users/supplier-users-screen');

export function createDashboardRoutes({ productName }: { productName: string }): RouteObject[] {
  return [
    {
      element: <RoutedAppShell productName={productName} />,
      errorElement: <RouteErrorScreen />,
      children: [
        {
          // Every route but the catch-all needs sign-in.
          element: <RequireSignIn />,
          children: [
            {
              element: <DashboardLayout />,
              children: [
                { index: true, element: <Navigate to={paths.applications()} replace /> },
                {
                  path: 'applications',
                  handle: routeHandle('Applications'),
                  children: [
                    { index: true, ...lazyScreen(applicationsScreen, (screens) => screens.ApplicationsScreen) },
                    {
                      path: 'application/:id',
                      handle: routeHandle('Application details'),
                      children: [
                        { index: true, ...lazyScreen(applicationDetailsScreens, (screens) => screens.ApplicationDetailsScreen) },
                        { path: 'data', handle: routeHandle('Application data'), ...lazyScreen(applicationDetailsScreens, (screens) => screens.ApplicationDataScreen) },
                      ],
                    },
                    {
                      path: 'apply/:referenceId?',
                      handle: routeHandle('Apply for services'),
                      // The application being written, for every child; with a reference id, resumes at its progress.
                      ...lazyScreen(applyLayout, (screens) => screens.ApplyLayout),
                      children: [
                        { index: true, ...lazyScreen(applyLayout, (screens) => screens.ResumeApplication) },
                        { path: 'company-details', handle: routeHandle('Confirm company details'), ...lazyScreen(applyIntroScreens, (screens) => screens.ConfirmCompanyDetailsScreen) },
                        { path: 'services', handle: routeHandle('Apply for services'), ...lazyScreen(applyIntroScreens, (screens) => screens.ApplyForServicesScreen) },
                        { path: 'terms', handle: routeHandle('Terms and conditions'), ...lazyScreen(applyIntroScreens, (screens) => screens.TermsAndConditionsScreen) },
                        { path: 'onboarding', handle: routeHandle('Onboarding'), ...lazyScreen(applyIntroScreens, (screens) => screens.OnboardingScreen) },
                        {
                          path: 'step/:id',
                          // The step's topic titles the document once the application is loaded (useScreenTitle).
                          handle: routeHandle((params) => `Step ${params.id ?? ''} of the application`),
                          ...lazyScreen(applyStepScreen, (screens) => screens.ApplicationStepScreen),
                        },
                        // Announced as spec §2 names it; its h1 is the GOV.UK pattern's 'Check your answers'.
                        { path: 'confirm', handle: routeHandle('Confirmation'), ...lazyScreen(applyReviewScreens, (screens) => screens.ConfirmationScreen) },
                        { path: 'success', handle: routeHandle('Application successfully submitted'), ...lazyScreen(applyReviewScreens, (screens) => screens.ApplicationSubmittedScreen) },
                        { path: 'contact', handle: routeHandle('Contact'), ...lazyScreen(applyIntroScreens, (screens) => screens.ApplyContactScreen) },
                      ],
                    },
                  ],
                },
                ...reportingRoutes,
                {
                  path: 'users',
                  handle: routeHandle('Users'),
                  element: <RequireSupplierAdmin />,
                  children: [
                    { index: true, ...lazyScreen(supplierUsersScreen, (screens) => screens.SupplierUsersScreen) },
                    { path: 'add', handle: routeHandle('Add a user'), ...lazyScreen(supplierUserFormScreen, (screens) => screens.SupplierUserFormScreen) },
                    { path: 'edit/:id', handle: routeHandle('Edit a user'), ...lazyScreen(supplierUserFormScreen, (screens) => screens.SupplierUserFormScreen) },
                  ],
                },
                {
                  path: 'supplier',
                  handle: routeHandle('Supplier details'),
                  children: [
                    { index: true, ...lazyScreen(supplierDetailsScreen, (screens) => screens.SupplierDetailsScreen) },
                    {
                      path: 'edit',
                      handle: routeHandle('Edit supplier details'),
                      children: [
                        { index: true, element: <Navigate to="company-details" replace /> },
                        {
                          ...lazyScreen(editSupplierScreens, (screens) => screens.EditSupplierLayout),
                          children: SUPPLIER_DETAILS_STEP_IDS.map((stepId) => ({
                            path: stepId,
                            handle: routeHandle(`Edit supplier details: ${SUPPLIER_DETAILS_STEP_TITLES[stepId]}`),
                            ...lazyElement(editSupplierScreens, (screens) => <screens.EditSupplierStepScreen key={stepId} stepId={stepId} />),
                          })),
                        },
                      ],
                    },
                  ],
                },
              ],
            },
          ],
        },
        {
          path: '*',
          handle: routeHandle('Page not found'),
          element: <NotFound homeHref="/dashboard" homeLabel="Go to your dashboard" />,
        },
      ],
    },
  ];
}
