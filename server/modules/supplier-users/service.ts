/**
 * Supplier user management (spec §2 /users, §6 Admin, §7) and invitation acceptance (user app
 * /user/confirm/{token}). Routes authorise (admin of the active supplier) and call one function
 * here; every function keeps to the active supplier, so another supplier's ids answer 404.
 */
import { lockLimit } from '../../db/limit-lock';
import { createHash, randomBytes } from 'node:crypto';
import { and, asc, count, eq, gt, isNull, sql } from 'drizzle-orm';
import type {
  AcceptInvitationResponse,
  InvitationDetailsResponse,
  InvitationStatus,
  InviteUserRequest,
  PendingInvitation,
  SupplierUser,
  SupplierUsersResponse,
  UpdateUserRequest,
} from '../../../common/api/users';
import { formatDateTime } from '../../../common/dates';
import type { AuditLog } from '../../audit';
import type { SupplierActor } from '../../auth/actor';
import { findIdentityAccountByEmail, insertIdentityAccount } from '../../auth/accounts';
import type { AuthenticatedUser } from '../../auth/context';
import { checkNewPassword } from '../../auth/password-policy';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { invitations, supplierMemberships, suppliers, users } from '../../db/schema/index';
import { ANY_SUPPLIER, ownedBy } from '../../db/supplier-scope';
import { AppError, ErrorCode } from '../../errors';
import type { MailQueue } from '../../mail/mail-queue';
import { quoteForMail } from '../../mail/quote';

/** How long an invitation link works. */
export const INVITATION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

/** What the operations need of the app; routes pass `app`'s own. */
export interface UsersDependencies {
  db: Database;
  audit: AuditLog;
  mail: MailQueue;
  config: Pick<Config, 'publicUrl' | 'productName'>;
}

/** Only the hash is stored, so the database never holds a working link. */
export function hashInvitationToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function createInvitationToken(): string {
  return randomBytes(32).toString('base64url');
}

const sameEmail = (column: typeof users.email | typeof invitations.email, email: string) =>
  sql`lower(${column}) = lower(${email})`;

/** A pending invitation: neither accepted nor revoked, and not yet expired. */
const isPending = (now: Date) =>
  and(isNull(invitations.acceptedAt), isNull(invitations.revokedAt), gt(invitations.expiresAt, now));

function toPendingInvitation(row: { id: number; name: string; email: string; isAdmin: boolean; expiresAt: Date }): PendingInvitation {
  return { id: row.id, name: row.name, email: row.email, isAdmin: row.isAdmin, expiresAt: row.expiresAt.toISOString() };
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

/** Invitations one supplier may send in an hour: plenty for a team, too few to send spam through the portal. */
export const MAX_INVITATIONS_PER_SUPPLIER_PER_HOUR = 20;
export const TOO_MANY_INVITATIONS_MESSAGE = `This supplier has sent ${String(MAX_INVITATIONS_PER_SUPPLIER_PER_HOUR)} invitations in the last hour. Wait an hour before inviting more people.`;

/** A stored invitation and its link (the token is in the link only). */
export interface StoredInvitation {
  invitation: PendingInvitation;
  link: string;
  expiresAt: Date;
  tradingName: string;
}

/**
 * Stores an invitation to the actor's supplier, revoking older pending ones for the same address so
 * only the newest link works; the caller mails the link in the same transaction. 409 when the
 * address already belongs to a member, 429 past the hourly limit.
 */
export async function storeInvitation(
  deps: Pick<UsersDependencies, 'audit' | 'config'> & { db: Database },
  actor: SupplierActor,
  input: InviteUserRequest,
): Promise<StoredInvitation> {
  const tx = deps.db;
  const { supplierId } = actor;
  const email = input.email.trim();
  const name = input.name.trim();
  const token = createInvitationToken();
  const expiresAt = new Date(Date.now() + INVITATION_LIFETIME_MS);
  // Invitations of one supplier at once are counted one after the other, so the hour's limit holds.
  await lockLimit(tx, 'invitations', supplierId);
  const [recent] = await tx
    .select({ total: count() })
    .from(invitations)
    .where(and(ownedBy(invitations, supplierId), gt(invitations.createdAt, new Date(Date.now() - 60 * 60 * 1000))));
  if ((recent?.total ?? 0) >= MAX_INVITATIONS_PER_SUPPLIER_PER_HOUR) {
    throw new AppError(ErrorCode.TooManyRequests, TOO_MANY_INVITATIONS_MESSAGE);
  }
  const [existing] = await tx
    .select({ id: users.id })
    .from(supplierMemberships)
    .innerJoin(users, eq(users.id, supplierMemberships.userId))
    .where(and(ownedBy(supplierMemberships, supplierId), sameEmail(users.email, email)))
    .limit(1);
  if (existing) {
    throw new AppError(ErrorCode.Conflict, `${email} is already a user of this supplier.`);
  }
  const now = new Date();
  const revoked = await tx
    .update(invitations)
    .set({ revokedAt: now })
    .where(and(ownedBy(invitations, supplierId), sameEmail(invitations.email, email), isPending(now)))
    .returning({ id: invitations.id });
  const [created] = await tx
    .insert(invitations)
    .values({ supplierId, email, name, isAdmin: input.isAdmin, tokenHash: hashInvitationToken(token), invitedByUserId: actor.userId, expiresAt })
    .returning();
  if (!created) {
    throw new Error('invitation insert returned nothing');
  }
  await deps.audit.record(
    {
      actorUserId: actor.userId,
      action: 'user.invite',
      entity: 'invitation',
      entityId: created.id,
      supplierId,
      after: { email, name, isAdmin: input.isAdmin, expiresAt: expiresAt.toISOString(), revokedInvitationIds: revoked.map((row) => row.id) },
      requestId: actor.requestId,
    },
    tx,
  );
  return {
    invitation: toPendingInvitation(created),
    link: `${deps.config.publicUrl}/user/confirm/${token}`,
    expiresAt,
    tradingName: await findTradingName(tx, supplierId),
  };
}

/**
 * Invites a person to the active supplier (`storeInvitation`) and queues the mail with the link in
 * the same transaction: the invitation and its mail are stored together or not at all, and the mail
 * server being slow or down delays the mail (the queue retries it), never the invitation.
 */
export async function inviteUser(deps: UsersDependencies, actor: SupplierActor, input: InviteUserRequest): Promise<PendingInvitation> {
  return deps.db.transaction(async (tx) => {
    const { invitation, link, expiresAt, tradingName } = await storeInvitation({ ...deps, db: tx }, actor, input);
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

function statusOf(invitation: { acceptedAt: Date | null; revokedAt: Date | null; expiresAt: Date }, now: Date): InvitationStatus {
  if (invitation.acceptedAt) {
    return 'used';
  }
  if (invitation.revokedAt) {
    return 'revoked';
  }
  return invitation.expiresAt.getTime() <= now.getTime() ? 'expired' : 'valid';
}

/** `jane.doe@example.com` → `j•••@example.com`: enough to recognise, not enough to harvest. */
/** The email addresses of a supplier's people, each once: whom a decision about the supplier is mailed to. */
export async function supplierPeopleEmails(db: Database, supplierId: number): Promise<string[]> {
  const rows = await db
    .selectDistinct({ email: users.email })
    .from(supplierMemberships)
    .innerJoin(users, eq(users.id, supplierMemberships.userId))
    .where(ownedBy(supplierMemberships, supplierId));
  return rows.map((row) => row.email).filter((email) => email !== '');
}

export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) {
    return '•••';
  }
  return `${email.slice(0, 1)}•••${email.slice(at)}`;
}

async function findInvitationByToken(db: Database, token: string, options: { lock: boolean }) {
  const query = db
    .select({ invitation: invitations, supplierName: suppliers.tradingName, requiresSecondFactor: suppliers.requireSecondFactor })
    .from(invitations)
    .innerJoin(suppliers, eq(suppliers.id, invitations.supplierId))
    // The secret token is what entitles the holder to this one invitation, whichever supplier sent it.
    .where(and(eq(invitations.tokenHash, hashInvitationToken(token)), ownedBy(invitations, ANY_SUPPLIER)))
    .limit(1);
  const [row] = options.lock ? await query.for('update', { of: invitations }) : await query;
  if (!row) {
    throw new AppError(ErrorCode.NotFound, 'This invitation link is not valid. Check that you copied the whole link.');
  }
  return row;
}

/**
 * What the confirmation screen shows for a link; 404 for an unknown token. With the embedded
 * provider (`isEmbeddedIssuer`), whether the invited email may create its sign-in account here.
 */
export async function describeInvitation(db: Database, token: string, isEmbeddedIssuer: boolean): Promise<InvitationDetailsResponse> {
  const { invitation, supplierName } = await findInvitationByToken(db, token, { lock: false });
  const status = statusOf(invitation, new Date());
  const canCreateAccount = isEmbeddedIssuer && status === 'valid' && !(await findIdentityAccountByEmail(db, invitation.email));
  return { supplierName, email: invitation.email, name: invitation.name, isAdmin: invitation.isAdmin, status, canCreateAccount };
}

/**
 * Creates the embedded provider's account for the invited email (the link proved it), with the
 * invitation's name, on the sign-in page the invitation's link leads to, which then signs the person
 * in. The invitation stays valid: the dashboard accepts it as they arrive.
 * 409 for a spent link or an email that already has an account; 400 naming the password rule.
 */
export async function createAccountFromInvitation(
  deps: Pick<UsersDependencies, 'db' | 'audit'>,
  token: string,
  input: { password: string; confirmPassword: string },
  requestId: string,
): Promise<{ email: string; accountId: string }> {
  const { invitation } = await findInvitationByToken(deps.db, token, { lock: false });
  const status = statusOf(invitation, new Date());
  if (status !== 'valid') {
    throw new AppError(ErrorCode.Conflict, refusalByStatus[status], { status });
  }
  const problems = checkNewPassword(input.password, input.confirmPassword);
  if (problems.length > 0) {
    throw new AppError(ErrorCode.BadRequest, problems.map((problem) => problem.message).join(' '), { problems });
  }
  const alreadyExists = new AppError(ErrorCode.Conflict, 'You already have an account. Sign in to accept the invitation.', { status: 'account' });
  if (await findIdentityAccountByEmail(deps.db, invitation.email)) {
    throw alreadyExists;
  }
  const accountId = await insertIdentityAccount(deps.db, { email: invitation.email, name: invitation.name, password: input.password });
  if (accountId === null) {
    throw alreadyExists;
  }
  await deps.audit.record({
    actorUserId: null,
    action: 'identity-account.create',
    entity: 'invitation',
    entityId: invitation.id,
    supplierId: invitation.supplierId,
    after: { email: invitation.email },
    requestId,
  });
  return { email: invitation.email, accountId };
}

const refusalByStatus: Record<Exclude<InvitationStatus, 'valid'>, string> = {
  used: 'This invitation has already been used. Ask an admin of the supplier to invite you again if you need access.',
  expired: 'This invitation has expired. Ask an admin of the supplier to send a new one.',
  revoked: 'This invitation was withdrawn. Ask an admin of the supplier to send a new one.',
};

/**
 * Accepts an invitation for the signed-in user: their email must be the invited one. Creates the
 * membership, spends the token and makes the supplier the active one, all in one transaction; the
 * invitation row is locked so two accepts of one link cannot both succeed.
 */
export async function acceptInvitation(
  deps: Pick<UsersDependencies, 'db' | 'audit'>,
  user: AuthenticatedUser,
  token: string,
  requestId: string,
): Promise<AcceptInvitationResponse> {
  return deps.db.transaction(async (tx) => {
    const { invitation, supplierName, requiresSecondFactor } = await findInvitationByToken(tx, token, { lock: true });
    const status = statusOf(invitation, new Date());
    if (status !== 'valid') {
      // Every spent link answers 409 (not 410), with `details.status` saying why.
      throw new AppError(ErrorCode.Conflict, refusalByStatus[status], { status });
    }
    if (user.email.toLowerCase() !== invitation.email.toLowerCase()) {
      throw new AppError(
        ErrorCode.Forbidden,
        `This invitation is for ${maskEmail(invitation.email)}. Sign in with that email address to accept it.`,
      );
    }
    const [{ memberships } = { memberships: 0 }] = await tx
      .select({ memberships: count() })
      .from(supplierMemberships)
      .where(and(ownedBy(supplierMemberships, invitation.supplierId), eq(supplierMemberships.userId, user.id)));
    if (memberships > 0) {
      throw new AppError(ErrorCode.Conflict, `You are already a user of ${supplierName}.`, { status: 'member' });
    }
    await tx.insert(supplierMemberships).values({ supplierId: invitation.supplierId, userId: user.id, isAdmin: invitation.isAdmin });
    await tx
      .update(invitations)
      .set({ acceptedAt: new Date(), acceptedByUserId: user.id })
      .where(and(eq(invitations.id, invitation.id), ownedBy(invitations, invitation.supplierId)));
    await tx.update(users).set({ activeSupplierId: invitation.supplierId, updatedAt: new Date() }).where(eq(users.id, user.id));
    await deps.audit.record(
      {
        actorUserId: user.id,
        action: 'invitation.accept',
        entity: 'invitation',
        entityId: invitation.id,
        supplierId: invitation.supplierId,
        before: { activeSupplierId: user.activeSupplierId },
        after: { userId: user.id, isAdmin: invitation.isAdmin, activeSupplierId: invitation.supplierId },
        requestId,
      },
      tx,
    );
    return { activeSupplier: { supplierID: invitation.supplierId, tradingName: supplierName, isAdmin: invitation.isAdmin, requiresSecondFactor } };
  });
}
