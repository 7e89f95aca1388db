/**
 * The marketplace team's roles (issue 13 item 8). Team members are users with `is_staff`; team
 * admins also have `is_team_admin` and alone add and remove members. Adding an existing user makes
 * them a team member; adding an address no user has creates that user, a team member and not yet signed in (the
 * first sign-in with a verified email links it, server/auth/authenticate.ts), and emails them the
 * invitation. Every change is in one transaction with its audit entry and its email.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import {
  ALREADY_ON_TEAM,
  CANNOT_REMOVE_LAST_TEAM_ADMIN,
  CANNOT_REMOVE_YOURSELF,
  NOT_ON_TEAM,
  TEAM_ADMIN_ONLY,
  type AddTeamMemberRequest,
  type AddTeamMemberResponse,
  type TeamMember,
  type TeamResponse,
} from '../../../common/api/team-members';
import { TEAM_APP_PATH } from '../../../common/site-paths';
import type { AuditLog } from '../../audit';
import type { Actor } from '../../auth/actor';
import { isTeamAdmin } from '../../auth/require-team-member';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { users } from '../../db/schema/index';
import { AppError, ErrorCode } from '../../errors';
import type { MailQueue } from '../../mail/mail-queue';
import { quoteForMail } from '../../mail/quote';

export interface TeamDependencies {
  db: Database;
  audit: AuditLog;
  mail: MailQueue;
  config: Pick<Config, 'publicUrl' | 'productName'>;
}

type UserRow = typeof users.$inferSelect;

function toTeamMember(row: UserRow, currentUserId: number): TeamMember {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    isTeamAdmin: row.isTeamAdmin,
    // Before team_since was kept, the user's creation is the best answer there is.
    since: (row.teamSince ?? row.createdAt).toISOString(),
    hasSignedIn: row.subject !== null,
    isCurrentUser: row.id === currentUserId,
  };
}

/** Every team member, by name. */
export async function listTeamMembers(db: Database, currentUserId: number): Promise<TeamResponse> {
  const rows = await db
    .select()
    .from(users)
    .where(eq(users.isTeamMember, true))
    .orderBy(asc(sql`lower(${users.name})`), asc(users.id));
  return { members: rows.map((row) => toTeamMember(row, currentUserId)) };
}

/** The caller must still be a team admin inside the transaction (another admin may just have removed them). */
async function refuseUnlessTeamAdmin(tx: Database, actor: Actor): Promise<void> {
  if (!(await isTeamAdmin(tx, actor.userId))) {
    throw new AppError(ErrorCode.Forbidden, TEAM_ADMIN_ONLY);
  }
}

/** Adds a person to the team: an existing user joins it, anyone else is invited by email. 409 when already on it. */
export async function addTeamMember(deps: TeamDependencies, actor: Actor, input: AddTeamMemberRequest): Promise<AddTeamMemberResponse> {
  const email = input.email.trim();
  const name = input.name.trim();
  const { productName, publicUrl } = deps.config;
  const signInLink = `${publicUrl}${TEAM_APP_PATH}`;
  // The mail is queued in the transaction: nobody joins without being told.
  return deps.db.transaction(async (tx) => {
    await refuseUnlessTeamAdmin(tx, actor);
    const [existing] = await tx
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = lower(${email})`)
      .limit(1)
      .for('update');
    if (existing?.isTeamMember) {
      throw new AppError(ErrorCode.Conflict, ALREADY_ON_TEAM);
    }
    const now = new Date();
    const teamValues = { isTeamMember: true, isTeamAdmin: input.isTeamAdmin, teamSince: now, updatedAt: now };
    const [member] = existing
      ? // Their name is their own: the one typed here is only for people who have no user yet.
        await tx.update(users).set(teamValues).where(eq(users.id, existing.id)).returning()
      : await tx.insert(users).values({ email, name, ...teamValues }).returning();
    if (!member) {
      throw new Error('team member write returned nothing');
    }
    const outcome = existing ? 'added' : 'invited';
    await deps.audit.record(
      {
        actorUserId: actor.userId,
        action: existing ? 'team.add' : 'team.invite',
        entity: 'user',
        entityId: member.id,
        before: existing ? { isTeamMember: false, isTeamAdmin: existing.isTeamAdmin } : null,
        after: { email: member.email, name: member.name, isTeamMember: true, isTeamAdmin: input.isTeamAdmin },
        requestId: actor.requestId,
      },
      tx,
    );
    // Names are typed by people: quoted, never as the opening words.
    const role = input.isTeamAdmin ? ' as a team admin' : '';
    await deps.mail.enqueue(tx, {
      to: member.email,
      subject: existing ? `You have joined the ${productName} team` : `You're invited to join the ${productName} team`,
      text: [
        'Kia ora,',
        '',
        existing
          ? `You are now a member of the ${productName} team${role}, added by ${quoteForMail(actor.name)}.`
          : `You have been invited to join the ${productName} team${role}. The invitation is for ${quoteForMail(name)}, and was sent by ${quoteForMail(actor.name)}.`,
        '',
        `Sign in with this email address (${member.email}) to use the team's tools:`,
        signInLink,
        '',
        `If you were not expecting this, tell the ${productName} team.`,
      ].join('\n'),
    });
    return { member: toTeamMember(member, actor.userId), outcome };
  });
}

/**
 * Removes a person from the team (they keep their user and any supplier memberships). Not yourself,
 * and never the last team admin: the team admins are locked and counted, so two admins removing
 * each other at the same moment cannot leave none.
 */
export async function removeTeamMember(deps: Pick<TeamDependencies, 'db' | 'audit'>, actor: Actor, userId: number): Promise<void> {
  if (userId === actor.userId) {
    throw new AppError(ErrorCode.Conflict, CANNOT_REMOVE_YOURSELF);
  }
  await deps.db.transaction(async (tx) => {
    const admins = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.isTeamMember, true), eq(users.isTeamAdmin, true)))
      .orderBy(asc(users.id))
      .for('update');
    await refuseUnlessTeamAdmin(tx, actor);
    const [member] = await tx
      .select()
      .from(users)
      .where(and(eq(users.id, userId), eq(users.isTeamMember, true)))
      .limit(1)
      .for('update');
    if (!member) {
      throw new AppError(ErrorCode.NotFound, NOT_ON_TEAM);
    }
    if (member.isTeamAdmin && admins.length <= 1) {
      throw new AppError(ErrorCode.Conflict, CANNOT_REMOVE_LAST_TEAM_ADMIN);
    }
    await tx.update(users).set({ isTeamMember: false, isTeamAdmin: false, teamSince: null, updatedAt: new Date() }).where(eq(users.id, userId));
    await deps.audit.record(
      {
        actorUserId: actor.userId,
        action: 'team.remove',
        entity: 'user',
        entityId: userId,
        before: { email: member.email, name: member.name, isTeamMember: true, isTeamAdmin: member.isTeamAdmin },
        after: { isTeamMember: false, isTeamAdmin: false },
        requestId: actor.requestId,
      },
      tx,
    );
  });
}
