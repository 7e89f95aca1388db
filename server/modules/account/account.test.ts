/** GET /api/v1/user and GET /api/v1/user/switch[/{supplierID}], through the real sign-in. */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, users } from '../../db/schema/index';
import { bearer, createSignedInUser, createSupplierWithMembers, signTestAccessToken } from '../../auth/test-support';
import { buildTestApp, type TestContext } from '../../test/harness';

describe('user routes', () => {
  let context: TestContext;
  beforeAll(async () => {
    context = await buildTestApp();
  });
  afterAll(() => context.close());

  async function userWithSuppliers() {
    const { db } = context.database;
    const zeta = await createSupplierWithMembers(db, { tradingName: 'Zeta Analytics' });
    const alpha = await createSupplierWithMembers(db, { tradingName: 'Alpha Consulting' });
    const closed = await createSupplierWithMembers(db, { tradingName: 'Closed Ltd', status: 'inactive' });
    const signedIn = await createSignedInUser(context, {
      name: 'Pat Person',
      suppliers: [
        { supplierId: zeta.supplierId, isAdmin: true },
        { supplierId: alpha.supplierId },
        { supplierId: closed.supplierId, isAdmin: true },
      ],
    });
    return { ...signedIn, zeta, alpha, closed };
  }

  it('requires a bearer token', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/api/v1/user' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ error: 'unauthorized', message: expect.any(String) as string });
  });

  it('answers an expired token with 403 session expired', async () => {
    const past = Math.floor(Date.now() / 1000) - 60;
    const token = await signTestAccessToken(context, { iat: past - 300, exp: past });
    const response = await context.app.inject({ method: 'GET', url: '/api/v1/user', headers: bearer(token) });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ error: 'session expired' });
  });

  it('returns the user, their active suppliers by name, and the first as active when none is remembered', async () => {
    const { accessToken, user, zeta, alpha } = await userWithSuppliers();
    const response = await context.app.inject({ method: 'GET', url: '/api/v1/user', headers: bearer(accessToken) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      user: { id: user.id, name: 'Pat Person', email: user.email, isTeamMember: false },
      activeSupplier: { supplierID: alpha.supplierId, tradingName: 'Alpha Consulting', isAdmin: false, requiresSecondFactor: false },
      suppliers: [
        { supplierID: alpha.supplierId, tradingName: 'Alpha Consulting', isAdmin: false, requiresSecondFactor: false },
        { supplierID: zeta.supplierId, tradingName: 'Zeta Analytics', isAdmin: true, requiresSecondFactor: false },
      ],
      suspendedSuppliers: [],
      agencies: [],
      activeAgency: null,
      // A password-only sign-in; the team's pages would ask for a second factor.
      signedInWithSecondFactor: false,
    });
  });

  it('answers a user attached to no supplier with a null active supplier', async () => {
    const { accessToken } = await createSignedInUser(context, { name: 'Nadia Nobody' });
    const response = await context.app.inject({ method: 'GET', url: '/api/v1/user', headers: bearer(accessToken) });
    expect(response.json()).toMatchObject({ activeSupplier: null, suppliers: [] });
    const current = await context.app.inject({ method: 'GET', url: '/api/v1/user/switch', headers: bearer(accessToken) });
    expect(current.json()).toEqual({ activeSupplier: null });
  });

  it('switches the active supplier, remembers it for the user and audits the change', async () => {
    const { accessToken, user, zeta } = await userWithSuppliers();
    const response = await context.app.inject({
      method: 'GET',
      url: `/api/v1/user/switch/${zeta.supplierId}`,
      headers: bearer(accessToken),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ activeSupplier: { supplierID: zeta.supplierId, tradingName: 'Zeta Analytics', isAdmin: true, requiresSecondFactor: false } });

    const overview = await context.app.inject({ method: 'GET', url: '/api/v1/user', headers: bearer(accessToken) });
    expect(overview.json()).toMatchObject({ activeSupplier: { supplierID: zeta.supplierId } });
    const current = await context.app.inject({ method: 'GET', url: '/api/v1/user/switch', headers: bearer(accessToken) });
    expect(current.json()).toMatchObject({ activeSupplier: { supplierID: zeta.supplierId } });

    const entries = await context.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.switch-supplier'), eq(auditLog.entityId, String(user.id))));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actorUserId: user.id, after: { activeSupplierId: zeta.supplierId } });
  });

  it('refuses to switch to another supplier, an inactive one, or an unknown one, changing nothing', async () => {
    const { accessToken, user, closed } = await userWithSuppliers();
    const stranger = await createSupplierWithMembers(context.database.db, { tradingName: 'Someone Else Ltd' });
    for (const supplierId of [stranger.supplierId, closed.supplierId, 999_999]) {
      const response = await context.app.inject({
        method: 'GET',
        url: `/api/v1/user/switch/${supplierId}`,
        headers: bearer(accessToken),
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ error: 'not found' });
    }
    const [row] = await context.database.db.select({ active: users.activeSupplierId }).from(users).where(eq(users.id, user.id));
    expect(row?.active).toBeNull();
  });

  it('rejects a supplier id that is not a number with 400', async () => {
    const { accessToken } = await userWithSuppliers();
    for (const bad of ['abc', '-1', '1.5', '99999999999']) {
      const response = await context.app.inject({ method: 'GET', url: `/api/v1/user/switch/${bad}`, headers: bearer(accessToken) });
      expect(response.statusCode, bad).toBe(400);
      expect(response.json()).toMatchObject({ error: 'bad request' });
    }
  });

  it('ignores a forged X-Supplier-Id: the overview only ever lists the user\'s own suppliers', async () => {
    const { accessToken, alpha } = await userWithSuppliers();
    const stranger = await createSupplierWithMembers(context.database.db, { tradingName: 'Forged Pty Ltd' });
    const response = await context.app.inject({
      method: 'GET',
      url: '/api/v1/user',
      headers: bearer(accessToken, stranger.supplierId),
    });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ activeSupplier: { supplierID: number }; suppliers: { supplierID: number }[] }>();
    expect(body.activeSupplier.supplierID).toBe(alpha.supplierId);
    expect(body.suppliers.map((supplier) => supplier.supplierID)).not.toContain(stranger.supplierId);
  });
});
