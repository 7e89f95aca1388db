/**
 * Payloads of GET /api/v1/user/details and PUT /api/v1/supplier-registration (spec §3 "Supplier
 * details", §7). The fields themselves are defined once, by the supplier details form
 * (common/supplier-details/form.ts); these schemas fix only what is not a form answer.
 */
import type { Static } from 'typebox';
import { Type } from './schema-builders';
import { PendingSupplierChangeSchema } from './supplier-detail-changes';

export const SupplierDetailsSchema = Type.Object(
  {
    id: Type.Integer(),
    trading_name: Type.String(),
    legal_name: Type.String(),
    initial_catalogue: Type.Union([Type.Integer(), Type.Null()]),
    initial_catalogue_label: Type.Union([Type.String(), Type.Null()]),
    /** The uploaded financial statement's name, when there is one (the answer holds its id). */
    financial_statement_name: Type.Union([Type.String(), Type.Null()]),
    /** ISO 8601; send it back with a change so a save over someone else's is refused (409). */
    last_edited: Type.String({ format: 'date-time' }),
    /** A change of legal name or business numbers waiting for the team's review; the answers above stay the approved ones until then. */
    pending_change: Type.Union([PendingSupplierChangeSchema, Type.Null()]),
  },
  // Every other answer of the form, as the form's schema defines it.
  { additionalProperties: true },
);
export type SupplierDetails = Static<typeof SupplierDetailsSchema> & Record<string, unknown>;

/** PUT /api/v1/supplier-registration: the changed answers of one or more steps, and `last_edited`. */
export const UpdateSupplierDetailsRequestSchema = Type.Object(
  { last_edited: Type.String({ minLength: 1, maxLength: 40 }) },
  { additionalProperties: true, maxProperties: 100 },
);
export type UpdateSupplierDetailsRequest = Static<typeof UpdateSupplierDetailsRequestSchema> & Record<string, unknown>;
