/**
 * A supplier asking everyone who works for it to use two-step verification (issue 29): only its
 * admins choose, turning it on takes an admin who signed in with a second factor, and then every
 * request for the supplier from a sign-in without one is refused, while the person's other
 * suppliers and their own account stay open.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OWN_SECOND_FACTOR_FIRST_MESSAGE, supplierSecondFactorRequiredMessage } from '../../../common/api/second-factors';
import type { CurrentUserResponse } from '../../../common/api/user';
import { bearer, createSignedInUser, createSupplierWithMembers } from '../../auth/test-support';
import { auditLog, suppliers } from '../../db/schema/index';
import { buildTestApp, type TestContext } from '../../test/harness';

const REQUIREMENT_URL = '/api/v1/user/second-factor-requirement';

describe('a supplier requiring two-step verification', () => {
  let context: TestContext;
  beforeAll(async () => {
    context = await buildTestApp();
  });
  afterAll(() => context.close());

  async function supplierWithPeople(tradingName: string) {
    const { db } = context.database;
    const { supplierId } = await createSupplierWithMembers(db, { tradingName });
    const { supplierId: otherSupplierId } = await createSupplierWithMembers(db, { tradingName: `${tradingName} Other` });
    const admin = await createSignedInUser(context, { name: 'Ada Admin', withSecondFactor: true, suppliers: [{ supplierId, isAdmin: true }] });
    const adminPasswordOnly = await createSignedInUser(context, { name: 'Pat Password', suppliers: [{ supplierId, isAdmin: true }] });
    // A member of two suppliers, signed in with a password alone.
    const member = await createSignedInUser(context, { name: 'Mo Member', suppliers: [{ supplierId }, { supplierId: otherSupplierId }] });
    const memberWithPasskey = await createSignedInUser(context, { name: 'Kim Key', withSecondFactor: true, suppliers: [{ supplierId }] });
    return { supplierId, otherSupplierId, admin, adminPasswordOnly, member, memberWithPasskey };
  }

  const setRequirement = (accessToken: string, supplierId: number, payload: unknown) =>
    context.app.inject({ method: 'PUT', url: REQUIREMENT_URL, headers: bearer(accessToken, supplierId), payload: payload as object });
  // A member's route of the dashboard: the supplier's own details.
  const openDashboard = (accessToken: string, supplierId: number) =>
    context.app.inject({ method: 'GET', url: '/api/v1/user/details', headers: bearer(accessToken, supplierId) });

  async function stored(supplierId: number): Promise<boolean | undefined> {
    const [row] = await context.database.db.select({ required: suppliers.requireSecondFactor }).from(suppliers).where(eq(suppliers.id, supplierId));
    return row?.required;
  }

  async function auditEntries(supplierId: number) {
    return context.database.db
      .select({ before: auditLog.before, after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'supplier.second-factor-requirement'), eq(auditLog.supplierId, supplierId)));
  }

  it('is off until an admin who signed in with a second factor turns it on, and is audited', async () => {
    const people = await supplierWithPeople('Keyed Ltd');
    expect(await stored(people.supplierId)).toBe(false);
    expect((await openDashboard(people.member.accessToken, people.supplierId)).statusCode).toBe(200);

    const refused = await setRequirement(people.adminPasswordOnly.accessToken, people.supplierId, { required: true });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: 'conflict', message: OWN_SECOND_FACTOR_FIRST_MESSAGE });
    expect(await stored(people.supplierId)).toBe(false);

    const turnedOn = await setRequirement(people.admin.accessToken, people.supplierId, { required: true });
    expect(turnedOn.statusCode).toBe(200);
    expect(turnedOn.json()).toEqual({ required: true });
    expect(await stored(people.supplierId)).toBe(true);
    // Asked again, nothing changes and nothing more is audited.
    expect((await setRequirement(people.admin.accessToken, people.supplierId, { required: true })).statusCode).toBe(200);
    expect(await auditEntries(people.supplierId)).toEqual([{ before: { requireSecondFactor: false }, after: { requireSecondFactor: true } }]);
  });

  it('then refuses the supplier to a sign-in without a second factor, and nothing else', async () => {
    const people = await supplierWithPeople('Guarded Ltd');
    expect((await setRequirement(people.admin.accessToken, people.supplierId, { required: true })).statusCode).toBe(200);

    const refused = await openDashboard(people.member.accessToken, people.supplierId);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: 'second factor required', message: supplierSecondFactorRequiredMessage('Guarded Ltd') });
    // The admin signed in with a password alone is refused too, even their own admin pages.
    const adminRefused = await context.app.inject({ method: 'GET', url: '/api/v1/user/users', headers: bearer(people.adminPasswordOnly.accessToken, people.supplierId) });
    expect(adminRefused.statusCode).toBe(403);
    expect(adminRefused.json()).toMatchObject({ error: 'second factor required' });

    // With a second factor, the dashboard opens.
    expect((await openDashboard(people.memberWithPasskey.accessToken, people.supplierId)).statusCode).toBe(200);
    // The member's other supplier does not ask for one.
    expect((await openDashboard(people.member.accessToken, people.otherSupplierId)).statusCode).toBe(200);
    // Their account says why, so the dashboard can show what to do.
    const overview = await context.app.inject({ method: 'GET', url: '/api/v1/user', headers: bearer(people.member.accessToken) });
    expect(overview.statusCode).toBe(200);
    const body = overview.json<CurrentUserResponse>();
    expect(body.signedInWithSecondFactor).toBe(false);
    expect(body.suppliers.map((supplier) => [supplier.tradingName, supplier.requiresSecondFactor])).toEqual([
      ['Guarded Ltd', true],
      ['Guarded Ltd Other', false],
    ]);
    // Setting up a second factor stays open to them.
    expect((await context.app.inject({ method: 'GET', url: '/api/v1/account/second-factors', headers: bearer(people.member.accessToken) })).statusCode).toBe(200);
  });

  it('is turned off by an admin, and the dashboard opens to a password again', async () => {
    const people = await supplierWithPeople('Relaxed Ltd');
    expect((await setRequirement(people.admin.accessToken, people.supplierId, { required: true })).statusCode).toBe(200);
    expect((await openDashboard(people.member.accessToken, people.supplierId)).statusCode).toBe(403);

    const turnedOff = await setRequirement(people.admin.accessToken, people.supplierId, { required: false });
    expect(turnedOff.statusCode).toBe(200);
    expect(turnedOff.json()).toEqual({ required: false });
    expect((await openDashboard(people.member.accessToken, people.supplierId)).statusCode).toBe(200);
    expect((await auditEntries(people.supplierId)).map((entry) => entry.after)).toEqual([{ requireSecondFactor: true }, { requireSecondFactor: false }]);
  });

  it('is for the active supplier’s admins alone, and refuses bad input without changing anything', async () => {
    const people = await supplierWithPeople('Careful Ltd');
    const stranger = await supplierWithPeople('Stranger Ltd');

    const byMember = await setRequirement(people.memberWithPasskey.accessToken, people.supplierId, { required: true });
    expect(byMember.statusCode).toBe(403);
    expect(byMember.json()).toMatchObject({ error: 'forbidden' });
    // Another supplier's admin naming this supplier in the header is refused, as if it did not exist.
    const byStranger = await setRequirement(stranger.admin.accessToken, people.supplierId, { required: true });
    expect(byStranger.statusCode).toBe(403);
    expect(byStranger.json()).toMatchObject({ message: 'You do not have access to that supplier.' });

    for (const payload of [{}, { required: 'yes' }, { required: true, supplierID: stranger.supplierId }, [true], null]) {
      const response = await setRequirement(people.admin.accessToken, people.supplierId, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect(await stored(people.supplierId)).toBe(false);
    expect(await stored(stranger.supplierId)).toBe(false);
    expect(await auditEntries(people.supplierId)).toEqual([]);
  });
});
