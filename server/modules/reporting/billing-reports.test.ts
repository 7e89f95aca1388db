/**
 * Billing reports through the API on a real database: the source lists, save and submit, the
 * notice's total billed, every bad input of issue 12 (each proving nothing changed), tenant
 * isolation, threads, and the team's list, read and CSV.
 */
import { asc, count, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  TeamBillingReport,
  TeamBillingReportListResponse,
  BillingReportListResponse,
  BillingReportResponse,
  NoticeServiceList,
  ReportableNoticeList,
} from '../../../common/api/billing-reports';
import type { EngagementNoticeResponse } from '../../../common/api/engagement-notices';
import { billingPeriodOf } from '../../../common/reporting/billing-reports';
import { auditLog, billingReports, threads } from '../../db/schema/index';
import { buildTestApp, type TestContext } from '../../test/harness';
import { createTeamMemberUser } from '../applications/team-test-support';
import { createChannel, parseCsv } from '../directory/test-support';
import {
  createNotice,
  createReport,
  createReportingSupplier,
  createReportingWorld,
  reportAnswers,
  saveReport,
  type ReportingWorld,
} from './test-support';
import { expectError, type SupplierWithAdmin } from '../supplier-users/test-support';

describe('billing reports', () => {
  let context: TestContext;
  let world: ReportingWorld;
  let supplier: SupplierWithAdmin;
  let other: SupplierWithAdmin;
  let teamHeaders: Record<string, string>;
  /** The supplier's submitted notice (design and hosting), its draft, its withdrawn one, and the other supplier's. */
  let notice: number;
  let draftNotice: number;
  let withdrawnNotice: number;
  let othersNotice: number;

  const snapshot = async () => {
    const { db } = context.database;
    return {
      reports: await db.select().from(billingReports).orderBy(asc(billingReports.id)),
      audit: (await db.select({ value: count() }).from(auditLog).where(like(auditLog.action, 'billing-report.%')))[0]?.value,
      threads: (await db.select({ value: count() }).from(threads))[0]?.value,
    };
  };
  const get = (url: string, headers: Record<string, string> = supplier.headers) => context.app.inject({ method: 'GET', url, headers });
  const line = (amount: unknown, service?: number) => ({ service: service ?? world.services.design, amount });

  beforeAll(async () => {
    context = await buildTestApp();
    world = await createReportingWorld(context);
    supplier = await createReportingSupplier(context, 'Report Maker', [world.services.design, world.services.hosting, world.services.research]);
    other = await createReportingSupplier(context, 'Other Reporter', [world.services.design]);
    teamHeaders = (await createTeamMemberUser(context)).headers;
    notice = (await createNotice(context, supplier, world, { overrides: { engagement: { services: [world.services.design, world.services.hosting] } } })).engagementNoticeId;
    draftNotice = (await createNotice(context, supplier, world, { status: 'draft' })).engagementNoticeId;
    withdrawnNotice = (await createNotice(context, supplier, world, { overrides: { engagement: { title: 'Withdrawn one' } } })).engagementNoticeId;
    const withdrawn = await context.app.inject({
      method: 'POST',
      url: `/api/v1/engagement-notice/withdraw/${String(withdrawnNotice)}`,
      headers: supplier.headers,
      payload: { withdrawnReason: 'not_proceeding' },
    });
    expect(withdrawn.statusCode).toBe(200);
    othersNotice = (await createNotice(context, other, world)).engagementNoticeId;
  });
  afterAll(() => context.close());

  it('asks for sign-in', async () => {
    for (const url of ['/api/v1/billing-report', '/api/v1/billing-report/1', '/api/v1/billing-report/engagement-notices', '/api/v1/billing-report/services?engagementNotice=1']) {
      expectError(await context.app.inject({ method: 'GET', url }), 401, 'unauthorized');
    }
  });

  it("lists the supplier's submitted, not withdrawn notices, and the services of one of them", async () => {
    const notices = (await get('/api/v1/billing-report/engagement-notices')).json<ReportableNoticeList>();
    expect(notices.map((candidate) => candidate.id)).toEqual([notice]);
    expect(notices[0]).toMatchObject({ title: 'Website rebuild', agencyName: 'Ministry of Testing', label: 'Website rebuild (Ministry of Testing)' });
    const services = (await get(`/api/v1/billing-report/services?engagementNotice=${String(notice)}`)).json<NoticeServiceList>();
    expect(services.map((service) => service.label)).toEqual(['Hosting - (catalogue: Cloud Catalogue)', 'Service design - (catalogue: Design Catalogue)']);
    expectError(await get(`/api/v1/billing-report/services?engagementNotice=${String(othersNotice)}`), 404, 'not found');
    expectError(await get('/api/v1/billing-report/services?engagementNotice=one'), 400, 'bad request');
    // Without the filter: every service of the supplier's submitted notices (here the one).
    const unfiltered = await get('/api/v1/billing-report/services');
    expect(unfiltered.statusCode, unfiltered.body).toBe(200);
    expect(unfiltered.json<NoticeServiceList>()).toEqual(services);
  });

  it("lists, without a notice, each service of the supplier's submitted notices once, by title: not a draft's or a withdrawn one's, not another supplier's", async () => {
    const { db } = context.database;
    const extra = await createChannel(db, {
      title: 'Billing Services Channel',
      catalogues: [{ title: 'Assurance Catalogue', services: [{ title: 'Accessibility audit' }, { title: 'Penetration testing' }] }],
    });
    const [audit, pentest] = extra.catalogues[0]?.services.map((service) => service.id) ?? [];
    if (audit === undefined || pentest === undefined) {
      throw new Error('services missing');
    }
    const { design, research, hosting } = world.services;
    const mine = await createReportingSupplier(context, 'Services Reporter', [design, research, hosting, audit]);
    const theirs = await createReportingSupplier(context, 'Services Neighbour', [pentest]);
    const notices = (who: SupplierWithAdmin, ids: number[], status?: 'draft') =>
      createNotice(context, who, world, { status, overrides: { engagement: { services: ids } } }).then((saved) => saved.engagementNoticeId);
    const first = await notices(mine, [hosting, design]);
    const second = await notices(mine, [design]);
    const draft = await notices(mine, [research], 'draft');
    const withdrawn = await notices(mine, [audit]);
    const withdrawal = await context.app.inject({
      method: 'POST',
      url: `/api/v1/engagement-notice/withdraw/${String(withdrawn)}`,
      headers: mine.headers,
      payload: { withdrawnReason: 'not_proceeding' },
    });
    expect(withdrawal.statusCode, withdrawal.body).toBe(200);
    const theirNotice = await notices(theirs, [pentest]);

    const servicesOf = async (who: SupplierWithAdmin, query = '') => {
      const response = await get(`/api/v1/billing-report/services${query}`, who.headers);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<NoticeServiceList>();
    };
    const expected = [
      { id: hosting, title: 'Hosting', catalogue: { id: expect.any(Number) as number, title: 'Cloud Catalogue' }, label: 'Hosting - (catalogue: Cloud Catalogue)' },
      { id: design, title: 'Service design', catalogue: { id: expect.any(Number) as number, title: 'Design Catalogue' }, label: 'Service design - (catalogue: Design Catalogue)' },
    ];
    const all = await servicesOf(mine);
    expect(all).toEqual(expected);
    expect(all.map((service) => service.id)).not.toContain(pentest);
    // An empty filter is no filter, as in the other lists.
    expect(await servicesOf(mine, '?engagementNotice=')).toEqual(all);
    // The same set the filtered form gives across the notices a report can be made against.
    const reportable = (await get('/api/v1/billing-report/engagement-notices', mine.headers)).json<ReportableNoticeList>().map((candidate) => candidate.id);
    expect(reportable.sort((a, b) => a - b)).toEqual([first, second]);
    const union = new Set<number>();
    for (const id of reportable) {
      (await servicesOf(mine, `?engagementNotice=${String(id)}`)).forEach((service) => union.add(service.id));
    }
    expect(new Set(all.map((service) => service.id))).toEqual(union);

    // The filter still answers one notice, whatever its status; another supplier's stays 404.
    expect((await servicesOf(mine, `?engagementNotice=${String(second)}`)).map((service) => service.id)).toEqual([design]);
    expect((await servicesOf(mine, `?engagementNotice=${String(draft)}`)).map((service) => service.id)).toEqual([research]);
    expect((await servicesOf(mine, `?engagementNotice=${String(withdrawn)}`)).map((service) => service.id)).toEqual([audit]);
    expectError(await get(`/api/v1/billing-report/services?engagementNotice=${String(theirNotice)}`, mine.headers), 404, 'not found');
    expect((await servicesOf(theirs)).map((service) => service.label)).toEqual(['Penetration testing - (catalogue: Assurance Catalogue)']);
    expectError(await get(`/api/v1/billing-report/services?engagementNotice=${String(first)}`, theirs.headers), 404, 'not found');
  });

  it("submits a report; the notice's details show the total billed against its value; the month cannot be reported twice", async () => {
    const saved = await createReport(context, supplier, reportAnswers(notice, '2026-02', [line(150_000), line(2_550, world.services.hosting)]));
    expect(saved.status).toBe('submitted');
    const report = (await get(`/api/v1/billing-report/${String(saved.billingReportId)}`)).json<BillingReportResponse>();
    expect(report).toMatchObject({
      id: saved.billingReportId,
      supplierID: supplier.supplierId,
      supplierId: supplier.supplierId,
      status: 'submitted',
      isLocked: true,
      billingPeriod: '2026-02',
      amountCents: 152_550,
      engagementNotice: { id: notice, title: 'Website rebuild', agencyName: 'Ministry of Testing' },
      form: { key: 'billing-report', version: 1 },
    });
    expect(report.statusHistory.map((entry) => entry.status)).toEqual(['draft', 'submitted']);
    await createReport(context, supplier, reportAnswers(notice, '2026-03', [line(50)]));
    const details = (await get(`/api/v1/engagement-notice/${String(notice)}`)).json<EngagementNoticeResponse>();
    expect(details.billing).toEqual({ totalBilledCents: 152_600, valueCents: 12_000_000, reportCount: 2 });
    expect((await get('/api/v1/billing-report/engagement-notices')).json<ReportableNoticeList>()[0]?.reportedPeriods).toEqual(['2026-02', '2026-03']);

    const before = await snapshot();
    const duplicate = await saveReport(context, supplier, reportAnswers(notice, '2026-02', [line(1)]));
    expectError(duplicate, 409, 'conflict');
    expect(duplicate.json<{ message: string }>().message).toBe('There is already a billing report for this engagement notice and month.');
    const duplicateDraft = await saveReport(context, supplier, reportAnswers(notice, '2026-02', []), { status: 'draft' });
    expectError(duplicateDraft, 409, 'conflict');
    expectError(await saveReport(context, supplier, reportAnswers(notice, '2026-04', [line(1)]), { id: saved.billingReportId, lastEdited: report.lastEdited }), 409, 'conflict');
    expect(await snapshot()).toEqual(before);
  });

  it('refuses bad input with a clear error and stores nothing', async () => {
    const before = await snapshot();
    const future = billingPeriodOf(new Date(Date.now() + 40 * 86_400_000));
    const cases: [string, Awaited<ReturnType<typeof saveReport>>, number, string][] = [
      ['a draft notice', await saveReport(context, supplier, reportAnswers(draftNotice, '2026-01', [line(1)])), 400, 'engagement.engagement_notice'],
      ['a withdrawn notice', await saveReport(context, supplier, reportAnswers(withdrawnNotice, '2026-01', [line(1)])), 400, 'engagement.engagement_notice'],
      ["another supplier's notice", await saveReport(context, supplier, reportAnswers(othersNotice, '2026-01', [line(1)])), 400, 'engagement.engagement_notice'],
      ['a notice that does not exist', await saveReport(context, supplier, reportAnswers(2_000_000_000, '2026-01', [line(1)]), { status: 'draft' }), 400, 'engagement.engagement_notice'],
      ['a negative amount', await saveReport(context, supplier, reportAnswers(notice, '2026-01', [line(-1)])), 400, 'amounts.lines.0.amount'],
      ['a non-numeric amount', await saveReport(context, supplier, reportAnswers(notice, '2026-01', [line('12.50')]), { status: 'draft' }), 400, 'amounts.lines.0.amount'],
      ['a fraction of a cent', await saveReport(context, supplier, reportAnswers(notice, '2026-01', [line(0.5)])), 400, 'amounts.lines.0.amount'],
      ['an absurd amount', await saveReport(context, supplier, reportAnswers(notice, '2026-01', [line(1e15)])), 400, 'amounts.lines.0.amount'],
      ['no amount at all', await saveReport(context, supplier, reportAnswers(notice, '2026-01', [])), 400, 'amounts.lines'],
      ['a period in the future', await saveReport(context, supplier, reportAnswers(notice, future, [line(1)])), 400, 'engagement.billing_period'],
      ['a period that is not a month', await saveReport(context, supplier, reportAnswers(notice, '2026-13', [line(1)]), { status: 'draft' }), 400, 'engagement.billing_period'],
      ['a service the notice does not cover', await saveReport(context, supplier, reportAnswers(notice, '2026-01', [line(1, world.services.research)])), 400, 'amounts.lines.0.service'],
      ['a forged supplierID', await saveReport(context, supplier, reportAnswers(notice, '2026-01', [line(1)]), { supplierID: other.supplierId }), 403, 'supplierID'],
      ["a forged status 'approved'", await saveReport(context, supplier, reportAnswers(notice, '2026-01', [line(1)]), { status: 'approved' as 'draft' }), 400, 'body.status'],
    ];
    for (const [what, response, status, field] of cases) {
      expect(response.statusCode, `${what}: ${response.body}`).toBe(status);
      expect(response.json<{ details?: { field: string }[] }>().details?.map((detail) => detail.field), what).toContain(field);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('saves a draft, refuses a stale save (409), submits it, and deletes drafts only', async () => {
    const draft = await createReport(context, supplier, { engagement: { engagement_notice: notice } }, { status: 'draft', progress: 1 });
    const newer = await saveReport(context, supplier, reportAnswers(notice, '2026-05', [line(700)]), { id: draft.billingReportId, lastEdited: draft.lastEdited, status: 'draft' });
    expect(newer.statusCode, newer.body).toBe(200);
    const before = await snapshot();
    expectError(await saveReport(context, supplier, reportAnswers(notice, '2026-06', [line(1)]), { id: draft.billingReportId, lastEdited: draft.lastEdited }), 409, 'conflict');
    expect(await snapshot()).toEqual(before);
    const loaded = (await get(`/api/v1/billing-report/${String(draft.billingReportId)}`)).json<BillingReportResponse>();
    expect(loaded).toMatchObject({ status: 'draft', isLocked: false, billingPeriod: '2026-05', amountCents: 700 });
    const submitted = await saveReport(context, supplier, loaded.data, { id: draft.billingReportId, lastEdited: loaded.lastEdited });
    expect(submitted.statusCode, submitted.body).toBe(200);
    const remove = (id: number) => context.app.inject({ method: 'DELETE', url: `/api/v1/billing-report/${String(id)}`, headers: supplier.headers });
    const locked = await snapshot();
    expectError(await remove(draft.billingReportId), 409, 'conflict');
    expect(await snapshot()).toEqual(locked);
    const another = await createReport(context, supplier, reportAnswers(notice, '2026-07', [line(1)]), { status: 'draft' });
    expect((await remove(another.billingReportId)).statusCode).toBe(204);
    expectError(await get(`/api/v1/billing-report/${String(another.billingReportId)}`), 404, 'not found');
  });

  it("lists the supplier's reports by status and notice, sorted, paged", async () => {
    const lister = await createReportingSupplier(context, 'Report Lister', [world.services.design]);
    const listerNotice = (await createNotice(context, lister, world)).engagementNoticeId;
    await createReport(context, lister, reportAnswers(listerNotice, '2025-11', [line(300)]));
    await createReport(context, lister, reportAnswers(listerNotice, '2025-12', [line(100)]));
    await createReport(context, lister, reportAnswers(listerNotice, '2026-01', [line(200)]), { status: 'draft' });
    const list = async (query: string) => (await get(`/api/v1/billing-report${query}`, lister.headers)).json<BillingReportListResponse>();
    expect(await list('')).toMatchObject({ total: 3, page: 1, pageSize: 25 });
    expect((await list('?sort=billingPeriod')).billingReports.map((report) => report.billingPeriod)).toEqual(['2026-01', '2025-12', '2025-11']);
    expect((await list('?status=submitted&sort=amount&order=asc')).billingReports.map((report) => report.amountCents)).toEqual([100, 300]);
    expect((await list(`?engagementNotice=${String(listerNotice)}`)).total).toBe(3);
    expect((await list('?page=2')).billingReports).toEqual([]);
  });

  it("keeps each supplier's reports its own: another supplier's answers 404 and nothing changes", async () => {
    const mine = await createReport(context, supplier, reportAnswers(notice, '2025-10', [line(10)]), { status: 'draft' });
    const before = await snapshot();
    const id = String(mine.billingReportId);
    expectError(await get(`/api/v1/billing-report/${id}`, other.headers), 404, 'not found');
    expectError(await saveReport(context, other, reportAnswers(othersNotice, '2025-10', [line(1)]), { id: mine.billingReportId, lastEdited: mine.lastEdited, status: 'draft' }), 404, 'not found');
    expectError(await context.app.inject({ method: 'DELETE', url: `/api/v1/billing-report/${id}`, headers: other.headers }), 404, 'not found');
    expectError(await get(`/api/v1/billing-report/${id}/thread`, other.headers), 404, 'not found');
    expect((await get('/api/v1/billing-report', other.headers)).json<BillingReportListResponse>().billingReports.map((report) => report.id)).not.toContain(mine.billingReportId);
    expect((await get('/api/v1/billing-report/engagement-notices', other.headers)).json<ReportableNoticeList>().map((candidate) => candidate.id)).toEqual([othersNotice]);
    expect(await snapshot()).toEqual(before);
    const thread = await context.app.inject({ method: 'POST', url: `/api/v1/billing-report/${id}/thread`, headers: supplier.headers, payload: { title: 'Invoice', content: 'Sent on the 1st.' } });
    expect(thread.statusCode, thread.body).toBe(200);
  });

  describe("the team's side", () => {
    it('refuses supplier users (403)', async () => {
      for (const url of ['/api/v1/admin/billing-reports', '/api/v1/admin/billing-reports/1', '/api/v1/admin/billing-reports/export.csv']) {
        expectError(await get(url), 403, 'forbidden');
      }
    });

    it("lists, reads and exports every supplier's submitted reports by agency, supplier and month, formula-safe", async () => {
      const teamSupplier = await createReportingSupplier(context, '@Team Reporter', [world.services.design]);
      const teamNotice = (await createNotice(context, teamSupplier, world, { overrides: { engagement: { agency: world.agencies.other, title: '-cmd|calc' } } })).engagementNoticeId;
      const first = await createReport(context, teamSupplier, reportAnswers(teamNotice, '2025-08', [line(123_456)]));
      const second = await createReport(context, teamSupplier, reportAnswers(teamNotice, '2025-09', [line(1)]));
      const draft = await createReport(context, teamSupplier, reportAnswers(teamNotice, '2025-10', [line(1)]), { status: 'draft' });
      const list = async (query: string) => (await get(`/api/v1/admin/billing-reports?supplier=${String(teamSupplier.supplierId)}${query}`, teamHeaders)).json<TeamBillingReportListResponse>();
      expect((await list('')).billingReports.map((report) => report.id)).toEqual([second.billingReportId, first.billingReportId]);
      expect(await list('')).toMatchObject({ total: 2, totalIsCapped: false, page: 1 });
      // Past the end: the total is still every match, and the page empty.
      expect(await list('&page=3')).toMatchObject({ billingReports: [], total: 2, totalIsCapped: false, page: 3 });
      expect((await list('&period=2025-08')).billingReports.map((report) => report.id)).toEqual([first.billingReportId]);
      expect((await list(`&agency=${String(world.agencies.other)}`)).total).toBe(2);
      expect((await list(`&agency=${String(world.agencies.approved)}`)).total).toBe(0);
      const read = await get(`/api/v1/admin/billing-reports/${String(first.billingReportId)}`, teamHeaders);
      expect(read.json<TeamBillingReport>()).toMatchObject({ amountCents: 123_456, supplierID: teamSupplier.supplierId, supplier: { name: '@Team Reporter' } });
      expectError(await get(`/api/v1/admin/billing-reports/${String(draft.billingReportId)}`, teamHeaders), 404, 'not found');

      const csv = await get(`/api/v1/admin/billing-reports/export.csv?supplier=${String(teamSupplier.supplierId)}`, teamHeaders);
      expect(csv.statusCode).toBe(200);
      expect(csv.headers['content-disposition']).toContain('billing-reports.csv');
      const [header, ...rows] = parseCsv(csv.body.replace(/^\uFEFF/, ''));
      expect(header?.[0]).toBe('Id');
      expect(rows.map((row) => row[0])).toEqual([String(second.billingReportId), String(first.billingReportId)]);
      expect(rows[1]).toEqual([
        String(first.billingReportId),
        "'@Team Reporter",
        'Aardvark District Council',
        String(teamNotice),
        "'-cmd|calc",
        'PO-2026-0042',
        '2025-08',
        '1234.56',
        'Submitted',
        expect.stringMatching(/^\d{4}-/) as string,
        'Waiting for the agency',
      ]);
    });
  });
});
