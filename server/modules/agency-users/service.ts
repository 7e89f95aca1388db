/**
 * An agency's people (issue 31): its admins list, invite, promote and remove the members of the
 * active agency. Routes authorise (admin of the active agency) and call one function here; every
 * function keeps to the active agency, so another agency's ids answer 404. The rules are the
 * supplier's (../supplier-users): the last admin stays, invitations are ../invitations.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { AgencyUser, AgencyUsersResponse } from '../../../common/api/agency-users';
import type { InviteUserRequest, PendingInvitation, UpdateUserRequest } from '../../../common/api/users';
import { formatDateTime } from '../../../common/dates';
import type { AuditLog } from '../../audit';
import type { AgencyActor } from '../../auth/actor';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { agencyMemberships, invitations, users } from '../../db/schema/index';
import { ownedBy } from '../../db/supplier-scope';
import { AppError, ErrorCode } from '../../errors';
import type { MailQueue } from '../../mail/mail-queue';
import { quoteForMail } from '../../mail/quote';
import { invitedTo, isPending, storeInvitation, supplierScopeOf, toPendingInvitation, type Organisation } from '../invitations/service';

export interface AgencyUsersDependencies {
  db: Database;
  audit: AuditLog;
  mail: MailQueue;
  config: Pick<Config, 'publicUrl' | 'productName'>;
}

const memberColumns = { id: users.id, name: users.name, email: users.email, isAdmin: agencyMemberships.isAdmin };

const agencyOf = (actor: AgencyActor): Organisation => ({ kind: 'agency', id: actor.agencyId });

/** Members and pending invitations of the active agency, by name. */
export async function listAgencyUsers(db: Database, actor: AgencyActor): Promise<AgencyUsersResponse> {
  const agency = agencyOf(actor);
  const members = await db
    .select(memberColumns)
    .from(agencyMemberships)
    .innerJoin(users, eq(users.id, agencyMemberships.userId))
    .where(eq(agencyMemberships.agencyId, actor.agencyId))
    .orderBy(asc(sql`lower(${users.name})`), asc(users.id));
  const pending = await db
    .select({ id: invitations.id, name: invitations.name, email: invitations.email, isAdmin: invitations.isAdmin, expiresAt: invitations.expiresAt })
    .from(invitations)
    .where(and(ownedBy(invitations, supplierScopeOf(agency)), invitedTo(agency), isPending(new Date())))
    .orderBy(asc(sql`lower(${invitations.name})`), asc(invitations.id));
  return {
    users: members.map((member) => ({ ...member, isCurrentUser: member.id === actor.userId })),
    invitations: pending.map(toPendingInvitation),
  };
}

async function findAgencyUser(db: Database, actor: AgencyActor, userId: number): Promise<AgencyUser> {
  const [member] = await db
    .select(memberColumns)
    .from(agencyMemberships)
    .innerJoin(users, eq(users.id, agencyMemberships.userId))
    .where(and(eq(agencyMemberships.agencyId, actor.agencyId), eq(agencyMemberships.userId, userId)))
    .limit(1);
  if (!member) {
    throw new AppError(ErrorCode.NotFound, 'No person with that id belongs to this agency.');
  }
  return { ...member, isCurrentUser: member.id === actor.userId };
}

/** The invitation mail to an agency: who invited whom, the link and when it stops working. */
export function agencyInvitationMail(
  config: Pick<Config, 'productName'>,
  invitation: { to: string; name: string; agencyName: string; isAdmin: boolean; invitedBy: string; link: string; expiresAt: Date },
) {
  return {
    to: invitation.to,
    subject: `You're invited to join an agency on the ${config.productName}`,
    text: [
      'Kia ora,',
      '',
      `You have been invited to join the agency ${quoteForMail(invitation.agencyName)} on the ${config.productName}${invitation.isAdmin ? ' as an admin' : ''}.`,
      `The invitation is for ${quoteForMail(invitation.name)}, and was sent by ${quoteForMail(invitation.invitedBy)}.`,
      '',
      'To accept, open this link. If you do not have an account yet, you create it there with this email address:',
      invitation.link,
      '',
      `The link works once and expires on ${formatDateTime(invitation.expiresAt)} (New Zealand time).`,
      'If you were not expecting this invitation, you can ignore this email.',
    ].join('\n'),
  };
}

/** Invites a person to the active agency; the invitation and its mail are stored together or not at all. */
export async function inviteAgencyUser(deps: AgencyUsersDependencies, actor: AgencyActor, input: InviteUserRequest): Promise<PendingInvitation> {
  return deps.db.transaction(async (tx) => {
    const { invitation, link, expiresAt } = await storeInvitation({ ...deps, db: tx }, actor, agencyOf(actor), input);
    await deps.mail.enqueue(
      tx,
      agencyInvitationMail(deps.config, { to: invitation.email, name: invitation.name, agencyName: actor.agencyName, isAdmin: input.isAdmin, invitedBy: actor.name, link, expiresAt }),
    );
    return invitation;
  });
}

/** Locks the agency's admin memberships and counts them, so two admins demoting each other cannot leave none. */
async function countAdminsForUpdate(tx: Database, agencyId: number): Promise<number> {
  const admins = await tx
    .select({ userId: agencyMemberships.userId })
    .from(agencyMemberships)
    .where(and(eq(agencyMemberships.agencyId, agencyId), eq(agencyMemberships.isAdmin, true)))
    .for('update');
  return admins.length;
}

/** Changes a member's admin flag; 409 when it would leave the agency without an admin. */
export async function updateAgencyUser(deps: Pick<AgencyUsersDependencies, 'db' | 'audit'>, actor: AgencyActor, userId: number, input: UpdateUserRequest): Promise<AgencyUser> {
  return deps.db.transaction(async (tx) => {
    const before = await findAgencyUser(tx, actor, userId);
    const { isAdmin } = input;
    if (before.isAdmin && !isAdmin && (await countAdminsForUpdate(tx, actor.agencyId)) <= 1) {
      throw new AppError(ErrorCode.Conflict, 'This is the only admin of the agency: make someone else an admin first.');
    }
    if (isAdmin === before.isAdmin) {
      return before;
    }
    await tx.update(agencyMemberships).set({ isAdmin }).where(and(eq(agencyMemberships.agencyId, actor.agencyId), eq(agencyMemberships.userId, userId)));
    await deps.audit.record(
      {
        actorUserId: actor.userId,
        action: 'membership.update',
        entity: 'agency_membership',
        entityId: userId,
        before: { agencyId: actor.agencyId, isAdmin: before.isAdmin },
        after: { agencyId: actor.agencyId, isAdmin },
        requestId: actor.requestId,
      },
      tx,
    );
    return { ...before, isAdmin };
  });
}

/** Removes a member from the active agency; the last admin stays. An admin may remove themselves while another remains. */
export async function removeAgencyUser(deps: Pick<AgencyUsersDependencies, 'db' | 'audit'>, actor: AgencyActor, userId: number): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const member = await findAgencyUser(tx, actor, userId);
    if (member.isAdmin && (await countAdminsForUpdate(tx, actor.agencyId)) <= 1) {
      throw new AppError(ErrorCode.Conflict, 'This is the only admin of the agency and cannot be removed: make someone else an admin first.');
    }
    await tx.delete(agencyMemberships).where(and(eq(agencyMemberships.agencyId, actor.agencyId), eq(agencyMemberships.userId, userId)));
    await deps.audit.record(
      {
        actorUserId: actor.userId,
        action: 'membership.remove',
        entity: 'agency_membership',
        entityId: userId,
        before: { agencyId: actor.agencyId, email: member.email, name: member.name, isAdmin: member.isAdmin },
        requestId: actor.requestId,
      },
      tx,
    );
  });
}

/** Revokes a pending invitation of the active agency; another agency's id, or a spent one, is 404. */
export async function revokeAgencyInvitation(deps: Pick<AgencyUsersDependencies, 'db' | 'audit'>, actor: AgencyActor, invitationId: number): Promise<void> {
  const agency = agencyOf(actor);
  await deps.db.transaction(async (tx) => {
    const now = new Date();
    const [revoked] = await tx
      .update(invitations)
      .set({ revokedAt: now })
      .where(and(eq(invitations.id, invitationId), ownedBy(invitations, supplierScopeOf(agency)), invitedTo(agency), isPending(now)))
      .returning({ id: invitations.id, email: invitations.email });
    if (!revoked) {
      throw new AppError(ErrorCode.NotFound, 'No pending invitation with that id belongs to this agency.');
    }
    await deps.audit.record(
      {
        actorUserId: actor.userId,
        action: 'invitation.revoke',
        entity: 'invitation',
        entityId: revoked.id,
        before: { agencyId: actor.agencyId, email: revoked.email, status: 'valid' },
        after: { status: 'revoked' },
        requestId: actor.requestId,
      },
      tx,
    );
  });
}
