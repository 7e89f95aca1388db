/**
 * GET /api/v1/next-steps: what needs doing for the active supplier, for the dashboard's first screen
 * (issue 27 item 6): billing reports due, applications waiting on the supplier, unread messages.
 */
import type { Static } from 'typebox';
import { Type } from './schema-builders';
import { ApplicationStatusSchema } from './applications';
import { MissingBillingReportSchema } from './billing-reports';
import { UnreadCountResponseSchema } from './threads';

/** At most this many reports due are listed; `reportsDueTotal` counts them all. */
export const NEXT_STEPS_REPORTS_LIMIT = 12;

/** A month's billing report due: its month and the notice it is for. */
export const ReportDueSchema = Type.Object({
  billingPeriod: MissingBillingReportSchema.properties.billingPeriod,
  engagementNotice: MissingBillingReportSchema.properties.engagementNotice,
});
export type ReportDue = Static<typeof ReportDueSchema>;

/** An application waiting on the supplier (isWaitingOnSupplier): an unsubmitted one, or one granted and waiting for listing details. */
export const ApplicationNextStepSchema = Type.Object({
  id: Type.Integer(),
  referenceId: Type.String(),
  status: ApplicationStatusSchema,
  services: Type.Array(Type.Object({ id: Type.Integer(), title: Type.String() })),
});
export type ApplicationNextStep = Static<typeof ApplicationNextStepSchema>;

export const NextStepsResponseSchema = Type.Object({
  /** The oldest month first, at most NEXT_STEPS_REPORTS_LIMIT. */
  reportsDue: Type.Array(ReportDueSchema),
  reportsDueTotal: Type.Integer(),
  /** The last edited first. */
  applications: Type.Array(ApplicationNextStepSchema),
  /** The caller's unread messages in the supplier's open threads. */
  messages: UnreadCountResponseSchema,
});
export type NextStepsResponse = Static<typeof NextStepsResponseSchema>;
