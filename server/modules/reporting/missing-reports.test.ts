/**
 * The missing billing reports rule (missing-reports.ts) and the team's list of them,
 * GET /api/v1/admin/billing-reports/missing: months of submitted notices without a submitted report.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MissingBillingReportListResponseSchema, type MissingBillingReportListResponse } from '../../../common/api/billing-reports';
import { lastDueBillingPeriod } from '../../../common/reporting/billing-reports';
import { createTeamMemberUser } from '../applications/team-test-support';
import { selectRows } from '../../db/raw-rows';
import { buildTestApp, type TestContext } from '../../test/harness';
import { findMissingReportsForPeriod, findSupplierMissingReports } from './missing-reports';
import { createNotice, createReport, createReportingSupplier, createReportingWorld, reportAnswers, type ReportingWorld } from './test-support';
import type { SupplierWithAdmin } from '../supplier-users/test-support';

describe('missing billing reports', () => {
  let context: TestContext;
  let world: ReportingWorld;
  let supplier: SupplierWithAdmin;
  let other: SupplierWithAdmin;
  let team: Awaited<ReturnType<typeof createTeamMemberUser>>;
  let noticeId = 0;
  const through = lastDueBillingPeriod(new Date());

  beforeAll(async () => {
    context = await buildTestApp();
    world = await createReportingWorld(context);
    team = await createTeamMemberUser(context);
    supplier = await createReportingSupplier(context, 'Aroha Design', [world.services.design]);
    other = await createReportingSupplier(context, 'Kea Consulting', [world.services.design]);
    // January to April 2025: all of it before last month, whenever the test runs.
    const lines = [{ service: world.services.design, amount: 100_00 }];
    noticeId = (await createNotice(context, supplier, world, { overrides: { dates: { start_date: '2025-01-15', end_date: '2025-04-03' } } })).engagementNoticeId;
    await createReport(context, supplier, reportAnswers(noticeId, '2025-02', lines));
    await createReport(context, supplier, reportAnswers(noticeId, '2025-03', lines), { status: 'draft' });
    // A draft notice and a withdrawn one owe nothing.
    await createNotice(context, supplier, world, { status: 'draft', overrides: { dates: { start_date: '2025-01-01', end_date: '2025-02-28' } } });
    const withdrawn = await createNotice(context, supplier, world, { overrides: { engagement: { title: 'Withdrawn work' }, dates: { start_date: '2025-01-01', end_date: '2025-02-28' } } });
    const withdrawal = await context.app.inject({
      method: 'POST',
      url: `/api/v1/engagement-notice/withdraw/${String(withdrawn.engagementNoticeId)}`,
      headers: supplier.headers,
      payload: { withdrawnReason: 'duplicate' },
    });
    expect(withdrawal.statusCode).toBe(200);
    await createNotice(context, other, world, { overrides: { engagement: { title: 'Other work' }, dates: { start_date: '2025-03-01', end_date: '2025-03-31' } } });
  });
  afterAll(() => context.close());

  it('are the months a submitted notice ran with no submitted report: a draft report does not count, a withdrawn or draft notice owes nothing', async () => {
    const found = await findSupplierMissingReports(context.database.db, supplier.supplierId, through, 10);
    expect(found.missingReports.map((report) => [report.billingPeriod, report.engagementNotice.title])).toEqual([
      ['2025-01', 'Website rebuild'],
      ['2025-03', 'Website rebuild'],
      ['2025-04', 'Website rebuild'],
    ]);
    expect(found.total).toBe(3);
    expect(found.missingReports.every((report) => report.supplier.id === supplier.supplierId)).toBe(true);
  });

  it('stop at the window and the limit, and still count them all', async () => {
    const untilFebruary = await findSupplierMissingReports(context.database.db, supplier.supplierId, '2025-02', 10);
    expect(untilFebruary.missingReports.map((report) => report.billingPeriod)).toEqual(['2025-01']);
    const one = await findSupplierMissingReports(context.database.db, supplier.supplierId, through, 1);
    expect(one.missingReports.map((report) => report.billingPeriod)).toEqual(['2025-01']);
    expect(one.total).toBe(3);
  });

  it('are what the reminder reads for one month, of every supplier', async () => {
    const march = await findMissingReportsForPeriod(context.database.db, '2025-03');
    expect(march.map((report) => [report.supplier.name, report.engagementNotice.title])).toEqual([
      ['Aroha Design', 'Website rebuild'],
      ['Kea Consulting', 'Other work'],
    ]);
    // February's report is submitted; the withdrawn and the draft notice ran then too.
    expect(await findMissingReportsForPeriod(context.database.db, '2025-02')).toEqual([]);
  });

  const list = async (query = '') => {
    const response = await context.app.inject({ method: 'GET', url: `/api/v1/admin/billing-reports/missing${query}`, headers: team.headers });
    expect(response.statusCode).toBe(200);
    const body = response.json<MissingBillingReportListResponse>();
    expect(Object.keys(body).sort()).toEqual(Object.keys(MissingBillingReportListResponseSchema.properties).sort());
    return body;
  };

  it('are listed for the team, the oldest month first, then by supplier, and filtered by supplier and month', async () => {
    const all = await list();
    expect(all.through).toBe(through);
    expect(all.missingReports.map((report) => [report.billingPeriod, report.supplier.name, report.engagementNotice.title])).toEqual([
      ['2025-01', 'Aroha Design', 'Website rebuild'],
      ['2025-03', 'Aroha Design', 'Website rebuild'],
      ['2025-03', 'Kea Consulting', 'Other work'],
      ['2025-04', 'Aroha Design', 'Website rebuild'],
    ]);
    expect(all).toMatchObject({ total: 4, page: 1, pageSize: 25 });
    expect(all.missingReports[0]?.engagementNotice).toMatchObject({ id: noticeId, title: 'Website rebuild', reference: 'PO-2026-0042' });
    expect(all.missingReports[0]?.engagementNotice.agencyName).toEqual(expect.stringMatching(/./));

    const kea = await list(`?supplier=${String(other.supplierId)}`);
    expect(kea.missingReports.map((report) => report.supplier.name)).toEqual(['Kea Consulting']);
    expect(kea.total).toBe(1);
    const march = await list('?period=2025-03&supplier=');
    expect(march.missingReports.map((report) => report.supplier.name)).toEqual(['Aroha Design', 'Kea Consulting']);
    expect((await list('?page=2')).missingReports).toEqual([]);
  });

  it('drop a month once its report is submitted', async () => {
    await createReport(context, other, reportAnswers((await list(`?supplier=${String(other.supplierId)}`)).missingReports[0]?.engagementNotice.id ?? 0, '2025-03', [{ service: world.services.design, amount: 5_00 }]));
    expect((await list(`?supplier=${String(other.supplierId)}`)).total).toBe(0);
  });

  /**
   * What the database keeps (migration 0041's triggers) against the rule worked out from the
   * notices and reports themselves, as every request once did: every sent notice's months without a
   * sent report, and what its sent reports add up to.
   */
  const keptAgainstWorkedOut = async () => {
    const db = context.database.db;
    const kept = await selectRows<{ row: string }>(
      db,
      sql`SELECT engagement_notice_id || ' ' || billing_period || ' ' || supplier_id AS row FROM missing_billing_reports ORDER BY 1`,
    );
    const workedOut = await selectRows<{ row: string }>(
      db,
      sql`SELECT n.id || ' ' || to_char(m, 'YYYY-MM') || ' ' || n.supplier_id AS row
          FROM engagement_notices n, generate_series(to_date(left(n.start_date, 7), 'YYYY-MM'), to_date(left(n.end_date, 7), 'YYYY-MM'), interval '1 month') m
          WHERE n.status = 'submitted' AND NOT EXISTS (
            SELECT 1 FROM billing_reports r WHERE r.engagement_notice_id = n.id AND r.billing_period = to_char(m, 'YYYY-MM') AND r.status = 'submitted')
          ORDER BY 1`,
    );
    const billed = await selectRows<{ id: number; kept: string; summed: string }>(
      db,
      sql`SELECT n.id, n.billed_cents::text AS kept,
                 coalesce((SELECT sum(r.amount_cents) FROM billing_reports r WHERE r.engagement_notice_id = n.id AND r.status = 'submitted'), 0)::text AS summed
          FROM engagement_notices n ORDER BY n.id`,
    );
    return { kept: kept.map((row) => row.row), workedOut: workedOut.map((row) => row.row), billed };
  };

  it('are kept by the database as notices and reports change, the same as worked out from them', async () => {
    const db = context.database.db;
    const expectKept = async () => {
      const { kept, workedOut, billed } = await keptAgainstWorkedOut();
      expect(kept).toEqual(workedOut);
      expect(billed.filter((row) => row.kept !== row.summed)).toEqual([]);
      return { kept, billed };
    };
    const before = await expectKept();
    expect(before.kept.length).toBeGreaterThan(0);
    expect(before.billed.find((row) => row.id === noticeId)?.kept).toBe('10000');

    // The notice runs a month longer; a draft report is sent; a sent report's amount changes; one is removed.
    await db.execute(sql`UPDATE engagement_notices SET end_date = '2025-05-20' WHERE id = ${noticeId}`);
    expect((await expectKept()).kept).toContain(`${String(noticeId)} 2025-05 ${String(supplier.supplierId)}`);
    await db.execute(sql`UPDATE billing_reports SET status = 'submitted', amount_cents = 250 WHERE engagement_notice_id = ${noticeId} AND billing_period = '2025-03'`);
    expect((await expectKept()).kept).not.toContain(`${String(noticeId)} 2025-03 ${String(supplier.supplierId)}`);
    await db.execute(sql`UPDATE billing_reports SET amount_cents = amount_cents + 1 WHERE engagement_notice_id = ${noticeId}`);
    expect((await expectKept()).billed.find((row) => row.id === noticeId)?.kept).toBe('10252');
    await db.execute(sql`DELETE FROM billing_reports WHERE engagement_notice_id = ${noticeId} AND billing_period = '2025-02'`);
    const after = await expectKept();
    expect(after.kept).toContain(`${String(noticeId)} 2025-02 ${String(supplier.supplierId)}`);
    expect(after.billed.find((row) => row.id === noticeId)?.kept).toBe('251');
  });

  it('are the team’s only: a supplier’s user gets 403, a bad filter 400', async () => {
    const refused = await context.app.inject({ method: 'GET', url: '/api/v1/admin/billing-reports/missing', headers: supplier.headers });
    expect(refused.statusCode).toBe(403);
    expect(Object.keys(refused.json<object>()).sort()).toEqual(['error', 'message']);
    const bad = await context.app.inject({ method: 'GET', url: '/api/v1/admin/billing-reports/missing?period=2025-13', headers: team.headers });
    expect(bad.statusCode).toBe(400);
    const anonymous = await context.app.inject({ method: 'GET', url: '/api/v1/admin/billing-reports/missing' });
    expect(anonymous.statusCode).toBe(401);
  });
});
