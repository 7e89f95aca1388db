/** Payloads of the user routes (spec §7), one definition for the server and the apps. */
import { Type, type Static } from 'typebox';

export const SupplierSummarySchema = Type.Object({
  supplierID: Type.Integer(),
  tradingName: Type.String(),
  isAdmin: Type.Boolean(),
});
export type SupplierSummary = Static<typeof SupplierSummarySchema>;

export const UserProfileSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  email: Type.String(),
  isStaff: Type.Boolean(),
});
export type UserProfile = Static<typeof UserProfileSchema>;

export const CurrentUserResponseSchema = Type.Object({
  user: UserProfileSchema,
  activeSupplier: Type.Union([SupplierSummarySchema, Type.Null()]),
  suppliers: Type.Array(SupplierSummarySchema),
});
export type CurrentUserResponse = Static<typeof CurrentUserResponseSchema>;

export const SwitchSupplierResponseSchema = Type.Object({
  activeSupplier: Type.Union([SupplierSummarySchema, Type.Null()]),
});
export type SwitchSupplierResponse = Static<typeof SwitchSupplierResponseSchema>;

export const ErrorResponseSchema = Type.Object({
  error: Type.String(),
  message: Type.String(),
  details: Type.Optional(Type.Unknown()),
});
export type ErrorResponse = Static<typeof ErrorResponseSchema>;

/** A 204 answer: no body (the routes declare `204: Type.Null()`); the API client reads it as null. */
export const NoContentResponseSchema = Type.Null();
