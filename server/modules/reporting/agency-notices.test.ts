/**
 * The agency's side of engagement notices (issue 31): the notices naming the agency, its answer
 * (confirm or dispute), the dispute's conversation between the supplier, the agency and the team,
 * the mails and audit entries, and the agencies' walls.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgencyNoticeDetail, AgencyNoticesResponse } from '../../../common/api/agency-engagements';
import type { EngagementNoticeResponse } from '../../../common/api/engagement-notices';
import type { Thread, ThreadListResponse } from '../../../common/api/threads';
import { agencyBearer, createSignedInUser, type SignedInUser } from '../../auth/test-support';
import { auditLog, engagementNotices, threadDigestItems, threadMessages } from '../../db/schema/index';
import { readOutboxMessage } from '../../mail/index';
import { buildTestApp, type TestContext } from '../../test/harness';
import { createTeamMemberUser } from '../applications/team-test-support';
import { expectError } from '../supplier-users/test-support';
import type { SupplierWithAdmin } from '../supplier-users/test-support';
import { createNotice, createReportingSupplier, createReportingWorld, type ReportingWorld } from './test-support';

describe("the agency's engagement notices", () => {
  let context: TestContext;
  let world: ReportingWorld;
  let supplier: SupplierWithAdmin;
  let buyer: SignedInUser;
  let buyerHeaders: Record<string, string>;
  let otherAgencyHeaders: Record<string, string>;

  beforeAll(async () => {
    context = await buildTestApp();
    world = await createReportingWorld(context);
    supplier = await createReportingSupplier(context, 'Tōtara Digital', [world.services.design, world.services.research]);
    buyer = await createSignedInUser(context, { name: 'Bea Buyer', agencies: [{ agencyId: world.agencies.approved, isAdmin: false }] });
    buyerHeaders = agencyBearer(buyer.accessToken, world.agencies.approved);
    const stranger = await createSignedInUser(context, { agencies: [{ agencyId: world.agencies.other, isAdmin: true }] });
    otherAgencyHeaders = agencyBearer(stranger.accessToken, world.agencies.other);
  });
  afterAll(() => context.close());

  const agencyCall = (method: 'GET' | 'POST', url: string, headers = buyerHeaders, payload?: Record<string, unknown>) =>
    context.app.inject({ method, url: `/api/v1/agency/engagement-notices${url}`, headers, ...(payload ? { payload } : {}) });

  /** The mails delivered since the last call, to `email`, with their texts (the outbox keeps every mail). */
  const seenMails = new Set<string>();
  async function mailsTo(email: string): Promise<{ subject: string; text: string }[]> {
    const entries = (await context.deliverMail()).filter((entry) => !seenMails.has(entry.id));
    entries.forEach((entry) => seenMails.add(entry.id));
    return readMails(entries.filter((entry) => entry.to.includes(email)));
  }
  async function readMails(entries: { id: string }[]): Promise<{ subject: string; text: string }[]> {
    const messages = await Promise.all(entries.map((entry) => readOutboxMessage(context.config.mail.outboxDir, entry.id)));
    return messages.flatMap((message) => (message ? [{ subject: message.subject, text: message.text }] : []));
  }

  it('lists the notices sent naming the agency, never drafts, withdrawn ones or those of another agency, and filters them by answer', async () => {
    const sent = await createNotice(context, supplier, world, { overrides: { engagement: { title: 'Sent to us' } } });
    await createNotice(context, supplier, world, { status: 'draft', overrides: { engagement: { title: 'Still a draft' } } });
    await createNotice(context, supplier, world, { overrides: { engagement: { title: 'For another agency', agency: world.agencies.other } } });
    const list = (await agencyCall('GET', '')).json<AgencyNoticesResponse>();
    expect(list.notices.map((notice) => notice.title)).toEqual(['Sent to us']);
    expect(list.notices[0]).toMatchObject({
      id: sent.engagementNoticeId,
      supplier: { id: supplier.supplierId, name: 'Tōtara Digital' },
      reference: 'PO-2026-0042',
      valueCents: 12_000_000,
      services: [{ id: world.services.design, title: 'Service design' }],
      response: { status: 'awaiting', at: null, byName: null, disputeReason: null, disputeDetails: null },
    });
    expect((await agencyCall('GET', '?response=confirmed')).json<AgencyNoticesResponse>().total).toBe(0);
    expect((await agencyCall('GET', '?response=awaiting')).json<AgencyNoticesResponse>().total).toBe(1);
    expect((await agencyCall('GET', '?response=maybe')).statusCode).toBe(400);
    expect((await agencyCall('GET', '', otherAgencyHeaders)).json<AgencyNoticesResponse>().notices.map((notice) => notice.title)).toEqual(['For another agency']);
  });

  it('confirms a notice once: final, audited, mailed to the supplier and shown on its notice', async () => {
    const { engagementNoticeId: id } = await createNotice(context, supplier, world, { overrides: { engagement: { title: 'Confirm me' } } });
    await mailsTo(supplier.admin.user.email);
    const confirmed = await agencyCall('POST', `/${String(id)}/confirm`);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json<AgencyNoticeDetail>()).toMatchObject({ id, response: { status: 'confirmed', byName: 'Bea Buyer', at: expect.any(String) as string }, dispute: null });
    expectError(await agencyCall('POST', `/${String(id)}/confirm`), 409, 'conflict');
    expectError(await agencyCall('POST', `/${String(id)}/dispute`, buyerHeaders, { reason: 'wrong_value', details: 'Too much.' }), 409, 'conflict');

    const mails = await mailsTo(supplier.admin.user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toContain('confirmed your engagement notice');
    expect(mails[0]?.text).toContain('“Ministry of Testing” confirmed the engagement notice “Confirm me”');
    const [entry] = await context.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'engagement-notice.confirm'), eq(auditLog.entityId, String(id))));
    expect(entry).toMatchObject({ actorUserId: buyer.user.id, supplierId: supplier.supplierId, before: { agencyResponse: 'awaiting' }, after: { agencyResponse: 'confirmed', agencyId: world.agencies.approved } });
    const seen = await context.app.inject({ method: 'GET', url: `/api/v1/engagement-notice/${String(id)}`, headers: supplier.headers });
    expect(seen.json<EngagementNoticeResponse>().agencyResponse).toMatchObject({ status: 'confirmed', byName: 'Bea Buyer' });
  });

  it('disputes a notice with a reason, opening a conversation the supplier, the agency and the team all write in; settled, it is confirmed', async () => {
    const { engagementNoticeId: id } = await createNotice(context, supplier, world, { overrides: { engagement: { title: 'Wrong numbers' } } });
    const team = await createTeamMemberUser(context);
    await mailsTo(supplier.admin.user.email);
    expectError(await agencyCall('POST', `/${String(id)}/dispute`, buyerHeaders, { reason: 'wrong_value', details: '   ' }), 400, 'bad request');
    expect((await agencyCall('POST', `/${String(id)}/dispute`, buyerHeaders, { reason: 'made_up', details: 'x' })).statusCode).toBe(400);
    expectError(await agencyCall('POST', `/${String(id)}/messages`, buyerHeaders, { content: 'Too early' }), 409, 'conflict');

    const disputed = await agencyCall('POST', `/${String(id)}/dispute`, buyerHeaders, { reason: 'wrong_value', details: 'We agreed $100,000, not $120,000.' });
    expect(disputed.statusCode).toBe(200);
    const detail = disputed.json<AgencyNoticeDetail>();
    expect(detail.response).toMatchObject({ status: 'disputed', disputeReason: 'wrong_value', disputeDetails: 'We agreed $100,000, not $120,000.', byName: 'Bea Buyer' });
    expect(detail.dispute?.messages).toMatchObject([{ isFromAgency: true, isFromTeam: false, authorName: 'Bea Buyer', content: 'The value is wrong.\n\nWe agreed $100,000, not $120,000.' }]);
    // The supplier is told once, with the reason; the team in its digest.
    const supplierMails = await mailsTo(supplier.admin.user.email);
    expect(supplierMails).toHaveLength(1);
    expect(supplierMails[0]?.text).toContain('Their reason: The value is wrong.');
    const firstMessageId = (await context.database.db.select({ id: threadMessages.id }).from(threadMessages).where(eq(threadMessages.threadId, detail.dispute?.threadId ?? 0)))[0]?.id ?? 0;
    const digest = await context.database.db.select().from(threadDigestItems).where(inArray(threadDigestItems.messageId, [firstMessageId]));
    expect(digest.map((item) => item.userId)).toContain(team.user.id);

    // The supplier reads the dispute among the notice's threads, and answers: the agency hears of it.
    const threadsOfNotice = (await context.app.inject({ method: 'GET', url: `/api/v1/engagement-notice/${String(id)}/thread`, headers: supplier.headers })).json<ThreadListResponse>();
    const dispute = threadsOfNotice.threads.find((thread: Thread) => thread.id === detail.dispute?.threadId);
    expect(dispute?.messages[0]).toMatchObject({ isFromAgency: true });
    const reply = await context.app.inject({
      method: 'POST',
      url: `/api/v1/engagement-notice/${String(id)}/thread/${String(detail.dispute?.threadId)}/message`,
      headers: supplier.headers,
      payload: { content: 'You are right: we will withdraw it and send a new one.' },
    });
    expect(reply.statusCode).toBe(200);
    const buyerMails = await mailsTo(buyer.user.email);
    expect(buyerMails.map((mail) => mail.text).join('\n')).toContain(`/agency/engagement-notices/${String(id)}`);

    const written = await agencyCall('POST', `/${String(id)}/messages`, buyerHeaders, { content: 'Thank you.' });
    expect(written.json<AgencyNoticeDetail>().dispute?.messages.map((message) => [message.isFromAgency, message.content])).toEqual([
      [true, 'The value is wrong.\n\nWe agreed $100,000, not $120,000.'],
      [false, 'You are right: we will withdraw it and send a new one.'],
      [true, 'Thank you.'],
    ]);
    expect((await mailsTo(supplier.admin.user.email)).map((mail) => mail.subject)).toEqual([expect.stringContaining('New message')]);

    // Settled: the agency confirms the notice after all.
    expect((await agencyCall('POST', `/${String(id)}/confirm`)).json<AgencyNoticeDetail>().response.status).toBe('confirmed');
    expectError(await agencyCall('POST', `/${String(id)}/messages`, buyerHeaders, { content: 'One more thing' }), 409, 'conflict');
    const audited = await context.database.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.entityId, String(id)));
    expect(audited.map((row) => row.action)).toEqual(expect.arrayContaining(['engagement-notice.dispute', 'engagement-notice.confirm']));
  });

  it("keeps each agency to its own notices: another agency's ids answer 404 and change nothing", async () => {
    const { engagementNoticeId: id } = await createNotice(context, supplier, world, { overrides: { engagement: { title: 'Ours only' } } });
    const before = await context.database.db.select().from(engagementNotices).where(eq(engagementNotices.id, id));
    expectError(await agencyCall('GET', `/${String(id)}`, otherAgencyHeaders), 404, 'not found');
    expectError(await agencyCall('POST', `/${String(id)}/confirm`, otherAgencyHeaders), 404, 'not found');
    expectError(await agencyCall('POST', `/${String(id)}/dispute`, otherAgencyHeaders, { reason: 'other', details: 'Not ours.' }), 404, 'not found');
    expectError(await agencyCall('POST', `/${String(id)}/messages`, otherAgencyHeaders, { content: 'Hello' }), 404, 'not found');
    expect(await context.database.db.select().from(engagementNotices).where(eq(engagementNotices.id, id))).toEqual(before);
    // A withdrawn notice is no longer the agency's to answer.
    const withdrawn = await context.app.inject({ method: 'POST', url: `/api/v1/engagement-notice/withdraw/${String(id)}`, headers: supplier.headers, payload: { withdrawnReason: 'entered_in_error' } });
    expect(withdrawn.statusCode).toBe(200);
    expectError(await agencyCall('POST', `/${String(id)}/confirm`), 404, 'not found');
  });
});
