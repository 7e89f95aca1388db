/**
 * Tenant isolation: an admin of supplier B tries every users route against supplier A's records.
 * With B's X-Supplier-Id every attempt is "not found"; with A's forged header it is 403. Nothing changes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser, uniqueEmail } from '../../auth/test-support';
import { supplierMemberships } from '../../db/schema/index';
import { buildTestApp, type TestContext } from '../../test/harness';
import { createSupplierWithAdmin, expectError, snapshotUserTables, type SupplierWithAdmin } from './test-support';

describe('users routes: tenant isolation', () => {
  let context: TestContext;
  let supplierA: SupplierWithAdmin;
  let supplierB: SupplierWithAdmin;
  let memberOfA: { id: number; email: string };
  let invitationOfA: number;

  beforeAll(async () => {
    context = await buildTestApp();
    supplierA = await createSupplierWithAdmin(context, 'Alpha Tenant');
    supplierB = await createSupplierWithAdmin(context, 'Bravo Tenant');
    memberOfA = await createUser(context.database.db, { name: 'Alpha Member' });
    await context.database.db.insert(supplierMemberships).values({ supplierId: supplierA.supplierId, userId: memberOfA.id, isAdmin: true });
    const invited = await context.app.inject({
      method: 'POST',
      url: '/api/v1/user/users',
      headers: supplierA.headers,
      payload: { name: 'Alpha Invitee', email: uniqueEmail('alpha'), isAdmin: false },
    });
    invitationOfA = invited.json<{ id: number }>().id;
    // B's admin signs in through one call first, so the snapshot does not see the identity being linked.
    await context.app.inject({ method: 'GET', url: '/api/v1/user', headers: bearer(supplierB.admin.accessToken) });
  });
  afterAll(() => context.close());

  const attempts = () =>
    [
      { method: 'GET', url: `/api/v1/user/users/${memberOfA.id}` },
      { method: 'GET', url: `/api/v1/user/users/${supplierA.admin.user.id}` },
      { method: 'PUT', url: `/api/v1/user/users/${memberOfA.id}`, payload: { isAdmin: false } },
      { method: 'DELETE', url: `/api/v1/user/invitations/${invitationOfA}` },
      { method: 'POST', url: '/api/v1/supplier-user/remove', payload: { email: memberOfA.email } },
    ] as const;

  it("answers 404 for A's user ids, invitation ids and member emails under B's header, changing nothing", async () => {
    const before = await snapshotUserTables(context);
    for (const attempt of attempts()) {
      const response = await context.app.inject({ ...attempt, headers: supplierB.headers });
      expectError(response, 404, 'not found');
    }
    expect(await snapshotUserTables(context)).toEqual(before);
  });

  it("lists only B's own users and invitations", async () => {
    const response = await context.app.inject({ method: 'GET', url: '/api/v1/user/users', headers: supplierB.headers });
    expect(response.json()).toEqual({
      users: [{ id: supplierB.admin.user.id, name: 'Bravo Tenant Admin', email: supplierB.admin.user.email, isAdmin: true, isCurrentUser: true }],
      invitations: [],
    });
  });

  it("refuses every route with A's forged X-Supplier-Id (403), changing nothing", async () => {
    const forged = bearer(supplierB.admin.accessToken, supplierA.supplierId);
    const before = await snapshotUserTables(context);
    for (const attempt of [
      { method: 'GET', url: '/api/v1/user/users' },
      { method: 'POST', url: '/api/v1/user/users', payload: { name: 'Sneaky', email: uniqueEmail(), isAdmin: true } },
      ...attempts(),
    ] as const) {
      expectError(await context.app.inject({ ...attempt, headers: forged }), 403, 'forbidden');
    }
    expect(await snapshotUserTables(context)).toEqual(before);
  });

  it("inviting A's member into B is an ordinary invitation, not a conflict: membership is per supplier", async () => {
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/v1/user/users',
      headers: supplierB.headers,
      payload: { name: 'Alpha Member', email: memberOfA.email, isAdmin: false },
    });
    expect(response.statusCode).toBe(201);
  });
});
