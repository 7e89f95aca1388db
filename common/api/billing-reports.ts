/**
 * Payloads of the billing reports API (spec §3 "Billing report", §7): the supplier's
 * /api/v1/billing-report routes, their source lists, and the team's /api/v1/admin/billing-reports.
 * Money is NZD, GST-exclusive, in whole cents.
 */
import type { Static } from 'typebox';
import { Type } from './schema-builders';
import { ReportResponseSchema, ReportResponseStatusSchema } from './agency-engagements';
import { BILLING_PERIOD_PATTERN, BILLING_REPORT_STATUS_CODES, type BillingReportStatus } from '../reporting/billing-reports';
import {
  FormRefSchema,
  IdNameSchema,
  NoticeServiceSchema,
  RecordSupplierSchema,
  ReportingAnswersSchema,
  SaveStatusSchema,
  StatusHistoryEntrySchema,
} from './engagement-notices';
import { FormDefinitionResponseSchema } from './forms';
import { CappedTotal, IdFilterSchema, IdSchema, PageNumberSchema, Paged } from './http';

export const BILLING_REPORTS_PAGE_SIZE = 25;

export const BillingReportIdParamsSchema = Type.Object({ id: IdSchema });
export const BillingReportStatusSchema = Type.Unsafe<BillingReportStatus>(Type.String({ enum: [...BILLING_REPORT_STATUS_CODES] }));

/** The notice a report is against, as lists show it. */
export const ReportedNoticeSchema = Type.Object({
  id: Type.Integer(),
  title: Type.Union([Type.String(), Type.Null()]),
  agencyName: Type.Union([Type.String(), Type.Null()]),
  reference: Type.Union([Type.String(), Type.Null()]),
});

export const BillingReportSummarySchema = Type.Object({
  id: Type.Integer(),
  engagementNotice: Type.Union([ReportedNoticeSchema, Type.Null()]),
  /** `yyyy-mm`. */
  billingPeriod: Type.Union([Type.String(), Type.Null()]),
  amountCents: Type.Union([Type.Integer(), Type.Null()]),
  status: BillingReportStatusSchema,
  submittedAt: Type.Union([Type.String(), Type.Null()]),
  lastEdited: Type.String(),
  /** The agency's answer (issue 31): it answers once it confirmed the engagement and the report is sent. */
  agencyResponse: ReportResponseSchema,
});
export type BillingReportSummary = Static<typeof BillingReportSummarySchema>;

export const BILLING_REPORT_SORTS = ['lastEdited', 'billingPeriod', 'amount'] as const;
export type BillingReportSort = (typeof BILLING_REPORT_SORTS)[number];

export const BillingReportListQuerySchema = Type.Object(
  {
    status: Type.Optional(BillingReportStatusSchema),
    engagementNotice: Type.Optional(IdFilterSchema),
    sort: Type.Optional(Type.Unsafe<BillingReportSort>(Type.String({ enum: [...BILLING_REPORT_SORTS] }))),
    order: Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc')])),
    page: Type.Optional(PageNumberSchema),
  },
  { additionalProperties: false },
);
export type BillingReportListQuery = Static<typeof BillingReportListQuerySchema>;

export const BillingReportListResponseSchema = Paged('billingReports', BillingReportSummarySchema);
export type BillingReportListResponse = Static<typeof BillingReportListResponseSchema>;

/** GET /api/v1/billing-report/{id}: as for an engagement notice (spec §7; §3: supplierID). */
export const BillingReportResponseSchema = Type.Object({
  id: Type.Integer(),
  ...RecordSupplierSchema.properties,
  form: FormDefinitionResponseSchema,
  data: ReportingAnswersSchema,
  progress: Type.Integer(),
  status: BillingReportStatusSchema,
  isLocked: Type.Boolean(),
  statusHistory: Type.Array(StatusHistoryEntrySchema),
  lastEdited: Type.String(),
  engagementNotice: Type.Union([ReportedNoticeSchema, Type.Null()]),
  billingPeriod: Type.Union([Type.String(), Type.Null()]),
  amountCents: Type.Union([Type.Integer(), Type.Null()]),
  agencyResponse: ReportResponseSchema,
});
export type BillingReportResponse = Static<typeof BillingReportResponseSchema>;

/** POST /api/v1/billing-report/save: the same shape as a notice's save; answers billingReportId. */
export const SaveBillingReportRequestSchema = Type.Object(
  {
    id: Type.Optional(IdSchema),
    lastEdited: Type.Optional(Type.String({ maxLength: 40 })),
    form: FormRefSchema,
    progress: Type.Integer({ minimum: 1, maximum: 100 }),
    billingReport: ReportingAnswersSchema,
    supplierID: IdSchema,
    status: SaveStatusSchema,
  },
  { additionalProperties: false },
);
export type SaveBillingReportRequest = Static<typeof SaveBillingReportRequestSchema>;

export const SaveBillingReportResponseSchema = Type.Object({
  billingReportId: Type.Integer(),
  status: BillingReportStatusSchema,
  lastEdited: Type.String(),
});
export type SaveBillingReportResponse = Static<typeof SaveBillingReportResponseSchema>;

/** GET /api/v1/billing-report/engagement-notices: the supplier's submitted, not withdrawn notices. */
export const ReportableNoticeSchema = Type.Object({
  ...ReportedNoticeSchema.properties,
  /** How the choice reads: 'title (agency)'. */
  label: Type.String(),
  /** The months already reported (submitted or draft), `yyyy-mm`. */
  reportedPeriods: Type.Array(Type.String()),
});
export const ReportableNoticeListSchema = Type.Array(ReportableNoticeSchema);
export type ReportableNoticeList = Static<typeof ReportableNoticeListSchema>;

/**
 * GET /api/v1/billing-report/services[?engagementNotice={id}]: that notice's services; without the
 * filter (or empty), every service of the supplier's submitted notices, the ones a report can be about.
 */
export const BillingReportServicesQuerySchema = Type.Object({ engagementNotice: Type.Optional(IdFilterSchema) }, { additionalProperties: false });
export const NoticeServiceListSchema = Type.Array(NoticeServiceSchema);
export type NoticeServiceList = Static<typeof NoticeServiceListSchema>;

export const TeamBillingReportListQuerySchema = Type.Object(
  {
    agency: Type.Optional(IdFilterSchema),
    supplier: Type.Optional(IdFilterSchema),
    engagementNotice: Type.Optional(IdFilterSchema),
    /** The month billed, `yyyy-mm`. */
    period: Type.Optional(Type.String({ pattern: BILLING_PERIOD_PATTERN })),
    /** By the agency's answer (issue 31): `queried` lists the reports an agency queried. */
    agencyResponse: Type.Optional(ReportResponseStatusSchema),
    page: Type.Optional(PageNumberSchema),
  },
  { additionalProperties: false },
);
export type TeamBillingReportListQuery = Static<typeof TeamBillingReportListQuerySchema>;

export const TeamBillingReportSummarySchema = Type.Object({ ...BillingReportSummarySchema.properties, supplier: IdNameSchema });
export const TeamBillingReportListResponseSchema = Paged('billingReports', TeamBillingReportSummarySchema, CappedTotal);
export type TeamBillingReportListResponse = Static<typeof TeamBillingReportListResponseSchema>;
export const TeamBillingReportSchema = Type.Object({ ...BillingReportResponseSchema.properties, supplier: IdNameSchema });
export type TeamBillingReport = Static<typeof TeamBillingReportSchema>;

export const BILLING_REPORT_NOT_FOUND = 'No such billing report.';
export const BILLING_REPORT_LOCKED_MESSAGE = 'This billing report was submitted and can no longer be changed.';
export const BILLING_REPORT_CHANGED_MESSAGE =
  'Someone else saved this billing report after you opened it. Reload the page to see their changes, then make yours again.';
export const DUPLICATE_PERIOD_MESSAGE = 'There is already a billing report for this engagement notice and month.';

export const MISSING_BILLING_REPORTS_PAGE_SIZE = 25;

/**
 * A billing report due and not submitted: a month (`yyyy-mm`, up to last month) a submitted
 * engagement notice ran in, with no submitted report for it (server/modules/reporting/missing-reports.ts).
 */
export const MissingBillingReportSchema = Type.Object({
  billingPeriod: Type.String({ pattern: BILLING_PERIOD_PATTERN }),
  engagementNotice: ReportedNoticeSchema,
  supplier: IdNameSchema,
});
export type MissingBillingReport = Static<typeof MissingBillingReportSchema>;

/** GET /api/v1/admin/billing-reports/missing: by supplier and month. */
export const MissingBillingReportListQuerySchema = Type.Object(
  {
    supplier: Type.Optional(IdFilterSchema),
    /** The month due, `yyyy-mm`. */
    period: Type.Optional(Type.String({ pattern: BILLING_PERIOD_PATTERN })),
    page: Type.Optional(PageNumberSchema),
  },
  { additionalProperties: false },
);
export type MissingBillingReportListQuery = Static<typeof MissingBillingReportListQuerySchema>;

export const MissingBillingReportListResponseSchema = Paged('missingReports', MissingBillingReportSchema, {
  /** The last month counted (`yyyy-mm`): last month in New Zealand. */
  through: Type.String({ pattern: BILLING_PERIOD_PATTERN }),
});
export type MissingBillingReportListResponse = Static<typeof MissingBillingReportListResponseSchema>;

/** GET /api/v1/admin/reporting-mismatches (issue 31): how many of each mismatch there are now, for the team's home. */
export const ReportingMismatchesResponseSchema = Type.Object({
  /** Submitted notices the agency has not answered in `reviewTargetDays` working days. */
  unconfirmedNotices: Type.Integer(),
  queriedReports: Type.Integer(),
  /** Submitted notices whose sent reports add up to more than the notice's value. */
  overValueNotices: Type.Integer(),
  /** Months a submitted notice ran in, up to `through`, without a sent report (as the missing reports list counts them). */
  missingMonths: Type.Integer(),
  reviewTargetDays: Type.Integer(),
  /** The last month counted, `yyyy-mm`. */
  through: Type.String(),
});
export type ReportingMismatchesResponse = Static<typeof ReportingMismatchesResponseSchema>;
