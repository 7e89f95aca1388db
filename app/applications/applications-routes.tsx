/**
 * The dashboard's application screens: their routes, spread into the dashboard's layout by
 * app/dashboard/routes.tsx (they match ./applications-paths.ts). Each screen's module is its own
 * chunk, fetched when one of its routes is first visited.
 */
import type { RouteObject } from 'react-router';
import { lazyScreen, routeHandle } from '../lib/routing';

const applicationDetailsScreens = () => import('./application-details-screens');
const applicationsScreen = () => import('./applications-screen');
const applyIntroScreens = () => import('./apply-intro-screens');
const applyLayout = () => import('./apply-layout');
const applyReviewScreens = () => import('./apply-review-screens');
const applyStepScreen = () => import('./apply-step-screen');

export const applicationsRoutes: RouteObject[] = [
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
];
