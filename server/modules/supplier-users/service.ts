/**
 * Supplier user management (spec §2 /users, §6 Admin, §7). Routes authorise (admin of the active
 * supplier) and call one function here; every function keeps to the active supplier, so another
 * supplier's ids answer 404. The invitations themselves (tokens, acceptance) are ../invitations.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { InviteUserRequest, PendingInvitation, SupplierUser, SupplierUsersResponse, UpdateUserRequest } from '../../../common/api/users';
import { formatDateTime } from '../../../common/dates';
import type { AuditLog } from '../../audit';
import type { SupplierActor } from '../../auth/actor';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { invitations, supplierMemberships, suppliers, users } from '../../db/schema/index';
import { ownedBy } from '../../db/supplier-scope';
import { AppError, ErrorCode } from '../../errors';
import type { MailQueue } from '../../mail/mail-queue';
import { quoteForMail } from '../../mail/quote';
import { isPending, sameEmail, storeInvitation, toPendingInvitation } from '../invitations/service';

/** What the operations need of the app; routes pass `app`'s own. */
export interface UsersDependencies {
  db: Database;
  audit: AuditLog;
  mail: MailQueue;
  config: Pick<Config, 'publicUrl' | 'productName'>;
}

const memberColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  isAdmin: supplierMemberships.isAdmin,
};

/** Members and pending invitations of the active supplier, by name. */
export async function listSupplierUsers(db: Database, actor: SupplierActor): Promise<SupplierUsersResponse> {
  const { supplierId } = actor;
  const members = await db
    .select(memberColumns)
    .from(supplierMemberships)
    .innerJoin(users, eq(users.id, supplierMemberships.userId))
    .where(ownedBy(supplierMemberships, supplierId))
    .orderBy(asc(sql`lower(${users.name})`), asc(users.id));
  const pending = await db
    .select({ id: invitations.id, name: invitations.name, email: invitations.email, isAdmin: invitations.isAdmin, expiresAt: invitations.expiresAt })
    .from(invitations)
    .where(and(ownedBy(invitations, supplierId), isPending(new Date())))
    .orderBy(asc(sql`lower(${invitations.name})`), asc(invitations.id));
  return {
    users: members.map((member) => ({ ...member, isCurrentUser: member.id === actor.userId })),
    invitations: pending.map(toPendingInvitation),
  };
}

/** One member of the active supplier; a user of another supplier is "not found", revealing nothing. */
export async function findSupplierUser(
  db: Database,
  actor: SupplierActor,
  userId: number,
): Promise<SupplierUser> {
  const [member] = await db
    .select(memberColumns)
    .from(supplierMemberships)
    .innerJoin(users, eq(users.id, supplierMemberships.userId))
    .where(and(ownedBy(supplierMemberships, actor.supplierId), eq(supplierMemberships.userId, userId)))
    .limit(1);
  if (!member) {
    throw new AppError(ErrorCode.NotFound, 'No user with that id belongs to this supplier.');
  }
  return { ...member, isCurrentUser: member.id === actor.userId };
}

async function findTradingName(db: Database, supplierId: number): Promise<string> {
  const [supplier] = await db.select({ tradingName: suppliers.tradingName }).from(suppliers).where(eq(suppliers.id, supplierId));
  if (!supplier) {
    throw new AppError(ErrorCode.NotFound, 'That supplier no longer exists.');
  }
  return supplier.tradingName;
}

/**
 * Invites a person to the active supplier (`storeInvitation`) and queues the mail with the link in
 * the same transaction: the invitation and its mail are stored together or not at all, and the mail
 * server being slow or down delays the mail (the queue retries it), never the invitation.
 */
export async function inviteUser(deps: UsersDependencies, actor: SupplierActor, input: InviteUserRequest): Promise<PendingInvitation> {
  return deps.db.transaction(async (tx) => {
    const { invitation, link, expiresAt } = await storeInvitation({ ...deps, db: tx }, actor, { kind: 'supplier', id: actor.supplierId }, input);
    const tradingName = await findTradingName(tx, actor.supplierId);
    // Names and the trading name are typed by people: quoted, never as the opening words.
    await deps.mail.enqueue(tx, {
      to: invitation.email,
      subject: `You're invited to join a supplier on the ${deps.config.productName}`,
      text: [
        'Kia ora,',
        '',
        `You have been invited to join the supplier ${quoteForMail(tradingName)} on the ${deps.config.productName}${input.isAdmin ? ' as an admin' : ''}.`,
        `The invitation is for ${quoteForMail(invitation.name)}, and was sent by ${quoteForMail(actor.name)}.`,
        '',
        'To accept, open this link. If you do not have an account yet, you create it there with this email address:',
        link,
        '',
        `The link works once and expires on ${formatDateTime(expiresAt)} (New Zealand time).`,
        'If you were not expecting this invitation, you can ignore this email.',
      ].join('\n'),
    });
    return invitation;
  });
}

/**
 * Locks the supplier's admin memberships and counts them, so two admins demoting or removing each
 * other at the same moment cannot leave the supplier with none.
 */
async function countAdminsForUpdate(tx: Database, supplierId: number): Promise<number> {
  const admins = await tx
    .select({ userId: supplierMemberships.userId })
    .from(supplierMemberships)
    .where(and(ownedBy(supplierMemberships, supplierId), eq(supplierMemberships.isAdmin, true)))
    .for('update');
  return admins.length;
}

/** Edits a member of the active supplier: this membership's admin flag (their name is theirs, not the admin's). */
export async function updateSupplierUser(
  deps: Pick<UsersDependencies, 'db' | 'audit'>,
  actor: SupplierActor,
  userId: number,
  input: UpdateUserRequest,
): Promise<SupplierUser> {
  const { supplierId } = actor;
  return deps.db.transaction(async (tx) => {
    const before = await findSupplierUser(tx, actor, userId);
    const { isAdmin } = input;
    if (before.isAdmin && !isAdmin && (await countAdminsForUpdate(tx, supplierId)) <= 1) {
      throw new AppError(ErrorCode.Conflict, 'This is the only admin of the supplier: make someone else an admin first.');
    }
    if (isAdmin === before.isAdmin) {
      return before;
    }
    await tx
      .update(supplierMemberships)
      .set({ isAdmin })
      .where(and(ownedBy(supplierMemberships, supplierId), eq(supplierMemberships.userId, userId)));
    await deps.audit.record(
      {
        actorUserId: actor.userId,
        action: 'membership.update',
        entity: 'membership',
        entityId: userId,
        supplierId,
        before: { isAdmin: before.isAdmin },
        after: { isAdmin },
        requestId: actor.requestId,
      },
      tx,
    );
    return { ...before, isAdmin };
  });
}

/** Revokes a pending invitation of the active supplier; another supplier's id, or a spent one, is 404. */
export async function revokeInvitation(deps: Pick<UsersDependencies, 'db' | 'audit'>, actor: SupplierActor, invitationId: number): Promise<void> {
  const { supplierId } = actor;
  await deps.db.transaction(async (tx) => {
    const now = new Date();
    const [revoked] = await tx
      .update(invitations)
      .set({ revokedAt: now })
      .where(and(eq(invitations.id, invitationId), ownedBy(invitations, supplierId), isPending(now)))
      .returning({ id: invitations.id, email: invitations.email });
    if (!revoked) {
      throw new AppError(ErrorCode.NotFound, 'No pending invitation with that id belongs to this supplier.');
    }
    await deps.audit.record(
      {
        actorUserId: actor.userId,
        action: 'invitation.revoke',
        entity: 'invitation',
        entityId: revoked.id,
        supplierId,
        before: { email: revoked.email, status: 'valid' },
        after: { status: 'revoked' },
        requestId: actor.requestId,
      },
      tx,
    );
  });
}

/**
 * Removes a person (by email, spec §6) from the active supplier. The last admin cannot be removed;
 * an admin may remove themselves while another admin remains.
 */
export async function removeSupplierUser(deps: Pick<UsersDependencies, 'db' | 'audit'>, actor: SupplierActor, email: string): Promise<void> {
  const { supplierId } = actor;
  await deps.db.transaction(async (tx) => {
    const [member] = await tx
      .select(memberColumns)
      .from(supplierMemberships)
      .innerJoin(users, eq(users.id, supplierMemberships.userId))
      .where(and(ownedBy(supplierMemberships, supplierId), sameEmail(users.email, email.trim())))
      .limit(1);
    if (!member) {
      throw new AppError(ErrorCode.NotFound, 'No user with that email address belongs to this supplier.');
    }
    if (member.isAdmin && (await countAdminsForUpdate(tx, supplierId)) <= 1) {
      throw new AppError(ErrorCode.Conflict, 'This is the only admin of the supplier and cannot be removed: make someone else an admin first.');
    }
    await tx
      .delete(supplierMemberships)
      .where(and(ownedBy(supplierMemberships, supplierId), eq(supplierMemberships.userId, member.id)));
    // Their remembered supplier must not point at one they no longer belong to.
    await tx
      .update(users)
      .set({ activeSupplierId: null, updatedAt: new Date() })
      .where(and(eq(users.id, member.id), eq(users.activeSupplierId, supplierId)));
    await deps.audit.record(
      {
        actorUserId: actor.userId,
        action: 'membership.remove',
        entity: 'membership',
        entityId: member.id,
        supplierId,
        before: { email: member.email, name: member.name, isAdmin: member.isAdmin },
        requestId: actor.requestId,
      },
      tx,
    );
  });
}

/** The email addresses of a supplier's people, each once: whom a decision about the supplier is mailed to. */
export async function supplierPeopleEmails(db: Database, supplierId: number): Promise<string[]> {
  const rows = await db
    .selectDistinct({ email: users.email })
    .from(supplierMemberships)
    .innerJoin(users, eq(users.id, supplierMemberships.userId))
    .where(ownedBy(supplierMemberships, supplierId));
  return rows.map((row) => row.email).filter((email) => email !== '');
}
