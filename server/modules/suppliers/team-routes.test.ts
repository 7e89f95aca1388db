/** The team's supplier management, /api/v1/admin/suppliers, through the real app and database. */
import { asc, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TeamSupplier, TeamSupplierListResponse, TeamSupplierNamesResponse } from '../../../common/api/team-suppliers';
import { bearer, createSignedInUser, type SignedInUser } from '../../auth/test-support';
import { auditLog, billingReports, engagementNotices, suppliers, threads } from '../../db/schema/index';
import { buildTestApp, type TestContext } from '../../test/harness';
import { expectKeysetWalk } from '../../test/keyset-walk';
import { createTeamMemberUser, createTestApplication } from '../applications/team-test-support';
import { createChannel, createSupplier, parseCsv, search, serviceId } from '../directory/test-support';
import { readOutboxMessage } from '../../mail/index';
import { expectError } from '../supplier-users/test-support';
import { supplierStatusSubject } from './notify';

describe('the team\'s supplier management', () => {
  let context: TestContext;
  let teamMember: Record<string, string>;
  let kowhai: number;
  let harbourside: number;
  let applicant: number;
  let member: SignedInUser;
  let pentest: number;

  beforeAll(async () => {
    context = await buildTestApp();
    const { db } = context.database;
    teamMember = (await createTeamMemberUser(context)).headers;
    const channel = await createChannel(db, { title: 'Digital', catalogues: [{ title: 'Cyber', services: [{ title: 'Penetration testing' }] }] });
    pentest = serviceId(channel, 'Penetration testing');
    kowhai = await createSupplier(db, { tradingName: 'Kōwhai Digital', published: [pentest] });
    await db.update(suppliers).set({ nzbn: '9429059326069', legalName: 'Kowhai Digital Limited' }).where(eq(suppliers.id, kowhai));
    harbourside = await createSupplier(db, { tradingName: 'Harbourside Consulting', published: [pentest] });
    await db.update(suppliers).set({ abn: '51 824 753 556', legalName: 'Harbourside Group Pty Ltd' }).where(eq(suppliers.id, harbourside));
    applicant = await createSupplier(db, { tradingName: 'Aardvark Applicants', status: 'applicant' });
    member = await createSignedInUser(context, { name: 'Kōwhai Member', suppliers: [{ supplierId: kowhai, isAdmin: true }] });
    for (let index = 0; index < 26; index += 1) {
      await createSupplier(db, { tradingName: `Zulu Bulk ${String(index).padStart(2, '0')}` });
    }
    await createTestApplication(context, { supplierId: kowhai, services: [{ serviceId: pentest }] });
    await db.insert(engagementNotices).values([
      { supplierId: kowhai, formVersion: 1, status: 'submitted', title: 'Network review', reference: 'NR-1', submittedAt: new Date() },
      { supplierId: kowhai, formVersion: 1, status: 'draft', title: 'Unfinished draft' },
    ]);
    await db.insert(billingReports).values([
      { supplierId: kowhai, formVersion: 1, status: 'submitted', billingPeriod: '2026-10', submittedAt: new Date() },
      { supplierId: kowhai, formVersion: 1, status: 'draft', billingPeriod: '2026-11' },
    ]);
    await db.insert(threads).values({ model: 'supplier', recordId: kowhai, supplierId: kowhai, title: 'About your listing' });
  });
  afterAll(() => context.close());

  const list = async (query: string) => {
    const response = await context.app.inject({ method: 'GET', url: `/api/v1/admin/suppliers${query}`, headers: teamMember });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<TeamSupplierListResponse>();
  };
  const names = (answer: TeamSupplierListResponse) => answer.suppliers.map((supplier) => supplier.tradingName);
  const getSupplier = async (id: number) => {
    const response = await context.app.inject({ method: 'GET', url: `/api/v1/admin/suppliers/${id}`, headers: teamMember });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<TeamSupplier>();
  };
  const changeStatus = (id: number | string, change: 'suspend' | 'reinstate', payload: unknown = { reason: 'Unpaid levies' }) =>
    context.app.inject({ method: 'POST', url: `/api/v1/admin/suppliers/${id}/${change}`, headers: teamMember, payload: payload as object });
  /** The supplier rows and the audit entries: a refused change leaves both as they were. */
  const snapshot = async () => ({
    suppliers: await context.database.db.select().from(suppliers).orderBy(asc(suppliers.id)),
    audit: (await context.database.db.select({ total: count() }).from(auditLog))[0]?.total,
  });

  it('searches trading and legal names ignoring case and macrons, and NZBNs and ABNs ignoring spaces', async () => {
    expect(names(await list('?q=KOWHAI'))).toEqual(['Kōwhai Digital']);
    expect(names(await list('?q=kōwhai%20dig'))).toEqual(['Kōwhai Digital']);
    expect(names(await list('?q=harbourside%20group'))).toEqual(['Harbourside Consulting']);
    expect(names(await list('?q=9429%200593'))).toEqual(['Kōwhai Digital']);
    expect(names(await list('?q=824753'))).toEqual(['Harbourside Consulting']);
    expect(names(await list('?q=100%25'))).toEqual([]);
    expect(names(await list('?status=applicant'))).toEqual(['Aardvark Applicants']);
    expect(names(await list('?q=kowhai&status=applicant'))).toEqual([]);
  });

  it('pages 25 at a time by name, with each supplier\'s counts', async () => {
    const first = await list('');
    expect(first).toMatchObject({ total: 29, page: 1, pageSize: 25 });
    expect(names(first).slice(0, 3)).toEqual(['Aardvark Applicants', 'Harbourside Consulting', 'Kōwhai Digital']);
    expect(first.suppliers.find((supplier) => supplier.id === kowhai)).toEqual({
      id: kowhai,
      tradingName: 'Kōwhai Digital',
      legalName: 'Kowhai Digital Limited',
      nzbn: '9429059326069',
      abn: null,
      status: 'approved',
      users: 1,
      applications: 1,
      engagementNotices: 1,
    });
    const second = await list('?page=2');
    expect(names(second)).toEqual(['Zulu Bulk 22', 'Zulu Bulk 23', 'Zulu Bulk 24', 'Zulu Bulk 25']);
    expectError(await context.app.inject({ method: 'GET', url: '/api/v1/admin/suppliers?status=gone', headers: teamMember }), 400, 'bad request');
  });

  it('names every supplier by trading name, for a choice of supplier, to the team only', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/api/v1/admin/suppliers/names', headers: teamMember });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json<TeamSupplierNamesResponse>();
    expect(answer.suppliers).toHaveLength(29);
    expect(answer.suppliers.slice(0, 3)).toEqual([
      { id: applicant, name: 'Aardvark Applicants' },
      { id: harbourside, name: 'Harbourside Consulting' },
      { id: kowhai, name: 'Kōwhai Digital' },
    ]);
    expect(answer.suppliers.at(-1)?.name).toBe('Zulu Bulk 25');
    expectError(await context.app.inject({ method: 'GET', url: '/api/v1/admin/suppliers/names', headers: bearer(member.accessToken) }), 403, 'forbidden');
  });

  it('shows everything about one supplier; drafts stay the supplier\'s own', async () => {
    const supplier = await getSupplier(kowhai);
    expect(supplier).toMatchObject({ id: kowhai, tradingName: 'Kōwhai Digital', status: 'approved', statusBeforeSuspension: null, nzbn: '9429059326069' });
    expect(supplier.users).toEqual([{ id: member.user.id, name: 'Kōwhai Member', email: member.user.email, isAdmin: true }]);
    expect(supplier.applications).toEqual([expect.objectContaining({ status: 'submitted', referenceId: expect.stringMatching(/^MP-/) as string })]);
    expect(supplier.engagementNotices.map((notice) => notice.title)).toEqual(['Network review']);
    expect(supplier.billingReports.map((report) => report.billingPeriod)).toEqual(['2026-10']);
    expect(supplier.threads).toEqual([expect.objectContaining({ title: 'About your listing', model: 'supplier', isResolved: false })]);
    expectError(await context.app.inject({ method: 'GET', url: '/api/v1/admin/suppliers/987654', headers: teamMember }), 404, 'not found');
  });

  it('suspends: out of the directory, its CSV and its profile at once, its users refused; reinstating brings it all back', async () => {
    const csvNames = async () => {
      const response = await context.app.inject({ method: 'GET', url: '/api/v1/directory/export.csv' });
      expect(response.statusCode).toBe(200);
      return parseCsv(response.body.replace(/^\ufeff/, '')).slice(1).map((record) => record[0]);
    };
    const searchNames = async () => (await search(context.app, {})).results.map((result) => result.title);
    const profile = () => context.app.inject({ method: 'GET', url: `/approved-suppliers/${kowhai}`, headers: { accept: 'text/html' } });
    const dashboard = () => context.app.inject({ method: 'GET', url: '/api/v1/user/details', headers: bearer(member.accessToken, kowhai) });
    const overview = async () =>
      (await context.app.inject({ method: 'GET', url: '/api/v1/user', headers: bearer(member.accessToken) })).json<{ activeSupplier: unknown; suppliers: unknown[]; suspendedSuppliers: unknown[] }>();
    const mailTo = async (email: string) => {
      const entry = (await context.deliverMail()).find((candidate) => candidate.to.includes(email));
      return entry ? readOutboxMessage(context.config.mail.outboxDir, entry.id) : undefined;
    };

    // The search answers from its cache, which the suspension must not leave stale.
    expect(await searchNames()).toEqual(['Harbourside Consulting', 'Kōwhai Digital']);
    expect(await csvNames()).toEqual(['Harbourside Consulting', 'Kōwhai Digital']);
    expect((await profile()).statusCode).toBe(200);
    expect((await dashboard()).statusCode).toBe(200);

    const suspended = await changeStatus(kowhai, 'suspend', { reason: '  Unpaid levies  ' });
    expect(suspended.statusCode, suspended.body).toBe(200);
    expect(suspended.json<TeamSupplier>()).toMatchObject({ status: 'suspended', statusBeforeSuspension: 'approved' });
    expect(suspended.json<TeamSupplier>().auditHistory[0]).toMatchObject({
      action: 'supplier.suspend',
      subject: { entity: 'supplier', id: String(kowhai) },
      supplier: { id: kowhai, name: 'Kōwhai Digital' },
      actor: { name: 'Marketplace Team' },
      details: { before: { status: 'approved' }, after: { status: 'suspended', reason: 'Unpaid levies' } },
    });

    expect(await searchNames()).toEqual(['Harbourside Consulting']);
    expect(await csvNames()).toEqual(['Harbourside Consulting']);
    expect((await profile()).statusCode).toBe(404);
    // Spec §2: the member is attached to no active supplier; dashboard calls are refused as for an inactive one.
    expectError(await dashboard(), 403, 'forbidden');
    expect(await overview()).toMatchObject({ activeSupplier: null, suppliers: [] });
    // Told, not left out silently: the person reads the suspension and the team's reason on the dashboard and by mail.
    expect((await overview()).suspendedSuppliers).toEqual([{ supplierID: kowhai, tradingName: 'Kōwhai Digital', reason: 'Unpaid levies' }]);
    const suspendedMail = await mailTo(member.user.email);
    expect(suspendedMail?.subject).toBe(supplierStatusSubject('Marketplace', true));
    expect(suspendedMail?.text).toContain('has suspended “Kōwhai Digital”');
    expect(suspendedMail?.text).toContain('The team\'s reason:\nUnpaid levies\n');

    const reinstated = await changeStatus(kowhai, 'reinstate', { reason: 'Levies paid' });
    expect(reinstated.statusCode, reinstated.body).toBe(200);
    expect(reinstated.json<TeamSupplier>()).toMatchObject({ status: 'approved', statusBeforeSuspension: null });
    expect(reinstated.json<TeamSupplier>().auditHistory[0]).toMatchObject({
      action: 'supplier.reinstate',
      details: { before: { status: 'suspended' }, after: { status: 'approved', reason: 'Levies paid' } },
    });
    expect(await searchNames()).toEqual(['Harbourside Consulting', 'Kōwhai Digital']);
    expect(await csvNames()).toEqual(['Harbourside Consulting', 'Kōwhai Digital']);
    expect((await profile()).statusCode).toBe(200);
    expect((await dashboard()).statusCode).toBe(200);
    expect(await overview()).toMatchObject({ activeSupplier: { supplierID: kowhai }, suspendedSuppliers: [] });
    const reinstatedMail = await mailTo(member.user.email);
    expect(reinstatedMail?.subject).toBe(supplierStatusSubject('Marketplace', false));
    expect(reinstatedMail?.text).toContain('The team\'s reason:\nLevies paid\n');
  });

  it('reinstates to the status before the suspension: an applicant stays an applicant', async () => {
    expect((await changeStatus(applicant, 'suspend')).statusCode).toBe(200);
    const reinstated = await changeStatus(applicant, 'reinstate');
    expect(reinstated.json<TeamSupplier>()).toMatchObject({ status: 'applicant', statusBeforeSuspension: null });
  });

  it('refuses suspending twice, reinstating what is not suspended, a missing or blank or long reason, and unknown ids, changing nothing', async () => {
    expect((await changeStatus(harbourside, 'suspend')).statusCode).toBe(200);
    const before = await snapshot();
    const twice = await changeStatus(harbourside, 'suspend');
    expectError(twice, 409, 'conflict');
    expect(twice.json<{ message: string }>().message).toBe('This supplier is already suspended.');
    const notSuspended = await changeStatus(kowhai, 'reinstate');
    expectError(notSuspended, 409, 'conflict');
    expect(notSuspended.json<{ message: string }>().message).toBe('This supplier is not suspended, so there is nothing to reinstate.');
    for (const payload of [{}, { reason: '' }, { reason: '   ' }, { reason: 'x'.repeat(1001) }, { reason: 'ok', extra: true }, { reason: 7 }]) {
      expectError(await changeStatus(kowhai, 'suspend', payload), 400, 'bad request');
    }
    expectError(await changeStatus(987654, 'suspend'), 404, 'not found');
    expectError(await changeStatus('abc', 'suspend'), 400, 'bad request');
    const memberCall = await context.app.inject({
      method: 'POST',
      url: `/api/v1/admin/suppliers/${kowhai}/suspend`,
      headers: bearer(member.accessToken),
      payload: { reason: 'Not mine to do' },
    });
    expectError(memberCall, 403, 'forbidden');
    expect(await snapshot()).toEqual(before);
    expect((await changeStatus(harbourside, 'reinstate', { reason: 'x'.repeat(1000) })).statusCode).toBe(200);
  });
});

describe("the team's supplier list paged from a supplier (issue 33)", () => {
  let context: TestContext;
  let teamMember: Record<string, string>;
  /** Each supplier's folded trading name, the list's first key. */
  const sortKeys = new Map<number, string>();

  beforeAll(async () => {
    context = await buildTestApp();
    const { db } = context.database;
    teamMember = (await createTeamMemberUser(context)).headers;
    // More than three pages, a quarter of them approved. The first ten fold to one name, so only
    // their ids tell them apart; the others differ in a space, '-', '.' or '_', which byte order
    // (COLLATE "C") sorts apart from a locale's.
    const tied = ['Keyset Tie', 'KEYSET TIE', 'Keyset Tīe', 'keyset tie', 'Keyset TĪE'];
    const separators = [' ', '-', '.', '_'];
    for (let index = 0; index < 80; index += 1) {
      const tradingName = index < 10 ? (tied[index % tied.length] ?? '') : `Keyset${separators[index % 4] ?? ''}${String(90 - index)}`;
      await createSupplier(db, { tradingName, status: index % 4 === 3 ? 'approved' : 'applicant' });
    }
    for (const row of await db.select({ id: suppliers.id, sortKey: suppliers.sortKey }).from(suppliers)) {
      sortKeys.set(row.id, row.sortKey ?? '');
    }
  });
  afterAll(() => context.close());

  const read = async (query: string) => {
    const response = await context.app.inject({ method: 'GET', url: `/api/v1/admin/suppliers?${query}`, headers: teamMember });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<TeamSupplierListResponse>();
    return { ids: body.suppliers.map((supplier) => supplier.id), nextCursor: body.nextCursor, previousCursor: body.previousCursor };
  };
  /** The list's order: folded name in byte order (UTF-16 order is the same for these names), then id. */
  const inListOrder = (ids: number[]) =>
    [...ids].sort((a, b) => {
      const [keyA, keyB] = [sortKeys.get(a) ?? '', sortKeys.get(b) ?? ''];
      return keyA < keyB ? -1 : keyA > keyB ? 1 : a - b;
    });

  it('pages from a supplier forwards and back with each filter, ties included: every supplier once, as the numbered pages show it', async () => {
    for (const filters of ['', 'status=applicant', 'q=keyset', 'q=keyset&status=applicant']) {
      const ids = await expectKeysetWalk(read, filters, { minimumPages: 3 });
      expect(ids, filters).toEqual(inListOrder(ids));
      expect(ids, filters).toHaveLength(filters.includes('applicant') ? 60 : 80);
    }
    // Byte order: the names with a space first (the tied ones among them, by id), then '-', '.' and '_'.
    const everyone = await expectKeysetWalk(read, '', { minimumPages: 4 });
    const separatorRuns = everyone.map((id) => sortKeys.get(id)?.charAt(6)).filter((separator, index, all) => separator !== all[index - 1]);
    expect(separatorRuns).toEqual([' ', '-', '.', '_']);
    const ties = everyone.filter((id) => sortKeys.get(id) === 'keyset tie');
    expect(ties).toEqual([...ties].sort((a, b) => a - b));
    expect(everyone.indexOf(ties.at(-1) ?? 0) - everyone.indexOf(ties[0] ?? 0)).toBe(9);
    // The total stays exact on a page read from a supplier.
    const second = await read('status=applicant&page=1');
    const fromEntry = await context.app.inject({ method: 'GET', url: `/api/v1/admin/suppliers?status=applicant&page=2&after=${String(second.nextCursor)}`, headers: teamMember });
    expect(fromEntry.json<TeamSupplierListResponse>()).toMatchObject({ total: 60, page: 2, pageSize: 25 });
  });

  it('refuses a cursor that is not a supplier id or both directions at once, and shows an empty page after a supplier that is gone', async () => {
    for (const query of ['after=abc', 'before=0', 'after=1.5', 'after=1&before=2']) {
      expectError(await context.app.inject({ method: 'GET', url: `/api/v1/admin/suppliers?${query}`, headers: teamMember }), 400, 'bad request');
    }
    const gone = await context.app.inject({ method: 'GET', url: '/api/v1/admin/suppliers?status=applicant&after=2147483000&page=2', headers: teamMember });
    expect(gone.statusCode).toBe(200);
    expect(gone.json<TeamSupplierListResponse>()).toMatchObject({ suppliers: [], nextCursor: null, total: 60, page: 2 });
  });
});
