/**
 * The dashboard's whole route table (spec §2 "Dashboard", base path /dashboard). Each route's
 * `handle.label` is announced to screen readers and titles the document when it is shown.
 */
import type { ReactElement } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { supplierDetailsForm, type SupplierDetailsStepId } from '../../common/supplier-details/form';
import { NotFound } from '../lib/components/not-found';
import { RequireSignIn, RoutedAppShell, RouteErrorScreen, routeHandle } from '../lib/routing';
import { DashboardLayout } from './dashboard-layout';
import { RequireSupplierAdmin } from './require-supplier-admin';
import { ApplicationDataScreen, ApplicationDetailsScreen } from '../applications/application-details-screens';
import { ApplicationsScreen } from '../applications/applications-screen';
import {
  ApplyContactScreen,
  ApplyForServicesScreen,
  ConfirmCompanyDetailsScreen,
  OnboardingScreen,
  TermsAndConditionsScreen,
} from '../applications/apply-intro-screens';
import { ApplyLayout, ResumeApplication } from '../applications/apply-layout';
import { ApplicationSubmittedScreen, ConfirmationScreen } from '../applications/apply-review-screens';
import { ApplicationStepScreen } from '../applications/apply-step-screen';
import { BillingReportScreen, BillingReportsScreen } from '../reporting/billing-reports';
import { EngagementNoticeScreen, EngagementNoticesScreen } from '../reporting/engagement-notices';
import { billingReportKind, engagementNoticeKind } from '../reporting/reporting-kinds';
import { CheckAnswersScreen, ReportingStepScreen, ResumeSubmission, submitLayouts } from '../reporting/submit-screens';
import { EditSupplierLayout, EditSupplierStepScreen } from '../supplier-details/edit-supplier-screens';
import { SupplierDetailsScreen } from '../supplier-details/supplier-details-screen';
import { SupplierUserFormScreen } from '../supplier-users/supplier-user-form-screen';
import { SupplierUsersScreen } from '../supplier-users/supplier-users-screen';
import { paths } from './paths';

/**
 * A notice's or report's submission: `submit` and `submit/{referenceId}` go to step 1 (a saved
 * draft's to the step it was left at), `step/{id}` is a form step, then every answer is checked.
 */
function submitRoutes(title: string, layout: ReactElement): RouteObject {
  return {
    path: 'submit/:referenceId?',
    handle: routeHandle(title),
    element: layout,
    children: [
      { index: true, element: <ResumeSubmission /> },
      {
        path: 'step/:id',
        // The step's topic titles the document once the form is loaded (useScreenTitle).
        handle: routeHandle((params) => `${title}, step ${params.id ?? ''}`),
        element: <ReportingStepScreen />,
      },
      { path: 'check-answers', handle: routeHandle('Check your answers'), element: <CheckAnswersScreen /> },
    ],
  };
}

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
                    { index: true, element: <ApplicationsScreen /> },
                    {
                      path: 'application/:id',
                      handle: routeHandle('Application details'),
                      children: [
                        { index: true, element: <ApplicationDetailsScreen /> },
                        { path: 'data', handle: routeHandle('Application data'), element: <ApplicationDataScreen /> },
                      ],
                    },
                    {
                      path: 'apply/:referenceId?',
                      handle: routeHandle('Apply for services'),
                      // The application being written, for every child; with a reference id, resumes at its progress.
                      element: <ApplyLayout />,
                      children: [
                        { index: true, element: <ResumeApplication /> },
                        { path: 'company-details', handle: routeHandle('Confirm company details'), element: <ConfirmCompanyDetailsScreen /> },
                        { path: 'services', handle: routeHandle('Apply for services'), element: <ApplyForServicesScreen /> },
                        { path: 'terms', handle: routeHandle('Terms and conditions'), element: <TermsAndConditionsScreen /> },
                        { path: 'onboarding', handle: routeHandle('Onboarding'), element: <OnboardingScreen /> },
                        {
                          path: 'step/:id',
                          // The step's topic titles the document once the application is loaded (useScreenTitle).
                          handle: routeHandle((params) => `Step ${params.id ?? ''} of the application`),
                          element: <ApplicationStepScreen />,
                        },
                        // Announced as spec §2 names it; its h1 is the GOV.UK pattern's 'Check your answers'.
                        { path: 'confirm', handle: routeHandle('Confirmation'), element: <ConfirmationScreen /> },
                        { path: 'success', handle: routeHandle('Application successfully submitted'), element: <ApplicationSubmittedScreen /> },
                        { path: 'contact', handle: routeHandle('Contact'), element: <ApplyContactScreen /> },
                      ],
                    },
                  ],
                },
                {
                  path: 'engagement-notices',
                  handle: routeHandle('Engagement notices'),
                  children: [
                    { index: true, element: <EngagementNoticesScreen /> },
                    { path: 'engagement-notice/:id', handle: routeHandle('Engagement notice'), element: <EngagementNoticeScreen /> },
                    submitRoutes(engagementNoticeKind.submitTitle, submitLayouts.engagementNotice),
                  ],
                },
                {
                  path: 'billing-reports',
                  handle: routeHandle('Billing reports'),
                  children: [
                    { index: true, element: <BillingReportsScreen /> },
                    { path: 'billing-report/:id', handle: routeHandle('Billing report'), element: <BillingReportScreen /> },
                    submitRoutes(billingReportKind.submitTitle, submitLayouts.billingReport),
                  ],
                },
                {
                  path: 'users',
                  handle: routeHandle('Users'),
                  element: <RequireSupplierAdmin />,
                  children: [
                    { index: true, element: <SupplierUsersScreen /> },
                    { path: 'add', handle: routeHandle('Add a user'), element: <SupplierUserFormScreen /> },
                    { path: 'edit/:id', handle: routeHandle('Edit a user'), element: <SupplierUserFormScreen /> },
                  ],
                },
                {
                  path: 'supplier',
                  handle: routeHandle('Supplier details'),
                  children: [
                    { index: true, element: <SupplierDetailsScreen /> },
                    {
                      path: 'edit',
                      handle: routeHandle('Edit supplier details'),
                      children: [
                        { index: true, element: <Navigate to="company-details" replace /> },
                        {
                          element: <EditSupplierLayout />,
                          children: supplierDetailsForm.steps.map((step) => ({
                            path: step.id,
                            handle: routeHandle(`Edit supplier details: ${step.title}`),
                            element: <EditSupplierStepScreen key={step.id} stepId={step.id as SupplierDetailsStepId} />,
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
