/**
 * The dashboard's engagement notice and billing report screens' paths, relative to the dashboard's
 * base (/dashboard), built in one place: screens link and navigate with these (through
 * ./reporting-kinds.ts), and ./reporting-routes.tsx is the table they match.
 */
import { BILLING_PERIOD_PATTERN } from '../../common/reporting/billing-reports';

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

/** The address parameters of a prefilled new billing report. */
const PREFILL_PARAMS = { engagementNotice: 'engagementNotice', period: 'period' } as const;

export const reportingPaths = {
  engagementNotices: () => '/engagement-notices',
  engagementNotice: (id: number) => `/engagement-notices/engagement-notice/${String(id)}`,
  noticeConfidentiality: (id: number) => `/engagement-notices/engagement-notice/${String(id)}/open-data`,
  submitEngagementNotice: (id?: number, screen?: SubmitScreen) => submitScreen('/engagement-notices/submit', id, screen),
  billingReports: () => '/billing-reports',
  billingReport: (id: number) => `/billing-reports/billing-report/${String(id)}`,
  submitBillingReport: (id?: number, screen?: SubmitScreen) => submitScreen('/billing-reports/submit', id, screen),
  /** A new billing report with its notice and month already chosen (the next steps' reports due; read by `billingReportPrefill`). */
  submitBillingReportFor: (engagementNotice: number, period: string) =>
    `/billing-reports/submit?${new URLSearchParams({ [PREFILL_PARAMS.engagementNotice]: String(engagementNotice), [PREFILL_PARAMS.period]: period }).toString()}`,
};

/**
 * The first step's answers a new billing report starts with, from `submitBillingReportFor`'s
 * address; none when the address names no notice or month, or one that cannot be (never sent as is).
 */
export function billingReportPrefill(search: URLSearchParams): { engagementNotice: number; period: string } | undefined {
  const notice = search.get(PREFILL_PARAMS.engagementNotice) ?? '';
  const period = search.get(PREFILL_PARAMS.period) ?? '';
  return /^[1-9][0-9]{0,9}$/.test(notice) && new RegExp(BILLING_PERIOD_PATTERN).test(period) ? { engagementNotice: Number(notice), period } : undefined;
}
