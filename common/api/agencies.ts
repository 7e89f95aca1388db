/**
 * Payloads of the agency registration form's API (spec §3 "Agency application", §7) and of the
 * team's routes (/api/v1/admin/agencies), plus the approved agencies' source list. One definition
 * for the server and the apps.
 */
import type { Static } from 'typebox';
import { Type } from './schema-builders';
import { AGENCY_APPLICATION_STATUSES, AGENCY_CONFIRM_STEP, AGENCY_RESUME_ID_PATTERN, type AgencyApplicationStatus } from '../agency-form';
import { IdSchema, Paged, PageNumberSchema } from './http';

export const AgencyApplicationStatusSchema = Type.Unsafe<AgencyApplicationStatus>(Type.String({ enum: [...AGENCY_APPLICATION_STATUSES] }));

/** The form's answers, keyed by field (flat across the steps). */
export const AgencyAnswersSchema = Type.Record(Type.String({ maxLength: 100 }), Type.Unknown(), { maxProperties: 100 });
export type AgencyAnswers = Static<typeof AgencyAnswersSchema>;

export const AgencyResumeParamsSchema = Type.Object({
  id: Type.String({ pattern: AGENCY_RESUME_ID_PATTERN, description: 'The resume link\u2019s id: 43 characters of base64url' }),
});

/** GET /api/v1/agency-form/application/{id}, and the answer of every save. */
export const AgencyApplicationResponseSchema = Type.Object({
  /** The resume link's id. */
  id: Type.String(),
  status: AgencyApplicationStatusSchema,
  /** The step to come back to; null until one was saved. */
  lastStep: Type.Union([Type.Integer(), Type.Null()]),
  /** Empty once the application is submitted. */
  answers: AgencyAnswersSchema,
  /** When the resume link stops working (ISO 8601). */
  expiresAt: Type.String(),
  /** The registration's reference once it is submitted (`AGY-000123`); null before. */
  reference: Type.Union([Type.String(), Type.Null()]),
  /** Set when this save emailed the resume link: the address it went to. */
  resumeLinkSentTo: Type.Optional(Type.String()),
});
export type AgencyApplicationResponse = Static<typeof AgencyApplicationResponseSchema>;

/** POST /api/v1/agency-form/application (a new one) and PUT …/{id}: saves the answers so far. */
export const SaveAgencyApplicationRequestSchema = Type.Object(
  {
    answers: AgencyAnswersSchema,
    lastStep: Type.Integer({ minimum: 1, maximum: AGENCY_CONFIRM_STEP }),
    /** "Save and come back later": email the resume link to the contact's address. */
    sendResumeLink: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type SaveAgencyApplicationRequest = Static<typeof SaveAgencyApplicationRequestSchema>;

/** POST /api/v1/agency-form/application/{id}/submit: the confirmed answers, checked in full. */
export const SubmitAgencyApplicationRequestSchema = Type.Object({ answers: AgencyAnswersSchema }, { additionalProperties: false });
export type SubmitAgencyApplicationRequest = Static<typeof SubmitAgencyApplicationRequestSchema>;

/** The team's view of a registration's state. */
export const TeamAgencyStatusSchema = Type.Union([Type.Literal('submitted'), Type.Literal('approved'), Type.Literal('declined')]);
export type TeamAgencyStatus = Static<typeof TeamAgencyStatusSchema>;

export const TeamAgencySummarySchema = Type.Object({
  id: Type.Integer(),
  /** What the agency quotes: `AGY-000123`. */
  reference: Type.String(),
  name: Type.String(),
  contactEmail: Type.String(),
  status: TeamAgencyStatusSchema,
  /** ISO 8601. */
  submittedAt: Type.String(),
});
export type TeamAgencySummary = Static<typeof TeamAgencySummarySchema>;

export const TeamAgencyListQuerySchema = Type.Object({
  status: Type.Optional(TeamAgencyStatusSchema),
  page: Type.Optional(PageNumberSchema),
});
export const TeamAgencyListResponseSchema = Paged('agencies', TeamAgencySummarySchema);
export type TeamAgencyListResponse = Static<typeof TeamAgencyListResponseSchema>;

export const TeamAgencyParamsSchema = Type.Object({ id: IdSchema });

export const TeamAgencySchema = Type.Object({
  ...TeamAgencySummarySchema.properties,
  formVersion: Type.Integer(),
  answers: AgencyAnswersSchema,
  decidedAt: Type.Union([Type.String(), Type.Null()]),
  /** The name of the team member who decided it. */
  decidedBy: Type.Union([Type.String(), Type.Null()]),
  declineReasons: Type.Union([Type.String(), Type.Null()]),
});
export type TeamAgency = Static<typeof TeamAgencySchema>;

export const DeclineAgencyRequestSchema = Type.Object(
  { reasons: Type.String({ minLength: 1, maxLength: 5000, pattern: '\\S' }) },
  { additionalProperties: false },
);
export type DeclineAgencyRequest = Static<typeof DeclineAgencyRequestSchema>;

/** GET /api/v1/engagement-notice/agency: the approved agencies, by name (spec §3 "Engagement notice"). */
export const AgencyOptionSchema = Type.Object({ id: Type.Integer(), name: Type.String() });
export const AgencySourceListSchema = Type.Array(AgencyOptionSchema);
export type AgencySourceList = Static<typeof AgencySourceListSchema>;
