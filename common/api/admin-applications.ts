/**
 * Payloads of the marketplace team's application workflow (/api/v1/admin/applications, staff
 * only; issue 5 §5). Moves follow TEAM_TRANSITIONS (common/application-stages.ts); moving to
 * `published` publishes the granted services' listings, so the supplier appears in the directory.
 */
import { Type, type Static } from 'typebox';
import type { ApplicationStageCode } from '../application-stages';
import { APPLICATION_STAGES } from '../application-stages';
import { ApplicationStatusSchema, ServiceWithStatusSchema } from './applications';
import { IdSchema, PageNumberSchema, Paged } from './http';
import { THREAD_CONTENT_MAX_LENGTH } from './threads';

export const ADMIN_APPLICATIONS_PAGE_SIZE = 25;

/** `latest` (the default): latest change first; `oldest`: longest in its current stage first (the work queue's order). */
export const ADMIN_APPLICATION_SORTS = ['latest', 'oldest'] as const;
export type AdminApplicationSort = (typeof ADMIN_APPLICATION_SORTS)[number];

export const AdminApplicationListQuerySchema = Type.Object(
  {
    status: Type.Optional(ApplicationStatusSchema),
    sort: Type.Optional(Type.Unsafe<AdminApplicationSort>(Type.String({ enum: [...ADMIN_APPLICATION_SORTS] }))),
    page: Type.Optional(PageNumberSchema),
  },
  { additionalProperties: false },
);
export type AdminApplicationListQuery = Static<typeof AdminApplicationListQuerySchema>;

export const AdminApplicationSummarySchema = Type.Object({
  id: Type.Integer(),
  referenceId: Type.String(),
  supplierId: Type.Integer(),
  supplierTradingName: Type.String(),
  status: ApplicationStatusSchema,
  lastEdited: Type.String(),
});
export type AdminApplicationSummary = Static<typeof AdminApplicationSummarySchema>;

export const AdminApplicationListItemSchema = Type.Object({
  ...AdminApplicationSummarySchema.properties,
  /** When it reached its current stage (its `statusTimestamps` entry; the last change when there is none). */
  stageSince: Type.String({ format: 'date-time' }),
});
export type AdminApplicationListItem = Static<typeof AdminApplicationListItemSchema>;

/** Submitted applications (never Incomplete ones), latest change first or oldest in their stage first, a page at a time. */
export const AdminApplicationListResponseSchema = Paged('applications', AdminApplicationListItemSchema);
export type AdminApplicationListResponse = Static<typeof AdminApplicationListResponseSchema>;

export const AdminApplicationSchema = Type.Object({
  ...AdminApplicationSummarySchema.properties,
  servicesWithStatus: Type.Array(ServiceWithStatusSchema),
  statusTimestamps: Type.Record(Type.String(), Type.String()),
  data: Type.Record(Type.String(), Type.Unknown()),
});
export type AdminApplication = Static<typeof AdminApplicationSchema>;

const stageCodes = APPLICATION_STAGES.map((stage) => stage.code).filter((code) => code !== 'submitted');

/** POST /api/v1/admin/applications/{id}/status: `reason` is required for `declined` and is sent as a message in the application's thread. */
export const AdminMoveApplicationRequestSchema = Type.Object(
  {
    status: Type.Unsafe<Exclude<ApplicationStageCode, 'submitted'>>(Type.String({ enum: stageCodes })),
    reason: Type.Optional(Type.String({ minLength: 1, maxLength: THREAD_CONTENT_MAX_LENGTH })),
  },
  { additionalProperties: false },
);
export type AdminMoveApplicationRequest = Static<typeof AdminMoveApplicationRequestSchema>;

/** PUT /api/v1/admin/applications/{id}/services/{serviceId}: the decision on one requested service. */
export const AdminServiceDecisionRequestSchema = Type.Object(
  { status: Type.Union([Type.Literal('granted'), Type.Literal('declined')]) },
  { additionalProperties: false },
);
export type AdminServiceDecisionRequest = Static<typeof AdminServiceDecisionRequestSchema>;

export const AdminApplicationServiceParamsSchema = Type.Object({ id: IdSchema, serviceId: IdSchema });
