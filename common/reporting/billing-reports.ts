/**
 * Billing reports (spec §3 "Billing report", §4): their statuses and the billing period rules
 * both sides run. A report covers one engagement notice and one month, `yyyy-mm`.
 */
import type { EngagementNoticeStatus } from './engagement-notices';
import { isSeenByTeam, type RecordStatus } from './record-status';
import { formatMonth } from '../dates';

export const BILLING_REPORT_FORM_KEY = 'billing-report';

export const BILLING_REPORT_STATUS_CODES = ['draft', 'submitted'] as const satisfies readonly RecordStatus[];
export type BillingReportStatus = (typeof BILLING_REPORT_STATUS_CODES)[number];

/** The reports' statuses the team sees. */
export const TEAM_REPORT_STATUS_CODES = BILLING_REPORT_STATUS_CODES.filter(isSeenByTeam);

/**
 * The report form's steps and the fields the portal reads from its answers (the form itself is
 * `server/db/content/reporting-forms.ts`): the server copies them into the report's columns, the
 * browser checks the month as it is typed.
 */
export const REPORT_STEPS = { engagement: 'engagement', amounts: 'amounts' } as const;
export const REPORT_FIELDS = {
  engagementNotice: 'engagement_notice',
  billingPeriod: 'billing_period',
  lines: 'lines',
  service: 'service',
  amount: 'amount',
} as const;

/** The notices billing may be reported against: submitted ones, not drafts, not withdrawn. */
export const REPORTABLE_NOTICE_STATUS = 'submitted' satisfies EngagementNoticeStatus;

/** A billing period: a month, `yyyy-mm`. */
export const BILLING_PERIOD_PATTERN = '^(19|20)[0-9]{2}-(0[1-9]|1[0-2])$';

/** The marketplace's months turn in New Zealand. */
const PERIOD_TIME_ZONE = 'Pacific/Auckland';

/** The month `now` falls in, in New Zealand, `yyyy-mm`. */
export function billingPeriodOf(now: Date): string {
  const parts = new Intl.DateTimeFormat('en-NZ', { timeZone: PERIOD_TIME_ZONE, year: 'numeric', month: '2-digit' }).formatToParts(now);
  const year = parts.find((part) => part.type === 'year')?.value ?? '';
  const month = parts.find((part) => part.type === 'month')?.value ?? '';
  return `${year}-${month}`;
}

/** The month before a period, `yyyy-mm`. */
export function previousBillingPeriod(period: string): string {
  const [year = 0, month = 1] = period.split('-').map(Number);
  return month === 1 ? `${String(year - 1)}-12` : `${String(year)}-${String(month - 1).padStart(2, '0')}`;
}

/** What is wrong with a billing period: null when it is this month or earlier. */
export function billingPeriodProblem(period: string, now: Date): string | null {
  return period > billingPeriodOf(now) ? 'The billing period cannot be in the future' : null;
}

/** 'March 2026' for `2026-03`: a period is written as any month is. */
export const billingPeriodLabel: (period: string) => string = formatMonth;

/** The day of the month (in New Zealand) from which the monthly reminder about the month before goes out. */
export const BILLING_REMINDER_DAY = 5;

/** The period a reminder is due for at `now`: last month, once the reminder day has come; else null. */
export function billingReminderPeriod(now: Date): string | null {
  const day = Number(new Intl.DateTimeFormat('en-NZ', { timeZone: PERIOD_TIME_ZONE, day: 'numeric' }).format(now));
  return day >= BILLING_REMINDER_DAY ? previousBillingPeriod(billingPeriodOf(now)) : null;
}

/**
 * The last month a billing report is due for at `now`: last month, in New Zealand. The month still
 * running may be reported (billingPeriodProblem) but is not yet due.
 */
export function lastDueBillingPeriod(now: Date): string {
  return previousBillingPeriod(billingPeriodOf(now));
}
