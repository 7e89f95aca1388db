/**
 * Payloads of the engagement notices API (spec §3 "Engagement notice", §7): the supplier's
 * /api/v1/engagement-notice routes and the team's /api/v1/admin/engagement-notices. One
 * definition for the server and the apps. Money is NZD, GST-exclusive, in whole cents.
 */
import type { Static } from 'typebox';
import { Type } from './schema-builders';
import {
  ENGAGEMENT_NOTICE_STATUS_CODES,
  TEAM_NOTICE_STATUS_CODES,
  WITHDRAWN_REASON_CODES,
  WITHDRAWN_REASON_OTHER_MAX_LENGTH,
  type EngagementNoticeStatus,
  type TeamNoticeStatus,
  type WithdrawnReason,
} from '../reporting/engagement-notices';
import { SAVE_STATUSES, type SaveStatus } from '../reporting/record-status';
import { BILLING_PERIOD_PATTERN } from '../reporting/billing-reports';
import { NOTICE_MISMATCH_CODES, type NoticeMismatch } from '../reporting/mismatches';
import { FormDefinitionResponseSchema } from './forms';
import { AgencyResponseSchema } from './agency-engagements';
import { ConfidentialityMarksSchema } from './confidentiality';
import { CappedTotal, IdFilterSchema, IdSchema, PageCursorQuery, PageCursors, PageNumberSchema, Paged } from './http';

export const ENGAGEMENT_NOTICES_PAGE_SIZE = 25;

export const EngagementNoticeIdParamsSchema = Type.Object({ id: IdSchema });

export const EngagementNoticeStatusSchema = Type.Unsafe<EngagementNoticeStatus>(Type.String({ enum: [...ENGAGEMENT_NOTICE_STATUS_CODES] }));
export const TeamNoticeStatusSchema = Type.Unsafe<TeamNoticeStatus>(Type.String({ enum: [...TEAM_NOTICE_STATUS_CODES] }));
export const SaveStatusSchema = Type.Unsafe<SaveStatus>(Type.String({ enum: [...SAVE_STATUSES] }));

/** Answers by step id; each step's schema (the stored form version) says what it holds. */
export const ReportingAnswersSchema = Type.Record(Type.String({ maxLength: 100 }), Type.Record(Type.String(), Type.Unknown()), {
  maxProperties: 20,
});
export type ReportingAnswers = Static<typeof ReportingAnswersSchema>;

export const StatusHistoryEntrySchema = Type.Object({ status: Type.String(), at: Type.String() });
export type StatusHistoryEntry = Static<typeof StatusHistoryEntrySchema>;

export const IdNameSchema = Type.Object({ id: Type.Integer(), name: Type.String() });

/** A service of a notice, as the source lists and the details show it. */
export const NoticeServiceSchema = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  catalogue: Type.Object({ id: Type.Integer(), title: Type.String() }),
  /** 'title - (catalogue: title)' (spec §3). */
  label: Type.String(),
});
export type NoticeService = Static<typeof NoticeServiceSchema>;

/** One row of the /engagement-notices list. */
export const EngagementNoticeSummarySchema = Type.Object({
  id: Type.Integer(),
  title: Type.Union([Type.String(), Type.Null()]),
  agency: Type.Union([IdNameSchema, Type.Null()]),
  services: Type.Array(Type.Object({ id: Type.Integer(), title: Type.String() })),
  status: EngagementNoticeStatusSchema,
  /** The agency's reference for the engagement (a contract or purchase order number). */
  reference: Type.Union([Type.String(), Type.Null()]),
  startDate: Type.Union([Type.String(), Type.Null()]),
  endDate: Type.Union([Type.String(), Type.Null()]),
  valueCents: Type.Union([Type.Integer(), Type.Null()]),
  submittedAt: Type.Union([Type.String(), Type.Null()]),
  lastEdited: Type.String(),
  /** The named agency's answer (issue 31); awaiting until it answers, and for drafts. */
  agencyResponse: AgencyResponseSchema,
});
export type EngagementNoticeSummary = Static<typeof EngagementNoticeSummarySchema>;

export const ENGAGEMENT_NOTICE_SORTS = ['lastEdited', 'startDate', 'endDate', 'value', 'agency'] as const;
export type EngagementNoticeSort = (typeof ENGAGEMENT_NOTICE_SORTS)[number];

export const EngagementNoticeListQuerySchema = Type.Object(
  {
    status: Type.Optional(EngagementNoticeStatusSchema),
    sort: Type.Optional(Type.Unsafe<EngagementNoticeSort>(Type.String({ enum: [...ENGAGEMENT_NOTICE_SORTS] }))),
    order: Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc')])),
    page: Type.Optional(PageNumberSchema),
  },
  { additionalProperties: false },
);
export type EngagementNoticeListQuery = Static<typeof EngagementNoticeListQuerySchema>;

export const EngagementNoticeListResponseSchema = Paged('engagementNotices', EngagementNoticeSummarySchema);
export type EngagementNoticeListResponse = Static<typeof EngagementNoticeListResponseSchema>;

/**
 * The supplier a notice or report is of: `supplierID` as spec §3 names it and the saves send it;
 * `supplierId` as the earlier answers had it, kept for their readers.
 */
export const RecordSupplierSchema = Type.Object({ supplierID: Type.Integer(), supplierId: Type.Integer() });

/** GET /api/v1/engagement-notice/{id} (spec §7: data, id, progress; §3: supplierID; and what the details screen shows). */
export const EngagementNoticeResponseSchema = Type.Object({
  id: Type.Integer(),
  ...RecordSupplierSchema.properties,
  form: FormDefinitionResponseSchema,
  data: ReportingAnswersSchema,
  progress: Type.Integer(),
  status: EngagementNoticeStatusSchema,
  isLocked: Type.Boolean(),
  statusHistory: Type.Array(StatusHistoryEntrySchema),
  /** ISO 8601; send it back when saving (409 when someone saved since). */
  lastEdited: Type.String(),
  /** The answers' title, reference and dates as the notice's columns keep them (null when not given). */
  title: Type.Union([Type.String(), Type.Null()]),
  reference: Type.Union([Type.String(), Type.Null()]),
  startDate: Type.Union([Type.String(), Type.Null()]),
  endDate: Type.Union([Type.String(), Type.Null()]),
  agency: Type.Union([IdNameSchema, Type.Null()]),
  services: Type.Array(NoticeServiceSchema),
  withdrawnReason: Type.Union([Type.Unsafe<WithdrawnReason>(Type.String({ enum: [...WITHDRAWN_REASON_CODES] })), Type.Null()]),
  withdrawnReasonOther: Type.Union([Type.String(), Type.Null()]),
  /** The named agency's answer (issue 31); a dispute's conversation is one of the notice's threads. */
  agencyResponse: AgencyResponseSchema,
  /** Whether either side keeps the engagement out of open data (issue 32). */
  confidentiality: ConfidentialityMarksSchema,
  /** What the supplier has billed against the notice in submitted reports, against its value. */
  billing: Type.Object({
    totalBilledCents: Type.Integer(),
    valueCents: Type.Union([Type.Integer(), Type.Null()]),
    reportCount: Type.Integer(),
  }),
});
export type EngagementNoticeResponse = Static<typeof EngagementNoticeResponseSchema>;

/** The form a record is made on: its key and version. */
export const FormRefSchema = Type.Object({ key: Type.String({ maxLength: 60 }), version: Type.Integer({ minimum: 1, maximum: 999_999 }) }, { additionalProperties: false });

/**
 * POST /api/v1/engagement-notice/save (spec §7): a new notice has no `id`; an existing one sends its
 * `id` and the `lastEdited` it loaded. `supplierID` must be the active supplier. Status `submitted`
 * checks the whole form and locks the notice.
 */
export const SaveEngagementNoticeRequestSchema = Type.Object(
  {
    id: Type.Optional(IdSchema),
    lastEdited: Type.Optional(Type.String({ maxLength: 40 })),
    form: FormRefSchema,
    progress: Type.Integer({ minimum: 1, maximum: 100 }),
    engagementNotice: ReportingAnswersSchema,
    supplierID: IdSchema,
    status: SaveStatusSchema,
  },
  { additionalProperties: false },
);
export type SaveEngagementNoticeRequest = Static<typeof SaveEngagementNoticeRequestSchema>;

export const SaveEngagementNoticeResponseSchema = Type.Object({
  engagementNoticeId: Type.Integer(),
  status: EngagementNoticeStatusSchema,
  lastEdited: Type.String(),
});
export type SaveEngagementNoticeResponse = Static<typeof SaveEngagementNoticeResponseSchema>;

/** POST /api/v1/engagement-notice/withdraw/{id} (spec §7). */
export const WithdrawEngagementNoticeRequestSchema = Type.Object(
  {
    withdrawnReason: Type.Unsafe<WithdrawnReason>(Type.String({ enum: [...WITHDRAWN_REASON_CODES] })),
    withdrawnReasonOther: Type.Optional(Type.String({ maxLength: WITHDRAWN_REASON_OTHER_MAX_LENGTH })),
  },
  { additionalProperties: false },
);
export type WithdrawEngagementNoticeRequest = Static<typeof WithdrawEngagementNoticeRequestSchema>;

/** GET /api/v1/service?approved=true: the services the active supplier is approved for, labelled. */
export const ServiceListQuerySchema = Type.Object(
  {
    approved: Type.Optional(
      Type.Union([Type.Literal('true'), Type.Literal('false')], { description: 'true: only the services the active supplier is approved for, each with its label' }),
    ),
  },
  // Other query parameters stay ignored, as they were before `approved` existed.
);

/** The team's list: every supplier's notices that the team sees (not drafts). */
export const TeamEngagementNoticeListQuerySchema = Type.Object(
  {
    status: Type.Optional(TeamNoticeStatusSchema),
    agency: Type.Optional(IdFilterSchema),
    supplier: Type.Optional(IdFilterSchema),
    /** Notices whose engagement runs in this month (`yyyy-mm`). */
    period: Type.Optional(Type.String({ pattern: BILLING_PERIOD_PATTERN })),
    /** Notices showing a mismatch (issue 31): unanswered by the agency past the review target, or billed over their value. */
    mismatch: Type.Optional(Type.Unsafe<NoticeMismatch>(Type.String({ enum: [...NOTICE_MISMATCH_CODES] }))),
    page: Type.Optional(PageNumberSchema),
    ...PageCursorQuery,
  },
  { additionalProperties: false },
);
export type TeamEngagementNoticeListQuery = Static<typeof TeamEngagementNoticeListQuerySchema>;

export const TeamEngagementNoticeSummarySchema = Type.Object({
  ...EngagementNoticeSummarySchema.properties,
  supplier: IdNameSchema,
});
export type TeamEngagementNoticeSummary = Static<typeof TeamEngagementNoticeSummarySchema>;

/**
 * The team's list, the latest change first, a page at a time: the next and previous pages start
 * from the cursors (a notice's id), however deep; the total is counted up to LIST_COUNT_LIMIT past the page.
 */
export const TeamEngagementNoticeListResponseSchema = Paged('engagementNotices', TeamEngagementNoticeSummarySchema, { ...CappedTotal, ...PageCursors });
export type TeamEngagementNoticeListResponse = Static<typeof TeamEngagementNoticeListResponseSchema>;

export const TeamEngagementNoticeSchema = Type.Object({
  ...EngagementNoticeResponseSchema.properties,
  supplier: IdNameSchema,
});
export type TeamEngagementNotice = Static<typeof TeamEngagementNoticeSchema>;

/** An engagement notice that is not there, or not the caller's (404). */
export const ENGAGEMENT_NOTICE_NOT_FOUND = 'No such engagement notice.';
export const ENGAGEMENT_NOTICE_LOCKED_MESSAGE = 'This engagement notice was submitted and can no longer be changed.';
export const ENGAGEMENT_NOTICE_CHANGED_MESSAGE =
  'Someone else saved this engagement notice after you opened it. Reload the page to see their changes, then make yours again.';
