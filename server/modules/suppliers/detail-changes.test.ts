/**
 * Issue 29, item 4: a business number belongs to one supplier, and a change of legal name, NZBN,
 * ABN or ACN waits for the team's review before any public place shows it. The attack of the
 * finding (a supplier admin taking another supplier's NZBN and name) and the routes of the review.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { readFile } from 'node:fs/promises';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUPPLIER_CHANGE_WAITING, businessNumberTakenMessage, type TeamSupplierChange, type TeamSupplierChangeListResponse } from '../../../common/api/supplier-detail-changes';
import { isValidNzbn } from '../../../common/business-numbers';
import { supplierProfilePath } from '../../../common/site-paths';
import { bearer, createSignedInUser } from '../../auth/test-support';
import { auditLog, supplierDetailChanges, suppliers } from '../../db/schema/index';
import { readOutboxMessage } from '../../mail/index';
import { buildTestApp, type TestContext } from '../../test/harness';
import { expectKeysetWalk } from '../../test/keyset-walk';
import { createTeamMemberUser } from '../applications/team-test-support';
import { createChannel, createSupplier, serviceId } from '../directory/test-support';
import { expectError, type SupplierWithAdmin } from '../supplier-users/test-support';
import { supplierChangeDecisionSubject } from './notify';

interface Details {
  id: number;
  legal_name: string;
  trading_name: string;
  nzbn?: string;
  last_edited: string;
  pending_change: { requestedBy: string | null; fields: { field: string; before: string | null; after: string | null }[] } | null;
}

/** Valid NZBNs (GS1 check digits), none of them the demo suppliers'. */
const NZBN = { victim: '9429041525746', free: '9429000554336', race: '9429000475143' };

let nextBase = 942911100000;
/** A valid NZBN no other test supplier holds. */
function freshNzbn(): string {
  for (;;) {
    nextBase += 7919;
    for (let check = 0; check < 10; check += 1) {
      if (isValidNzbn(`${String(nextBase)}${String(check)}`)) {
        return `${String(nextBase)}${String(check)}`;
      }
    }
  }
}

describe('business numbers and names under review (issue 29, item 4)', () => {
  let context: TestContext;
  let team: { headers: Record<string, string>; user: { id: number } };
  let pentest: number;

  beforeAll(async () => {
    context = await buildTestApp();
    team = await createTeamMemberUser(context);
    const channel = await createChannel(context.database.db, { title: 'Digital', catalogues: [{ title: 'Cyber', services: [{ title: 'Penetration testing' }] }] });
    pentest = serviceId(channel, 'Penetration testing');
  });
  afterAll(() => context.close());

  /** An approved supplier with a published listing (so its public profile answers), its NZBN and a signed-in admin. */
  async function listedSupplier(tradingName: string, nzbn: string | null = freshNzbn()): Promise<SupplierWithAdmin> {
    const { db } = context.database;
    const supplierId = await createSupplier(db, { tradingName, published: [pentest] });
    await db
      .update(suppliers)
      .set({
        nzbn,
        details: {
          maori_business: 'no',
          registered_address: { line_1: '1 Lambton Quay', city: 'Wellington', postcode: '6011', country: 'New Zealand' },
          same_as_head_office: 'yes',
          type_of_company: 'Limited liability company',
          business_owner: 'Aroha Ngata',
          company_status: 'Registered',
          gst_status: 'not_registered',
          size_of_company: '2-19',
          years_in_business: 6,
          operational_location: 'Wellington region',
        },
      })
      .where(eq(suppliers.id, supplierId));
    const admin = await createSignedInUser(context, { name: `${tradingName} Admin`, suppliers: [{ supplierId, isAdmin: true }] });
    return { supplierId, tradingName, admin, headers: bearer(admin.accessToken, supplierId) };
  }

  async function load(supplier: SupplierWithAdmin): Promise<Details> {
    const response = await context.app.inject({ method: 'GET', url: '/api/v1/user/details', headers: supplier.headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Details>();
  }

  async function saveFresh(supplier: SupplierWithAdmin, payload: Record<string, unknown>): Promise<LightMyRequestResponse> {
    const { last_edited } = await load(supplier);
    return context.app.inject({ method: 'PUT', url: '/api/v1/supplier-registration', headers: supplier.headers, payload: { last_edited, ...payload } });
  }

  function fieldErrors(response: LightMyRequestResponse): { field: string; message: string }[] {
    return response.json<{ details: { field: string; message: string }[] }>().details;
  }

  async function publicProfile(supplierId: number): Promise<string> {
    const response = await context.app.inject({ method: 'GET', url: supplierProfilePath(supplierId) });
    expect(response.statusCode).toBe(200);
    return response.body;
  }

  async function pendingChangeId(supplierId: number): Promise<number> {
    const [row] = await context.database.db
      .select({ id: supplierDetailChanges.id })
      .from(supplierDetailChanges)
      .where(and(eq(supplierDetailChanges.supplierId, supplierId), eq(supplierDetailChanges.status, 'pending')));
    if (!row) {
      throw new Error('no pending change');
    }
    return row.id;
  }

  function decide(id: number, decision: 'approve' | 'decline', payload?: Record<string, unknown>, headers = team.headers) {
    return context.app.inject({ method: 'POST', url: `/api/v1/admin/supplier-changes/${id}/${decision}`, headers, ...(payload ? { payload } : {}) });
  }

  async function actions(supplierId: number): Promise<string[]> {
    const rows = await context.database.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.supplierId, supplierId)).orderBy(asc(auditLog.id));
    return rows.map((row) => row.action).filter((action) => action.startsWith('supplier.'));
  }

  it("refuses another supplier's NZBN at the field, with a clear message, storing nothing (the finding)", async () => {
    const victim = await listedSupplier('Victim Works', NZBN.victim);
    const thief = await listedSupplier('Thief Works', null);
    const response = await saveFresh(thief, { legal_name: 'Victim Works Limited', nzbn: '9429 0415 2574 6' });
    expectError(response, 400, 'bad request');
    expect(fieldErrors(response)).toEqual([{ field: 'nzbn', message: businessNumberTakenMessage('nzbn') }]);
    const [row] = await context.database.db.select().from(suppliers).where(eq(suppliers.id, thief.supplierId));
    expect(row).toMatchObject({ nzbn: null, legalName: 'Thief Works Limited' });
    expect((await load(thief)).pending_change).toBeNull();
    expect(await publicProfile(thief.supplierId)).not.toContain(NZBN.victim);
    expect(await publicProfile(victim.supplierId)).toContain(NZBN.victim);
  });

  it('keeps a name and number change out of every public place until the team approves it; other details save at once', async () => {
    const supplier = await listedSupplier('Tui Renamed');
    const response = await saveFresh(supplier, { trading_name: 'Tui Renamed Again', legal_name: 'Kererū Holdings Limited', nzbn: NZBN.free });
    expect(response.statusCode, response.body).toBe(200);
    const saved = response.json<Details>();
    // The trading name saves at once; the legal name and NZBN wait.
    expect(saved).toMatchObject({ trading_name: 'Tui Renamed Again', legal_name: 'Tui Renamed Limited' });
    expect(saved.nzbn).not.toBe(NZBN.free);
    expect(saved.pending_change).toEqual({
      requestedAt: expect.any(String) as string,
      requestedBy: 'Tui Renamed Admin',
      fields: [
        { field: 'legal_name', label: 'Legal name', before: 'Tui Renamed Limited', after: 'Kererū Holdings Limited' },
        { field: 'nzbn', label: 'New Zealand Business Number (NZBN)', before: saved.nzbn ?? null, after: NZBN.free },
      ],
    });
    const profile = await publicProfile(supplier.supplierId);
    expect(profile).toContain('Tui Renamed Limited');
    expect(profile).not.toContain('Kererū Holdings');
    expect(profile).not.toContain(NZBN.free);
    const search = await context.app.inject({ method: 'GET', url: '/api/v1/admin/suppliers?q=Holdings', headers: team.headers });
    expect(search.json<{ total: number }>().total).toBe(0);

    // The team sees it, field by field, and approves it.
    const queue = await context.app.inject({ method: 'GET', url: '/api/v1/admin/supplier-changes', headers: team.headers });
    expect(queue.statusCode).toBe(200);
    const listed = queue.json<TeamSupplierChangeListResponse>().changes.find((change) => change.supplierId === supplier.supplierId);
    expect(listed).toMatchObject({ tradingName: 'Tui Renamed Again', status: 'pending', requestedBy: 'Tui Renamed Admin', fields: saved.pending_change?.fields });
    const approved = await decide(await pendingChangeId(supplier.supplierId), 'approve');
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json<TeamSupplierChange>()).toMatchObject({ status: 'approved', decidedBy: 'Marketplace Team' });

    const after = await load(supplier);
    expect(after).toMatchObject({ legal_name: 'Kererū Holdings Limited', nzbn: NZBN.free, pending_change: null });
    expect(await publicProfile(supplier.supplierId)).toContain('Kererū Holdings Limited');
    expect(await actions(supplier.supplierId)).toEqual(['supplier.update-details', 'supplier.request-change', 'supplier.approve-change']);

    const mail = (await context.deliverMail()).find((entry) => entry.to.includes(supplier.admin.user.email) && entry.subject === supplierChangeDecisionSubject(context.config.productName, true));
    expect(mail).toBeDefined();
    const message = await readOutboxMessage(context.config.mail.outboxDir, mail?.id ?? '');
    expect(message?.text).toContain('Legal name: “Kererū Holdings Limited” (was “Tui Renamed Limited”)');

    // Deciding again answers 409.
    expectError(await decide(await changeIdOf(supplier.supplierId), 'approve'), 409, 'conflict');
  });

  async function changeIdOf(supplierId: number): Promise<number> {
    const [row] = await context.database.db.select({ id: supplierDetailChanges.id }).from(supplierDetailChanges).where(eq(supplierDetailChanges.supplierId, supplierId));
    return row?.id ?? 0;
  }

  it('a decline keeps the approved values and mails the reason; a second change waits for the first; the admin can withdraw one', async () => {
    const supplier = await listedSupplier('Kea Rejected');
    expect((await saveFresh(supplier, { legal_name: 'Kea Grand Limited' })).statusCode).toBe(200);
    // One change at a time.
    const second = await saveFresh(supplier, { legal_name: 'Kea Grander Limited' });
    expectError(second, 400, 'bad request');
    expect(fieldErrors(second)).toEqual([{ field: 'legal_name', message: SUPPLIER_CHANGE_WAITING }]);

    expectError(await decide(await pendingChangeId(supplier.supplierId), 'decline', { reason: '   ' }), 400, 'bad request');
    const declined = await decide(await pendingChangeId(supplier.supplierId), 'decline', { reason: 'The Companies Office lists a different legal name.' });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json<TeamSupplierChange>()).toMatchObject({ status: 'declined', reason: 'The Companies Office lists a different legal name.' });
    expect(await load(supplier)).toMatchObject({ legal_name: 'Kea Rejected Limited', pending_change: null });
    const mail = (await context.deliverMail()).find((entry) => entry.to.includes(supplier.admin.user.email) && entry.subject === supplierChangeDecisionSubject(context.config.productName, false));
    const message = await readOutboxMessage(context.config.mail.outboxDir, mail?.id ?? '');
    expect(message?.text).toContain('The Companies Office lists a different legal name.');

    // Withdrawing: admins only, once.
    expect((await saveFresh(supplier, { legal_name: 'Kea Other Limited' })).statusCode).toBe(200);
    const member = await createSignedInUser(context, { suppliers: [{ supplierId: supplier.supplierId, isAdmin: false }] });
    const withdraw = (headers: Record<string, string>) => context.app.inject({ method: 'DELETE', url: '/api/v1/supplier-registration/pending-change', headers });
    expectError(await withdraw(bearer(member.accessToken, supplier.supplierId)), 403, 'forbidden');
    expect((await withdraw(supplier.headers)).statusCode).toBe(204);
    expect((await load(supplier)).pending_change).toBeNull();
    expectError(await withdraw(supplier.headers), 409, 'conflict');
    expect(await actions(supplier.supplierId)).toEqual([
      'supplier.update-details',
      'supplier.request-change',
      'supplier.decline-change',
      'supplier.update-details',
      'supplier.request-change',
      'supplier.withdraw-change',
    ]);
  });

  it('two suppliers asking for the same number at once: one change waits for review, the others get the clear error, never a 500', async () => {
    const racers = await Promise.all(Array.from({ length: 6 }, (_, index) => listedSupplier(`Racer ${String(index)}`)));
    const loaded = await Promise.all(racers.map((racer) => load(racer)));
    const responses = await Promise.all(
      racers.map((racer, index) =>
        context.app.inject({ method: 'PUT', url: '/api/v1/supplier-registration', headers: racer.headers, payload: { last_edited: loaded[index]?.last_edited, nzbn: NZBN.race } }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([200, 400, 400, 400, 400, 400]);
    for (const response of responses.filter((candidate) => candidate.statusCode === 400)) {
      expect(fieldErrors(response)).toEqual([{ field: 'nzbn', message: businessNumberTakenMessage('nzbn') }]);
    }
    const [claims] = await context.database.db
      .select({ total: sql<number>`count(*)`.mapWith(Number) })
      .from(supplierDetailChanges)
      .where(and(eq(supplierDetailChanges.status, 'pending'), sql`${supplierDetailChanges.after}->>'nzbn' = ${NZBN.race}`));
    expect(claims?.total).toBe(1);

    // The same race between the team's two approvals of one change: one decides, the other gets 409.
    const winner = racers[responses.findIndex((response) => response.statusCode === 200)];
    const id = await pendingChangeId(winner?.supplierId ?? 0);
    const decisions = await Promise.all([decide(id, 'approve'), decide(id, 'approve'), decide(id, 'decline', { reason: 'Too late' })]);
    expect(decisions.map((response) => response.statusCode).sort()).toEqual([200, 409, 409]);
  });

  it('a number a supplier took after the change was asked for: approving says so (409) and changes nothing', async () => {
    const asker = await listedSupplier('Asker Ltd');
    expect((await saveFresh(asker, { abn: '51 824 753 556' })).statusCode).toBe(200);
    // Another supplier came to hold it since (say, a registration approved by the team).
    const holder = await createSupplier(context.database.db, { tradingName: 'Holder Pty' });
    await context.database.db.update(suppliers).set({ abn: '51824753556' }).where(eq(suppliers.id, holder));
    const response = await decide(await pendingChangeId(asker.supplierId), 'approve');
    expectError(response, 409, 'conflict');
    expect(response.json<{ message: string }>().message).toContain('This ABN now belongs to another supplier');
    expect(await load(asker)).toMatchObject({ pending_change: { fields: [{ field: 'abn', after: '51824753556' }] } });
  });

  it('the database refuses a second supplier with the same number, spaces or not (the unique indexes)', async () => {
    const { db } = context.database;
    const first = await createSupplier(db, { tradingName: 'Index One' });
    await db.update(suppliers).set({ nzbn: '9429000000001', abn: '11 111 111 111', details: { acn: '123456789' } }).where(eq(suppliers.id, first));
    const second = await createSupplier(db, { tradingName: 'Index Two' });
    for (const values of [{ nzbn: '9429 0000 0000 1' }, { abn: '11111111111' }, { details: { acn: '123 456 789' } }]) {
      await expect(db.update(suppliers).set(values).where(eq(suppliers.id, second))).rejects.toThrow();
    }
  });

  it('the team routes are the team’s only; an unknown change answers 404', async () => {
    const supplier = await listedSupplier('Outsider Ltd');
    for (const [method, url] of [
      ['GET', '/api/v1/admin/supplier-changes'],
      ['GET', '/api/v1/admin/supplier-changes/1'],
      ['POST', '/api/v1/admin/supplier-changes/1/approve'],
    ] as const) {
      expect((await context.app.inject({ method, url })).statusCode).toBe(401);
      expect((await context.app.inject({ method, url, headers: supplier.headers })).statusCode).toBe(403);
    }
    expectError(await context.app.inject({ method: 'GET', url: '/api/v1/admin/supplier-changes/999999', headers: team.headers }), 404, 'not found');
    expectError(await decide(999999, 'approve'), 404, 'not found');
    expectError(await context.app.inject({ method: 'GET', url: '/api/v1/admin/supplier-changes?status=bogus', headers: team.headers }), 400, 'bad request');
  });
});

describe("the team's queue of changes paged from a change (issue 33)", () => {
  let context: TestContext;
  let team: Record<string, string>;

  beforeAll(async () => {
    context = await buildTestApp();
    const { db } = context.database;
    team = (await createTeamMemberUser(context)).headers;
    // One pending change a supplier (a unique index), so sixty suppliers; more than two pages of
    // each status. Ten of each were asked for at one moment, so only their ids tell them apart;
    // the rest later the higher their id, so that an order by id alone would not pass.
    const created = await db
      .insert(suppliers)
      .values(Array.from({ length: 60 }, (_, index) => ({ tradingName: `Queue ${String(index)}`, legalName: `Queue ${String(index)} Limited` })))
      .returning({ id: suppliers.id });
    await db.insert(supplierDetailChanges).values(
      (['pending', 'approved', 'declined', 'withdrawn'] as const).flatMap((status) =>
        created.map(({ id: supplierId }, index) => ({
          supplierId,
          status,
          before: { legal_name: `Queue ${String(index)} Limited` },
          after: { legal_name: `Queue ${String(index)} Renamed Limited` },
          requestedAt: index < 10 ? new Date('2001-06-01T00:00:00Z') : new Date(Date.UTC(2001, 6, 100 - index)),
        })),
      ),
    );
  });
  afterAll(() => context.close());

  it('pages from a change forwards and back for each status, ties included: every change once, oldest first, as the numbered pages show it', async () => {
    const requestedAt = new Map<number, string>();
    const read = async (query: string) => {
      const response = await context.app.inject({ method: 'GET', url: `/api/v1/admin/supplier-changes?${query}`, headers: team });
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json<TeamSupplierChangeListResponse>();
      for (const change of body.changes) {
        requestedAt.set(change.id, change.requestedAt);
      }
      return { ids: body.changes.map((change) => change.id), nextCursor: body.nextCursor, previousCursor: body.previousCursor };
    };
    for (const filters of ['', 'status=pending', 'status=approved', 'status=declined', 'status=withdrawn']) {
      const ids = await expectKeysetWalk(read, filters, { minimumPages: 3 });
      expect(ids, filters).toHaveLength(60);
      const order = ids.map((id) => `${requestedAt.get(id) ?? ''} ${String(id).padStart(10, '0')}`);
      expect(order, filters).toEqual([...order].sort());
    }
    // The total stays exact on a page read from a change.
    const first = await read('status=approved');
    const second = await context.app.inject({ method: 'GET', url: `/api/v1/admin/supplier-changes?status=approved&page=2&after=${String(first.nextCursor)}`, headers: team });
    expect(second.json<TeamSupplierChangeListResponse>()).toMatchObject({ total: 60, page: 2, pageSize: 25 });
  });

  it('refuses a cursor that is not a change id or both directions at once, and shows an empty page after a change that is gone', async () => {
    for (const query of ['after=abc', 'before=0', 'after=1.5', 'after=1&before=2']) {
      expectError(await context.app.inject({ method: 'GET', url: `/api/v1/admin/supplier-changes?${query}`, headers: team }), 400, 'bad request');
    }
    const gone = await context.app.inject({ method: 'GET', url: '/api/v1/admin/supplier-changes?status=approved&after=2147483000&page=2', headers: team });
    expect(gone.statusCode).toBe(200);
    expect(gone.json<TeamSupplierChangeListResponse>()).toMatchObject({ changes: [], nextCursor: null, total: 60, page: 2 });
  });
});

describe('migration 0024 on a database whose suppliers already share numbers', () => {
  let context: TestContext;
  beforeAll(async () => {
    context = await buildTestApp();
  });
  afterAll(() => context.close());

  it('keeps each number with one supplier (approved first, then the earliest), clears the others, audits each, and then holds it unique', async () => {
    const { db } = context.database;
    // The state before the migration: no unique indexes, and the finding's duplicates.
    for (const index of ['suppliers_nzbn_key', 'suppliers_abn_key', 'suppliers_acn_key']) {
      await db.execute(sql.raw(`DROP INDEX "${index}"`));
    }
    const applicant = await createSupplier(db, { tradingName: 'Early Applicant', status: 'applicant' });
    const owner = await createSupplier(db, { tradingName: 'Rightful Owner' });
    const copier = await createSupplier(db, { tradingName: 'Copier' });
    await db.update(suppliers).set({ nzbn: '9429 0415 2574 6' }).where(eq(suppliers.id, applicant));
    await db.update(suppliers).set({ nzbn: '9429041525746', abn: '51824753556', details: { acn: '005499981' } }).where(eq(suppliers.id, owner));
    await db.update(suppliers).set({ nzbn: '9429041525746', abn: '51 824 753 556', details: { acn: '005 499 981', keep: 'yes' } }).where(eq(suppliers.id, copier));

    const migration = await readFile(new URL('../../db/migrations/0024_supplier_detail_changes.sql', import.meta.url), 'utf8');
    const statements = migration.split('--> statement-breakpoint').slice(0, 6);
    for (const statement of statements) {
      await db.execute(sql.raw(statement));
    }
    const rows = await db.select({ id: suppliers.id, nzbn: suppliers.nzbn, abn: suppliers.abn, details: suppliers.details }).from(suppliers).orderBy(asc(suppliers.id));
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get(owner)).toMatchObject({ nzbn: '9429041525746', abn: '51824753556', details: { acn: '005499981' } });
    expect(byId.get(applicant)).toMatchObject({ nzbn: null });
    expect(byId.get(copier)).toMatchObject({ nzbn: null, abn: null, details: { keep: 'yes' } });
    expect(byId.get(copier)?.details).not.toHaveProperty('acn');
    const cleared = await db
      .select({ supplierId: auditLog.supplierId, before: auditLog.before })
      .from(auditLog)
      .where(eq(auditLog.action, 'supplier.clear-duplicate-business-number'))
      .orderBy(asc(auditLog.id));
    expect(cleared).toEqual(
      expect.arrayContaining([
        { supplierId: applicant, before: { nzbn: '9429041525746' } },
        { supplierId: copier, before: { nzbn: '9429041525746' } },
        { supplierId: copier, before: { abn: '51824753556' } },
        { supplierId: copier, before: { acn: '005499981' } },
      ]),
    );
    expect(cleared).toHaveLength(4);
    await expect(db.update(suppliers).set({ nzbn: '9429041525746' }).where(eq(suppliers.id, copier))).rejects.toThrow();
  });
});
