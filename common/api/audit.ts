/**
 * Payloads of the marketplace team's audit log, /api/v1/admin/audit (issue 13 item 7): the search
 * and its CSV export. Dates are New Zealand calendar days (Pacific/Auckland), both ends inclusive.
 */
import type { Static } from 'typebox';
import { Type } from './schema-builders';
import { IdFilterSchema, PageCursorQuery, PageCursors, PageNumberSchema, Paged } from './http';

export const AUDIT_PAGE_SIZE = 50;

/**
 * Entries are counted exactly up to this many (a few milliseconds); past it, the answer says there
 * are more (`totalIsCapped`) instead of counting millions on every page.
 */
export const AUDIT_COUNT_LIMIT = 10_000;

/** `yyyy-mm-dd`; whether it is a real day is checked by the server (400 otherwise). */
export const ISO_DATE_PATTERN = '^[0-9]{4}-[0-9]{2}-[0-9]{2}$';

const AuditDateSchema = (description: string) => Type.String({ pattern: ISO_DATE_PATTERN, description });

/** The filters of the search and of the export (all optional, combined with "and"). */
export const AuditFiltersProperties = {
  supplier: Type.Optional(IdFilterSchema),
  person: Type.Optional(
    Type.String({ minLength: 1, maxLength: 320, description: "The acting person: a user id (digits), or part of their email (case ignored)" }),
  ),
  action: Type.Optional(
    Type.String({ minLength: 1, maxLength: 100, description: 'The start of the action, e.g. `engagement-notice.` or `supplier.suspend`' }),
  ),
  from: Type.Optional(AuditDateSchema('The first day (New Zealand time), yyyy-mm-dd, inclusive')),
  to: Type.Optional(AuditDateSchema('The last day (New Zealand time), yyyy-mm-dd, inclusive')),
};

export const AuditExportQuerySchema = Type.Object(AuditFiltersProperties, { additionalProperties: false });
export type AuditExportQuery = Static<typeof AuditExportQuerySchema>;

export const AuditListQuerySchema = Type.Object(
  {
    ...AuditFiltersProperties,
    page: Type.Optional(PageNumberSchema),
    ...PageCursorQuery,
  },
  { additionalProperties: false },
);
export type AuditListQuery = Static<typeof AuditListQuerySchema>;

export const AuditEntrySchema = Type.Object({
  id: Type.Integer(),
  /** ISO 8601, UTC. */
  at: Type.String(),
  /** Who acted; null for the system (a seed, a scheduled job) or a person since deleted. */
  actor: Type.Union([Type.Object({ id: Type.Integer(), name: Type.String(), email: Type.String() }), Type.Null()]),
  /** The supplier the change concerns, when it concerns one (name null if it was deleted). */
  supplier: Type.Union([Type.Object({ id: Type.Integer(), name: Type.Union([Type.String(), Type.Null()]) }), Type.Null()]),
  /** Verb-noun of what happened, e.g. `supplier.suspend`. */
  action: Type.String(),
  /** The record changed: its kind (`supplier`, `invitation`, …) and id. */
  subject: Type.Object({ entity: Type.String(), id: Type.String() }),
  /** What the record was and became, as the change recorded them. */
  details: Type.Object({ before: Type.Unknown(), after: Type.Unknown() }),
  requestId: Type.Union([Type.String(), Type.Null()]),
});
export type AuditEntry = Static<typeof AuditEntrySchema>;

/**
 * Matching entries, newest first, a page at a time: the next and previous pages start from the
 * cursors (an entry's id), however deep, where `page` alone skips every entry before it.
 */
export const AuditListResponseSchema = Paged('entries', AuditEntrySchema, {
  /** `total` stopped counting at AUDIT_COUNT_LIMIT: there are more. */
  totalIsCapped: Type.Boolean(),
  ...PageCursors,
});
export type AuditListResponse = Static<typeof AuditListResponseSchema>;

/** The columns of the CSV export, in order. */
export const AUDIT_CSV_COLUMNS = [
  'Id',
  'Time (UTC)',
  'Actor name',
  'Actor email',
  'Supplier id',
  'Supplier',
  'Action',
  'Subject',
  'Subject id',
  'Before',
  'After',
  'Request id',
] as const;
