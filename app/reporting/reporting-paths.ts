/**
 * The dashboard's engagement notice and billing report screens' paths, relative to the dashboard's
 * base (/dashboard), built in one place: screens link and navigate with these (through
 * ./reporting-kinds.ts), and ./reporting-routes.tsx is the table they match.
 */

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

export const reportingPaths = {
  engagementNotices: () => '/engagement-notices',
  engagementNotice: (id: number) => `/engagement-notices/engagement-notice/${String(id)}`,
  submitEngagementNotice: (id?: number, screen?: SubmitScreen) => submitScreen('/engagement-notices/submit', id, screen),
  billingReports: () => '/billing-reports',
  billingReport: (id: number) => `/billing-reports/billing-report/${String(id)}`,
  submitBillingReport: (id?: number, screen?: SubmitScreen) => submitScreen('/billing-reports/submit', id, screen),
};
