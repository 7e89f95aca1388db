/**
 * The dashboard's application screens' paths, relative to the dashboard's base (/dashboard), built in
 * one place: screens link and navigate with these, never with path strings of their own, and
 * ./applications-routes.tsx is the table they match.
 */
import { screenPath, type ApplyScreenName } from './apply-flow';

/** The apply path of an application: `/applications/apply` before its first save, then with its reference; a screen of the flow after it. */
function applyScreen(referenceId: string | undefined, screen?: ApplyScreenName): string {
  const base = referenceId === undefined ? '/applications/apply' : `/applications/apply/${referenceId}`;
  return screen === undefined ? base : `${base}/${screenPath(screen)}`;
}

export const applicationsPaths = {
  applications: () => '/applications',
  application: (id: number) => `/applications/application/${String(id)}`,
  applicationData: (id: number) => `/applications/application/${String(id)}/data`,
  applyScreen,
  /** The n-th (1-based) step of the application's form. */
  applyStep: (referenceId: string | undefined, step: number) => applyScreen(referenceId, { step }),
};
