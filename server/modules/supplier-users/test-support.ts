/** Factories and probes for the users-module tests. Only tests import this file. */
import { asc, count, inArray } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { bearer, createSignedInUser, createSupplierWithMembers, type SignedInUser } from '../../auth/test-support';
import { auditLog, invitations, supplierMemberships, users } from '../../db/schema/index';
import { readOutboxMessage } from '../../mail/index';
import type { TestContext } from '../../test/harness';

/** The audit actions of the users module. */
export const USERS_AUDIT_ACTIONS = ['user.invite', 'invitation.revoke', 'membership.update', 'membership.remove', 'invitation.accept'];

export interface SupplierWithAdmin {
  supplierId: number;
  tradingName: string;
  admin: SignedInUser;
  /** Headers of a call by the admin for this supplier. */
  headers: Record<string, string>;
}

/** A supplier whose signed-in admin calls the routes. */
export async function createSupplierWithAdmin(context: TestContext, tradingName: string): Promise<SupplierWithAdmin> {
  const { supplierId } = await createSupplierWithMembers(context.database.db, { tradingName });
  const admin = await createSignedInUser(context, { name: `${tradingName} Admin`, suppliers: [{ supplierId, isAdmin: true }] });
  return { supplierId, tradingName, admin, headers: bearer(admin.accessToken, supplierId) };
}

/** The newest outbox message to `email`, with the token of its invitation link. */
export async function readInvitationEmail(context: TestContext, email: string): Promise<{ subject: string; text: string; link: string; token: string }> {
  const directory = context.config.mail.outboxDir;
  const entry = (await context.deliverMail()).find((candidate) => candidate.to.includes(email));
  if (!entry) {
    throw new Error(`no mail to ${email} in the outbox`);
  }
  const message = await readOutboxMessage(directory, entry.id);
  const match = /(\S+\/user\/confirm\/([A-Za-z0-9_-]{43}))/.exec(message?.text ?? '');
  if (!message || !match?.[1] || !match[2]) {
    throw new Error('the invitation email has no confirmation link');
  }
  return { subject: message.subject, text: message.text, link: match[1], token: match[2] };
}

/** Every row the users routes could change, to prove a refused call changed nothing. */
export async function snapshotUserTables(context: TestContext) {
  const { db } = context.database;
  return {
    users: await db.select({ id: users.id, name: users.name, activeSupplierId: users.activeSupplierId }).from(users).orderBy(asc(users.id)),
    memberships: await db.select().from(supplierMemberships).orderBy(asc(supplierMemberships.supplierId), asc(supplierMemberships.userId)),
    invitations: await db.select().from(invitations).orderBy(asc(invitations.id)),
    // Sign-in itself audits (linking the identity on the first call); only this module's actions count.
    auditEntries: (await db.select({ total: count() }).from(auditLog).where(inArray(auditLog.action, USERS_AUDIT_ACTIONS)))[0]?.total,
  };
}

/** Asserts the API's one error shape with the given status and code. */
export function expectError(response: LightMyRequestResponse, status: number, error: string): void {
  expect({ status: response.statusCode, body: response.json<unknown>() }).toMatchObject({
    status,
    body: { error, message: expect.any(String) as string },
  });
}
