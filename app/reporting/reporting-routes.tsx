/**
 * The dashboard's engagement notices and billing reports screens: their routes, spread into the
 * dashboard's layout by app/dashboard/routes.tsx (they match ./reporting-paths.ts). Each
 * screen's module is its own chunk, fetched when one of its routes is first visited.
 */
import type { RouteObject } from 'react-router';
import { lazyElement, lazyScreen, routeHandle } from '../lib/routing';
import { billingReportKind, engagementNoticeKind } from './reporting-kinds';

const billingReports = () => import('./billing-reports');
const engagementNotices = () => import('./engagement-notices');
const submitScreens = () => import('./submit-screens');
const noticeConfidentialityScreen = () => import('./notice-confidentiality-screen');

/**
 * A notice's or report's submission: `submit` and `submit/{referenceId}` go to step 1 (a saved
 * draft's to the step it was left at), `step/{id}` is a form step, then every answer is checked.
 */
function submitRoutes(title: string, layout: 'engagementNotice' | 'billingReport'): RouteObject {
  return {
    path: 'submit/:referenceId?',
    handle: routeHandle(title),
    ...lazyElement(submitScreens, (screens) => screens.submitLayouts[layout]),
    children: [
      { index: true, ...lazyScreen(submitScreens, (screens) => screens.ResumeSubmission) },
      {
        path: 'step/:id',
        // The step's topic titles the document once the form is loaded (useScreenTitle).
        handle: routeHandle((params) => `${title}, step ${params.id ?? ''}`),
        ...lazyScreen(submitScreens, (screens) => screens.ReportingStepScreen),
      },
      { path: 'check-answers', handle: routeHandle('Check your answers'), ...lazyScreen(submitScreens, (screens) => screens.CheckAnswersScreen) },
    ],
  };
}

export const reportingRoutes: RouteObject[] = [
  {
    path: 'engagement-notices',
    handle: routeHandle('Engagement notices'),
    children: [
      { index: true, ...lazyScreen(engagementNotices, (screens) => screens.EngagementNoticesScreen) },
      { path: 'engagement-notice/:id', handle: routeHandle('Engagement notice'), ...lazyScreen(engagementNotices, (screens) => screens.EngagementNoticeScreen) },
      {
        path: 'engagement-notice/:id/open-data',
        handle: routeHandle('Open data'),
        ...lazyScreen(noticeConfidentialityScreen, (screens) => screens.NoticeConfidentialityScreen),
      },
      submitRoutes(engagementNoticeKind.submitTitle, 'engagementNotice'),
    ],
  },
  {
    path: 'billing-reports',
    handle: routeHandle('Billing reports'),
    children: [
      { index: true, ...lazyScreen(billingReports, (screens) => screens.BillingReportsScreen) },
      { path: 'billing-report/:id', handle: routeHandle('Billing report'), ...lazyScreen(billingReports, (screens) => screens.BillingReportScreen) },
      submitRoutes(billingReportKind.submitTitle, 'billingReport'),
    ],
  },
];
