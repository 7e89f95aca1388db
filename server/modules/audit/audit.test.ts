/** The team's audit log, /api/v1/admin/audit and its CSV export, through the real app and database. */
import { count, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_COUNT_LIMIT, AUDIT_CSV_COLUMNS, type AuditListResponse } from '../../../common/api/audit';
import { createUser } from '../../auth/test-support';
import { auditLog, suppliers } from '../../db/schema/index';
import { buildTestApp, type TestContext } from '../../test/harness';
import { createTeamMemberUser } from '../applications/team-test-support';
import { parseCsv } from '../directory/test-support';
import { expectError } from '../supplier-users/test-support';
import { AUDIT_EXPORT_BATCH_SIZE } from './service';

describe('the team\'s audit log', () => {
  let context: TestContext;
  let teamMember: Record<string, string>;
  let alpha: { id: number; email: string };
  let beta: { id: number; email: string };
  let harbour: number;
  let formula: number;
  const BULK = 2 * AUDIT_EXPORT_BATCH_SIZE + 37;

  beforeAll(async () => {
    context = await buildTestApp();
    const { db } = context.database;
    teamMember = (await createTeamMemberUser(context)).headers;
    alpha = await createUser(db, { email: 'alpha.auditor@example.test', name: '+64 Alpha' });
    beta = await createUser(db, { email: 'beta@other.example', name: 'Beta Person' });
    const [h, f] = await db
      .insert(suppliers)
      .values([
        { tradingName: 'Harbour Audit Co', legalName: 'Harbour Audit Co Limited', status: 'approved' },
        { tradingName: '=SUM(1+1)', legalName: 'Formula Limited', status: 'approved' },
      ])
      .returning({ id: suppliers.id });
    harbour = h?.id ?? 0;
    formula = f?.id ?? 0;
    // January 2021 is daylight time in New Zealand (UTC+13): 11:00 UTC is midnight there.
    await db.insert(auditLog).values([
      { at: new Date('2021-01-14T10:59:59.999Z'), actorUserId: alpha.id, supplierId: harbour, action: 'engagement-notice.submit', entity: 'engagement_notice', entityId: '1', after: { status: 'submitted' } },
      { at: new Date('2021-01-14T11:00:00.000Z'), actorUserId: beta.id, supplierId: formula, action: 'engagement-notice.withdraw', entity: 'engagement_notice', entityId: '2', before: { status: 'submitted' }, after: { status: 'withdrawn' } },
      { at: new Date('2021-01-15T10:59:59.999Z'), actorUserId: alpha.id, supplierId: formula, action: 'supplier.suspend', entity: 'supplier', entityId: '=1+2', after: { reason: '=cmd|" /C calc"!A0' } },
      { at: new Date('2021-01-15T11:00:00.000Z'), actorUserId: null, supplierId: null, action: 'demo.seed', entity: 'database', entityId: 'demo' },
    ]);
    // More than two export batches at one and the same instant: the keyset must carry the tie.
    const instant = new Date('2020-06-01T00:00:00.000Z');
    await db.insert(auditLog).values(
      Array.from({ length: BULK }, (_, index) => ({ at: instant, actorUserId: beta.id, action: 'bulk.touch', entity: 'thing', entityId: String(index) })),
    );
  });
  afterAll(() => context.close());

  const get = (url: string) => context.app.inject({ method: 'GET', url, headers: teamMember });
  const search = async (query: string) => {
    const response = await get(`/api/v1/admin/audit?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<AuditListResponse>();
  };
  const actions = (answer: AuditListResponse) => answer.entries.map((entry) => entry.action);
  const JANUARY = 'from=2021-01-01&to=2021-01-31';

  it('lists the entries newest first, each with its time, actor, supplier, action, subject and details', async () => {
    const answer = await search(JANUARY);
    expect(answer).toMatchObject({ total: 4, page: 1, pageSize: 50 });
    expect(actions(answer)).toEqual(['demo.seed', 'supplier.suspend', 'engagement-notice.withdraw', 'engagement-notice.submit']);
    expect(answer.entries[1]).toEqual({
      id: expect.any(Number) as number,
      at: '2021-01-15T10:59:59.999Z',
      actor: { id: alpha.id, name: '+64 Alpha', email: 'alpha.auditor@example.test' },
      supplier: { id: formula, name: '=SUM(1+1)' },
      action: 'supplier.suspend',
      subject: { entity: 'supplier', id: '=1+2' },
      details: { before: null, after: { reason: '=cmd|" /C calc"!A0' } },
      requestId: null,
    });
    expect(answer.entries[0]).toMatchObject({ actor: null, supplier: null });
  });

  it('filters by New Zealand days, both ends included', async () => {
    expect(actions(await search('from=2021-01-15&to=2021-01-15'))).toEqual(['supplier.suspend', 'engagement-notice.withdraw']);
    expect(actions(await search('from=2021-01-14&to=2021-01-14'))).toEqual(['engagement-notice.submit']);
    expect(actions(await search('from=2021-01-16&to=2021-01-31'))).toEqual(['demo.seed']);
    expect(actions(await search('from=2020-01-01&to=2021-01-14')).filter((action) => action !== 'bulk.touch')).toEqual(['engagement-notice.submit']);
  });

  it('filters by supplier, by person (id or part of the email), by action prefix, and all combined', async () => {
    expect(actions(await search(`${JANUARY}&supplier=${formula}`))).toEqual(['supplier.suspend', 'engagement-notice.withdraw']);
    expect(actions(await search(`${JANUARY}&supplier=${harbour}`))).toEqual(['engagement-notice.submit']);
    expect(actions(await search(`${JANUARY}&person=${alpha.id}`))).toEqual(['supplier.suspend', 'engagement-notice.submit']);
    expect(actions(await search(`${JANUARY}&person=AUDITOR@example`))).toEqual(['supplier.suspend', 'engagement-notice.submit']);
    expect(actions(await search(`${JANUARY}&person=%25`))).toEqual([]);
    expect(actions(await search(`${JANUARY}&action=engagement-notice.`))).toEqual(['engagement-notice.withdraw', 'engagement-notice.submit']);
    expect(actions(await search(`${JANUARY}&action=engagement_notice`))).toEqual([]);
    expect(actions(await search(`supplier=${formula}&person=${alpha.id}&action=supplier.&from=2021-01-15&to=2021-01-15`))).toEqual(['supplier.suspend']);
    expect(actions(await search(`supplier=${harbour}&person=beta&action=engagement-notice.`))).toEqual([]);
    expect((await search('supplier=')).total).toBeGreaterThan(BULK);
  });

  it('pages 50 at a time', async () => {
    const first = await search('action=bulk.');
    expect(first).toMatchObject({ total: BULK, pageSize: 50 });
    expect(first.entries).toHaveLength(50);
    const last = await search(`action=bulk.&page=${Math.ceil(BULK / 50)}`);
    expect(last.entries).toHaveLength(BULK % 50);
  });

  it('pages from an entry forwards and back, ties on the time included: every entry once, in order, the pages the same both ways', async () => {
    const forwards: AuditListResponse[] = [await search('action=bulk.')];
    expect(forwards[0]?.previousCursor).toBeNull();
    for (let page = forwards[0]; page !== undefined && page.nextCursor !== null; page = forwards.at(-1)) {
      forwards.push(await search(`action=bulk.&after=${String(page.nextCursor)}&page=${String(forwards.length + 1)}`));
    }
    expect(forwards).toHaveLength(Math.ceil(BULK / 50));
    const ids = forwards.flatMap((page) => page.entries.map((entry) => entry.id));
    expect(new Set(ids).size).toBe(BULK);
    // One instant: newest first is the larger id first.
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(forwards.at(-1)?.entries).toHaveLength(BULK % 50);
    expect(forwards.every((page) => page.total === BULK && !page.totalIsCapped)).toBe(true);

    const backwards: AuditListResponse[] = [];
    for (let index = forwards.length - 2; index >= 0; index -= 1) {
      const after = backwards.at(-1) ?? forwards.at(-1);
      backwards.push(await search(`action=bulk.&before=${String(after?.previousCursor)}&page=${String(index + 1)}`));
    }
    expect(backwards.map((page) => page.entries.map((entry) => entry.id))).toEqual(
      forwards.slice(0, -1).reverse().map((page) => page.entries.map((entry) => entry.id)),
    );
    expect(backwards.at(-1)?.previousCursor).toBeNull();
    // A bookmarked page number still opens its page.
    expect((await search('action=bulk.&page=3')).entries.map((entry) => entry.id)).toEqual(forwards[2]?.entries.map((entry) => entry.id));
  });

  it('refuses a cursor that is not an entry id, and both directions at once', async () => {
    for (const query of ['after=abc', 'before=0', 'after=1.5', 'after=1&before=2']) {
      expectError(await get(`/api/v1/admin/audit?${query}`), 400, 'bad request');
    }
  });

  it('refuses a day that does not exist, a range ending before it starts and malformed filters, on the list and the export', async () => {
    for (const query of ['from=2021-02-30', 'to=2021-13-01', 'from=2021-01-15&to=2021-01-14', 'from=15/01/2021', 'to=yesterday', 'supplier=abc', 'page=0', 'colour=blue', 'action=']) {
      expectError(await get(`/api/v1/admin/audit?${query}`), 400, 'bad request');
      expectError(await get(`/api/v1/admin/audit/export.csv?${query}`), 400, 'bad request');
    }
    const backwards = (await get('/api/v1/admin/audit?from=2021-01-15&to=2021-01-14')).json<{ details: unknown }>();
    expect(backwards.details).toEqual([{ field: 'querystring.from', message: 'The first day comes after the last day.' }]);
  });

  it('exports the filtered entries as a formula-safe UTF-8 CSV with a byte-order mark', async () => {
    const response = await get(`/api/v1/admin/audit/export.csv?${JANUARY}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toContain('audit-log.csv');
    expect(response.body.startsWith('\ufeff')).toBe(true);
    const [header, ...records] = parseCsv(response.body.slice(1));
    expect(header).toEqual([...AUDIT_CSV_COLUMNS]);
    expect(records.map((record) => record[6])).toEqual(['demo.seed', 'supplier.suspend', 'engagement-notice.withdraw', 'engagement-notice.submit']);
    const suspension = records[1] ?? [];
    expect(suspension.slice(1)).toEqual([
      '2021-01-15T10:59:59.999Z',
      "'+64 Alpha",
      'alpha.auditor@example.test',
      String(formula),
      "'=SUM(1+1)",
      'supplier.suspend',
      'supplier',
      "'=1+2",
      '',
      '{"reason":"=cmd|\\" /C calc\\"!A0"}',
      '',
    ]);
    expect(records[0]?.slice(2, 6)).toEqual(['', '', '', '']);
  });

  it(`counts up to ${String(AUDIT_COUNT_LIMIT)} entries, then says there are more`, async () => {
    await context.database.db.execute(
      sql`INSERT INTO audit_log (action, entity, entity_id) SELECT 'many.touch', 'thing', n::text FROM generate_series(1, ${AUDIT_COUNT_LIMIT + 1}) n`,
    );
    const many = await search('action=many.');
    expect(many).toMatchObject({ total: AUDIT_COUNT_LIMIT, totalIsCapped: true });
    expect(many.entries).toHaveLength(50);
    expect(many.nextCursor).toBe(many.entries.at(-1)?.id);
    expect(await search('action=bulk.')).toMatchObject({ total: BULK, totalIsCapped: false });
  });

  it('exports every entry of more than two batches once, ties on the time included', async () => {
    const response = await get('/api/v1/admin/audit/export.csv?action=bulk.');
    const records = parseCsv(response.body.slice(1)).slice(1);
    expect(records).toHaveLength(BULK);
    expect(new Set(records.map((record) => record[0])).size).toBe(BULK);
    const [stored] = await context.database.db.select({ total: count() }).from(auditLog).where(like(auditLog.action, 'bulk.%'));
    expect(stored?.total).toBe(BULK);
  });
});
