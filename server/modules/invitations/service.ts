/**
 * Invitations to join an organisation, a supplier or an approved agency (issue 31): the token and
 * its hash, the hourly limit, what a link is for, the embedded provider's account for an invited
 * email, and acceptance. supplier-users and agency-users invite their people through
 * `storeInvitation`; the team's decisions invite a new supplier's or agency's first admin.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, count, eq, gt, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { AcceptInvitationResponse, InvitationDetailsResponse, InvitationStatus, InviteUserRequest, OrganisationKind, PendingInvitation } from '../../../common/api/users';
import type { AuditLog } from '../../audit';
import type { Actor } from '../../auth/actor';
import { findIdentityAccountByEmail, insertIdentityAccount } from '../../auth/accounts';
import type { AuthenticatedUser } from '../../auth/context';
import { checkNewPassword } from '../../auth/password-policy';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { lockLimit } from '../../db/limit-lock';
import { agencyApplications, agencyMemberships, invitations, supplierMemberships, suppliers, users } from '../../db/schema/index';
import { ANY_SUPPLIER, ownedBy, type SupplierScope } from '../../db/supplier-scope';
import { AppError, ErrorCode } from '../../errors';

/** How long an invitation link works. */
export const INVITATION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

/** Whom an invitation is to join. */
export interface Organisation {
  kind: OrganisationKind;
  id: number;
}

/** Only the hash is stored, so the database never holds a working link. */
export function hashInvitationToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function createInvitationToken(): string {
  return randomBytes(32).toString('base64url');
}

export const sameEmail = (column: typeof users.email | typeof invitations.email, email: string) => sql`lower(${column}) = lower(${email})`;

/** A pending invitation: neither accepted nor revoked, and not yet expired. */
export const isPending = (now: Date) => and(isNull(invitations.acceptedAt), isNull(invitations.revokedAt), gt(invitations.expiresAt, now));

/**
 * The supplier scope of a statement on an organisation's invitations: an agency's have no supplier,
 * so they are reached as any supplier's and limited to the agency by `invitedTo`.
 */
export const supplierScopeOf = (organisation: Organisation): SupplierScope => (organisation.kind === 'supplier' ? organisation.id : ANY_SUPPLIER);

/** The invitations to one organisation. */
export const invitedTo = (organisation: Organisation): SQL =>
  organisation.kind === 'supplier' ? eq(invitations.supplierId, organisation.id) : eq(invitations.agencyId, organisation.id);

export function toPendingInvitation(row: { id: number; name: string; email: string; isAdmin: boolean; expiresAt: Date }): PendingInvitation {
  return { id: row.id, name: row.name, email: row.email, isAdmin: row.isAdmin, expiresAt: row.expiresAt.toISOString() };
}

/** Invitations one organisation may send in an hour: plenty for a team, too few to send spam through the portal. */
export const MAX_INVITATIONS_PER_SUPPLIER_PER_HOUR = 20;
export const TOO_MANY_INVITATIONS_MESSAGE = `This supplier has sent ${String(MAX_INVITATIONS_PER_SUPPLIER_PER_HOUR)} invitations in the last hour. Wait an hour before inviting more people.`;
const TOO_MANY_AGENCY_INVITATIONS_MESSAGE = `This agency has sent ${String(MAX_INVITATIONS_PER_SUPPLIER_PER_HOUR)} invitations in the last hour. Wait an hour before inviting more people.`;

async function isMember(tx: Database, organisation: Organisation, email: string): Promise<boolean> {
  const [existing] =
    organisation.kind === 'supplier'
      ? await tx
          .select({ id: users.id })
          .from(supplierMemberships)
          .innerJoin(users, eq(users.id, supplierMemberships.userId))
          .where(and(ownedBy(supplierMemberships, organisation.id), sameEmail(users.email, email)))
          .limit(1)
      : await tx
          .select({ id: users.id })
          .from(agencyMemberships)
          .innerJoin(users, eq(users.id, agencyMemberships.userId))
          .where(and(eq(agencyMemberships.agencyId, organisation.id), sameEmail(users.email, email)))
          .limit(1);
  return existing !== undefined;
}

/** A stored invitation and its link (the token is in the link only). */
export interface StoredInvitation {
  invitation: PendingInvitation;
  link: string;
  expiresAt: Date;
}

/**
 * Stores an invitation to an organisation, revoking older pending ones for the same address so only
 * the newest link works; the caller mails the link in the same transaction. 409 when the address
 * already belongs to a member, 429 past the hourly limit. Audited as `user.invite`.
 */
export async function storeInvitation(
  deps: { db: Database; audit: AuditLog; config: Pick<Config, 'publicUrl'> },
  actor: Pick<Actor, 'userId' | 'requestId'>,
  organisation: Organisation,
  input: InviteUserRequest,
): Promise<StoredInvitation> {
  const tx = deps.db;
  const email = input.email.trim();
  const name = input.name.trim();
  const token = createInvitationToken();
  const expiresAt = new Date(Date.now() + INVITATION_LIFETIME_MS);
  const scope = supplierScopeOf(organisation);
  // Invitations of one organisation at once are counted one after the other, so the hour's limit holds.
  await lockLimit(tx, organisation.kind === 'supplier' ? 'invitations' : 'agency-invitations', organisation.id);
  const [recent] = await tx
    .select({ total: count() })
    .from(invitations)
    .where(and(ownedBy(invitations, scope), invitedTo(organisation), gt(invitations.createdAt, new Date(Date.now() - 60 * 60 * 1000))));
  if ((recent?.total ?? 0) >= MAX_INVITATIONS_PER_SUPPLIER_PER_HOUR) {
    throw new AppError(ErrorCode.TooManyRequests, organisation.kind === 'supplier' ? TOO_MANY_INVITATIONS_MESSAGE : TOO_MANY_AGENCY_INVITATIONS_MESSAGE);
  }
  if (await isMember(tx, organisation, email)) {
    throw new AppError(ErrorCode.Conflict, `${email} is already a user of this ${organisation.kind}.`);
  }
  const now = new Date();
  const revoked = await tx
    .update(invitations)
    .set({ revokedAt: now })
    .where(and(ownedBy(invitations, scope), invitedTo(organisation), sameEmail(invitations.email, email), isPending(now)))
    .returning({ id: invitations.id });
  const [created] = await tx
    .insert(invitations)
    .values({
      supplierId: organisation.kind === 'supplier' ? organisation.id : null,
      agencyId: organisation.kind === 'agency' ? organisation.id : null,
      email,
      name,
      isAdmin: input.isAdmin,
      tokenHash: hashInvitationToken(token),
      invitedByUserId: actor.userId,
      expiresAt,
    })
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
      supplierId: organisation.kind === 'supplier' ? organisation.id : null,
      after: {
        email,
        name,
        isAdmin: input.isAdmin,
        ...(organisation.kind === 'agency' ? { agencyId: organisation.id } : {}),
        expiresAt: expiresAt.toISOString(),
        revokedInvitationIds: revoked.map((row) => row.id),
      },
      requestId: actor.requestId,
    },
    tx,
  );
  return { invitation: toPendingInvitation(created), link: `${deps.config.publicUrl}/user/confirm/${token}`, expiresAt };
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
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) {
    return '•••';
  }
  return `${email.slice(0, 1)}•••${email.slice(at)}`;
}

async function findInvitationByToken(db: Database, token: string, options: { lock: boolean }) {
  const query = db
    .select({
      invitation: invitations,
      supplierName: suppliers.tradingName,
      requiresSecondFactor: suppliers.requireSecondFactor,
      agencyName: agencyApplications.agencyName,
    })
    .from(invitations)
    .leftJoin(suppliers, eq(suppliers.id, invitations.supplierId))
    .leftJoin(agencyApplications, and(eq(agencyApplications.id, invitations.agencyId), eq(agencyApplications.status, 'approved')))
    // The secret token is what entitles the holder to this one invitation, whichever organisation sent it.
    .where(and(eq(invitations.tokenHash, hashInvitationToken(token)), ownedBy(invitations, ANY_SUPPLIER)))
    .limit(1);
  const [row] = options.lock ? await query.for('update', { of: invitations }) : await query;
  const organisation: Organisation | null =
    row !== undefined && row.invitation.supplierId !== null && row.supplierName !== null
      ? { kind: 'supplier', id: row.invitation.supplierId }
      : row !== undefined && row.invitation.agencyId !== null && row.agencyName !== null
        ? { kind: 'agency', id: row.invitation.agencyId }
        : null;
  if (!row || !organisation) {
    throw new AppError(ErrorCode.NotFound, 'This invitation link is not valid. Check that you copied the whole link.');
  }
  return {
    invitation: row.invitation,
    organisation,
    organisationName: (organisation.kind === 'supplier' ? row.supplierName : row.agencyName) ?? '',
    requiresSecondFactor: row.requiresSecondFactor ?? false,
  };
}

/**
 * What the confirmation screen shows for a link; 404 for an unknown token. With the embedded
 * provider (`isEmbeddedIssuer`), whether the invited email may create its sign-in account here.
 */
export async function describeInvitation(db: Database, token: string, isEmbeddedIssuer: boolean): Promise<InvitationDetailsResponse> {
  const { invitation, organisation, organisationName } = await findInvitationByToken(db, token, { lock: false });
  const status = statusOf(invitation, new Date());
  const canCreateAccount = isEmbeddedIssuer && status === 'valid' && !(await findIdentityAccountByEmail(db, invitation.email));
  return { organisationKind: organisation.kind, organisationName, email: invitation.email, name: invitation.name, isAdmin: invitation.isAdmin, status, canCreateAccount };
}

const refusalByStatus: Record<Exclude<InvitationStatus, 'valid'>, (kind: OrganisationKind) => string> = {
  used: (kind) => `This invitation has already been used. Ask an admin of the ${kind} to invite you again if you need access.`,
  expired: (kind) => `This invitation has expired. Ask an admin of the ${kind} to send a new one.`,
  revoked: (kind) => `This invitation was withdrawn. Ask an admin of the ${kind} to send a new one.`,
};

/**
 * Creates the embedded provider's account for the invited email (the link proved it), with the
 * invitation's name, on the sign-in page the invitation's link leads to, which then signs the person
 * in. The invitation stays valid: the dashboard accepts it as they arrive.
 * 409 for a spent link or an email that already has an account; 400 naming the password rule.
 */
export async function createAccountFromInvitation(
  deps: { db: Database; audit: AuditLog },
  token: string,
  input: { password: string; confirmPassword: string },
  requestId: string,
): Promise<{ email: string; accountId: string }> {
  const { invitation, organisation } = await findInvitationByToken(deps.db, token, { lock: false });
  const status = statusOf(invitation, new Date());
  if (status !== 'valid') {
    throw new AppError(ErrorCode.Conflict, refusalByStatus[status](organisation.kind), { status });
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
    after: { email: invitation.email, ...(invitation.agencyId === null ? {} : { agencyId: invitation.agencyId }) },
    requestId,
  });
  return { email: invitation.email, accountId };
}

/** Makes a supplier the organisation a person acts for: remembered, and no agency active. */
export async function actForSupplier(tx: Database, userId: number, supplierId: number): Promise<void> {
  await tx.update(users).set({ activeSupplierId: supplierId, updatedAt: new Date() }).where(eq(users.id, userId));
  await tx.update(agencyMemberships).set({ isActive: false }).where(and(eq(agencyMemberships.userId, userId), eq(agencyMemberships.isActive, true)));
}

/**
 * Makes one of a person's agencies the organisation they act for (the only active one). Two
 * statements: the one-active index is checked row by row, so one update that moves the mark from one
 * agency to another could meet the old mark still in place.
 */
export async function actForAgency(tx: Database, userId: number, agencyId: number): Promise<void> {
  await tx
    .update(agencyMemberships)
    .set({ isActive: false })
    .where(and(eq(agencyMemberships.userId, userId), eq(agencyMemberships.isActive, true), ne(agencyMemberships.agencyId, agencyId)));
  await tx.update(agencyMemberships).set({ isActive: true }).where(and(eq(agencyMemberships.userId, userId), eq(agencyMemberships.agencyId, agencyId)));
}

async function isAlreadyMember(tx: Database, organisation: Organisation, userId: number): Promise<boolean> {
  const [{ memberships } = { memberships: 0 }] =
    organisation.kind === 'supplier'
      ? await tx
          .select({ memberships: count() })
          .from(supplierMemberships)
          .where(and(ownedBy(supplierMemberships, organisation.id), eq(supplierMemberships.userId, userId)))
      : await tx
          .select({ memberships: count() })
          .from(agencyMemberships)
          .where(and(eq(agencyMemberships.agencyId, organisation.id), eq(agencyMemberships.userId, userId)));
  return memberships > 0;
}

/**
 * Accepts an invitation for the signed-in user: their email must be the invited one. Creates the
 * membership, spends the token and makes the organisation the one they act for, all in one
 * transaction; the invitation row is locked so two accepts of one link cannot both succeed.
 */
export async function acceptInvitation(
  deps: { db: Database; audit: AuditLog },
  user: AuthenticatedUser,
  token: string,
  requestId: string,
): Promise<AcceptInvitationResponse> {
  return deps.db.transaction(async (tx) => {
    const { invitation, organisation, organisationName, requiresSecondFactor } = await findInvitationByToken(tx, token, { lock: true });
    const status = statusOf(invitation, new Date());
    if (status !== 'valid') {
      // Every spent link answers 409 (not 410), with `details.status` saying why.
      throw new AppError(ErrorCode.Conflict, refusalByStatus[status](organisation.kind), { status });
    }
    if (user.email.toLowerCase() !== invitation.email.toLowerCase()) {
      throw new AppError(ErrorCode.Forbidden, `This invitation is for ${maskEmail(invitation.email)}. Sign in with that email address to accept it.`);
    }
    if (await isAlreadyMember(tx, organisation, user.id)) {
      throw new AppError(ErrorCode.Conflict, `You are already a user of ${organisationName}.`, { status: 'member' });
    }
    if (organisation.kind === 'supplier') {
      await tx.insert(supplierMemberships).values({ supplierId: organisation.id, userId: user.id, isAdmin: invitation.isAdmin });
      await actForSupplier(tx, user.id, organisation.id);
    } else {
      await tx.insert(agencyMemberships).values({ agencyId: organisation.id, userId: user.id, isAdmin: invitation.isAdmin });
      await actForAgency(tx, user.id, organisation.id);
    }
    await tx
      .update(invitations)
      .set({ acceptedAt: new Date(), acceptedByUserId: user.id })
      .where(and(eq(invitations.id, invitation.id), ownedBy(invitations, supplierScopeOf(organisation))));
    await deps.audit.record(
      {
        actorUserId: user.id,
        action: 'invitation.accept',
        entity: 'invitation',
        entityId: invitation.id,
        supplierId: invitation.supplierId,
        before: { activeSupplierId: user.activeSupplierId },
        after:
          organisation.kind === 'supplier'
            ? { userId: user.id, isAdmin: invitation.isAdmin, activeSupplierId: organisation.id }
            : { userId: user.id, isAdmin: invitation.isAdmin, activeAgencyId: organisation.id },
        requestId,
      },
      tx,
    );
    return organisation.kind === 'supplier'
      ? { activeSupplier: { supplierID: organisation.id, tradingName: organisationName, isAdmin: invitation.isAdmin, requiresSecondFactor }, activeAgency: null }
      : { activeSupplier: null, activeAgency: { agencyID: organisation.id, agencyName: organisationName, isAdmin: invitation.isAdmin } };
  });
}
