/**
 * An engagement notice's confidentiality marks (issue 32) as the supplier's, the agency's and the
 * team's notice details carry them, and the request either side sends to change its own.
 */
import type { Static } from 'typebox';
import { Type } from './schema-builders';
import { CONFIDENTIAL_REASON_MAX_LENGTH } from '../reporting/confidentiality';

const ReasonSchema = Type.Union([Type.String(), Type.Null()]);

export const ConfidentialityMarksSchema = Type.Object({
  /** Why the supplier keeps the engagement out of open data; null when it has not. */
  supplierReason: ReasonSchema,
  /** Why the agency keeps it out; null when it has not. */
  agencyReason: ReasonSchema,
  /** Whether the mark may still change: until the agency confirms the notice. */
  canChange: Type.Boolean(),
});
export type ConfidentialityMarksResponse = Static<typeof ConfidentialityMarksSchema>;

/** POST …/confidentiality: `confidential` with a reason, or not (the reason is dropped). */
export const ConfidentialityRequestSchema = Type.Object(
  {
    confidential: Type.Boolean(),
    // Room for a reason a little over the limit, so the server's check says how long it may be.
    reason: Type.Optional(Type.String({ maxLength: CONFIDENTIAL_REASON_MAX_LENGTH * 2 })),
  },
  { additionalProperties: false },
);
export type ConfidentialityRequest = Static<typeof ConfidentialityRequestSchema>;
