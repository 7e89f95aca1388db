/**
 * Payloads of the marketplace team's application workflow (/api/v1/admin/applications, team
 * only; issue 5 §5). Moves follow TEAM_TRANSITIONS (common/application-stages.ts); moving to
 * `published` publishes the granted services' listings, so the supplier appears in the directory.
 */
import type { Static } from 'typebox';
import { Type } from './schema-builders';
import type { ApplicationStageCode } from '../application-stages';
import { APPLICATION_STAGES } from '../application-stages';
import { ApplicationDataSchema, ApplicationStatusSchema, ServiceWithStatusSchema } from './applications';
import { FormDefinitionResponseSchema } from './forms';
import { SupplierStatusSchema, TeamSupplierThreadSchema } from './team-suppliers';
import { IdSchema, PageCursorQuery, PageCursors, PageNumberSchema, Paged } from './http';
import { THREAD_CONTENT_MAX_LENGTH } from './threads';

export const ADMIN_APPLICATIONS_PAGE_SIZE = 25;

/** `oldest` (the default): longest in its current stage first, the work queue's order; `latest`: latest change first. */
export const ADMIN_APPLICATION_SORTS = ['latest', 'oldest'] as const;
export type TeamApplicationSort = (typeof ADMIN_APPLICATION_SORTS)[number];

export const TeamApplicationListQuerySchema = Type.Object(
  {
    status: Type.Optional(ApplicationStatusSchema),
    sort: Type.Optional(Type.Unsafe<TeamApplicationSort>(Type.String({ enum: [...ADMIN_APPLICATION_SORTS] }))),
    page: Type.Optional(PageNumberSchema),
    ...PageCursorQuery,
  },
  { additionalProperties: false },
);
export type TeamApplicationListQuery = Static<typeof TeamApplicationListQuerySchema>;

/** What the list and one application share. */
const adminApplicationBase = {
  id: Type.Integer(),
  referenceId: Type.String(),
  supplierId: Type.Integer(),
  supplierTradingName: Type.String(),
  status: ApplicationStatusSchema,
  lastEdited: Type.String(),
  /** When it reached its current stage, ISO 8601: its time in the stage is counted from here. */
  stageReachedAt: Type.String(),
};

export const TeamApplicationSummarySchema = Type.Object({
  ...adminApplicationBase,
  /** The services it asks for, by title. */
  services: Type.Array(Type.Object({ id: Type.Integer(), title: Type.String() })),
});
export type TeamApplicationSummary = Static<typeof TeamApplicationSummarySchema>;

/**
 * Submitted applications (never Incomplete ones), longest in their current stage first or latest
 * change first, a page at a time; the next and previous pages start from the cursors (an
 * application's id), however deep.
 */
export const TeamApplicationListResponseSchema = Paged('applications', TeamApplicationSummarySchema, PageCursors);
export type TeamApplicationListResponse = Static<typeof TeamApplicationListResponseSchema>;

/** The applicant as the team reviews it beside its answers. */
export const TeamApplicantSchema = Type.Object({
  tradingName: Type.String(),
  legalName: Type.String(),
  nzbn: Type.Union([Type.String(), Type.Null()]),
  email: Type.Union([Type.String(), Type.Null()]),
  phone: Type.Union([Type.String(), Type.Null()]),
  status: SupplierStatusSchema,
});
export type TeamApplicant = Static<typeof TeamApplicantSchema>;

export const TeamApplicationSchema = Type.Object({
  ...adminApplicationBase,
  servicesWithStatus: Type.Array(ServiceWithStatusSchema),
  statusTimestamps: Type.Record(Type.String(), Type.String()),
  data: ApplicationDataSchema,
  /** The form it was made on, composed for its services, so every answer reads by its question. */
  form: FormDefinitionResponseSchema,
  /** Names of uploaded files the answers refer to, by file id. */
  files: Type.Record(Type.String(), Type.String()),
  supplier: TeamApplicantSchema,
  /** The message threads on this application, the latest activity first. */
  threads: Type.Array(TeamSupplierThreadSchema),
});
export type TeamApplication = Static<typeof TeamApplicationSchema>;

const stageCodes = APPLICATION_STAGES.map((stage) => stage.code).filter((code) => code !== 'submitted');

/** POST /api/v1/admin/applications/{id}/status: `reason` is required for `declined` and is sent as a message in the application's thread. */
export const TeamMoveApplicationRequestSchema = Type.Object(
  {
    status: Type.Unsafe<Exclude<ApplicationStageCode, 'submitted'>>(Type.String({ enum: stageCodes })),
    reason: Type.Optional(Type.String({ minLength: 1, maxLength: THREAD_CONTENT_MAX_LENGTH })),
  },
  { additionalProperties: false },
);
export type TeamMoveApplicationRequest = Static<typeof TeamMoveApplicationRequestSchema>;

export const SERVICE_DECLINE_REASON_MAX_LENGTH = 1000;
export const SERVICE_DECLINE_REASON_MISSING = 'Enter why you are declining this service';

/**
 * PUT /api/v1/admin/applications/{id}/services/{serviceId}: the decision on one requested service;
 * a decline with the team's reason, which the supplier reads on its application.
 */
export const TeamServiceDecisionRequestSchema = Type.Object(
  {
    status: Type.Union([Type.Literal('granted'), Type.Literal('declined')]),
    reason: Type.Optional(Type.String({ maxLength: SERVICE_DECLINE_REASON_MAX_LENGTH })),
  },
  { additionalProperties: false },
);
export type TeamServiceDecisionRequest = Static<typeof TeamServiceDecisionRequestSchema>;

export const TeamApplicationServiceParamsSchema = Type.Object({ id: IdSchema, serviceId: IdSchema });

/** Why an application cannot be published yet (stage 6): the granted services whose listing the team has not approved. */
export function listingsNotReadyMessage(serviceTitles: readonly string[]): string {
  const names = serviceTitles.length < 2 ? serviceTitles.join('') : `${serviceTitles.slice(0, -1).join(', ')} and ${serviceTitles.at(-1) ?? ''}`;
  const listings = serviceTitles.length === 1 ? 'listing' : 'listings';
  return `The application cannot be published until the ${listings} of ${names} ${serviceTitles.length === 1 ? 'is' : 'are'} approved. Review the ${listings} in Service listings first.`;
}
