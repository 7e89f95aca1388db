/**
 * Every path of the dashboard, relative to its base (/dashboard), built in one place: screens link
 * and navigate with these, never with path strings of their own. routes.tsx is the table they match.
 */
import { screenPath, type ApplyScreenName } from '../applications/apply-flow';

/** The apply path of an application: `/applications/apply` before its first save, then with its reference; a screen of the flow after it. */
function applyScreen(referenceId: string | undefined, screen?: ApplyScreenName): string {
  const base = referenceId === undefined ? '/applications/apply' : `/applications/apply/${referenceId}`;
  return screen === undefined ? base : `${base}/${screenPath(screen)}`;
}

/** A screen of a notice's or report's submission: a form step (1-based), or the check of every answer before submitting. */
export type SubmitScreen = { step: number } | 'check-answers';

/** `submit` for a new record, `submit/{id}` for a saved draft (it resumes at its progress); a screen after it. */
function submitScreen(base: string, id: number | undefined, screen: SubmitScreen | undefined): string {
  const record = id === undefined ? base : `${base}/${String(id)}`;
  if (screen === undefined) {
    return record;
  }
  return `${record}/${screen === 'check-answers' ? 'check-answers' : `step/${String(screen.step)}`}`;
}

export const paths = {
  applications: () => '/applications',
  application: (id: number) => `/applications/application/${String(id)}`,
  applicationData: (id: number) => `/applications/application/${String(id)}/data`,
  applyScreen,
  /** The n-th (1-based) step of the application's form. */
  applyStep: (referenceId: string | undefined, step: number) => applyScreen(referenceId, { step }),
  engagementNotices: () => '/engagement-notices',
  engagementNotice: (id: number) => `/engagement-notices/engagement-notice/${String(id)}`,
  submitEngagementNotice: (id?: number, screen?: SubmitScreen) => submitScreen('/engagement-notices/submit', id, screen),
  billingReports: () => '/billing-reports',
  billingReport: (id: number) => `/billing-reports/billing-report/${String(id)}`,
  submitBillingReport: (id?: number, screen?: SubmitScreen) => submitScreen('/billing-reports/submit', id, screen),
  supplier: () => '/supplier',
  /** One step of the supplier details form (a step id of common/supplier-details/form.ts). */
  editSupplier: (stepId = 'company-details') => `/supplier/edit/${stepId}`,
  supplierUsers: () => '/users',
  addSupplierUser: () => '/users/add',
  editSupplierUser: (id: number) => `/users/edit/${String(id)}`,
};
