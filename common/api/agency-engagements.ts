/**
 * Payloads of the agency's side of reporting (issue 31): the engagement notices that name the
 * active agency, as its people see them. Money is NZD, GST-exclusive, in whole cents.
 */
import type { Static } from 'typebox';
import { Type } from './schema-builders';
import { SPEND_GROUPINGS, type SpendGrouping } from '../reporting/agency-spend';
import {
  AGENCY_RESPONSE_STATUS_CODES,
  DISPUTE_DETAILS_MAX_LENGTH,
  DISPUTE_REASON_CODES,
  QUERY_DETAILS_MAX_LENGTH,
  REPORT_RESPONSE_STATUS_CODES,
  type AgencyResponseStatus,
  type DisputeReason,
  type ReportResponseStatus,
} from '../reporting/agency-responses';
import { IdSchema, PageNumberSchema, Paged } from './http';
import { ThreadMessageSchema } from './threads';
import { ConfidentialityMarksSchema } from './confidentiality';

export const AGENCY_NOTICES_PAGE_SIZE = 25;

export const AgencyResponseStatusSchema = Type.Unsafe<AgencyResponseStatus>(Type.String({ enum: [...AGENCY_RESPONSE_STATUS_CODES] }));
export const DisputeReasonSchema = Type.Unsafe<DisputeReason>(Type.String({ enum: [...DISPUTE_REASON_CODES] }));

/** The agency's answer to a notice, as the agency, the supplier and the team see it. */
export const AgencyResponseSchema = Type.Object({
  status: AgencyResponseStatusSchema,
  /** ISO 8601; null while awaiting. */
  at: Type.Union([Type.String(), Type.Null()]),
  /** Who answered for the agency; null while awaiting (or when their account was removed). */
  byName: Type.Union([Type.String(), Type.Null()]),
  disputeReason: Type.Union([DisputeReasonSchema, Type.Null()]),
  disputeDetails: Type.Union([Type.String(), Type.Null()]),
});
export type AgencyResponse = Static<typeof AgencyResponseSchema>;

/** One engagement notice a supplier sent naming the agency. */
export const AgencyNoticeSchema = Type.Object({
  id: Type.Integer(),
  supplier: Type.Object({ id: Type.Integer(), name: Type.String() }),
  title: Type.String(),
  /** The agency's reference for the engagement (a contract or purchase order number). */
  reference: Type.Union([Type.String(), Type.Null()]),
  /** yyyy-mm-dd. */
  startDate: Type.Union([Type.String(), Type.Null()]),
  endDate: Type.Union([Type.String(), Type.Null()]),
  valueCents: Type.Union([Type.Integer(), Type.Null()]),
  services: Type.Array(Type.Object({ id: Type.Integer(), title: Type.String() })),
  /** ISO 8601: when the supplier sent it. */
  submittedAt: Type.String(),
  response: AgencyResponseSchema,
});
export type AgencyNotice = Static<typeof AgencyNoticeSchema>;

export const AgencyNoticesQuerySchema = Type.Object(
  { page: Type.Optional(PageNumberSchema), response: Type.Optional(AgencyResponseStatusSchema) },
  { additionalProperties: false },
);
export type AgencyNoticesQuery = Static<typeof AgencyNoticesQuerySchema>;

/** GET /api/v1/agency/engagement-notices: the sent notices naming the active agency, newest first. */
export const AgencyNoticesResponseSchema = Paged('notices', AgencyNoticeSchema);
export type AgencyNoticesResponse = Static<typeof AgencyNoticesResponseSchema>;

export const AgencyNoticeIdParamsSchema = Type.Object({ id: IdSchema });

/**
 * GET /api/v1/agency/engagement-notices/{id}: one notice naming the agency, with the messages of
 * its dispute (oldest first) once disputed: the agency, the supplier and the team write there.
 */
export const AgencyNoticeDetailSchema = Type.Object({
  ...AgencyNoticeSchema.properties,
  /** The supplier's description of the engagement; null when not given. */
  description: Type.Union([Type.String(), Type.Null()]),
  /** Whether the agency or the supplier keeps the engagement out of open data (issue 32). */
  confidentiality: ConfidentialityMarksSchema,
  /** The dispute's conversation; null until disputed. */
  dispute: Type.Union([Type.Object({ threadId: Type.Integer(), isResolved: Type.Boolean(), messages: Type.Array(ThreadMessageSchema) }), Type.Null()]),
});
export type AgencyNoticeDetail = Static<typeof AgencyNoticeDetailSchema>;

/** POST /api/v1/agency/engagement-notices/{id}/dispute. */
export const DisputeNoticeRequestSchema = Type.Object(
  { reason: DisputeReasonSchema, details: Type.String({ maxLength: DISPUTE_DETAILS_MAX_LENGTH * 2 }) },
  { additionalProperties: false },
);
export type DisputeNoticeRequest = Static<typeof DisputeNoticeRequestSchema>;

/** POST /api/v1/agency/engagement-notices/{id}/messages: the agency writes in the dispute. */
export const AgencyNoticeMessageRequestSchema = Type.Object({ content: Type.String({ maxLength: 20_000 }) }, { additionalProperties: false });
export type AgencyNoticeMessageRequest = Static<typeof AgencyNoticeMessageRequestSchema>;

export const AGENCY_REPORTS_PAGE_SIZE = 25;

export const ReportResponseStatusSchema = Type.Unsafe<ReportResponseStatus>(Type.String({ enum: [...REPORT_RESPONSE_STATUS_CODES] }));

/** The agency's answer to a billing report, as the agency, the supplier and the team see it. */
export const ReportResponseSchema = Type.Object({
  status: ReportResponseStatusSchema,
  /** ISO 8601; null while awaiting. */
  at: Type.Union([Type.String(), Type.Null()]),
  byName: Type.Union([Type.String(), Type.Null()]),
  /** What the agency says is wrong with the amount; null unless queried. */
  queryDetails: Type.Union([Type.String(), Type.Null()]),
});
export type ReportResponse = Static<typeof ReportResponseSchema>;

/** One billing report on an engagement the agency confirmed. */
export const AgencyBillingReportSchema = Type.Object({
  id: Type.Integer(),
  supplier: Type.Object({ id: Type.Integer(), name: Type.String() }),
  engagementNotice: Type.Object({ id: Type.Integer(), title: Type.String(), reference: Type.Union([Type.String(), Type.Null()]) }),
  /** `yyyy-mm`. */
  billingPeriod: Type.String(),
  amountCents: Type.Integer(),
  /** ISO 8601: when the supplier sent it. */
  submittedAt: Type.String(),
  response: ReportResponseSchema,
});
export type AgencyBillingReport = Static<typeof AgencyBillingReportSchema>;

export const AgencyReportsQuerySchema = Type.Object(
  { page: Type.Optional(PageNumberSchema), response: Type.Optional(ReportResponseStatusSchema), engagementNotice: Type.Optional(IdSchema) },
  { additionalProperties: false },
);
export type AgencyReportsQuery = Static<typeof AgencyReportsQuerySchema>;

/** GET /api/v1/agency/billing-reports: the sent reports on the agency's confirmed engagements, the last month first. */
export const AgencyReportsResponseSchema = Paged('reports', AgencyBillingReportSchema);
export type AgencyReportsResponse = Static<typeof AgencyReportsResponseSchema>;

export const AgencyReportIdParamsSchema = Type.Object({ id: IdSchema });

/** GET /api/v1/agency/billing-reports/{id}: the report, its amounts by service, the notice's value and what was billed, and its query's messages. */
export const AgencyBillingReportDetailSchema = Type.Object({
  ...AgencyBillingReportSchema.properties,
  lines: Type.Array(Type.Object({ service: Type.String(), amountCents: Type.Integer() })),
  /** The engagement's value (null when the notice gave none) and the total of its sent reports. */
  noticeValueCents: Type.Union([Type.Integer(), Type.Null()]),
  totalBilledCents: Type.Integer(),
  /** The query's conversation; null until queried. */
  query: Type.Union([Type.Object({ threadId: Type.Integer(), isResolved: Type.Boolean(), messages: Type.Array(ThreadMessageSchema) }), Type.Null()]),
});
export type AgencyBillingReportDetail = Static<typeof AgencyBillingReportDetailSchema>;

/** POST /api/v1/agency/billing-reports/{id}/query. */
export const QueryReportRequestSchema = Type.Object({ details: Type.String({ maxLength: QUERY_DETAILS_MAX_LENGTH * 2 }) }, { additionalProperties: false });
export type QueryReportRequest = Static<typeof QueryReportRequestSchema>;

export const AgencySpendQuerySchema = Type.Object({ by: Type.Optional(Type.Unsafe<SpendGrouping>(Type.String({ enum: [...SPEND_GROUPINGS] }))) }, { additionalProperties: false });
export type AgencySpendQuery = Static<typeof AgencySpendQuerySchema>;

/**
 * GET /api/v1/agency/spend: what suppliers billed the active agency, by supplier, service or month
 * (NZD, GST-exclusive, cents), and how much of it the agency confirmed.
 */
export const AgencySpendResponseSchema = Type.Object({
  by: Type.Unsafe<SpendGrouping>(Type.String({ enum: [...SPEND_GROUPINGS] })),
  rows: Type.Array(
    Type.Object({
      /** The supplier's or service's id, or the month `yyyy-mm`. */
      key: Type.String(),
      label: Type.String(),
      billedCents: Type.Integer(),
      confirmedCents: Type.Integer(),
    }),
  ),
  billedCents: Type.Integer(),
  confirmedCents: Type.Integer(),
});
export type AgencySpendResponse = Static<typeof AgencySpendResponseSchema>;
