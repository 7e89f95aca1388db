/** Payloads of the user routes (spec §7), one definition for the server and the apps. */
import type { Static } from 'typebox';
import { Type } from './schema-builders';

export const SupplierSummarySchema = Type.Object({
  supplierID: Type.Integer(),
  tradingName: Type.String(),
  isAdmin: Type.Boolean(),
  /** The supplier's admins ask everyone who works for it to sign in with a second factor (issue 29). */
  requiresSecondFactor: Type.Boolean(),
});
export type SupplierSummary = Static<typeof SupplierSummarySchema>;

/** An approved agency the user belongs to (issue 31). */
export const AgencySummarySchema = Type.Object({
  agencyID: Type.Integer(),
  agencyName: Type.String(),
  isAdmin: Type.Boolean(),
});
export type AgencySummary = Static<typeof AgencySummarySchema>;

export const UserProfileSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  email: Type.String(),
  isTeamMember: Type.Boolean(),
});
export type UserProfile = Static<typeof UserProfileSchema>;

/** A supplier of the user's that the team has suspended: not in `suppliers`, and why. */
export const SuspendedSupplierSchema = Type.Object({
  supplierID: Type.Integer(),
  tradingName: Type.String(),
  /** The team's reason; null for a suspension recorded before reasons were kept. */
  reason: Type.Union([Type.String(), Type.Null()]),
});
export type SuspendedSupplier = Static<typeof SuspendedSupplierSchema>;

export const CurrentUserResponseSchema = Type.Object({
  user: UserProfileSchema,
  activeSupplier: Type.Union([SupplierSummarySchema, Type.Null()]),
  suppliers: Type.Array(SupplierSummarySchema),
  suspendedSuppliers: Type.Array(SuspendedSupplierSchema),
  /** The approved agencies the user belongs to, by name (issue 31). */
  agencies: Type.Array(AgencySummarySchema),
  /**
   * The agency the user acts for, when they last chose one (or belong to agencies only); null when
   * they act for `activeSupplier`, or for nobody. The header's links and check mark follow it.
   */
  activeAgency: Type.Union([AgencySummarySchema, Type.Null()]),
  /** This sign-in used a second factor (issue 29): the team's pages need one. */
  signedInWithSecondFactor: Type.Boolean(),
});
export type CurrentUserResponse = Static<typeof CurrentUserResponseSchema>;

export const SwitchSupplierResponseSchema = Type.Object({
  activeSupplier: Type.Union([SupplierSummarySchema, Type.Null()]),
});
export type SwitchSupplierResponse = Static<typeof SwitchSupplierResponseSchema>;

export const SwitchAgencyResponseSchema = Type.Object({ activeAgency: AgencySummarySchema });
export type SwitchAgencyResponse = Static<typeof SwitchAgencyResponseSchema>;
