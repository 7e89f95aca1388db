/**
 * Payloads of the supplier's service listing routes (issue 30): the listings of the services it was
 * granted, one listing with its form, a save of the working copy, and sending it for review.
 */
import type { Static } from 'typebox';
import { SERVICE_LISTING_STATUS_CODES, type ServiceListingStatus } from '../listings/service-listings';
import { FormRefSchema, ReportingAnswersSchema } from './engagement-notices';
import { FormDefinitionResponseSchema } from './forms';
import { IdSchema } from './http';
import { Type } from './schema-builders';

export const ServiceListingStatusSchema = Type.Unsafe<ServiceListingStatus>(Type.String({ enum: [...SERVICE_LISTING_STATUS_CODES] }));

/** A listing's answers: an object of answers by step id. */
export const ListingAnswersSchema = ReportingAnswersSchema;

const ListedServiceSchema = Type.Object({
  id: Type.Integer(),
  slug: Type.String(),
  title: Type.String(),
  catalogueTitle: Type.String(),
});

/** One granted service and its listing as the supplier's list shows it; `listing` is null before the first save. */
export const ServiceListingSummarySchema = Type.Object({
  service: ListedServiceSchema,
  listing: Type.Union([
    Type.Object({
      id: Type.Integer(),
      status: ServiceListingStatusSchema,
      /** Whether a version of it is live in the directory (its working copy may differ). */
      isLive: Type.Boolean(),
      /** ISO 8601. */
      lastEdited: Type.String(),
    }),
    Type.Null(),
  ]),
});
export type ServiceListingSummary = Static<typeof ServiceListingSummarySchema>;

/** GET /api/v1/listing: every service the active supplier was granted, by catalogue and title. */
export const ServiceListingListResponseSchema = Type.Object({ listings: Type.Array(ServiceListingSummarySchema) });
export type ServiceListingListResponse = Static<typeof ServiceListingListResponseSchema>;

export const ServiceListingParamsSchema = Type.Object({ serviceId: IdSchema });
export type ServiceListingParams = Static<typeof ServiceListingParamsSchema>;

/**
 * GET /api/v1/listing/{serviceId}: the listing of one granted service, with the form version it is
 * written on (the newest for a listing not started), its working copy, and what the team said.
 */
export const ServiceListingResponseSchema = Type.Object({
  /** Null before the first save. */
  id: Type.Union([Type.Integer(), Type.Null()]),
  service: ListedServiceSchema,
  form: FormDefinitionResponseSchema,
  data: ListingAnswersSchema,
  status: ServiceListingStatusSchema,
  isLive: Type.Boolean(),
  /** Whether the supplier may change the working copy now, and send it. */
  isEditable: Type.Boolean(),
  isSendable: Type.Boolean(),
  /** The team's reasons when it asked for changes; null otherwise. */
  changesRequested: Type.Union([Type.String(), Type.Null()]),
  /** ISO 8601; send it back when saving (409 when someone saved since). Null before the first save. */
  lastEdited: Type.Union([Type.String(), Type.Null()]),
  /** Names of the uploaded files its answers hold, by file id. */
  files: Type.Record(Type.String(), Type.String()),
});
export type ServiceListingResponse = Static<typeof ServiceListingResponseSchema>;

/** PUT /api/v1/listing/{serviceId}: the working copy, checked for what it holds (a draft may be unfinished). */
export const SaveServiceListingRequestSchema = Type.Object(
  {
    form: FormRefSchema,
    data: ListingAnswersSchema,
    /** The `lastEdited` the supplier loaded; absent for a listing not saved before. */
    lastEdited: Type.Optional(Type.String({ maxLength: 40 })),
  },
  { additionalProperties: false },
);
export type SaveServiceListingRequest = Static<typeof SaveServiceListingRequestSchema>;

export const SaveServiceListingResponseSchema = Type.Object({
  id: Type.Integer(),
  status: ServiceListingStatusSchema,
  lastEdited: Type.String(),
  files: Type.Record(Type.String(), Type.String()),
});
export type SaveServiceListingResponse = Static<typeof SaveServiceListingResponseSchema>;

/** POST /api/v1/listing/{serviceId}/send: the saved working copy, checked in full, goes to the team. */
export const SendServiceListingRequestSchema = Type.Object({ lastEdited: Type.String({ maxLength: 40 }) }, { additionalProperties: false });
export type SendServiceListingRequest = Static<typeof SendServiceListingRequestSchema>;

export const SendServiceListingResponseSchema = Type.Object({
  status: ServiceListingStatusSchema,
  lastEdited: Type.String(),
  /** The application that moved to Service Listing Validation because this was its last listing to send; null otherwise. */
  applicationMovedToValidation: Type.Union([Type.String(), Type.Null()]),
});
export type SendServiceListingResponse = Static<typeof SendServiceListingResponseSchema>;

export const LISTING_NOT_FOUND = 'That listing was not found. You can list only the services your applications were granted.';
export const LISTING_NOT_EDITABLE = 'This listing is with the marketplace team for review, so it cannot be changed now.';
export const LISTING_NOT_SENDABLE = 'This listing has nothing new to send for review.';
export const LISTING_CHANGED_SINCE = 'Someone saved this listing since you opened it. Reload the page to see their changes.';

/**
 * POST /api/v1/listing/{serviceId}/template (multipart field `file`): a filled-in listing template
 * read into the listing's answers, for the supplier to check and save (nothing is stored). A cell
 * that cannot be read is a 400 with a detail per cell (`field` is its address, such as `B12`).
 */
export const ReadListingTemplateResponseSchema = Type.Object({
  /** The working copy's answers with the template's in place of the fields it asks. */
  data: ListingAnswersSchema,
  /** How many answer cells of the template held something. */
  filledCells: Type.Integer(),
});
export type ReadListingTemplateResponse = Static<typeof ReadListingTemplateResponseSchema>;
