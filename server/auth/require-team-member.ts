/**
 * `app.requireTeamMember`: the guard of every route of the marketplace team (`/api/v1/admin/*`), run
 * after `app.authenticate`: the signed-in user is on the team (`users.is_staff`), and signed in with
 * a second factor (issue 29: `usedSecondFactor`, server/auth/verify-token.ts).
 * `app.requireTeamAdmin` (after both): the user is also a team admin (`users.is_team_admin`), who
 * alone adds people to the team and removes them.
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import { SECOND_FACTOR_REQUIRED_MESSAGE } from '../../common/api/second-factors';
import { TEAM_ADMIN_ONLY } from '../../common/api/team-members';
import type { Database } from '../db/client';
import { users } from '../db/schema/index';
import { AppError, ErrorCode } from '../errors';
import { getAccessToken, getCurrentUser } from './context';

export async function requireTeamMember(request: FastifyRequest): Promise<void> {
  if (!getCurrentUser(request).isTeamMember) {
    throw new AppError(ErrorCode.Forbidden, 'Only the marketplace team can do that.');
  }
  if (!getAccessToken(request).usedSecondFactor) {
    throw new AppError(ErrorCode.SecondFactorRequired, SECOND_FACTOR_REQUIRED_MESSAGE);
  }
}

/** Whether the user is on the team and one of its admins, read now (the flag is not in the token). */
export async function isTeamAdmin(db: Database, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.isTeamMember, true), eq(users.isTeamAdmin, true)))
    .limit(1);
  return row !== undefined;
}

/** The guard of a team admin's route; `refusal` says what a team member who is not an admin cannot do. */
export function createRequireTeamAdmin(db: Database, refusal = TEAM_ADMIN_ONLY): preValidationAsyncHookHandler {
  return async function requireTeamAdmin(request) {
    await requireTeamMember(request);
    if (!(await isTeamAdmin(db, getCurrentUser(request).id))) {
      throw new AppError(ErrorCode.Forbidden, refusal);
    }
  };
}
