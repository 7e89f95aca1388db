/**
 * The public insights page (issue 32): its figures count only what the open data publishes (an
 * agency-confirmed notice, a confirmed report on one), classify suppliers by the one rule, and each
 * CSV holds its figure's table; with nothing published, the page says so. The insights job stores
 * the figures (issue 33) and the page shows the stored ones, with when they were added up.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications, billingReports, engagementNotices, suppliers } from '../../db/schema/index';
import { buildTestApp, type TestContext } from '../../test/harness';
import { parseCsv } from '../directory/test-support';
import { createNotice, createReport, createReportingSupplier, createReportingWorld, reportAnswers, type ReportingWorld } from '../reporting/test-support';
import { formatDateTime } from '../../../common/dates';
import { INSIGHTS_REFRESH_QUEUE } from './routes';
import { getInsightsFigures, readStoredInsightsFigures } from './service';

const NOW = new Date('2026-11-30T00:00:00Z');
const DAY_MS = 86_400_000;

async function answerNotice(context: TestContext, id: number, agencyResponse: 'confirmed' | 'disputed'): Promise<void> {
  await context.database.db.update(engagementNotices).set({ agencyResponse, agencyRespondedAt: new Date() }).where(eq(engagementNotices.id, id));
}

async function answerReport(context: TestContext, id: number, agencyResponse: 'confirmed' | 'queried'): Promise<void> {
  await context.database.db.update(billingReports).set({ agencyResponse, agencyRespondedAt: new Date() }).where(eq(billingReports.id, id));
}

async function setDetails(context: TestContext, supplierId: number, details: Record<string, unknown>): Promise<void> {
  await context.database.db.update(suppliers).set({ details }).where(eq(suppliers.id, supplierId));
}

/** An application that reached each status the given number of days before NOW. */
async function insertApplication(context: TestContext, supplierId: number, reference: string, daysAgo: Record<string, number>): Promise<void> {
  const statusTimestamps = Object.fromEntries(Object.entries(daysAgo).map(([status, days]) => [status, new Date(NOW.getTime() - days * DAY_MS).toISOString()]));
  const statuses = Object.keys(daysAgo);
  await context.database.db.insert(applications).values({
    referenceId: reference,
    supplierId,
    formVersions: [{ key: 'application', version: 1 }],
    status: statuses[statuses.length - 1] as 'submitted',
    statusTimestamps,
  });
}

describe('the insights figures and page', () => {
  let context: TestContext;
  let world: ReportingWorld;

  beforeAll(async () => {
    context = await buildTestApp();
    world = await createReportingWorld(context);
    const { design, research, hosting } = world.services;
    // Alpha: a small Māori business; Beta: a large business, not Māori; Gamma said neither.
    const alpha = await createReportingSupplier(context, 'Alpha Design', [design, research]);
    const beta = await createReportingSupplier(context, '=Beta Cloud', [hosting]);
    const gamma = await createReportingSupplier(context, 'Gamma Research', [research]);
    await setDetails(context, alpha.supplierId, { size_of_company: '2-19', maori_business: 'yes' });
    await setDetails(context, beta.supplierId, { size_of_company: '200+', maori_business: 'no' });

    const notice = async (supplier: typeof alpha, title: string, services: number[], value: number, status: 'draft' | 'submitted' = 'submitted') =>
      (await createNotice(context, supplier, world, { status, overrides: { engagement: { title, services }, dates: { value } } })).engagementNoticeId;
    const alphaWork = await notice(alpha, 'Alpha work', [design, research], 10_000_000);
    const betaWork = await notice(beta, 'Beta hosting', [hosting], 30_000_000);
    const gammaWork = await notice(gamma, 'Gamma research', [research], 10_000_000);
    const disputed = await notice(beta, 'Disputed hosting', [hosting], 900_000_000);
    const awaiting = await notice(alpha, 'Not yet answered', [design], 800_000_000);
    await notice(alpha, 'Draft work', [design], 700_000_000, 'draft');
    await answerNotice(context, alphaWork, 'confirmed');
    await answerNotice(context, betaWork, 'confirmed');
    await answerNotice(context, gammaWork, 'confirmed');
    await answerNotice(context, disputed, 'disputed');

    const report = async (supplier: typeof alpha, noticeId: number, period: string, lines: { service: number; amount: number }[]) =>
      (await createReport(context, supplier, reportAnswers(noticeId, period, lines))).billingReportId;
    const confirm = (id: number) => answerReport(context, id, 'confirmed');
    await confirm(await report(alpha, alphaWork, '2026-03', [{ service: design, amount: 100_000 }, { service: research, amount: 20_000 }]));
    await confirm(await report(alpha, alphaWork, '2026-04', [{ service: design, amount: 50_000 }]));
    await answerReport(context, await report(alpha, alphaWork, '2026-05', [{ service: design, amount: 5_000_000 }]), 'queried');
    await report(alpha, alphaWork, '2026-06', [{ service: design, amount: 6_000_000 }]);
    await confirm(await report(beta, betaWork, '2026-04', [{ service: hosting, amount: 300_000 }]));
    await confirm(await report(gamma, gammaWork, '2026-04', [{ service: research, amount: 30_000 }]));
    // A report on a disputed notice, and one on a notice the agency has not answered: never published.
    await report(beta, disputed, '2026-04', [{ service: hosting, amount: 7_000_000 }]);
    await report(alpha, awaiting, '2026-04', [{ service: design, amount: 8_000_000 }]);
    await context.database.db
      .update(billingReports)
      .set({ agencyResponse: 'confirmed' })
      .where(and(eq(billingReports.engagementNoticeId, awaiting)));

    // Submitted → first review after 2, 4 and 10 days; decisions after 6 and 20 days; one decided 400 days ago is out.
    await insertApplication(context, alpha.supplierId, 'MP-TEST-0001', { submitted: 30, pre_assessment: 28, in_progress: 27, granted: 24 });
    await insertApplication(context, beta.supplierId, 'MP-TEST-0002', { submitted: 40, pre_assessment: 36, declined: 20 });
    await insertApplication(context, gamma.supplierId, 'MP-TEST-0003', { submitted: 12, pre_assessment: 2 });
    await insertApplication(context, gamma.supplierId, 'MP-TEST-0004', { submitted: 430, pre_assessment: 429, in_progress: 425, granted: 400 });
    await insertApplication(context, gamma.supplierId, 'MP-TEST-0005', { submitted: 1 });
  });
  afterAll(() => context.close());

  it('adds up only published spend: confirmed reports on confirmed notices, by channel, catalogue and month', async () => {
    const { spend } = await getInsightsFigures(context.database.db, NOW);
    expect(spend.totalCents).toBe(500_000);
    expect(spend.byChannel.map((row) => [row.label, row.amountCents])).toEqual([['Reporting Channel', 500_000]]);
    expect(spend.byCatalogue.map((row) => [row.label, row.channel, row.amountCents])).toEqual([
      ['Cloud Catalogue', 'Reporting Channel', 300_000],
      ['Design Catalogue', 'Reporting Channel', 200_000],
    ]);
    expect(spend.byMonth.map((row) => [row.key, row.label, row.amountCents])).toEqual([
      ['2026-03', 'March 2026', 120_000],
      ['2026-04', 'April 2026', 380_000],
    ]);
  });

  it('counts the share of published engagements and spend going to small and to Māori businesses', async () => {
    const { shares } = await getInsightsFigures(context.database.db, NOW);
    expect(shares).toEqual([
      { key: 'engagements', label: 'Engagements (number)', isMoney: false, total: 3, smallBusiness: 1, maoriBusiness: 1, scaleNotStated: 1, maoriNotStated: 1 },
      { key: 'engagement-value', label: 'Engagements (value)', isMoney: true, total: 50_000_000, smallBusiness: 10_000_000, maoriBusiness: 10_000_000, scaleNotStated: 10_000_000, maoriNotStated: 10_000_000 },
      { key: 'spend', label: 'Spend billed', isMoney: true, total: 500_000, smallBusiness: 170_000, maoriBusiness: 170_000, scaleNotStated: 30_000, maoriNotStated: 30_000 },
    ]);
  });

  it('counts the approved suppliers the directory lists in each live catalogue', async () => {
    const { suppliersPerCatalogue } = await getInsightsFigures(context.database.db, NOW);
    expect(suppliersPerCatalogue.map((row) => [row.catalogue, row.channel, row.suppliers])).toEqual([
      ['Design Catalogue', 'Reporting Channel', 2],
      ['Cloud Catalogue', 'Reporting Channel', 1],
    ]);
  });

  it('gives the median and 90th percentile days of each stage that ended in the last 12 months', async () => {
    const { applicationWaits } = await getInsightsFigures(context.database.db, NOW);
    expect(applicationWaits.map((row) => [row.key, row.applications, row.medianDays, row.ninetiethPercentileDays])).toEqual([
      // 2, 4 and 10 days: median 4, 90th percentile 4 + 0.8 × 6.
      ['first-review', 3, 4, 8.8],
      // 6 and 20 days (declined).
      ['decision', 2, 13, 18.6],
      ['listing-check', 0, null, null],
    ]);
  });

  it('draws the page: one h1, each figure a described SVG with its table and CSV link, in the footer too', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/insights', headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(html.match(/<h1[ >]/g)).toHaveLength(1);
    expect(html.match(/<figure /g)).toHaveLength(7);
    expect(html.match(/<svg [^>]*role="img"/g)).toHaveLength(7);
    expect(html.match(/<table /g)).toHaveLength(7);
    expect(html).toContain('<title id="spend-by-channel-chart-title">Spend by sales channel</title>');
    expect(html).toContain('$5,000.00');
    expect(html).toContain('Target 8%');
    expect(html).toContain('href="/insights/spend-by-month.csv"');
    expect(html).toContain('<a href="/insights">Insights: spend and suppliers</a>');
    // What is not published is nowhere on the page.
    expect(html).not.toContain('$50,000.00');
    expect(html).not.toContain('Disputed hosting');
    expect(html).not.toContain('<script>');
  });

  it('downloads each figure as CSV: the table, amounts in dollars, formula-safe', async () => {
    const csv = async (name: string) => {
      const response = await context.app.inject({ method: 'GET', url: `/insights/${name}.csv` });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/csv');
      expect(response.headers['content-disposition']).toContain(`${name}.csv`);
      return parseCsv(response.body.replace(/^\uFEFF/, ''));
    };
    expect(await csv('spend-by-channel')).toEqual([
      ['Sales channel', 'Spend (NZD excl. GST)', 'Share (%)'],
      ['Reporting Channel', '5000.00', '100.0'],
    ]);
    expect(await csv('spend-by-month')).toEqual([['Month', 'Spend (NZD excl. GST)'], ['2026-03', '1200.00'], ['2026-04', '3800.00']]);
    const shares = await csv('business-shares');
    expect(shares[0]).toContain('Māori businesses share (%)');
    expect(shares[1]).toEqual(['Engagements (number)', '3', '1', '33.3', '1', '1', '33.3', '1', '8']);
    expect(shares[3]).toEqual(['Spend billed', '5000.00', '1700.00', '34.0', '300.00', '1700.00', '34.0', '300.00', '8']);
    expect(await csv('suppliers-per-catalogue')).toEqual([
      ['Catalogue', 'Sales channel', 'Approved suppliers'],
      ['Design Catalogue', 'Reporting Channel', '2'],
      ['Cloud Catalogue', 'Reporting Channel', '1'],
    ]);
    expect((await csv('application-waits'))[0]).toEqual(['Stage', 'Applications (last 12 months)', 'Median (days)', '90th percentile (days)']);
    expect((await csv('spend-by-catalogue'))[1]).toEqual(['Cloud Catalogue', 'Reporting Channel', '3000.00', '60.0']);
  });
});

describe('the insights page with nothing published yet', () => {
  let context: TestContext;

  beforeAll(async () => {
    context = await buildTestApp();
    const world = await createReportingWorld(context);
    const supplier = await createReportingSupplier(context, 'Only Drafts', [world.services.design]);
    // A notice sent but not yet confirmed: nothing is published.
    await createNotice(context, supplier, world);
  });
  afterAll(() => context.close());

  it('says plainly that nothing is published yet and what will appear, and its CSVs have their headers only', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/insights', headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('No spend has been published yet.');
    expect(response.body).toContain('No engagements have been published yet.');
    expect(response.body).toContain('No application has been through a stage in the last 12 months yet.');
    // The spend and share figures have no chart; the suppliers per catalogue still do.
    expect(response.body.match(/<svg /g)).toHaveLength(1);
    const csv = await context.app.inject({ method: 'GET', url: '/insights/spend-by-channel.csv' });
    expect(parseCsv(csv.body.replace(/^\uFEFF/, ''))).toEqual([['Sales channel', 'Spend (NZD excl. GST)', 'Share (%)']]);
  });
});

describe('the insights job and the stored figures', () => {
  let context: TestContext;
  let world: ReportingWorld;
  let supplier: Awaited<ReturnType<typeof createReportingSupplier>>;
  let noticeId: number;

  const confirmedReport = async (period: string, amount: number) =>
    answerReport(context, (await createReport(context, supplier, reportAnswers(noticeId, period, [{ service: world.services.design, amount }]))).billingReportId, 'confirmed');
  const runInsightsJob = async () => {
    await context.app.jobs.send(INSIGHTS_REFRESH_QUEUE, {});
    await context.runQueuedJobs();
  };

  beforeAll(async () => {
    context = await buildTestApp();
    world = await createReportingWorld(context);
    supplier = await createReportingSupplier(context, 'Stored Figures Ltd', [world.services.design]);
    noticeId = (await createNotice(context, supplier, world, { overrides: { engagement: { title: 'Stored work', services: [world.services.design] } } })).engagementNoticeId;
    await answerNotice(context, noticeId, 'confirmed');
    await confirmedReport('2026-03', 100_000);
  });
  afterAll(() => context.close());

  it('keeps the figures the job added up until it runs again, and the page shows them with when they were added up', async () => {
    expect(await readStoredInsightsFigures(context.database.db)).toBeNull();
    await runInsightsJob();
    const first = await readStoredInsightsFigures(context.database.db);
    expect(first?.figures.spend.totalCents).toBe(100_000);

    // Published after the run: not in the stored figures until the next one.
    await confirmedReport('2026-04', 250_000);
    expect((await readStoredInsightsFigures(context.database.db))?.figures.spend.totalCents).toBe(100_000);
    const page = await context.app.inject({ method: 'GET', url: '/insights', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('$1,000.00');
    expect(page.body).not.toContain('$3,500.00');
    expect(page.body).toContain(`These figures were last updated on ${formatDateTime(first?.computedAt ?? new Date(0))}.`);

    await runInsightsJob();
    const second = await readStoredInsightsFigures(context.database.db);
    expect(second?.figures.spend.totalCents).toBe(350_000);
    expect(second?.computedAt.getTime()).toBeGreaterThanOrEqual(first?.computedAt.getTime() ?? Infinity);
  });
});

