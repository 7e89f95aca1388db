/** Payloads of the user routes (spec §7), one definition for the server and the apps. */
import type { Static } from 'typebox';
import { Type } from './schema-builders';

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
  isTeamMember: Type.Boolean(),
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
