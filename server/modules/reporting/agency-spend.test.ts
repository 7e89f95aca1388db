/**
 * The agency's spend (issue 31, agency-spend.ts): what suppliers billed it by supplier, service and
 * month, how much of it it confirmed, and every line as CSV; never another agency's, a draft's or a
 * withdrawn engagement's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgencySpendResponse } from '../../../common/api/agency-engagements';
import { agencyBearer, createSignedInUser } from '../../auth/test-support';
import { buildTestApp, type TestContext } from '../../test/harness';
import { parseCsv } from '../directory/test-support';
import { createNotice, createReport, createReportingSupplier, createReportingWorld, reportAnswers, type ReportingWorld } from './test-support';

describe("the agency's spend", () => {
  let context: TestContext;
  let world: ReportingWorld;
  let buyerHeaders: Record<string, string>;
  let otherAgencyHeaders: Record<string, string>;

  beforeAll(async () => {
    context = await buildTestApp();
    world = await createReportingWorld(context);
    const buyer = await createSignedInUser(context, { agencies: [{ agencyId: world.agencies.approved, isAdmin: false }] });
    buyerHeaders = agencyBearer(buyer.accessToken, world.agencies.approved);
    const stranger = await createSignedInUser(context, { agencies: [{ agencyId: world.agencies.other, isAdmin: false }] });
    otherAgencyHeaders = agencyBearer(stranger.accessToken, world.agencies.other);

    const design = world.services.design;
    const research = world.services.research;
    const alpha = await createReportingSupplier(context, 'Alpha Design', [design, research]);
    const beta = await createReportingSupplier(context, '=Beta Research', [research]);
    const alphaNotice = (await createNotice(context, alpha, world, { overrides: { engagement: { title: 'Alpha work', services: [design, research] } } })).engagementNoticeId;
    const betaNotice = (await createNotice(context, beta, world, { overrides: { engagement: { title: 'Beta work', services: [research], reference: null } } })).engagementNoticeId;
    const elsewhere = (await createNotice(context, beta, world, { overrides: { engagement: { title: 'Other agency', services: [research], agency: world.agencies.other } } }))
      .engagementNoticeId;
    const alphaMarch = await createReport(context, alpha, reportAnswers(alphaNotice, '2026-03', [{ service: design, amount: 100_000 }, { service: research, amount: 20_000 }]));
    await createReport(context, alpha, reportAnswers(alphaNotice, '2026-04', [{ service: design, amount: 50_000 }]));
    await createReport(context, alpha, reportAnswers(alphaNotice, '2026-05', [{ service: design, amount: 999_999 }]), { status: 'draft' });
    await createReport(context, beta, reportAnswers(betaNotice, '2026-04', [{ service: research, amount: 30_000 }]));
    await createReport(context, beta, reportAnswers(elsewhere, '2026-04', [{ service: research, amount: 777_777 }]));
    // The agency confirmed Alpha's engagement, then its March report.
    const call = (url: string) => context.app.inject({ method: 'POST', url: `/api/v1/agency${url}`, headers: buyerHeaders });
    expect((await call(`/engagement-notices/${String(alphaNotice)}/confirm`)).statusCode).toBe(200);
    expect((await call(`/billing-reports/${String(alphaMarch.billingReportId)}/confirm`)).statusCode).toBe(200);
  });
  afterAll(() => context.close());

  const spend = (by: string, headers = buyerHeaders) => context.app.inject({ method: 'GET', url: `/api/v1/agency/spend?by=${by}`, headers });
  const rowsOf = (response: AgencySpendResponse) => response.rows.map((row) => [row.label, row.billedCents, row.confirmedCents]);

  it('adds up what each supplier billed, the most first, with what the agency confirmed', async () => {
    const bySupplier = (await spend('supplier')).json<AgencySpendResponse>();
    expect(rowsOf(bySupplier)).toEqual([
      ['Alpha Design', 170_000, 120_000],
      ['=Beta Research', 30_000, 0],
    ]);
    expect(bySupplier).toMatchObject({ by: 'supplier', billedCents: 200_000, confirmedCents: 120_000 });
  });

  it('adds up each service from the reports’ lines, and each month, the latest first', async () => {
    expect(rowsOf((await spend('service')).json<AgencySpendResponse>())).toEqual([
      ['Service design', 150_000, 100_000],
      ['User research', 50_000, 20_000],
    ]);
    expect(rowsOf((await spend('month')).json<AgencySpendResponse>())).toEqual([
      ['April 2026', 80_000, 0],
      ['March 2026', 120_000, 120_000],
    ]);
    expect((await spend('year')).statusCode).toBe(400);
  });

  it("shows another agency only its own spend", async () => {
    expect(rowsOf((await spend('supplier', otherAgencyHeaders)).json<AgencySpendResponse>())).toEqual([['=Beta Research', 777_777, 0]]);
  });

  it('downloads every line as CSV, the latest month first, formula-safe', async () => {
    const csv = await context.app.inject({ method: 'GET', url: '/api/v1/agency/spend/export.csv', headers: buyerHeaders });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toContain('spend.csv');
    const [header, ...rows] = parseCsv(csv.body.replace(/^\uFEFF/, ''));
    expect(header).toEqual(['Month', 'Supplier', 'Engagement', 'Agency reference', 'Service', 'Amount (NZD excl. GST)', "Agency's answer"]);
    expect(rows.map((row) => [row[0], row[1], row[4], row[5], row[6]]).sort()).toEqual(
      [
        ['2026-04', 'Alpha Design', 'Service design', '500.00', 'Waiting for the agency'],
        ['2026-04', "'=Beta Research", 'User research', '300.00', 'Waiting for the agency'],
        ['2026-03', 'Alpha Design', 'Service design', '1000.00', 'Confirmed by the agency'],
        ['2026-03', 'Alpha Design', 'User research', '200.00', 'Confirmed by the agency'],
      ].sort(),
    );
    expect(rows.map((row) => row[0])).toEqual(['2026-04', '2026-04', '2026-03', '2026-03']);
  });
});
