/** Supplier user management by admins: list, view, invite, edit, revoke, remove, and the last-admin rules. */
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createSignedInUser, createUser, uniqueEmail } from '../../auth/test-support';
import { auditLog, invitations, supplierMemberships, users } from '../../db/schema/index';
import { buildTestApp, type TestContext } from '../../test/harness';
import { createSupplierWithAdmin, expectError, readInvitationEmail, snapshotUserTables, type SupplierWithAdmin } from './test-support';
import { MAX_INVITATIONS_PER_SUPPLIER_PER_HOUR, TOO_MANY_INVITATIONS_MESSAGE } from '../invitations/service';

describe('supplier user management', () => {
  let context: TestContext;
  beforeAll(async () => {
    context = await buildTestApp();
  });
  afterAll(() => context.close());

  const call = (supplier: SupplierWithAdmin, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    context.app.inject({ method, url, headers: supplier.headers, ...(payload ? { payload } : {}) });

  async function addMember(supplier: SupplierWithAdmin, input: { name: string; isAdmin?: boolean }) {
    const user = await createUser(context.database.db, { name: input.name });
    await context.database.db
      .insert(supplierMemberships)
      .values({ supplierId: supplier.supplierId, userId: user.id, isAdmin: input.isAdmin ?? false });
    return user;
  }

  async function latestAudit(action: string) {
    const [entry] = await context.database.db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(desc(auditLog.id)).limit(1);
    return entry;
  }

  it('lists members and pending invitations by name, marking the current user', async () => {
    const supplier = await createSupplierWithAdmin(context, 'Listing Ltd');
    const bea = await addMember(supplier, { name: 'bea Brown' });
    const invite = await call(supplier, 'POST', '/api/v1/user/users', { name: 'Cy Invitee', email: uniqueEmail('cy'), isAdmin: false });
    expect(invite.statusCode).toBe(201);

    const response = await call(supplier, 'GET', '/api/v1/user/users');
    expect(response.statusCode).toBe(200);
    const body = response.json<{ users: { id: number; name: string; isCurrentUser: boolean; isAdmin: boolean }[]; invitations: { name: string }[] }>();
    expect(body.users.map((user) => [user.name, user.isAdmin, user.isCurrentUser])).toEqual([
      ['bea Brown', false, false],
      ['Listing Ltd Admin', true, true],
    ]);
    expect(body.users[0]?.id).toBe(bea.id);
    expect(body.invitations).toEqual([
      { id: expect.any(Number) as number, name: 'Cy Invitee', email: expect.any(String) as string, isAdmin: false, expiresAt: expect.any(String) as string },
    ]);
  });

  it('shows one member of the active supplier', async () => {
    const supplier = await createSupplierWithAdmin(context, 'Viewing Ltd');
    const member = await addMember(supplier, { name: 'Vic Viewer' });
    const response = await call(supplier, 'GET', `/api/v1/user/users/${member.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: member.id, name: 'Vic Viewer', email: member.email, isAdmin: false, isCurrentUser: false });
    expectError(await call(supplier, 'GET', '/api/v1/user/users/999999'), 404, 'not found');
    expectError(await call(supplier, 'GET', '/api/v1/user/users/abc'), 400, 'bad request');
  });

  it('invites by email: stores only the hash, answers without the token, mails a working link, audits', async () => {
    const supplier = await createSupplierWithAdmin(context, 'Inviting Ltd');
    const email = uniqueEmail('invitee');
    const response = await call(supplier, 'POST', '/api/v1/user/users', { name: 'Ina Invitee', email, isAdmin: true });
    expect(response.statusCode).toBe(201);
    const invitation = response.json<{ id: number; expiresAt: string }>();
    expect(Object.keys(invitation).sort()).toEqual(['email', 'expiresAt', 'id', 'isAdmin', 'name']);
    const days = (Date.parse(invitation.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);

    const mail = await readInvitationEmail(context, email);
    expect(mail.subject).toBe(`You're invited to join a supplier on the ${context.config.productName}`);
    expect(mail.text).toContain('join the supplier “Inviting Ltd”');
    expect(mail.text).toMatch(/^Kia ora,\n/);
    expect(mail.link).toBe(`${context.config.publicUrl}/user/confirm/${mail.token}`);
    expect(mail.text).toContain('expires on');

    const [row] = await context.database.db.select().from(invitations).where(eq(invitations.id, invitation.id));
    expect(JSON.stringify(row)).not.toContain(mail.token);
    expect(row?.tokenHash).toMatch(/^[0-9a-f]{64}$/);

    const details = await context.app.inject({ method: 'GET', url: `/api/v1/invitations/${mail.token}` });
    expect(details.json()).toEqual({ organisationKind: 'supplier', organisationName: 'Inviting Ltd', email, name: 'Ina Invitee', isAdmin: true, status: 'valid', canCreateAccount: true });
    expect(await latestAudit('user.invite')).toMatchObject({ entityId: String(invitation.id), supplierId: supplier.supplierId, actorUserId: supplier.admin.user.id });
  });

  it('never lets typed names read as the portal’s own words in the mail', async () => {
    const supplier = await createSupplierWithAdmin(context, 'Quoting Ltd');
    const email = uniqueEmail('phish');
    // Line breaks and direction overrides are refused outright.
    for (const hidden of ['Urgent\n\nThe Marketplace team', 'Aroha\u202Eataginn']) {
      expectError(await call(supplier, 'POST', '/api/v1/user/users', { name: hidden, email, isAdmin: false }), 400, 'bad request');
    }
    const name = 'Urgent: verify your account at https://evil.example/login';
    expect((await call(supplier, 'POST', '/api/v1/user/users', { name, email, isAdmin: false })).statusCode).toBe(201);
    const mail = await readInvitationEmail(context, email);
    expect(mail.text).not.toMatch(/^Kia ora Urgent/m);
    expect(mail.text).toContain(`The invitation is for “${name}”`);
  });

  it(`sends at most ${String(MAX_INVITATIONS_PER_SUPPLIER_PER_HOUR)} invitations per supplier an hour`, async () => {
    const supplier = await createSupplierWithAdmin(context, 'Busy Ltd');
    const statuses: number[] = [];
    for (let index = 0; index <= MAX_INVITATIONS_PER_SUPPLIER_PER_HOUR; index += 1) {
      const response = await call(supplier, 'POST', '/api/v1/user/users', { name: `Person ${String(index)}`, email: uniqueEmail('busy'), isAdmin: false });
      statuses.push(response.statusCode);
      if (response.statusCode === 429) {
        expect(response.json()).toMatchObject({ message: TOO_MANY_INVITATIONS_MESSAGE });
      }
    }
    expect(statuses.filter((status) => status === 201)).toHaveLength(MAX_INVITATIONS_PER_SUPPLIER_PER_HOUR);
    expect(statuses.at(-1)).toBe(429);
    // Another supplier is not held back.
    const other = await createSupplierWithAdmin(context, 'Quiet Ltd');
    expect((await call(other, 'POST', '/api/v1/user/users', { name: 'Just One', email: uniqueEmail('quiet'), isAdmin: false })).statusCode).toBe(201);
  });

  it(`holds the ${String(MAX_INVITATIONS_PER_SUPPLIER_PER_HOUR)} an hour when twice as many invitations arrive at once (issue 29: 21 of 40 went on PostgreSQL)`, async () => {
    const supplier = await createSupplierWithAdmin(context, 'Burst Ltd');
    const responses = await Promise.all(
      Array.from({ length: 2 * MAX_INVITATIONS_PER_SUPPLIER_PER_HOUR }, (_, index) =>
        call(supplier, 'POST', '/api/v1/user/users', { name: `Burst ${String(index)}`, email: uniqueEmail('burst'), isAdmin: false }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(MAX_INVITATIONS_PER_SUPPLIER_PER_HOUR);
    expect(statuses.filter((status) => status === 429)).toHaveLength(MAX_INVITATIONS_PER_SUPPLIER_PER_HOUR);
  });

  it('a new invitation for the same address revokes the older one', async () => {
    const supplier = await createSupplierWithAdmin(context, 'Reinviting Ltd');
    const email = uniqueEmail('twice');
    await call(supplier, 'POST', '/api/v1/user/users', { name: 'Tw Ice', email, isAdmin: false });
    const first = await readInvitationEmail(context, email);
    await call(supplier, 'POST', '/api/v1/user/users', { name: 'Tw Ice', email: email.toUpperCase(), isAdmin: false });

    const list = await call(supplier, 'GET', '/api/v1/user/users');
    expect(list.json<{ invitations: unknown[] }>().invitations).toHaveLength(1);
    const details = await context.app.inject({ method: 'GET', url: `/api/v1/invitations/${first.token}` });
    expect(details.json()).toMatchObject({ status: 'revoked' });
  });

  it('refuses to invite an existing member (409) and bad input (400), storing nothing', async () => {
    const supplier = await createSupplierWithAdmin(context, 'Refusing Ltd');
    const member = await addMember(supplier, { name: 'Mo Member' });
    const before = await snapshotUserTables(context);
    expectError(await call(supplier, 'POST', '/api/v1/user/users', { name: 'Mo', email: member.email.toUpperCase(), isAdmin: false }), 409, 'conflict');
    expectError(await call(supplier, 'POST', '/api/v1/user/users', { name: 'Mo', email: 'not-an-email', isAdmin: false }), 400, 'bad request');
    expectError(await call(supplier, 'POST', '/api/v1/user/users', { name: '   ', email: uniqueEmail(), isAdmin: false }), 400, 'bad request');
    expectError(await call(supplier, 'POST', '/api/v1/user/users', { name: 'Mo', email: uniqueEmail() }), 400, 'bad request');
    expect(await snapshotUserTables(context)).toEqual(before);
  });

  it('edits the admin flag only, and audits before and after; a person’s name is not the admin’s to change', async () => {
    const supplier = await createSupplierWithAdmin(context, 'Editing Ltd');
    const member = await addMember(supplier, { name: 'Ed Own-Name' });
    const renamed = await call(supplier, 'PUT', `/api/v1/user/users/${member.id}`, { name: 'Urgent: call 0800 000 000', isAdmin: true });
    expectError(renamed, 400, 'bad request');
    const [unchanged] = await context.database.db.select().from(users).where(eq(users.id, member.id));
    expect(unchanged?.name).toBe('Ed Own-Name');

    const response = await call(supplier, 'PUT', `/api/v1/user/users/${member.id}`, { isAdmin: true });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: member.id, name: 'Ed Own-Name', isAdmin: true });
    const [membership] = await context.database.db
      .select()
      .from(supplierMemberships)
      .where(and(eq(supplierMemberships.supplierId, supplier.supplierId), eq(supplierMemberships.userId, member.id)));
    expect(membership?.isAdmin).toBe(true);
    expect(await latestAudit('membership.update')).toMatchObject({
      entityId: String(member.id),
      before: { isAdmin: false },
      after: { isAdmin: true },
    });
  });

  it('never demotes or removes the last admin, but lets an admin leave while another remains', async () => {
    const supplier = await createSupplierWithAdmin(context, 'Last Admin Ltd');
    const self = supplier.admin.user;
    const before = await snapshotUserTables(context);
    const demote = await call(supplier, 'PUT', `/api/v1/user/users/${self.id}`, { isAdmin: false });
    expectError(demote, 409, 'conflict');
    expect(demote.json<{ message: string }>().message).toMatch(/only admin/);
    expectError(await call(supplier, 'POST', '/api/v1/supplier-user/remove', { email: self.email }), 409, 'conflict');
    expect(await snapshotUserTables(context)).toEqual(before);

    const other = await addMember(supplier, { name: 'Other Admin', isAdmin: true });
    await context.database.db.update(users).set({ activeSupplierId: supplier.supplierId }).where(eq(users.id, self.id));
    const leave = await call(supplier, 'POST', '/api/v1/supplier-user/remove', { email: self.email });
    expect(leave.statusCode).toBe(200);
    const [row] = await context.database.db.select().from(users).where(eq(users.id, self.id));
    expect(row?.activeSupplierId).toBeNull();
    // Having left, the former admin has no access any more.
    expectError(await call(supplier, 'GET', '/api/v1/user/users'), 403, 'forbidden');
    const memberships = await context.database.db.select().from(supplierMemberships).where(eq(supplierMemberships.supplierId, supplier.supplierId));
    expect(memberships.map((membership) => membership.userId)).toEqual([other.id]);
  });

  it('removes a member by email, case-insensitively, and audits it; an unknown email is 404', async () => {
    const supplier = await createSupplierWithAdmin(context, 'Removing Ltd');
    const member = await addMember(supplier, { name: 'Rae Removed' });
    const response = await call(supplier, 'POST', '/api/v1/supplier-user/remove', { email: member.email.toUpperCase() });
    expect(response.statusCode).toBe(200);
    expect(await latestAudit('membership.remove')).toMatchObject({ entityId: String(member.id), supplierId: supplier.supplierId, before: { email: member.email } });
    expectError(await call(supplier, 'POST', '/api/v1/supplier-user/remove', { email: member.email }), 404, 'not found');
  });

  it('revokes a pending invitation once, and audits it', async () => {
    const supplier = await createSupplierWithAdmin(context, 'Revoking Ltd');
    const email = uniqueEmail('revoked');
    const created = await call(supplier, 'POST', '/api/v1/user/users', { name: 'Rev Oked', email, isAdmin: false });
    const { id } = created.json<{ id: number }>();
    const response = await call(supplier, 'DELETE', `/api/v1/user/invitations/${id}`);
    expect(response.statusCode).toBe(204);
    expect(await latestAudit('invitation.revoke')).toMatchObject({ entityId: String(id) });
    expectError(await call(supplier, 'DELETE', `/api/v1/user/invitations/${id}`), 404, 'not found');
    const { token } = await readInvitationEmail(context, email);
    const details = await context.app.inject({ method: 'GET', url: `/api/v1/invitations/${token}` });
    expect(details.json()).toMatchObject({ status: 'revoked' });
  });

  it('answers a non-admin member 403 on every admin route and changes nothing', async () => {
    const supplier = await createSupplierWithAdmin(context, 'Members Only Ltd');
    const other = await addMember(supplier, { name: 'Oth Er' });
    const pending = await call(supplier, 'POST', '/api/v1/user/users', { name: 'Pen Ding', email: uniqueEmail(), isAdmin: false });
    const invitationId = pending.json<{ id: number }>().id;
    const plain = await createSignedInUser(context, { name: 'Plain Member', suppliers: [{ supplierId: supplier.supplierId }] });
    const headers = bearer(plain.accessToken, supplier.supplierId);
    const before = await snapshotUserTables(context);
    const calls = [
      { method: 'GET', url: '/api/v1/user/users' },
      { method: 'GET', url: `/api/v1/user/users/${other.id}` },
      { method: 'POST', url: '/api/v1/user/users', payload: { name: 'X', email: uniqueEmail(), isAdmin: true } },
      { method: 'PUT', url: `/api/v1/user/users/${plain.user.id}`, payload: { isAdmin: true } },
      { method: 'DELETE', url: `/api/v1/user/invitations/${invitationId}` },
      { method: 'POST', url: '/api/v1/supplier-user/remove', payload: { email: other.email } },
    ] as const;
    for (const request of calls) {
      expectError(await context.app.inject({ ...request, headers }), 403, 'forbidden');
    }
    expect(await snapshotUserTables(context)).toEqual(before);
  });

  it('requires sign-in on every admin route', async () => {
    // Valid and invalid bodies alike: sign-in is checked before the body is validated.
    for (const request of [
      { method: 'POST', url: '/api/v1/user/users', payload: { nonsense: true } },
      { method: 'PUT', url: '/api/v1/user/users/not-a-number', payload: { isAdmin: 'yes' } },
      { method: 'GET', url: '/api/v1/user/users' },
      { method: 'GET', url: '/api/v1/user/users/1' },
      { method: 'POST', url: '/api/v1/user/users', payload: { name: 'X', email: uniqueEmail(), isAdmin: false } },
      { method: 'PUT', url: '/api/v1/user/users/1', payload: { isAdmin: true } },
      { method: 'DELETE', url: '/api/v1/user/invitations/1' },
      { method: 'POST', url: '/api/v1/supplier-user/remove', payload: { email: uniqueEmail() } },
      { method: 'POST', url: `/api/v1/invitations/${'a'.repeat(43)}/accept` },
    ] as const) {
      expectError(await context.app.inject(request), 401, 'unauthorized');
    }
  });
});
