/**
 * Payloads of the marketplace team's review of service listings (/api/v1/admin/listings, team only;
 * issue 30 stage 5): the listings by status, one listing with its live version and the fields that
 * differ, approving it, and sending it back with reasons. Approving a listing that is not live yet
 * leaves it for publication with its application (stage 6); approving a live listing's change
 * publishes it at once as a new version.
 */
import type { Static } from 'typebox';
import { SERVICE_LISTING_STATUS_CODES, type ServiceListingStatus } from '../listings/service-listings';
import { FormDefinitionResponseSchema } from './forms';
import { CappedTotal, IdSchema, PageNumberSchema, Paged } from './http';
import { Type } from './schema-builders';
import { ListingAnswersSchema, ServiceListingStatusSchema } from './service-listings';
import { THREAD_CONTENT_MAX_LENGTH } from './threads';

export const ADMIN_LISTINGS_PAGE_SIZE = 25;

export const TeamListingListQuerySchema = Type.Object(
  {
    /** `in_review` when not given: the team's work. */
    status: Type.Optional(Type.Unsafe<ServiceListingStatus>(Type.String({ enum: [...SERVICE_LISTING_STATUS_CODES] }))),
    page: Type.Optional(PageNumberSchema),
  },
  { additionalProperties: false },
);
export type TeamListingListQuery = Static<typeof TeamListingListQuerySchema>;

const teamListingBase = {
  id: Type.Integer(),
  supplierId: Type.Integer(),
  supplierTradingName: Type.String(),
  service: Type.Object({ id: Type.Integer(), title: Type.String(), catalogueTitle: Type.String() }),
  status: ServiceListingStatusSchema,
  /** Whether a version of it is live in the directory. */
  isLive: Type.Boolean(),
  /** When it was last sent for review, ISO 8601; null when never sent. */
  submittedAt: Type.Union([Type.String(), Type.Null()]),
  lastEdited: Type.String(),
};

export const TeamListingSummarySchema = Type.Object(teamListingBase);
export type TeamListingSummary = Static<typeof TeamListingSummarySchema>;

/** Longest waiting first, a page at a time. */
export const TeamListingListResponseSchema = Paged('listings', TeamListingSummarySchema, CappedTotal);
export type TeamListingListResponse = Static<typeof TeamListingListResponseSchema>;

export const TeamListingParamsSchema = Type.Object({ id: IdSchema });
export type TeamListingParams = Static<typeof TeamListingParamsSchema>;

/** One published version of a listing, as its history shows it. */
export const ListingVersionSchema = Type.Object({
  version: Type.Integer(),
  publishedAt: Type.String(),
  /** Who approved it, by name; null when that account is gone. */
  approvedBy: Type.Union([Type.String(), Type.Null()]),
  /** The fields that changed from the version before, as `step.field`; empty for the first. */
  changedFields: Type.Array(Type.String()),
});
export type ListingVersion = Static<typeof ListingVersionSchema>;

/** GET /admin/listings/{id}: the working copy beside the live version, and what differs. */
export const TeamListingSchema = Type.Object({
  ...teamListingBase,
  form: FormDefinitionResponseSchema,
  data: ListingAnswersSchema,
  /** The live version's answers; null when nothing is live. */
  liveData: Type.Union([ListingAnswersSchema, Type.Null()]),
  /** The fields of the working copy that differ from the live version (`step.field`); every answered field when nothing is live. */
  changedFields: Type.Array(Type.String()),
  changesRequested: Type.Union([Type.String(), Type.Null()]),
  /** When the team suspended the live listing (buyers cannot read it meanwhile), ISO 8601; null when it is not suspended. */
  suspendedAt: Type.Union([Type.String(), Type.Null()]),
  /** The live version's documents whose expiry date has passed (New Zealand's date), by file id, kind and date. */
  expiredDocuments: Type.Array(Type.Object({ fileId: Type.String(), kind: Type.String(), expiresOn: Type.String() })),
  /** The application whose grant asked for the listing; null for a listing that came before listing forms. */
  application: Type.Union([Type.Object({ id: Type.Integer(), referenceId: Type.String() }), Type.Null()]),
  versions: Type.Array(ListingVersionSchema),
  /** Names of the uploaded files either version holds, by file id. */
  files: Type.Record(Type.String(), Type.String()),
});
export type TeamListing = Static<typeof TeamListingSchema>;

export const LISTING_CHANGES_REASON_MISSING = 'Say what the supplier needs to change';

/** POST /admin/listings/{id}/request-changes: the reasons go to the supplier in a message. */
export const RequestListingChangesSchema = Type.Object(
  { reason: Type.String({ maxLength: THREAD_CONTENT_MAX_LENGTH }) },
  { additionalProperties: false },
);
export type RequestListingChanges = Static<typeof RequestListingChangesSchema>;

export const LISTING_NOT_IN_REVIEW = 'This listing is not waiting for review: someone may have decided on it already. Reload the page.';

export const LISTING_SUSPEND_REASON_MISSING = 'Say why the listing is suspended: the supplier reads it';

/** POST /admin/listings/{id}/suspend: the reasons go to the supplier in a message. */
export const SuspendListingSchema = Type.Object({ reason: Type.String({ maxLength: THREAD_CONTENT_MAX_LENGTH }) }, { additionalProperties: false });
export type SuspendListing = Static<typeof SuspendListingSchema>;

export const LISTING_NOT_SUSPENDABLE = 'Only a live listing that is not suspended can be suspended. Reload the page.';
export const LISTING_NOT_SUSPENDED = 'This listing is not suspended. Reload the page.';
