/**
 * The team inbox (/api/v1/admin/threads): filters, order, assignment and each team member's unread
 * counts. Threads and messages are seeded at fixed times straight into the database.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_THREADS_PAGE_SIZE, type TeamThread, type TeamThreadListResponse, type TeamThreadSummary, type Thread, type UnreadCountResponse } from '../../../common/api/threads';
import { auditLog, billingReports, engagementNotices, threadMessages, threadReads, threads } from '../../db/schema/index';
import { bearer, createSignedInUser, type SignedInUser } from '../../auth/test-support';
import { buildTestApp, type TestContext } from '../../test/harness';
import { expectKeysetWalk } from '../../test/keyset-walk';
import { createApplicantSupplier, createTeamMemberUser, createTestApplication, type ApplicantSupplier } from '../applications/team-test-support';

interface SeedMessage {
  at: string;
  authorUserId: number;
  isFromTeam?: boolean;
}

describe('the team inbox', () => {
  let context: TestContext;
  let acme: ApplicantSupplier;
  let bravo: ApplicantSupplier;
  let alice: { headers: Record<string, string>; user: SignedInUser['user'] };
  let bob: { headers: Record<string, string>; user: SignedInUser['user'] };
  const seeded: Record<string, number> = {};
  let applicationReference = '';

  /** A thread with its messages at the given times; updatedAt is the latest message's time, as posting keeps it. */
  async function seedThread(input: { supplierId: number; model: string; recordId: number; title: string; messages: SeedMessage[]; isResolved?: boolean }) {
    const { db } = context.database;
    const first = input.messages[0]?.at ?? '2026-01-01T00:00:00Z';
    const last = input.messages.at(-1)?.at ?? first;
    const [thread] = await db
      .insert(threads)
      .values({
        model: input.model,
        recordId: input.recordId,
        supplierId: input.supplierId,
        title: input.title,
        isResolved: input.isResolved ?? false,
        resolvedAt: input.isResolved === true ? new Date(last) : null,
        createdAt: new Date(first),
        updatedAt: new Date(last),
      })
      .returning({ id: threads.id });
    if (!thread) {
      throw new Error('thread insert returned nothing');
    }
    for (const message of input.messages) {
      await db.insert(threadMessages).values({
        threadId: thread.id,
        authorUserId: message.authorUserId,
        isFromTeam: message.isFromTeam ?? false,
        content: 'A message',
        createdAt: new Date(message.at),
      });
    }
    seeded[input.title] = thread.id;
    return thread.id;
  }

  const inbox = async (headers: Record<string, string>, query = '') => {
    const response = await context.app.inject({ method: 'GET', url: `/api/v1/admin/threads${query}`, headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<TeamThreadListResponse>();
  };
  const titles = (page: TeamThreadListResponse) => page.threads.map((thread) => thread.title);
  const summary = async (headers: Record<string, string>, title: string, query = '') =>
    (await inbox(headers, query)).threads.find((thread) => thread.title === title);
  const unreadCount = async (headers: Record<string, string>) =>
    (await context.app.inject({ method: 'GET', url: '/api/v1/admin/threads/unread-count', headers })).json<UnreadCountResponse>();

  beforeAll(async () => {
    context = await buildTestApp();
    const { db } = context.database;
    acme = await createApplicantSupplier(context, 'Acme Consulting');
    bravo = await createApplicantSupplier(context, 'Bravo Analytics');
    alice = await createTeamMemberUser(context);
    bob = await createTeamMemberUser(context);
    const supplierUser = acme.admin.user.id;
    const application = await createTestApplication(context, { supplierId: acme.supplierId, services: [] });
    applicationReference = application.referenceId;
    const [notice] = await db
      .insert(engagementNotices)
      .values({ supplierId: bravo.supplierId, formVersion: 1, status: 'submitted', reference: 'AG-2026-17' })
      .returning({ id: engagementNotices.id });
    const [report] = await db
      .insert(billingReports)
      .values({ supplierId: bravo.supplierId, formVersion: 1, status: 'submitted', billingPeriod: '2026-01', engagementNoticeId: notice?.id ?? null })
      .returning({ id: billingReports.id });

    // Waiting on the team since 3 February (the supplier wrote last).
    await seedThread({
      supplierId: acme.supplierId,
      model: 'application',
      recordId: application.id,
      title: 'Application question',
      messages: [{ at: '2026-02-03T01:00:00Z', authorUserId: supplierUser }],
    });
    // Waiting on the team since 1 February: the supplier chased after the team's reply.
    await seedThread({
      supplierId: acme.supplierId,
      model: 'supplier',
      recordId: acme.supplierId,
      title: 'Account question',
      messages: [
        { at: '2026-01-20T01:00:00Z', authorUserId: supplierUser },
        { at: '2026-01-21T01:00:00Z', authorUserId: alice.user.id, isFromTeam: true },
        { at: '2026-02-01T01:00:00Z', authorUserId: supplierUser },
      ],
    });
    // Waiting on the supplier: the team wrote last, on 15 January.
    await seedThread({
      supplierId: bravo.supplierId,
      model: 'engagement-notice',
      recordId: notice?.id ?? 0,
      title: 'Notice question',
      messages: [
        { at: '2026-01-10T01:00:00Z', authorUserId: bravo.admin.user.id },
        { at: '2026-01-15T01:00:00Z', authorUserId: bob.user.id, isFromTeam: true },
      ],
    });
    await seedThread({
      supplierId: bravo.supplierId,
      model: 'billing-report',
      recordId: report?.id ?? 0,
      title: 'Report question',
      messages: [{ at: '2026-02-05T01:00:00Z', authorUserId: bravo.admin.user.id }],
    });
    await seedThread({
      supplierId: bravo.supplierId,
      model: 'supplier',
      recordId: bravo.supplierId,
      title: 'Old resolved',
      isResolved: true,
      messages: [{ at: '2025-12-01T01:00:00Z', authorUserId: bravo.admin.user.id }],
    });
    await seedThread({
      supplierId: bravo.supplierId,
      model: 'supplier',
      recordId: bravo.supplierId,
      title: 'Recent resolved',
      isResolved: true,
      messages: [{ at: '2025-12-20T01:00:00Z', authorUserId: bravo.admin.user.id }],
    });
  });
  afterAll(() => context.close());

  it('lists every open thread on every model: waiting on the team first, each group oldest first, with what the team app shows', async () => {
    const page = await inbox(alice.headers);
    expect(titles(page)).toEqual(['Account question', 'Application question', 'Report question', 'Notice question']);
    expect(page).toMatchObject({ total: 4, page: 1, pageSize: 25 });
    const [account, application, report, notice] = page.threads as [TeamThreadSummary, TeamThreadSummary, TeamThreadSummary, TeamThreadSummary];
    expect(account).toMatchObject({
      model: 'supplier',
      modelLabel: 'Supplier',
      recordId: acme.supplierId,
      recordReference: null,
      supplierId: acme.supplierId,
      supplierTradingName: 'Acme Consulting',
      isResolved: false,
      assignee: null,
      lastMessageAt: '2026-02-01T01:00:00.000Z',
      lastMessageIsFromTeam: false,
      lastMessageAuthorName: 'Acme Consulting Admin',
      // Alice's own reply is not unread to her.
      unreadCount: 2,
    });
    expect(application).toMatchObject({ modelLabel: 'Application', recordReference: applicationReference, unreadCount: 1 });
    expect(report).toMatchObject({ modelLabel: 'Billing report', recordReference: '2026-01', supplierTradingName: 'Bravo Analytics' });
    expect(notice).toMatchObject({
      modelLabel: 'Engagement notice',
      recordReference: 'AG-2026-17',
      lastMessageAt: '2026-01-15T01:00:00.000Z',
      lastMessageIsFromTeam: true,
      lastMessageAuthorName: 'Marketplace Team',
      unreadCount: 2,
    });
  });

  it('filters by model, status, supplier and page', async () => {
    expect(titles(await inbox(alice.headers, '?model=engagement-notice'))).toEqual(['Notice question']);
    expect(titles(await inbox(alice.headers, '?model=supplier'))).toEqual(['Account question']);
    expect(titles(await inbox(alice.headers, '?status=open&supplier=' + String(bravo.supplierId)))).toEqual(['Report question', 'Notice question']);
    // Resolved: latest first.
    expect(titles(await inbox(alice.headers, '?status=resolved'))).toEqual(['Recent resolved', 'Old resolved']);
    expect(titles(await inbox(alice.headers, '?status=resolved&model=supplier&supplier=' + String(acme.supplierId)))).toEqual([]);
    // An empty supplier filter means any.
    expect((await inbox(alice.headers, '?supplier=')).total).toBe(4);
    expect(await inbox(alice.headers, '?page=2')).toMatchObject({ threads: [], total: 4, page: 2 });
  });

  it('refuses bad filters with 400', async () => {
    for (const query of [
      '?assignee=somebody',
      '?assignee=0',
      '?assignee=99999999999',
      `?assignee=${String(acme.admin.user.id)}`,
      '?assignee=987654321',
      '?model=catalogue',
      '?status=closed',
      '?supplier=abc',
      '?page=0',
      '?sort=oldest',
    ]) {
      const response = await context.app.inject({ method: 'GET', url: `/api/v1/admin/threads${query}`, headers: alice.headers });
      expect(response.statusCode, query).toBe(400);
      expect(response.json(), query).toMatchObject({ error: expect.any(String) as string, message: expect.any(String) as string });
    }
  });

  it('assigns a thread to a team member and unassigns it, audited, and filters by assignee', async () => {
    const { db } = context.database;
    const threadId = seeded['Report question'] ?? 0;
    const assign = (userId: number | null, headers = alice.headers) =>
      context.app.inject({ method: 'PUT', url: `/api/v1/admin/threads/${threadId}/assignee`, headers, payload: { userId } });

    const assigned = await assign(bob.user.id);
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(assigned.json<TeamThreadSummary>()).toMatchObject({ id: threadId, assignee: { userId: bob.user.id, name: 'Marketplace Team' }, lastMessageAt: '2026-02-05T01:00:00.000Z' });
    expect(titles(await inbox(alice.headers, `?assignee=${String(bob.user.id)}`))).toEqual(['Report question']);
    expect(titles(await inbox(alice.headers, `?assignee=${String(alice.user.id)}`))).toEqual([]);
    expect(titles(await inbox(alice.headers, '?assignee=none'))).toEqual(['Account question', 'Application question', 'Notice question']);
    // Read by a third team member, so Alice's and Bob's read states stay as seeded.
    const carol = await createTeamMemberUser(context);
    const one = await context.app.inject({ method: 'GET', url: `/api/v1/admin/threads/${threadId}`, headers: carol.headers });
    expect(one.json<TeamThread>().assignee).toEqual({ userId: bob.user.id, name: 'Marketplace Team' });
    // Assigning does not move the thread in the inbox: its time is its latest message's.
    const [row] = await db.select({ updatedAt: threads.updatedAt }).from(threads).where(eq(threads.id, threadId));
    expect(row?.updatedAt.toISOString()).toBe('2026-02-05T01:00:00.000Z');

    // The same assignment again changes nothing and is not audited twice.
    expect((await assign(bob.user.id)).statusCode).toBe(200);
    const unassigned = await assign(null, bob.headers);
    expect(unassigned.json<TeamThreadSummary>().assignee).toBeNull();
    // "" is null too, as with every id filter.
    expect((await context.app.inject({ method: 'PUT', url: `/api/v1/admin/threads/${threadId}/assignee`, headers: alice.headers, payload: { userId: '' } })).statusCode).toBe(200);

    const entries = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'thread'), eq(auditLog.entityId, String(threadId)), eq(auditLog.action, 'thread.assign')))
      .orderBy(auditLog.id);
    expect(entries.map((entry) => ({ actor: entry.actorUserId, before: entry.before, after: entry.after, supplierId: entry.supplierId }))).toEqual([
      { actor: alice.user.id, before: { assigneeUserId: null }, after: { assigneeUserId: bob.user.id }, supplierId: bravo.supplierId },
      { actor: bob.user.id, before: { assigneeUserId: bob.user.id }, after: { assigneeUserId: null }, supplierId: bravo.supplierId },
    ]);
  });

  it('refuses an assignee outside the team (400), an unknown thread (404) and a bad body (400), changing nothing', async () => {
    const { db } = context.database;
    const threadId = seeded['Application question'] ?? 0;
    const snapshot = async () => ({
      threads: await db.select().from(threads).orderBy(threads.id),
      audit: await db.select().from(auditLog).orderBy(auditLog.id),
    });
    const before = await snapshot();
    const refusals: [string, unknown, number][] = [
      [`/api/v1/admin/threads/${threadId}/assignee`, { userId: acme.admin.user.id }, 400],
      [`/api/v1/admin/threads/${threadId}/assignee`, { userId: 987654321 }, 400],
      [`/api/v1/admin/threads/${threadId}/assignee`, { userId: 'bob' }, 400],
      [`/api/v1/admin/threads/${threadId}/assignee`, {}, 400],
      [`/api/v1/admin/threads/${threadId}/assignee`, { userId: alice.user.id, note: 'x' }, 400],
      ['/api/v1/admin/threads/987654321/assignee', { userId: alice.user.id }, 404],
      ['/api/v1/admin/threads/987654321/assignee', { userId: acme.admin.user.id }, 404],
    ];
    for (const [url, payload, status] of refusals) {
      const response = await context.app.inject({ method: 'PUT', url, headers: alice.headers, payload: payload as Record<string, unknown> });
      expect(response.statusCode, JSON.stringify(payload)).toBe(status);
    }
    const outsider = await context.app.inject({ method: 'PUT', url: `/api/v1/admin/threads/${threadId}/assignee`, headers: alice.headers, payload: { userId: acme.admin.user.id } });
    expect(outsider.json()).toMatchObject({ message: 'Threads can only be assigned to members of the marketplace team.', details: [{ field: 'body.userId' }] });
    expect((await context.app.inject({ method: 'GET', url: '/api/v1/admin/threads/987654321', headers: alice.headers })).statusCode).toBe(404);
    expect(await snapshot()).toEqual(before);
    expect(await db.select().from(threadReads).where(eq(threadReads.threadId, 987654321))).toEqual([]);
  });

  it('keeps each team member\'s unread counts: down when they read, up when the supplier writes, the other member\'s untouched', async () => {
    const threadId = seeded['Application question'] ?? 0;
    const noticeThreadId = seeded['Notice question'] ?? 0;
    // Open threads only: Account 2 (Alice's own reply not counted), Application 1, Notice 2, Report 1.
    expect(await unreadCount(alice.headers)).toEqual({ unreadMessages: 6, unreadThreads: 4 });
    // Bob wrote the notice reply: 3 + 1 + 1 + 1.
    expect(await unreadCount(bob.headers)).toEqual({ unreadMessages: 6, unreadThreads: 4 });

    // Alice opens the application's thread: read for her, not for Bob.
    const opened = await context.app.inject({ method: 'GET', url: `/api/v1/admin/threads/${threadId}`, headers: alice.headers });
    expect(opened.statusCode).toBe(200);
    expect((await summary(alice.headers, 'Application question'))?.unreadCount).toBe(0);
    expect((await summary(bob.headers, 'Application question'))?.unreadCount).toBe(1);
    expect(await unreadCount(alice.headers)).toEqual({ unreadMessages: 5, unreadThreads: 3 });
    expect(await unreadCount(bob.headers)).toEqual({ unreadMessages: 6, unreadThreads: 4 });

    // Bob pages back through the notice's thread: reading its messages marks it read for him.
    const noticeMessages = await context.database.db.select({ id: threadMessages.id }).from(threadMessages).where(eq(threadMessages.threadId, noticeThreadId)).orderBy(threadMessages.id);
    const lastMessageId = noticeMessages.at(-1)?.id ?? 0;
    const earlier = await context.app.inject({ method: 'GET', url: `/api/v1/admin/threads/${noticeThreadId}/messages?before=${String(lastMessageId)}`, headers: bob.headers });
    expect(earlier.statusCode, earlier.body).toBe(200);
    expect((await summary(bob.headers, 'Notice question'))?.unreadCount).toBe(0);
    expect((await summary(alice.headers, 'Notice question'))?.unreadCount).toBe(2);

    // The supplier writes again: one more unread for each of them.
    const posted = await context.app.inject({
      method: 'POST',
      url: `/api/v1/application/${String((await summary(alice.headers, 'Application question'))?.recordId)}/thread/${threadId}/message`,
      headers: acme.headers,
      payload: { content: 'Any news?' },
    });
    expect(posted.statusCode, posted.body).toBe(200);
    expect((await summary(alice.headers, 'Application question'))?.unreadCount).toBe(1);
    expect((await summary(bob.headers, 'Application question'))?.unreadCount).toBe(2);
    expect(await unreadCount(alice.headers)).toEqual({ unreadMessages: 6, unreadThreads: 4 });

    // Alice replies: her own message is not unread to her, and is one more for Bob.
    const reply = await context.app.inject({ method: 'POST', url: `/api/v1/admin/threads/${threadId}/message`, headers: alice.headers, payload: { content: 'Soon.' } });
    expect(reply.statusCode).toBe(200);
    expect((await summary(alice.headers, 'Application question'))?.unreadCount).toBe(1);
    expect((await summary(bob.headers, 'Application question'))?.unreadCount).toBe(3);
    // Now the thread waits on the supplier: it moves behind those waiting on the team.
    expect(titles(await inbox(alice.headers))).toEqual(['Account question', 'Report question', 'Notice question', 'Application question']);
  });

  it('is the team\'s only, and a supplier sees no assignee or read state in its own thread', async () => {
    const other = await createSignedInUser(context, { suppliers: [{ supplierId: acme.supplierId }] });
    expect((await context.app.inject({ method: 'GET', url: '/api/v1/admin/threads/unread-count', headers: bearer(other.accessToken, acme.supplierId) })).statusCode).toBe(403);
    const own = await context.app.inject({ method: 'GET', url: `/api/v1/supplier/${String(acme.supplierId)}/thread`, headers: acme.headers });
    const [thread] = own.json<{ threads: Thread[] }>().threads;
    expect(thread).toBeDefined();
    expect(thread).not.toHaveProperty('assignee');
  });

  it("moves a thread behind those waiting for the team once the team replies: the database keeps who wrote last", async () => {
    const account = await summary(alice.headers, 'Account question');
    expect(account?.lastMessageIsFromTeam).toBe(false);
    const reply = await context.app.inject({
      method: 'POST',
      url: `/api/v1/admin/threads/${String(account?.id)}/message`,
      headers: alice.headers,
      payload: { content: 'We have changed it for you.' },
    });
    expect(reply.statusCode, reply.body).toBe(200);
    const page = await inbox(alice.headers);
    // The newest reply of all: last among the threads the team answered last.
    expect(titles(page).at(-1)).toBe('Account question');
    expect(page.threads.at(-1)?.lastMessageIsFromTeam).toBe(true);
    expect(page.threads.filter((thread) => !thread.lastMessageIsFromTeam).map((thread) => thread.title)).not.toContain('Account question');
  });
});

describe('the team inbox paged from a thread', () => {
  let context: TestContext;
  let acme: ApplicantSupplier;
  let bravo: ApplicantSupplier;
  let alice: { headers: Record<string, string>; user: SignedInUser['user'] };
  /** Open and resolved threads each, more than six pages of them. */
  const PER_STATUS = ADMIN_THREADS_PAGE_SIZE * 6 + 10;

  beforeAll(async () => {
    context = await buildTestApp();
    const { db } = context.database;
    acme = await createApplicantSupplier(context, 'Acme Consulting');
    bravo = await createApplicantSupplier(context, 'Bravo Analytics');
    alice = await createTeamMemberUser(context);
    const application = await createTestApplication(context, { supplierId: acme.supplierId, services: [] });
    for (const isResolved of [false, true]) {
      // Times out of step with the ids, and the first forty at one time, so only their ids tell them apart.
      const specs = Array.from({ length: PER_STATUS }, (_, index) => {
        const step = (index * 37) % PER_STATUS;
        const at = step < 40 ? new Date('2026-03-01T00:00:00Z') : new Date(Date.UTC(2026, 3, 1, 0, Math.floor(step / 3)));
        const supplier = index % 2 === 0 ? acme : bravo;
        const isApplication = index % 3 === 0;
        return {
          thread: {
            model: isApplication ? 'application' : 'supplier',
            recordId: isApplication ? application.id : supplier.supplierId,
            supplierId: supplier.supplierId,
            title: `Question ${String(index)}`,
            isResolved,
            resolvedAt: isResolved ? at : null,
            assigneeUserId: index % 5 < 2 ? alice.user.id : null,
            createdAt: at,
            updatedAt: at,
          },
          isFromTeam: index % 7 < 3,
          supplierUserId: supplier.admin.user.id,
        };
      });
      const inserted = await db.insert(threads).values(specs.map((spec) => spec.thread)).returning({ id: threads.id });
      // The database marks whether the team wrote last from the latest message.
      await db.insert(threadMessages).values(
        specs.map((spec, index) => ({
          threadId: inserted[index]?.id ?? 0,
          authorUserId: spec.isFromTeam ? alice.user.id : spec.supplierUserId,
          isFromTeam: spec.isFromTeam,
          content: 'A message',
          createdAt: spec.thread.updatedAt,
        })),
      );
    }
  });
  afterAll(() => context.close());

  it('pages from a thread forwards and back with every filter, ties included: every thread once, as the numbered pages show it, in the inbox order', async () => {
    const seen = new Map<number, TeamThreadSummary>();
    const totals = new Map<string, number>();
    const read = async (query: string) => {
      const response = await context.app.inject({ method: 'GET', url: `/api/v1/admin/threads?${query}`, headers: alice.headers });
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json<TeamThreadListResponse>();
      for (const thread of body.threads) {
        seen.set(thread.id, thread);
      }
      totals.set(query, body.total);
      return { ids: body.threads.map((thread) => thread.id), nextCursor: body.nextCursor, previousCursor: body.previousCursor };
    };
    const padded = (id: number) => String(id).padStart(10, '0');
    // Open: waiting on the team first, then the oldest last message, then the id.
    const openKey = (id: number) => `${seen.get(id)?.lastMessageIsFromTeam === true ? 1 : 0} ${seen.get(id)?.lastMessageAt ?? ''} ${padded(id)}`;
    // Resolved: the latest last message first, then the highest id.
    const resolvedKey = (id: number) => `${seen.get(id)?.lastMessageAt ?? ''} ${padded(id)}`;
    for (const filter of [
      '',
      'status=open',
      'assignee=none',
      `assignee=${String(alice.user.id)}`,
      'model=application',
      `supplier=${String(bravo.supplierId)}`,
      'status=resolved',
      'status=resolved&assignee=none',
      `status=resolved&assignee=${String(alice.user.id)}`,
      'status=resolved&model=supplier',
      `status=resolved&supplier=${String(acme.supplierId)}`,
    ]) {
      const ids = await expectKeysetWalk(read, filter, { minimumPages: 3 });
      const isResolved = filter.includes('status=resolved');
      expect(ids.every((id) => seen.get(id)?.isResolved === isResolved), filter).toBe(true);
      // Every thread the filter matches: as many as the total counts.
      expect(ids.length, `${filter}: the total`).toBe(totals.get(filter === '' ? 'page=1' : `${filter}&page=1`));
      const keys = ids.map(isResolved ? resolvedKey : openKey);
      const sorted = [...keys].sort();
      expect(keys, `${filter}: the order`).toEqual(isResolved ? sorted.reverse() : sorted);
    }
  });

  it('refuses a cursor that is not a thread id or both directions at once, and shows an empty page after a thread that is gone', async () => {
    for (const status of ['', 'status=resolved&']) {
      for (const query of ['after=abc', 'before=0', 'after=1.5', 'after=1&before=2']) {
        const response = await context.app.inject({ method: 'GET', url: `/api/v1/admin/threads?${status}${query}`, headers: alice.headers });
        expect(response.statusCode, query).toBe(400);
        expect(response.json(), query).toMatchObject({ error: 'bad request' });
      }
      const gone = await context.app.inject({ method: 'GET', url: `/api/v1/admin/threads?${status}after=2147483000&page=2`, headers: alice.headers });
      expect(gone.statusCode, gone.body).toBe(200);
      expect(gone.json<TeamThreadListResponse>()).toMatchObject({ threads: [], total: PER_STATUS, nextCursor: null, page: 2 });
    }
  });
});
