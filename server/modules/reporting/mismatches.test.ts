/**
 * The reporting mismatches (issue 31, mismatches.ts): a notice the agency has not answered within
 * the review target, a report it queried, a notice billed over its value and months without a
 * report; counted for the team's home (GET /api/v1/admin/reporting-mismatches) and filtering the
 * team's notices and reports lists.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportingMismatchesResponse, TeamBillingReportListResponse } from '../../../common/api/billing-reports';
import type { TeamEngagementNoticeListResponse } from '../../../common/api/engagement-notices';
import { lastDueBillingPeriod } from '../../../common/reporting/billing-reports';
import { overdueBefore } from '../../../common/working-days';
import { agencyBearer, createSignedInUser } from '../../auth/test-support';
import { engagementNotices } from '../../db/schema/index';
import { ownedBy } from '../../db/supplier-scope';
import { buildTestApp, type TestContext } from '../../test/harness';
import { createTeamMemberUser } from '../applications/team-test-support';
import { expectError, type SupplierWithAdmin } from '../supplier-users/test-support';
import { createNotice, createReport, createReportingSupplier, createReportingWorld, reportAnswers, type ReportingWorld } from './test-support';

describe('reporting mismatches', () => {
  let context: TestContext;
  let world: ReportingWorld;
  let supplier: SupplierWithAdmin;
  let team: Record<string, string>;
  let buyerHeaders: Record<string, string>;

  beforeAll(async () => {
    context = await buildTestApp();
    world = await createReportingWorld(context);
    supplier = await createReportingSupplier(context, 'Kauri Research', [world.services.design]);
    team = (await createTeamMemberUser(context)).headers;
    const buyer = await createSignedInUser(context, { agencies: [{ agencyId: world.agencies.approved, isAdmin: false }] });
    buyerHeaders = agencyBearer(buyer.accessToken, world.agencies.approved);
  });
  afterAll(() => context.close());

  const get = <T>(url: string, headers = team) => context.app.inject({ method: 'GET', url: `/api/v1${url}`, headers }).then((response) => response.json<T>());
  const counts = () => get<ReportingMismatchesResponse>('/admin/reporting-mismatches');
  const noticeTitles = async (query: string) =>
    (await get<TeamEngagementNoticeListResponse>(`/admin/engagement-notices${query}`)).engagementNotices.map((notice) => notice.title);

  /** Sends a notice, then moves its sending back `days` calendar days. */
  async function sentDaysAgo(title: string, days: number, dates?: Record<string, unknown>): Promise<number> {
    const { engagementNoticeId: id } = await createNotice(context, supplier, world, { overrides: { engagement: { title }, ...(dates ? { dates } : {}) } });
    await context.database.db
      .update(engagementNotices)
      .set({ submittedAt: new Date(Date.now() - days * 86_400_000) })
      .where(and(eq(engagementNotices.id, id), ownedBy(engagementNotices, supplier.supplierId)));
    return id;
  }

  it('is the team’s only', async () => {
    expectError(await context.app.inject({ method: 'GET', url: '/api/v1/admin/reporting-mismatches', headers: supplier.headers }), 403, 'forbidden');
  });

  it('counts a notice unanswered past the review target, and lists it by that mismatch until the agency answers', async () => {
    const before = await counts();
    expect(before).toMatchObject({ unconfirmedNotices: 0, queriedReports: 0, overValueNotices: 0, reviewTargetDays: 10, through: lastDueBillingPeriod(new Date()) });
    // Both notices run outside any due month, so the missing months stay as they were.
    const future = { start_date: '2099-01-04', end_date: '2099-02-26' };
    const late = await sentDaysAgo('Unanswered for three weeks', 21, future);
    await sentDaysAgo('Sent yesterday', 1, future);
    // The cut-off is the review target's working days back: three weeks ago is past it, yesterday is not.
    expect(new Date(Date.now() - 21 * 86_400_000) < overdueBefore(new Date(), 10)).toBe(true);
    expect((await counts()).unconfirmedNotices).toBe(1);
    expect(await noticeTitles('?mismatch=unconfirmed')).toEqual(['Unanswered for three weeks']);
    expect((await context.app.inject({ method: 'GET', url: '/api/v1/admin/engagement-notices?mismatch=sometime', headers: team })).statusCode).toBe(400);

    const answered = await context.app.inject({ method: 'POST', url: `/api/v1/agency/engagement-notices/${String(late)}/confirm`, headers: buyerHeaders });
    expect(answered.statusCode).toBe(200);
    expect((await counts()).unconfirmedNotices).toBe(0);
    expect(await noticeTitles('?mismatch=unconfirmed')).toEqual([]);
    expect((await counts()).missingMonths).toBe(before.missingMonths);
  });

  it('counts a notice billed over its value, and the months of a running notice without a report', async () => {
    const before = await counts();
    // January to March 2026: every month is due (the tests run after it).
    const { engagementNoticeId: id } = await createNotice(context, supplier, world, {
      overrides: { engagement: { title: 'Billed over value' }, dates: { start_date: '2026-01-05', end_date: '2026-03-27', value: 100_000 } },
    });
    expect((await counts()).missingMonths).toBe(before.missingMonths + 3);
    await createReport(context, supplier, reportAnswers(id, '2026-01', [{ service: world.services.design, amount: 60_000 }]));
    expect(await counts()).toMatchObject({ overValueNotices: 0, missingMonths: before.missingMonths + 2 });
    // A draft does not count; a second sent month takes the total past the value.
    await createReport(context, supplier, reportAnswers(id, '2026-02', [{ service: world.services.design, amount: 50_000 }]), { status: 'draft' });
    expect((await counts()).overValueNotices).toBe(0);
    await createReport(context, supplier, reportAnswers(id, '2026-03', [{ service: world.services.design, amount: 40_001 }]));
    expect(await counts()).toMatchObject({ overValueNotices: 1, missingMonths: before.missingMonths + 1 });
    expect(await noticeTitles('?mismatch=over-value')).toEqual(['Billed over value']);
  });

  it('counts and lists the reports an agency queried', async () => {
    const { engagementNoticeId: id } = await createNotice(context, supplier, world, { overrides: { engagement: { title: 'Queried engagement' } } });
    expect((await context.app.inject({ method: 'POST', url: `/api/v1/agency/engagement-notices/${String(id)}/confirm`, headers: buyerHeaders })).statusCode).toBe(200);
    const { billingReportId } = await createReport(context, supplier, reportAnswers(id, '2026-02', [{ service: world.services.design, amount: 5_000 }]));
    await createReport(context, supplier, reportAnswers(id, '2026-03', [{ service: world.services.design, amount: 5_000 }]));
    const queried = await context.app.inject({
      method: 'POST',
      url: `/api/v1/agency/billing-reports/${String(billingReportId)}/query`,
      headers: buyerHeaders,
      payload: { details: 'We expected half of that.' },
    });
    expect(queried.statusCode).toBe(200);
    expect((await counts()).queriedReports).toBe(1);
    const listed = await get<TeamBillingReportListResponse>('/admin/billing-reports?agencyResponse=queried');
    expect(listed.billingReports.map((report) => [report.id, report.agencyResponse.status, report.agencyResponse.queryDetails])).toEqual([
      [billingReportId, 'queried', 'We expected half of that.'],
    ]);
  });
});
