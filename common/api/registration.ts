/** Payloads of the public registration routes (spec §7), one definition for the server and the apps. */
import type { Static } from 'typebox';
import { Type } from './schema-builders';
import { IdSchema, PageCursorQuery, PageCursors, PageNumberSchema, Paged } from './http';

/** Room for a number written with spaces or hyphens; the check itself is the business-number rule. */
const BusinessNumberQuerySchema = (description: string) => Type.String({ minLength: 1, maxLength: 40, description });

/** GET /api/v1/check-supplier: exactly one business number. */
export const CheckSupplierQuerySchema = Type.Object(
  {
    nzbn: Type.Optional(BusinessNumberQuerySchema('New Zealand Business Number: 13 digits, spaces allowed')),
    abn: Type.Optional(BusinessNumberQuerySchema('Australian Business Number: 11 digits, spaces allowed')),
    acn: Type.Optional(BusinessNumberQuerySchema('Australian Company Number: 9 digits, spaces allowed')),
  },
  { additionalProperties: false },
);
export type CheckSupplierQuery = Static<typeof CheckSupplierQuerySchema>;

/** Whether a business with that number is already registered, and nothing else about it. */
export const CheckSupplierResponseSchema = Type.Object(
  { registered: Type.Boolean({ description: 'A supplier with this business number is already registered' }) },
  { additionalProperties: false },
);
export type CheckSupplierResponse = Static<typeof CheckSupplierResponseSchema>;

/** The most answers a registration can hold (the form has fewer questions; more is not a registration). */
const MAX_ANSWERS = 200;

/**
 * POST /api/v1/supplier-registration: the wizard's flat answers (spec §3, numeric key prefixes
 * already stripped) and the form version they were given on.
 */
export const SubmitRegistrationRequestSchema = Type.Object(
  {
    formVersion: Type.Integer({ minimum: 1, maximum: 999_999, description: 'The registration form version the answers were given on' }),
    answers: Type.Record(Type.String({ maxLength: 100 }), Type.Unknown(), {
      maxProperties: MAX_ANSWERS,
      description: 'Flat answers keyed by question, e.g. trading_name, nzbn, registered_address',
    }),
  },
  { additionalProperties: false },
);
export type SubmitRegistrationRequest = Static<typeof SubmitRegistrationRequestSchema>;

export const SubmitRegistrationResponseSchema = Type.Object(
  { referenceId: Type.String({ description: 'The registration\'s reference, to quote to the team' }) },
  { additionalProperties: false },
);
export type SubmitRegistrationResponse = Static<typeof SubmitRegistrationResponseSchema>;

export const REGISTRATION_STATUSES = ['pending', 'approved', 'declined'] as const;
export type RegistrationStatus = (typeof REGISTRATION_STATUSES)[number];
export const RegistrationStatusSchema = Type.Unsafe<(typeof REGISTRATION_STATUSES)[number]>(Type.String({ enum: [...REGISTRATION_STATUSES] }));

export const ADMIN_REGISTRATIONS_PAGE_SIZE = 25;

/** GET /api/v1/admin/registrations: the waiting ones unless `status` says otherwise, oldest submission first. */
export const TeamRegistrationListQuerySchema = Type.Object(
  { status: Type.Optional(RegistrationStatusSchema), page: Type.Optional(PageNumberSchema), ...PageCursorQuery },
  { additionalProperties: false },
);
export type TeamRegistrationListQuery = Static<typeof TeamRegistrationListQuerySchema>;

export const TeamRegistrationParamsSchema = Type.Object({ id: IdSchema });
export type TeamRegistrationParams = Static<typeof TeamRegistrationParamsSchema>;

export const TeamRegistrationSummarySchema = Type.Object({
  id: Type.Integer(),
  referenceId: Type.String(),
  status: RegistrationStatusSchema,
  tradingName: Type.String(),
  nzbn: Type.Union([Type.String(), Type.Null()]),
  abn: Type.Union([Type.String(), Type.Null()]),
  acn: Type.Union([Type.String(), Type.Null()]),
  registrantName: Type.String(),
  registrantEmail: Type.String(),
  submittedAt: Type.String(),
});
export type TeamRegistrationSummary = Static<typeof TeamRegistrationSummarySchema>;

/**
 * Registrations of one status (pending by default), oldest submission first (the queue's order), a
 * page at a time; the next and previous pages start from the cursors (a registration's id), however deep.
 */
export const TeamRegistrationListResponseSchema = Paged('registrations', TeamRegistrationSummarySchema, PageCursors);
export type TeamRegistrationListResponse = Static<typeof TeamRegistrationListResponseSchema>;

export const TeamRegistrationSchema = Type.Object({
  ...TeamRegistrationSummarySchema.properties,
  form: Type.Object({ key: Type.String(), version: Type.Integer() }),
  answers: Type.Record(Type.String(), Type.Unknown()),
  supplierId: Type.Union([Type.Integer(), Type.Null()], { description: 'The supplier approving it created' }),
  declineReasons: Type.Union([Type.String(), Type.Null()]),
  decidedAt: Type.Union([Type.String(), Type.Null()]),
  decidedBy: Type.Union([Type.String(), Type.Null()], { description: 'The name of the team member who decided it' }),
});
export type TeamRegistration = Static<typeof TeamRegistrationSchema>;

export const REGISTRATION_DECLINE_REASONS_MAX_LENGTH = 4000;

/** POST /api/v1/admin/registrations/{id}/decline: the reasons, emailed to the registrant. */
export const TeamDeclineRegistrationRequestSchema = Type.Object(
  { reasons: Type.String({ minLength: 1, maxLength: REGISTRATION_DECLINE_REASONS_MAX_LENGTH, pattern: '\\S' }) },
  { additionalProperties: false },
);
export type TeamDeclineRegistrationRequest = Static<typeof TeamDeclineRegistrationRequestSchema>;
