/**
 * The agency's side of billing reports (issue 31): the reports on the engagements the agency
 * confirmed, its answer (confirm or query the amount), the query's conversation between the
 * supplier, the agency and the team, the mails and audit entries, and the agencies' walls.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgencyBillingReportDetail, AgencyReportsResponse } from '../../../common/api/agency-engagements';
import type { BillingReportListResponse, BillingReportResponse, TeamBillingReport } from '../../../common/api/billing-reports';
import type { ThreadListResponse } from '../../../common/api/threads';
import { agencyBearer, createSignedInUser, type SignedInUser } from '../../auth/test-support';
import { auditLog, billingReports, threadDigestItems, threadMessages } from '../../db/schema/index';
import { readOutboxMessage } from '../../mail/index';
import { buildTestApp, type TestContext } from '../../test/harness';
import { createTeamMemberUser } from '../applications/team-test-support';
import { expectError, type SupplierWithAdmin } from '../supplier-users/test-support';
import { createNotice, createReport, createReportingSupplier, createReportingWorld, reportAnswers, type ReportingWorld } from './test-support';

describe("the agency's billing reports", () => {
  let context: TestContext;
  let world: ReportingWorld;
  let supplier: SupplierWithAdmin;
  let buyer: SignedInUser;
  let buyerHeaders: Record<string, string>;
  let otherAgencyHeaders: Record<string, string>;
  /** A notice the agency confirmed, and one it has not answered yet. */
  let confirmedNotice: number;
  let awaitingNotice: number;

  const line = (amount: number, service?: number) => ({ service: service ?? world.services.design, amount });

  beforeAll(async () => {
    context = await buildTestApp();
    world = await createReportingWorld(context);
    supplier = await createReportingSupplier(context, 'Rimu Analytics', [world.services.design, world.services.research]);
    buyer = await createSignedInUser(context, { name: 'Bea Buyer', agencies: [{ agencyId: world.agencies.approved, isAdmin: false }] });
    buyerHeaders = agencyBearer(buyer.accessToken, world.agencies.approved);
    const stranger = await createSignedInUser(context, { agencies: [{ agencyId: world.agencies.other, isAdmin: true }] });
    otherAgencyHeaders = agencyBearer(stranger.accessToken, world.agencies.other);
    confirmedNotice = (await createNotice(context, supplier, world, { overrides: { engagement: { title: 'Data platform', services: [world.services.design, world.services.research] } } }))
      .engagementNoticeId;
    awaitingNotice = (await createNotice(context, supplier, world, { overrides: { engagement: { title: 'Not yet confirmed' } } })).engagementNoticeId;
    const confirmed = await context.app.inject({ method: 'POST', url: `/api/v1/agency/engagement-notices/${String(confirmedNotice)}/confirm`, headers: buyerHeaders });
    expect(confirmed.statusCode).toBe(200);
  });
  afterAll(() => context.close());

  const agencyCall = (method: 'GET' | 'POST', url: string, headers = buyerHeaders, payload?: Record<string, unknown>) =>
    context.app.inject({ method, url: `/api/v1/agency/billing-reports${url}`, headers, ...(payload ? { payload } : {}) });

  const seenMails = new Set<string>();
  /** The mails delivered since the last call, to `email` (the outbox keeps every mail). */
  async function mailsTo(email: string): Promise<{ subject: string; text: string }[]> {
    const entries = (await context.deliverMail()).filter((entry) => !seenMails.has(entry.id));
    entries.forEach((entry) => seenMails.add(entry.id));
    const messages = await Promise.all(entries.filter((entry) => entry.to.includes(email)).map((entry) => readOutboxMessage(context.config.mail.outboxDir, entry.id)));
    return messages.flatMap((message) => (message ? [{ subject: message.subject, text: message.text }] : []));
  }

  it('lists the sent reports on confirmed engagements only, the latest month first, by answer and by notice', async () => {
    const january = await createReport(context, supplier, reportAnswers(confirmedNotice, '2026-01', [line(150_000), line(50_000, world.services.research)]));
    const february = await createReport(context, supplier, reportAnswers(confirmedNotice, '2026-02', [line(90_000)]));
    await createReport(context, supplier, reportAnswers(confirmedNotice, '2026-03', [line(1_000)]), { status: 'draft' });
    await createReport(context, supplier, reportAnswers(awaitingNotice, '2026-02', [line(7_000)]));

    const list = (await agencyCall('GET', `?engagementNotice=${String(confirmedNotice)}`)).json<AgencyReportsResponse>();
    expect(list.reports.map((report) => [report.id, report.billingPeriod, report.amountCents])).toEqual([
      [february.billingReportId, '2026-02', 90_000],
      [january.billingReportId, '2026-01', 200_000],
    ]);
    expect(list.reports[0]).toMatchObject({
      supplier: { id: supplier.supplierId, name: 'Rimu Analytics' },
      engagementNotice: { id: confirmedNotice, title: 'Data platform', reference: 'PO-2026-0042' },
      response: { status: 'awaiting', at: null, byName: null, queryDetails: null },
    });
    // The awaiting notice's report waits for the notice's confirmation; a draft is the supplier's own.
    expect((await agencyCall('GET', '')).json<AgencyReportsResponse>().total).toBe(2);
    expect((await agencyCall('GET', '?response=confirmed')).json<AgencyReportsResponse>().total).toBe(0);
    expect((await agencyCall('GET', '?response=maybe')).statusCode).toBe(400);
    expect((await agencyCall('GET', '', otherAgencyHeaders)).json<AgencyReportsResponse>().total).toBe(0);

    const detail = (await agencyCall('GET', `/${String(january.billingReportId)}`)).json<AgencyBillingReportDetail>();
    expect(detail).toMatchObject({
      lines: [
        { service: 'Service design', amountCents: 150_000 },
        { service: 'User research', amountCents: 50_000 },
      ],
      noticeValueCents: 12_000_000,
      totalBilledCents: 290_000,
      query: null,
    });
  });

  it('confirms a report once: final, audited, mailed to the supplier and shown to the supplier and the team', async () => {
    const { billingReportId: id } = await createReport(context, supplier, reportAnswers(confirmedNotice, '2026-04', [line(40_000)]));
    await mailsTo(supplier.admin.user.email);
    const confirmed = await agencyCall('POST', `/${String(id)}/confirm`);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json<AgencyBillingReportDetail>()).toMatchObject({ id, response: { status: 'confirmed', byName: 'Bea Buyer', at: expect.any(String) as string }, query: null });
    expectError(await agencyCall('POST', `/${String(id)}/confirm`), 409, 'conflict');
    expectError(await agencyCall('POST', `/${String(id)}/query`, buyerHeaders, { details: 'Too much.' }), 409, 'conflict');

    const mails = await mailsTo(supplier.admin.user.email);
    expect(mails.map((mail) => mail.subject)).toEqual([expect.stringContaining('confirmed your billing report')]);
    expect(mails[0]?.text).toContain('“Ministry of Testing” confirmed the amount of your billing report for April 2026 on “Data platform” ($400.00)');
    const [entry] = await context.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'billing-report.confirm'), eq(auditLog.entityId, String(id))));
    expect(entry).toMatchObject({ actorUserId: buyer.user.id, supplierId: supplier.supplierId, after: { agencyResponse: 'confirmed', agencyId: world.agencies.approved } });

    const seen = (await context.app.inject({ method: 'GET', url: `/api/v1/billing-report/${String(id)}`, headers: supplier.headers })).json<BillingReportResponse>();
    expect(seen.agencyResponse).toMatchObject({ status: 'confirmed', byName: 'Bea Buyer' });
    const listed = (await context.app.inject({ method: 'GET', url: '/api/v1/billing-report?sort=billingPeriod', headers: supplier.headers })).json<BillingReportListResponse>();
    expect(listed.billingReports.find((report) => report.id === id)?.agencyResponse.status).toBe('confirmed');
    const team = await createTeamMemberUser(context);
    const teamSeen = (await context.app.inject({ method: 'GET', url: `/api/v1/admin/billing-reports/${String(id)}`, headers: team.headers })).json<TeamBillingReport>();
    expect(teamSeen.agencyResponse.status).toBe('confirmed');
  });

  it('queries an amount in its own words, opening a conversation the supplier, the agency and the team write in; settled, it is confirmed', async () => {
    const { billingReportId: id } = await createReport(context, supplier, reportAnswers(confirmedNotice, '2026-05', [line(600_000)]));
    const team = await createTeamMemberUser(context);
    await mailsTo(supplier.admin.user.email);
    expectError(await agencyCall('POST', `/${String(id)}/query`, buyerHeaders, { details: '  ' }), 400, 'bad request');
    expectError(await agencyCall('POST', `/${String(id)}/messages`, buyerHeaders, { content: 'Too early' }), 409, 'conflict');

    const queried = await agencyCall('POST', `/${String(id)}/query`, buyerHeaders, { details: 'We agreed 40 hours in May, not 60.' });
    expect(queried.statusCode).toBe(200);
    const detail = queried.json<AgencyBillingReportDetail>();
    expect(detail.response).toMatchObject({ status: 'queried', queryDetails: 'We agreed 40 hours in May, not 60.', byName: 'Bea Buyer' });
    expect(detail.query?.messages).toMatchObject([{ isFromAgency: true, authorName: 'Bea Buyer', content: 'We agreed 40 hours in May, not 60.' }]);
    const supplierMails = await mailsTo(supplier.admin.user.email);
    expect(supplierMails).toHaveLength(1);
    expect(supplierMails[0]?.text).toContain('What they say is wrong: “We agreed 40 hours in May, not 60.”');
    const [first] = await context.database.db.select({ id: threadMessages.id }).from(threadMessages).where(eq(threadMessages.threadId, detail.query?.threadId ?? 0));
    const digest = await context.database.db.select().from(threadDigestItems).where(eq(threadDigestItems.messageId, first?.id ?? 0));
    expect(digest.map((item) => item.userId)).toContain(team.user.id);

    // The supplier reads the query among the report's threads and answers: the agency hears of it, with a link to the report.
    const threads = (await context.app.inject({ method: 'GET', url: `/api/v1/billing-report/${String(id)}/thread`, headers: supplier.headers })).json<ThreadListResponse>();
    expect(threads.threads.find((thread) => thread.id === detail.query?.threadId)?.messages[0]).toMatchObject({ isFromAgency: true });
    const reply = await context.app.inject({
      method: 'POST',
      url: `/api/v1/billing-report/${String(id)}/thread/${String(detail.query?.threadId)}/message`,
      headers: supplier.headers,
      payload: { content: 'Our timesheets show 60 hours: attached to the invoice.' },
    });
    expect(reply.statusCode).toBe(200);
    expect((await mailsTo(buyer.user.email)).map((mail) => mail.text).join('\n')).toContain(`/agency/billing-reports/${String(id)}`);

    const written = await agencyCall('POST', `/${String(id)}/messages`, buyerHeaders, { content: 'Seen them, thank you.' });
    expect(written.json<AgencyBillingReportDetail>().query?.messages.map((message) => [message.isFromAgency, message.content])).toEqual([
      [true, 'We agreed 40 hours in May, not 60.'],
      [false, 'Our timesheets show 60 hours: attached to the invoice.'],
      [true, 'Seen them, thank you.'],
    ]);
    expect((await agencyCall('POST', `/${String(id)}/confirm`)).json<AgencyBillingReportDetail>().response.status).toBe('confirmed');
    expectError(await agencyCall('POST', `/${String(id)}/messages`, buyerHeaders, { content: 'One more thing' }), 409, 'conflict');
    const audited = await context.database.db.select({ action: auditLog.action }).from(auditLog).where(and(eq(auditLog.entity, 'billing-report'), eq(auditLog.entityId, String(id))));
    expect(audited.map((row) => row.action)).toEqual(expect.arrayContaining(['billing-report.query', 'billing-report.confirm']));
  });

  it("keeps each agency to its own reports: another agency's ids, and a report on an unconfirmed engagement, answer 404 and change nothing", async () => {
    const { billingReportId: id } = await createReport(context, supplier, reportAnswers(confirmedNotice, '2026-06', [line(1_000)]));
    const before = await context.database.db.select().from(billingReports).where(eq(billingReports.id, id));
    expectError(await agencyCall('GET', `/${String(id)}`, otherAgencyHeaders), 404, 'not found');
    expectError(await agencyCall('POST', `/${String(id)}/confirm`, otherAgencyHeaders), 404, 'not found');
    expectError(await agencyCall('POST', `/${String(id)}/query`, otherAgencyHeaders, { details: 'Not ours.' }), 404, 'not found');
    expectError(await agencyCall('POST', `/${String(id)}/messages`, otherAgencyHeaders, { content: 'Hello' }), 404, 'not found');
    expect(await context.database.db.select().from(billingReports).where(eq(billingReports.id, id))).toEqual(before);
    const { billingReportId: early } = await createReport(context, supplier, reportAnswers(awaitingNotice, '2026-03', [line(1_000)]));
    expectError(await agencyCall('POST', `/${String(early)}/confirm`), 404, 'not found');
  });
});
