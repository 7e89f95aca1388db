/**
 * Payloads of the marketplace team's supplier management, /api/v1/admin/suppliers (issue 13 item 6):
 * the search, one supplier with everything about it, suspending and reinstating.
 */
import type { Static } from 'typebox';
import { Type } from './schema-builders';
import { AuditEntrySchema } from './audit';
import { BillingReportStatusSchema } from './billing-reports';
import { EngagementNoticeStatusSchema } from './engagement-notices';
import { IdSchema, PageCursorQuery, PageCursors, PageNumberSchema, Paged } from './http';

/** A supplier's status (server/db/schema/suppliers.ts `supplierStatuses`, which must match). */
export const SUPPLIER_STATUSES = ['applicant', 'approved', 'inactive', 'suspended'] as const;
export type SupplierStatusCode = (typeof SUPPLIER_STATUSES)[number];
export const SupplierStatusSchema = Type.Unsafe<SupplierStatusCode>(Type.String({ enum: [...SUPPLIER_STATUSES] }));

export const ADMIN_SUPPLIERS_PAGE_SIZE = 25;
/** How many of a supplier's latest audit entries its page shows. */
export const SUPPLIER_AUDIT_HISTORY_LENGTH = 50;

/** GET /api/v1/admin/suppliers: `q` finds trading or legal names, NZBNs and ABNs containing it. */
export const TeamSupplierListQuerySchema = Type.Object(
  {
    q: Type.Optional(
      Type.String({ maxLength: 200, description: 'Part of a trading or legal name (case and macrons ignored), an NZBN or an ABN (spaces ignored)' }),
    ),
    status: Type.Optional(SupplierStatusSchema),
    page: Type.Optional(PageNumberSchema),
    ...PageCursorQuery,
  },
  { additionalProperties: false },
);
export type TeamSupplierListQuery = Static<typeof TeamSupplierListQuerySchema>;

export const TeamSupplierParamsSchema = Type.Object({ id: IdSchema });
export type TeamSupplierParams = Static<typeof TeamSupplierParamsSchema>;

const NullableString = Type.Union([Type.String(), Type.Null()]);

export const TeamSupplierSummarySchema = Type.Object({
  id: Type.Integer(),
  tradingName: Type.String(),
  legalName: Type.String(),
  nzbn: NullableString,
  abn: NullableString,
  status: SupplierStatusSchema,
  /** Its members (users). */
  users: Type.Integer(),
  /** Its applications, Incomplete ones included. */
  applications: Type.Integer(),
  /** Its engagement notices, submitted or withdrawn (drafts are the supplier's own). */
  engagementNotices: Type.Integer(),
});
export type TeamSupplierSummary = Static<typeof TeamSupplierSummarySchema>;

/**
 * Suppliers matching the search, by trading name (macrons and case ignored), a page at a time; the
 * next and previous pages start from the cursors (a supplier's id), however deep.
 */
export const TeamSupplierListResponseSchema = Paged('suppliers', TeamSupplierSummarySchema, PageCursors);
export type TeamSupplierListResponse = Static<typeof TeamSupplierListResponseSchema>;

/**
 * GET /api/v1/admin/suppliers/names: every supplier's id and trading name, by trading name (macrons
 * and case ignored), for a choice of supplier (the audit log's filter); no counts, no paging.
 */
export const TeamSupplierNamesResponseSchema = Type.Object({
  suppliers: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() })),
});
export type TeamSupplierNamesResponse = Static<typeof TeamSupplierNamesResponseSchema>;

export const TeamSupplierUserSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  email: Type.String(),
  /** An admin of this supplier. */
  isAdmin: Type.Boolean(),
});

export const TeamSupplierApplicationSchema = Type.Object({
  id: Type.Integer(),
  referenceId: Type.String(),
  status: Type.String(),
  createdAt: Type.String(),
  lastEdited: Type.String(),
  /** When it was first submitted; null while Incomplete. */
  submittedAt: NullableString,
});

export const TeamSupplierEngagementNoticeSchema = Type.Object({
  id: Type.Integer(),
  title: NullableString,
  reference: NullableString,
  status: EngagementNoticeStatusSchema,
  submittedAt: NullableString,
  lastEdited: Type.String(),
});

export const TeamSupplierBillingReportSchema = Type.Object({
  id: Type.Integer(),
  engagementNoticeId: Type.Union([Type.Integer(), Type.Null()]),
  billingPeriod: NullableString,
  status: BillingReportStatusSchema,
  submittedAt: NullableString,
  lastEdited: Type.String(),
});

export const TeamSupplierThreadSchema = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  /** The kind of record it is attached to (`supplier`, `application`, …) and that record's id. */
  model: Type.String(),
  recordId: Type.Integer(),
  isResolved: Type.Boolean(),
  updatedAt: Type.String(),
});

/** Everything about one supplier; lists are newest first, users by name. */
export const TeamSupplierSchema = Type.Object({
  id: Type.Integer(),
  tradingName: Type.String(),
  legalName: Type.String(),
  status: SupplierStatusSchema,
  /** While suspended: the status reinstating returns it to. */
  statusBeforeSuspension: Type.Union([SupplierStatusSchema, Type.Null()]),
  nzbn: NullableString,
  abn: NullableString,
  email: NullableString,
  phone: NullableString,
  website: NullableString,
  summary: NullableString,
  city: NullableString,
  state: NullableString,
  country: NullableString,
  createdAt: Type.String(),
  updatedAt: Type.String(),
  /** The other answers of the supplier details form. */
  details: Type.Record(Type.String(), Type.Unknown()),
  users: Type.Array(TeamSupplierUserSchema),
  applications: Type.Array(TeamSupplierApplicationSchema),
  engagementNotices: Type.Array(TeamSupplierEngagementNoticeSchema),
  billingReports: Type.Array(TeamSupplierBillingReportSchema),
  threads: Type.Array(TeamSupplierThreadSchema),
  /** Its latest audit entries (at most SUPPLIER_AUDIT_HISTORY_LENGTH), newest first. */
  auditHistory: Type.Array(AuditEntrySchema),
});
export type TeamSupplier = Static<typeof TeamSupplierSchema>;

export const SUSPENSION_REASON_MAX_LENGTH = 1000;

/** POST /api/v1/admin/suppliers/{id}/suspend and …/reinstate: why, kept in the audit log. */
export const TeamSupplierStatusChangeRequestSchema = Type.Object(
  { reason: Type.String({ minLength: 1, maxLength: SUSPENSION_REASON_MAX_LENGTH, pattern: '\\S', description: 'Why; kept in the audit log' }) },
  { additionalProperties: false },
);
export type TeamSupplierStatusChangeRequest = Static<typeof TeamSupplierStatusChangeRequestSchema>;

export const SUPPLIER_NOT_FOUND = 'No supplier with that id.';
export const SUPPLIER_ALREADY_SUSPENDED = 'This supplier is already suspended.';
export const SUPPLIER_NOT_SUSPENDED = 'This supplier is not suspended, so there is nothing to reinstate.';
