/**
 * Payloads of the applications API (spec §3 "Supplier application", §7) and of the team's
 * workflow routes (/api/v1/admin/applications). One definition for the server and the apps.
 */
import type { Static } from 'typebox';
import { Type } from './schema-builders';
import { APPLICATION_STATUSES, type ApplicationStatus } from '../application-stages';
import { FormDefinitionResponseSchema } from './forms';
import { IdSchema, PageNumberSchema, Paged } from './http';

export const ApplicationIdParamsSchema = Type.Object({ id: IdSchema });

export const ApplicationStatusSchema = Type.Unsafe<ApplicationStatus>(Type.String({ enum: [...APPLICATION_STATUSES] }));

/** A reference id as people read it: `MP-` and two groups of four letters and digits. */
export const REFERENCE_ID_PATTERN = '^MP-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$';

export const ServiceWithStatusSchema = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  catalogue: Type.Object({ id: Type.Integer(), title: Type.String() }),
  status: Type.Union([Type.Literal('requested'), Type.Literal('granted'), Type.Literal('declined')]),
  /** The team's reason for a decline; null otherwise (and for a decline made before reasons were kept). */
  declineReason: Type.Union([Type.String(), Type.Null()]),
});
export type ServiceWithStatus = Static<typeof ServiceWithStatusSchema>;

/** What an application holds besides its form: the chosen services, the terms, and each step's answers. */
export const ApplicationDataSchema = Type.Object(
  {
    services: Type.Array(IdSchema, { maxItems: 50, uniqueItems: true }),
    termsAccepted: Type.Optional(Type.Boolean()),
    /** Answers by step id; each step's schema says what it holds. */
    answers: Type.Record(Type.String({ maxLength: 100 }), Type.Record(Type.String(), Type.Unknown())),
  },
  { additionalProperties: false },
);
export type ApplicationData = Static<typeof ApplicationDataSchema>;

/** GET /api/v1/application/{id} (spec §7). */
export const ApplicationResponseSchema = Type.Object({
  id: Type.Integer(),
  referenceId: Type.String(),
  /** The form it was started on, composed for its services (common steps, then each catalogue's). */
  form: FormDefinitionResponseSchema,
  servicesWithStatus: Type.Array(ServiceWithStatusSchema),
  data: ApplicationDataSchema,
  status: ApplicationStatusSchema,
  progress: Type.Integer(),
  isLocked: Type.Boolean(),
  /** ISO 8601. */
  lastEdited: Type.String(),
  /** When each status was reached, ISO 8601 by status code. */
  statusTimestamps: Type.Record(Type.String(), Type.String()),
  /** Names of uploaded files the answers refer to, by file id. */
  files: Type.Record(Type.String(), Type.String()),
});
export type ApplicationResponse = Static<typeof ApplicationResponseSchema>;

/**
 * POST /api/v1/application: save (status `incomplete`) or submit (status `submitted`). A new
 * application has no `referenceId`; saving an existing one sends its `referenceId` and the
 * `lastEdited` it loaded (409 when someone saved since).
 */
export const SaveApplicationRequestSchema = Type.Object(
  {
    referenceId: Type.Optional(Type.String({ pattern: REFERENCE_ID_PATTERN })),
    lastEdited: Type.Optional(Type.String({ maxLength: 40 })),
    form: Type.Object({ key: Type.String({ maxLength: 60 }), version: Type.Integer({ minimum: 1 }) }, { additionalProperties: false }),
    progress: Type.Integer({ minimum: 1, maximum: 100 }),
    application: ApplicationDataSchema,
    status: Type.Union([Type.Literal('incomplete'), Type.Literal('submitted')]),
  },
  { additionalProperties: false },
);
export type SaveApplicationRequest = Static<typeof SaveApplicationRequestSchema>;

export const SaveApplicationResponseSchema = Type.Object({
  applicationId: Type.Integer(),
  referenceId: Type.String(),
  lastEdited: Type.String(),
});
export type SaveApplicationResponse = Static<typeof SaveApplicationResponseSchema>;

/** One row of the /applications list. */
export const ApplicationSummarySchema = Type.Object({
  id: Type.Integer(),
  referenceId: Type.String(),
  services: Type.Array(Type.Object({ id: Type.Integer(), title: Type.String() })),
  status: ApplicationStatusSchema,
  isLocked: Type.Boolean(),
  lastEdited: Type.String(),
});
export type ApplicationSummary = Static<typeof ApplicationSummarySchema>;

/** A page of the supplier's applications. */
export const SUPPLIER_APPLICATIONS_PAGE_SIZE = 25;

export const ApplicationListQuerySchema = Type.Object({
  status: Type.Optional(ApplicationStatusSchema),
  /** The one application with this reference, if it is the supplier's (how the apply screens resume one). */
  referenceId: Type.Optional(Type.String({ pattern: REFERENCE_ID_PATTERN })),
  page: Type.Optional(PageNumberSchema),
});
export type ApplicationListQuery = Static<typeof ApplicationListQuerySchema>;
/** The supplier's applications, the last edited first, SUPPLIER_APPLICATIONS_PAGE_SIZE at a time. */
export const ApplicationListResponseSchema = Paged('applications', ApplicationSummarySchema);
export type ApplicationListResponse = Static<typeof ApplicationListResponseSchema>;

/** GET /api/v1/supplier-form?services=1,2: the form for those services. */
export const SupplierFormQuerySchema = Type.Object({
  services: Type.String({ pattern: '^[1-9][0-9]{0,8}(,[1-9][0-9]{0,8}){0,49}$', description: 'Service ids, comma-separated' }),
});

/** One service a supplier may apply for (GET /api/v1/service), listed by title; or, with `approved=true`, one it is approved for. */
export const ServiceOptionSchema = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  catalogue: Type.Object({ id: Type.Integer(), title: Type.String() }),
  /** With `approved=true`: 'title - (catalogue: title)' (spec §3 "Engagement notice"). */
  label: Type.Optional(Type.String()),
});
export type ServiceOption = Static<typeof ServiceOptionSchema>;
export const ServiceListResponseSchema = Type.Array(ServiceOptionSchema);
export type ServiceListResponse = Static<typeof ServiceListResponseSchema>;

/**
 * A service the active supplier cannot apply for again (GET /api/v1/service/held): `granted` (in
 * an application, or listed), or `pending` (requested in a submitted application still assessed).
 */
export const HeldServiceSchema = Type.Object({
  id: Type.Integer(),
  status: Type.Union([Type.Literal('granted'), Type.Literal('pending')]),
});
export type HeldService = Static<typeof HeldServiceSchema>;
export const HeldServicesResponseSchema = Type.Array(HeldServiceSchema);
export type HeldServicesResponse = Static<typeof HeldServicesResponseSchema>;

/** How a held service reads beside its checkbox. */
export const HELD_SERVICE_HINTS: Readonly<Record<HeldService['status'], string>> = {
  granted: 'Already approved',
  pending: 'Application in progress',
};

/** An application that is not there, or not the caller's (404). */
export const APPLICATION_NOT_FOUND = 'No such application.';
/** What a supplier may not change once submitted (409). */
export const APPLICATION_LOCKED_MESSAGE = 'This application was submitted and can no longer be changed.';
/** Someone saved the application after it was loaded (409). */
export const APPLICATION_CHANGED_MESSAGE =
  'Someone else saved this application after you opened it. Reload the page to see their changes, then make yours again.';
