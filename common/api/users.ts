/**
 * Payloads of supplier user management (spec §2 /users, /users/add, /users/edit/{id}; §7
 * GET /api/v1/user/users, POST /api/v1/supplier-user/remove) and of invitation acceptance
 * (the user app's /user/confirm/{token}). One definition for the server and the apps.
 */
import type { Static } from 'typebox';
import { Type } from './schema-builders';
import { NAME_PATTERN } from '../forms/builders';
import { IdSchema } from './http';
import { AgencySummarySchema, SupplierSummarySchema } from './user';

/** Longest name and address the forms accept (an email address cannot exceed 254 characters). */
export const MAX_USER_NAME_LENGTH = 200;
export const MAX_EMAIL_LENGTH = 254;

// A name must contain something other than spaces.
/** Some text that is not all spaces, and no hidden formatting characters (NAME_PATTERN). */
export const NameSchema = Type.String({ minLength: 1, maxLength: MAX_USER_NAME_LENGTH, pattern: `(?=[\\s\\S]*\\S)${NAME_PATTERN}` });
export const EmailSchema = Type.String({ format: 'email', minLength: 3, maxLength: MAX_EMAIL_LENGTH });

export const SupplierUserSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  email: Type.String(),
  isAdmin: Type.Boolean(),
  /** The signed-in user: the screen hides "remove" where it would lock them out. */
  isCurrentUser: Type.Boolean(),
});
export type SupplierUser = Static<typeof SupplierUserSchema>;

export const PendingInvitationSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  email: Type.String(),
  isAdmin: Type.Boolean(),
  /** ISO 8601. */
  expiresAt: Type.String(),
});
export type PendingInvitation = Static<typeof PendingInvitationSchema>;

/** GET /api/v1/user/users: members and pending invitations of the active supplier, by name. */
export const SupplierUsersResponseSchema = Type.Object({
  users: Type.Array(SupplierUserSchema),
  invitations: Type.Array(PendingInvitationSchema),
});
export type SupplierUsersResponse = Static<typeof SupplierUsersResponseSchema>;

/** Path parameter of a user or invitation id. */
export const IdParamsSchema = Type.Object({ id: IdSchema });
export type IdParams = Static<typeof IdParamsSchema>;

/** POST /api/v1/user/users (the /users/add screen): invites a person. */
export const InviteUserRequestSchema = Type.Object(
  { name: NameSchema, email: EmailSchema, isAdmin: Type.Boolean() },
  { additionalProperties: false },
);
export type InviteUserRequest = Static<typeof InviteUserRequestSchema>;

/**
 * PUT /api/v1/user/users/{id} (the /users/edit/{id} screen): an admin manages membership and role
 * only. A person's name and email are their own (shown to every supplier they belong to and to the
 * team), so neither is accepted here.
 */
export const UpdateUserRequestSchema = Type.Object({ isAdmin: Type.Boolean() }, { additionalProperties: false });
export type UpdateUserRequest = Static<typeof UpdateUserRequestSchema>;

/** POST /api/v1/supplier-user/remove (spec §6: removal takes an email). */
export const RemoveSupplierUserRequestSchema = Type.Object({ email: EmailSchema }, { additionalProperties: false });
export type RemoveSupplierUserRequest = Static<typeof RemoveSupplierUserRequestSchema>;

export const RemoveSupplierUserResponseSchema = Type.Object({ removed: Type.Literal(true), email: Type.String() });
export type RemoveSupplierUserResponse = Static<typeof RemoveSupplierUserResponseSchema>;

/** An invitation token as it appears in the link: 32 random bytes, base64url. */
export const InvitationTokenParamsSchema = Type.Object({ token: Type.String({ pattern: '^[A-Za-z0-9_-]{43}$' }) });
export type InvitationTokenParams = Static<typeof InvitationTokenParamsSchema>;

export const InvitationStatusSchema = Type.Union([
  Type.Literal('valid'),
  Type.Literal('expired'),
  Type.Literal('used'),
  Type.Literal('revoked'),
]);
export type InvitationStatus = Static<typeof InvitationStatusSchema>;

/** What an invitation is to join: a supplier, or an approved agency (issue 31). */
export const OrganisationKindSchema = Type.Union([Type.Literal('supplier'), Type.Literal('agency')]);
export type OrganisationKind = Static<typeof OrganisationKindSchema>;

/** GET /api/v1/invitations/{token}: what the confirmation screen shows before accepting. */
export const InvitationDetailsResponseSchema = Type.Object({
  organisationKind: OrganisationKindSchema,
  /** The supplier's trading name or the agency's name. */
  organisationName: Type.String(),
  email: Type.String(),
  name: Type.String(),
  isAdmin: Type.Boolean(),
  status: InvitationStatusSchema,
  /** The link is valid and the embedded provider has no account for the email: the person may create one here. */
  canCreateAccount: Type.Boolean(),
});
export type InvitationDetailsResponse = Static<typeof InvitationDetailsResponseSchema>;

/** POST /api/v1/invitations/{token}/accept: the organisation joined, now the active one (the other is null). */
export const AcceptInvitationResponseSchema = Type.Object({
  activeSupplier: Type.Union([SupplierSummarySchema, Type.Null()]),
  activeAgency: Type.Union([AgencySummarySchema, Type.Null()]),
});
export type AcceptInvitationResponse = Static<typeof AcceptInvitationResponseSchema>;

/** Password rules of the embedded provider: a length, and not a common password (checked by the server). */
export const MIN_PASSWORD_LENGTH = 12;
export const MAX_PASSWORD_LENGTH = 256;

/** A password's length as a person counts characters (code points, not UTF-16 units). */
export function passwordLength(password: string): number {
  return Array.from(password).length;
}

/**
 * POST /api/v1/account/password: a signed-in person changes their password on the embedded
 * identity provider. Lengths are the service's to say in words.
 */
export const ChangePasswordRequestSchema = Type.Object(
  {
    currentPassword: Type.String({ maxLength: MAX_PASSWORD_LENGTH * 4 }),
    password: Type.String({ maxLength: MAX_PASSWORD_LENGTH * 4 }),
    confirmPassword: Type.String({ maxLength: MAX_PASSWORD_LENGTH * 4 }),
    /** Whether to sign out everywhere else; left out, the safer yes. */
    endOtherSessions: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type ChangePasswordRequest = Static<typeof ChangePasswordRequestSchema>;

/** The fields a change-password answer can name in `details.problems[].field`. */
export type ChangePasswordField = Exclude<keyof ChangePasswordRequest, 'endOtherSessions'>;

export const ChangePasswordResponseSchema = Type.Object({
  /** How many other sign-ins (sessions, grants and their tokens) were ended. */
  endedSessions: Type.Integer({ minimum: 0 }),
});
export type ChangePasswordResponse = Static<typeof ChangePasswordResponseSchema>;

/** Where a signed-in person changes their password (the user app; embedded identity provider only). */
export const CHANGE_PASSWORD_PATH = '/user/password';

/** Where anyone asks for a password reset link (server-rendered; embedded identity provider only). */
export const FORGOT_PASSWORD_PATH = '/account/forgot-password';
