/**
 * Payloads of an agency's people (issue 31): the members and pending invitations of the active
 * agency, managed by its admins. A member and an invitation have the shapes a supplier's have, and
 * inviting or changing one takes the same requests (common/api/users.ts).
 */
import type { Static } from 'typebox';
import { Type } from './schema-builders';
import { PendingInvitationSchema, SupplierUserSchema } from './users';

/** A member of the active agency: the same fields as a supplier's user. */
export const AgencyUserSchema = SupplierUserSchema;
export type AgencyUser = Static<typeof AgencyUserSchema>;

/** GET /api/v1/agency/users: members and pending invitations of the active agency, by name. */
export const AgencyUsersResponseSchema = Type.Object({
  users: Type.Array(AgencyUserSchema),
  invitations: Type.Array(PendingInvitationSchema),
});
export type AgencyUsersResponse = Static<typeof AgencyUsersResponseSchema>;
