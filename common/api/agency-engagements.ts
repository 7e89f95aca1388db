/**
 * Payloads of the agency's side of reporting (issue 31): the engagement notices that name the
 * active agency, as its people see them. Money is NZD, GST-exclusive, in whole cents.
 */
import type { Static } from 'typebox';
import { Type } from './schema-builders';
import { PageNumberSchema, Paged } from './http';

export const AGENCY_NOTICES_PAGE_SIZE = 25;

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
});
export type AgencyNotice = Static<typeof AgencyNoticeSchema>;

export const AgencyNoticesQuerySchema = Type.Object({ page: Type.Optional(PageNumberSchema) }, { additionalProperties: false });
export type AgencyNoticesQuery = Static<typeof AgencyNoticesQuerySchema>;

/** GET /api/v1/agency/engagement-notices: the sent notices naming the active agency, newest first. */
export const AgencyNoticesResponseSchema = Paged('notices', AgencyNoticeSchema);
export type AgencyNoticesResponse = Static<typeof AgencyNoticesResponseSchema>;
