/**
 * Payloads of the marketplace team's roles, /api/v1/admin/team (issue 13 item 8): the team, adding
 * a person (a team admin only), removing one (a team admin only; not yourself, not the last team admin).
 */
import type { Static } from 'typebox';
import { Type } from './schema-builders';
import { IdSchema } from './http';
import { EmailSchema, NameSchema } from './users';

export const TeamMemberSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  email: Type.String(),
  /** May add people to the team and remove them. */
  isTeamAdmin: Type.Boolean(),
  /** When they joined the team (ISO 8601). */
  since: Type.String(),
  /** False while an invited person has not signed in yet. */
  hasSignedIn: Type.Boolean(),
  /** The signed-in user: the screen hides "remove" for them. */
  isCurrentUser: Type.Boolean(),
});
export type TeamMember = Static<typeof TeamMemberSchema>;

/** GET /api/v1/admin/team: every team member, by name. */
export const TeamResponseSchema = Type.Object({ members: Type.Array(TeamMemberSchema) });
export type TeamResponse = Static<typeof TeamResponseSchema>;

/**
 * POST /api/v1/admin/team: makes the person with this email a team member; someone who has no user
 * yet is invited by email (their name is the one given here until they sign in).
 */
export const AddTeamMemberRequestSchema = Type.Object(
  { email: EmailSchema, name: NameSchema, isTeamAdmin: Type.Boolean() },
  { additionalProperties: false },
);
export type AddTeamMemberRequest = Static<typeof AddTeamMemberRequestSchema>;

/** `added`: an existing user joined the team; `invited`: a new person was invited by email. */
export const AddTeamMemberResponseSchema = Type.Object({
  member: TeamMemberSchema,
  outcome: Type.Unsafe<'added' | 'invited'>(Type.String({ enum: ['added', 'invited'] })),
});
export type AddTeamMemberResponse = Static<typeof AddTeamMemberResponseSchema>;

export const TeamMemberParamsSchema = Type.Object({ userId: IdSchema });
export type TeamMemberParams = Static<typeof TeamMemberParamsSchema>;

export const TEAM_ADMIN_ONLY = 'Only a team admin can add people to the marketplace team or remove them.';
export const ALREADY_ON_TEAM = 'That person is already on the marketplace team.';
export const NOT_ON_TEAM = 'No member of the marketplace team has that id.';
export const CANNOT_REMOVE_YOURSELF = 'You cannot remove yourself from the team: ask another team admin.';
export const CANNOT_REMOVE_LAST_TEAM_ADMIN = 'This is the only team admin and cannot be removed: make someone else a team admin first.';
