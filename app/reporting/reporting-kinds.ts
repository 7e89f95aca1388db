/**
 * What differs between an engagement notice and a billing report on the dashboard: the API's
 * name for it (its path, which is also its threads model), the words the screens use for it, and
 * its paths. Everything else is shared.
 */
import { reportingPaths } from './reporting-paths';

export interface ReportingKind {
  /** The API path and the threads model: `engagement-notice`, `billing-report`. */
  model: 'engagement-notice' | 'billing-report';
  /** 'engagement notice', within a sentence. */
  noun: string;
  /** 'Engagement notice', at the start of a sentence or as a title. */
  title: string;
  /** 'engagement notices'. */
  plural: string;
  /** 'Submit an engagement notice': the submission's title. */
  submitTitle: string;
  /** The list screen's path. */
  listPath: string;
  /** A record's details screen. */
  recordPath: (id: number) => string;
  /** The submission of a new record (no id) or of a saved draft, at a step (1-based) or its check-answers screen. */
  submitPath: (id: number | undefined, screen?: { step: number } | 'check-answers') => string;
}

export const engagementNoticeKind = {
  model: 'engagement-notice',
  noun: 'engagement notice',
  title: 'Engagement notice',
  plural: 'engagement notices',
  submitTitle: 'Submit an engagement notice',
  listPath: reportingPaths.engagementNotices(),
  recordPath: reportingPaths.engagementNotice,
  submitPath: reportingPaths.submitEngagementNotice,
} as const satisfies ReportingKind;

export const billingReportKind = {
  model: 'billing-report',
  noun: 'billing report',
  title: 'Billing report',
  plural: 'billing reports',
  submitTitle: 'Submit a billing report',
  listPath: reportingPaths.billingReports(),
  recordPath: reportingPaths.billingReport,
  submitPath: reportingPaths.submitBillingReport,
} as const satisfies ReportingKind;
