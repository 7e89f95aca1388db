/**
 * A supplier admin's change of legal name, NZBN, ABN or ACN waits for the marketplace team's review
 * (issue 29, item 4): these answers identify the business, so until the team approves, the
 * directory and every public place keep the approved values. The payloads of the supplier's side
 * (the pending change in GET /user/details; DELETE /supplier-registration/pending-change withdraws
 * it) and of the team's (/api/v1/admin/supplier-changes).
 */
import type { Static } from 'typebox';
import { Type } from './schema-builders';
import { IdSchema, PageCursorQuery, PageCursors, PageNumberSchema, Paged } from './http';

/** The supplier details answers a change of goes to the team for review; every other answer saves at once. */
export const REVIEWED_SUPPLIER_FIELDS = ['legal_name', 'nzbn', 'abn', 'acn'] as const;
export type ReviewedSupplierField = (typeof REVIEWED_SUPPLIER_FIELDS)[number];

export function isReviewedSupplierField(key: string): key is ReviewedSupplierField {
  return (REVIEWED_SUPPLIER_FIELDS as readonly string[]).includes(key);
}

/** How people read each reviewed answer's name. */
export const REVIEWED_SUPPLIER_FIELD_LABELS: Readonly<Record<ReviewedSupplierField, string>> = {
  legal_name: 'Legal name',
  nzbn: 'New Zealand Business Number (NZBN)',
  abn: 'Australian Business Number (ABN)',
  acn: 'Australian Company Number (ACN)',
};

export const SUPPLIER_CHANGE_STATUSES = ['pending', 'approved', 'declined', 'withdrawn'] as const;
export type SupplierChangeStatus = (typeof SUPPLIER_CHANGE_STATUSES)[number];
export const SupplierChangeStatusSchema = Type.Unsafe<SupplierChangeStatus>(Type.String({ enum: [...SUPPLIER_CHANGE_STATUSES] }));

const NullableString = Type.Union([Type.String(), Type.Null()]);

/** One answer of a change: its approved value and the one asked for (null for none). */
export const SupplierChangeFieldSchema = Type.Object({
  field: Type.Unsafe<ReviewedSupplierField>(Type.String({ enum: [...REVIEWED_SUPPLIER_FIELDS] })),
  label: Type.String(),
  before: NullableString,
  after: NullableString,
});
export type SupplierChangeField = Static<typeof SupplierChangeFieldSchema>;

/** The change a supplier's people see waiting for review, in GET /user/details as `pending_change`. */
export const PendingSupplierChangeSchema = Type.Object({
  requestedAt: Type.String({ format: 'date-time' }),
  /** Who asked, by name; null once their account is gone. */
  requestedBy: NullableString,
  fields: Type.Array(SupplierChangeFieldSchema),
});
export type PendingSupplierChange = Static<typeof PendingSupplierChangeSchema>;

export const ADMIN_SUPPLIER_CHANGES_PAGE_SIZE = 25;

/** GET /api/v1/admin/supplier-changes: changes of one status (pending unless asked), oldest first. */
export const TeamSupplierChangeListQuerySchema = Type.Object(
  { status: Type.Optional(SupplierChangeStatusSchema), page: Type.Optional(PageNumberSchema), ...PageCursorQuery },
  { additionalProperties: false },
);
export type TeamSupplierChangeListQuery = Static<typeof TeamSupplierChangeListQuerySchema>;

export const TeamSupplierChangeParamsSchema = Type.Object({ id: IdSchema });
export type TeamSupplierChangeParams = Static<typeof TeamSupplierChangeParamsSchema>;

export const TeamSupplierChangeSchema = Type.Object({
  id: Type.Integer(),
  supplierId: Type.Integer(),
  tradingName: Type.String(),
  status: SupplierChangeStatusSchema,
  requestedAt: Type.String({ format: 'date-time' }),
  requestedBy: NullableString,
  /** Field by field: the approved value and the one asked for. */
  fields: Type.Array(SupplierChangeFieldSchema),
  decidedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  decidedBy: NullableString,
  /** The team's reason for declining it. */
  reason: NullableString,
});
export type TeamSupplierChange = Static<typeof TeamSupplierChangeSchema>;

/** Changes of one status, oldest first, a page at a time; the next and previous pages start from the cursors (a change's id), however deep. */
export const TeamSupplierChangeListResponseSchema = Paged('changes', TeamSupplierChangeSchema, PageCursors);
export type TeamSupplierChangeListResponse = Static<typeof TeamSupplierChangeListResponseSchema>;

export const SUPPLIER_CHANGE_REASON_MAX_LENGTH = 1000;

/** POST /api/v1/admin/supplier-changes/{id}/decline: why, which the supplier's people read. */
export const TeamSupplierChangeDeclineRequestSchema = Type.Object(
  { reason: Type.String({ minLength: 1, maxLength: SUPPLIER_CHANGE_REASON_MAX_LENGTH, pattern: '\\S', description: 'Why; mailed to the supplier and kept in the audit log' }) },
  { additionalProperties: false },
);
export type TeamSupplierChangeDeclineRequest = Static<typeof TeamSupplierChangeDeclineRequestSchema>;

/** What a form says of a business number another supplier holds, or has asked for, at the answer's path. */
export function businessNumberTakenMessage(field: ReviewedSupplierField): string {
  const name = field === 'nzbn' ? 'NZBN' : field === 'abn' ? 'ABN' : 'ACN';
  return `This ${name} belongs to another supplier on the marketplace. Check the number; if it is yours, contact the team.`;
}

export const SUPPLIER_CHANGE_NOT_FOUND = 'No supplier details change with that id.';
export const SUPPLIER_CHANGE_WAITING =
  'A change to your legal name or business numbers is already waiting for the team’s review. Withdraw it on the supplier details page before you make another.';
export const NO_PENDING_SUPPLIER_CHANGE = 'There is no change waiting for review: the team may have decided it already. Reload the page to see.';

/** "legal name and NZBN": the answers a change asks for, in a sentence. */
export function reviewedFieldsText(fields: readonly { field: ReviewedSupplierField }[]): string {
  const names = fields.map(({ field }) => (field === 'legal_name' ? 'legal name' : field.toUpperCase()));
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1] ?? ''}`;
}
