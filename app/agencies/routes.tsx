/** The agency form app's routes (spec §2 "Agency form", base path /agency-form, history mode). */
import type { RouteObject } from 'react-router';
import { NotFound } from '../lib/components/not-found';
import { RouteErrorScreen, routeHandle } from '../lib/routing';
import { AgencyLayout } from './agency-layout';
import { CompletedScreen, ContactScreen } from './info-screens';
import { ResumeRoute } from './resume-route';
import { StartScreen } from './start-screen';
import { StepRoute } from './step-route';

/** The announced labels of the steps (spec §2), by step number. */
export const STEP_LABELS: Readonly<Record<string, string>> = {
  '1': 'Step 1, Initial details',
  '2': 'Step 2, Terms and conditions',
  '3': 'Step 3, Operational information',
  '4': 'Confirmation',
};

export function createAgencyRoutes({ productName }: { productName: string }): RouteObject[] {
  return [
    {
      element: <AgencyLayout productName={productName} />,
      errorElement: <RouteErrorScreen />,
      children: [
        { index: true, element: <StartScreen /> },
        { path: 'step/:step', handle: routeHandle((params) => STEP_LABELS[params.step ?? ''] ?? 'Page not found'), element: <StepRoute /> },
        { path: 'contact', handle: routeHandle('Contact'), element: <ContactScreen /> },
        { path: 'completed', handle: routeHandle('Application completed'), element: <CompletedScreen /> },
        { path: 'resume/:id', handle: routeHandle('Opening your saved answers'), element: <ResumeRoute /> },
        { path: '*', handle: routeHandle('Page not found'), element: <NotFound homeHref="/agency-form" homeLabel="Go to the start of the agency registration form" /> },
      ],
    },
  ];
}
