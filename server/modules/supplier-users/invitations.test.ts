/** Invitation links in the user app: details, acceptance end to end, single use, expiry, wrong person. */
import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createIdentityAccount, createSignedInUser, signIn, uniqueEmail } from '../../auth/test-support';
import { auditLog, invitations, users } from '../../db/schema/index';
import { buildTestApp, type TestContext } from '../../test/harness';
import { createSupplierWithAdmin, expectError, readInvitationEmail, snapshotUserTables, type SupplierWithAdmin } from './test-support';

describe('invitation links', () => {
  let context: TestContext;
  let supplier: SupplierWithAdmin;
  beforeAll(async () => {
    context = await buildTestApp();
    supplier = await createSupplierWithAdmin(context, 'Welcoming Ltd');
  });
  afterAll(() => context.close());

  async function invite(input: { email?: string; isAdmin?: boolean } = {}) {
    const email = input.email ?? uniqueEmail('invitee');
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/v1/user/users',
      headers: supplier.headers,
      payload: { name: 'New Person', email, isAdmin: input.isAdmin ?? false },
    });
    expect(response.statusCode).toBe(201);
    const { token } = await readInvitationEmail(context, email);
    return { email, token, id: response.json<{ id: number }>().id };
  }

  const accept = (token: string, accessToken: string) =>
    context.app.inject({ method: 'POST', url: `/api/v1/invitations/${token}/accept`, headers: bearer(accessToken) });

  it('a person who never signed in before: invite → link from the email → sign in → accept → member', async () => {
    const { email, token, id } = await invite({ isAdmin: true });
    // Only an identity account: the portal user is created by the first API call.
    await createIdentityAccount(context.database.db, { email, name: 'New Person' });
    const { accessToken } = await signIn(context, email);

    const details = await context.app.inject({ method: 'GET', url: `/api/v1/invitations/${token}` });
    expect(details.json()).toMatchObject({ organisationKind: 'supplier', organisationName: 'Welcoming Ltd', status: 'valid', isAdmin: true });

    const accepted = await accept(token, accessToken);
    expect(accepted.statusCode).toBe(200);
    const activeSupplier = { supplierID: supplier.supplierId, tradingName: 'Welcoming Ltd', isAdmin: true, requiresSecondFactor: false };
    expect(accepted.json()).toEqual({ activeSupplier, activeAgency: null });

    const overview = await context.app.inject({ method: 'GET', url: '/api/v1/user', headers: bearer(accessToken) });
    expect(overview.json()).toMatchObject({ activeSupplier, suppliers: [activeSupplier] });
    // As an admin now, they reach the admin routes of the supplier.
    const list = await context.app.inject({ method: 'GET', url: '/api/v1/user/users', headers: bearer(accessToken, supplier.supplierId) });
    expect(list.statusCode).toBe(200);
    expect(list.json<{ invitations: unknown[] }>().invitations).toEqual([]);

    const [row] = await context.database.db.select().from(invitations).where(eq(invitations.id, id));
    expect(row?.acceptedAt).toBeInstanceOf(Date);
    const [entry] = await context.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'invitation.accept'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry).toMatchObject({ entityId: String(id), supplierId: supplier.supplierId });
  });

  it('a token works once: a second accept answers 409 used', async () => {
    const { email, token } = await invite();
    const person = await createSignedInUser(context, { email });
    expect((await accept(token, person.accessToken)).statusCode).toBe(200);
    const again = await accept(token, person.accessToken);
    expectError(again, 409, 'conflict');
    expect(again.json()).toMatchObject({ details: { status: 'used' } });
    const details = await context.app.inject({ method: 'GET', url: `/api/v1/invitations/${token}` });
    expect(details.json()).toMatchObject({ status: 'used' });
  });

  it('an expired token answers 409 expired and changes nothing', async () => {
    const { email, token, id } = await invite();
    await context.database.db.execute(sql`update invitations set expires_at = now() - interval '1 minute' where id = ${id}`);
    const person = await createSignedInUser(context, { email });
    const details = await context.app.inject({ method: 'GET', url: `/api/v1/invitations/${token}` });
    expect(details.json()).toMatchObject({ status: 'expired' });
    const before = await snapshotUserTables(context);
    const response = await accept(token, person.accessToken);
    expectError(response, 409, 'conflict');
    expect(response.json()).toMatchObject({ details: { status: 'expired' }, message: expect.stringMatching(/expired/) as string });
    expect(await snapshotUserTables(context)).toEqual(before);
    // An expired invitation is no longer listed as pending.
    const list = await context.app.inject({ method: 'GET', url: '/api/v1/user/users', headers: supplier.headers });
    expect(list.json<{ invitations: { id: number }[] }>().invitations.map((invitation) => invitation.id)).not.toContain(id);
  });

  it('someone signed in with another email is refused 403, naming the invited address masked', async () => {
    const { token } = await invite({ email: 'jane.invited@example.test' });
    const stranger = await createSignedInUser(context);
    const before = await snapshotUserTables(context);
    const response = await accept(token, stranger.accessToken);
    expectError(response, 403, 'forbidden');
    const { message } = response.json<{ message: string }>();
    expect(message).toContain('j•••@example.test');
    expect(message).not.toContain('jane.invited');
    expect(await snapshotUserTables(context)).toEqual(before);
  });

  it('accepts the invited address in any letter case', async () => {
    const email = uniqueEmail('casey');
    const { token } = await invite({ email: email.toUpperCase() });
    const person = await createSignedInUser(context, { email });
    expect((await accept(token, person.accessToken)).statusCode).toBe(200);
    const [row] = await context.database.db.select().from(users).where(eq(users.id, person.user.id));
    expect(row?.activeSupplierId).toBe(supplier.supplierId);
  });

  it('someone already a member cannot spend an invitation: 409, nothing changes', async () => {
    const { email, token } = await invite();
    const person = await createSignedInUser(context, { email, suppliers: [{ supplierId: supplier.supplierId }] });
    const before = await snapshotUserTables(context);
    const response = await accept(token, person.accessToken);
    expectError(response, 409, 'conflict');
    expect(response.json()).toMatchObject({ details: { status: 'member' } });
    expect(await snapshotUserTables(context)).toEqual(before);
  });

  it('an unknown token is 404, a malformed one 400', async () => {
    const unknown = 'A'.repeat(43);
    expectError(await context.app.inject({ method: 'GET', url: `/api/v1/invitations/${unknown}` }), 404, 'not found');
    const person = await createSignedInUser(context);
    expectError(await accept(unknown, person.accessToken), 404, 'not found');
    expectError(await context.app.inject({ method: 'GET', url: '/api/v1/invitations/short' }), 400, 'bad request');
  });
});
