/** Payloads of the public registration routes (spec §7), one definition for the server and the apps. */
import { Type, type Static } from 'typebox';

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
