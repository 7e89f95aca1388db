/**
 * Payloads of buyers' shortlists (issue 31, /api/v1/agency/shortlists…): named lists of approved
 * suppliers with a note on each, an agency's own, private to the person who made one until shared.
 */
import type { Static } from 'typebox';
import { Type } from './schema-builders';
import { IdSchema } from './http';

export const SHORTLIST_NAME_MAX_LENGTH = 100;
export const SHORTLIST_NOTE_MAX_LENGTH = 1000;

export const ShortlistSummarySchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  isShared: Type.Boolean(),
  /** Whether the signed-in person made it: they alone (or the agency's admins) rename, share or delete it. */
  canManage: Type.Boolean(),
  /** Who made it; null when their account was removed. */
  createdByName: Type.Union([Type.String(), Type.Null()]),
  supplierCount: Type.Integer(),
  /** ISO 8601. */
  updatedAt: Type.String(),
});
export type ShortlistSummary = Static<typeof ShortlistSummarySchema>;

/** GET /api/v1/agency/shortlists: the person's own and the agency's shared shortlists, the last changed first. */
export const ShortlistsResponseSchema = Type.Object({ shortlists: Type.Array(ShortlistSummarySchema) });
export type ShortlistsResponse = Static<typeof ShortlistsResponseSchema>;

export const ShortlistIdParamsSchema = Type.Object({ id: IdSchema });
export const ShortlistSupplierParamsSchema = Type.Object({ id: IdSchema, supplierId: IdSchema });

export const ShortlistedSupplierSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  note: Type.String(),
  /** Still in the public directory (approved, with a published service); false once it left it. */
  isListed: Type.Boolean(),
  addedAt: Type.String(),
  addedByName: Type.Union([Type.String(), Type.Null()]),
});
export type ShortlistedSupplier = Static<typeof ShortlistedSupplierSchema>;

/** GET /api/v1/agency/shortlists/{id}: the shortlist and its suppliers, by name. */
export const ShortlistDetailSchema = Type.Object({ ...ShortlistSummarySchema.properties, suppliers: Type.Array(ShortlistedSupplierSchema) });
export type ShortlistDetail = Static<typeof ShortlistDetailSchema>;

export const DirectorySupplierParamsSchema = Type.Object({ supplierId: IdSchema });

/**
 * GET /api/v1/agency/directory-suppliers/{supplierId}: a supplier of the public directory as a buyer
 * saves it to a shortlist: its name, and which of the shortlists the person sees already hold it.
 */
export const DirectorySupplierResponseSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  onShortlists: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() })),
});
export type DirectorySupplierResponse = Static<typeof DirectorySupplierResponseSchema>;

/** POST /api/v1/agency/shortlists: empty, or with its first supplier (saved from the directory's pages). */
export const CreateShortlistRequestSchema = Type.Object(
  {
    name: Type.String({ maxLength: SHORTLIST_NAME_MAX_LENGTH * 2 }),
    supplier: Type.Optional(
      Type.Object({ id: IdSchema, note: Type.Optional(Type.String({ maxLength: SHORTLIST_NOTE_MAX_LENGTH * 2 })) }, { additionalProperties: false }),
    ),
  },
  { additionalProperties: false },
);
export type CreateShortlistRequest = Static<typeof CreateShortlistRequestSchema>;

/** PUT /api/v1/agency/shortlists/{id}: renames it or shares it with the agency (or stops sharing it). */
export const UpdateShortlistRequestSchema = Type.Object(
  { name: Type.Optional(Type.String({ maxLength: SHORTLIST_NAME_MAX_LENGTH * 2 })), isShared: Type.Optional(Type.Boolean()) },
  { additionalProperties: false },
);
export type UpdateShortlistRequest = Static<typeof UpdateShortlistRequestSchema>;

/** PUT /api/v1/agency/shortlists/{id}/suppliers/{supplierId}: adds the supplier, or changes its note. */
export const SaveShortlistSupplierRequestSchema = Type.Object(
  { note: Type.Optional(Type.String({ maxLength: SHORTLIST_NOTE_MAX_LENGTH * 2 })) },
  { additionalProperties: false },
);
export type SaveShortlistSupplierRequest = Static<typeof SaveShortlistSupplierRequestSchema>;

/** What is wrong with a shortlist's name: null when it may be saved. */
export function shortlistNameProblem(name: string): string | null {
  const length = name.trim().length;
  if (length === 0) {
    return 'Enter a name for the shortlist';
  }
  return length > SHORTLIST_NAME_MAX_LENGTH ? `Enter a name of ${String(SHORTLIST_NAME_MAX_LENGTH)} characters or fewer` : null;
}

/** What is wrong with a note: null when it may be saved (it may be empty). */
export function shortlistNoteProblem(note: string): string | null {
  return note.trim().length > SHORTLIST_NOTE_MAX_LENGTH ? `Enter a note of ${String(SHORTLIST_NOTE_MAX_LENGTH)} characters or fewer` : null;
}
