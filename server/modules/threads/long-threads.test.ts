/** Long threads: read a page at a time ('Show earlier messages'), and a supplier cannot flood one. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MAX_MESSAGES_PER_THREAD_PER_HOUR,
  THREAD_MESSAGES_PAGE_SIZE,
  TOO_MANY_MESSAGES_MESSAGE,
  type EarlierMessagesResponse,
  type Thread,
} from '../../../common/api/threads';
import { threadMessages } from '../../db/schema/index';
import { bearer, createSignedInUser, createSupplierWithMembers } from '../../auth/test-support';
import { buildTestApp, type TestContext } from '../../test/harness';

describe('long threads', () => {
  let context: TestContext;
  beforeAll(async () => {
    context = await buildTestApp();
  });
  afterAll(() => context.close());

  async function member() {
    const { supplierId } = await createSupplierWithMembers(context.database.db);
    const signedIn = await createSignedInUser(context, { suppliers: [{ supplierId }] });
    return { ...signedIn, supplierId, headers: bearer(signedIn.accessToken, supplierId) };
  }

  /** A thread of `total` messages numbered 1..total, written an hour ago or more (outside the rate window). */
  async function threadWithMessages(headers: Record<string, string>, supplierId: number, userId: number, total: number): Promise<Thread> {
    const created = await context.app.inject({
      method: 'POST',
      url: `/api/v1/supplier/${supplierId}/thread`,
      headers,
      payload: { title: 'A long conversation', content: 'Message 1' },
    });
    const thread = created.json<Thread>();
    const start = Date.now() - 2 * 60 * 60 * 1000;
    await context.database.db.update(threadMessages).set({ createdAt: new Date(start) }).where(eq(threadMessages.threadId, thread.id));
    if (total === 1) {
      return thread;
    }
    await context.database.db.insert(threadMessages).values(
      Array.from({ length: total - 1 }, (_, index) => ({
        threadId: thread.id,
        authorUserId: userId,
        isFromTeam: index % 3 === 0,
        content: `Message ${String(index + 2)}`,
        createdAt: new Date(start + (index + 1) * 1000),
      })),
    );
    return thread;
  }

  it('lists a thread with its latest page of messages, and pages back to the first', async () => {
    const { headers, supplierId, user } = await member();
    const total = THREAD_MESSAGES_PAGE_SIZE * 2 + 5;
    const thread = await threadWithMessages(headers, supplierId, user.id, total);

    const list = await context.app.inject({ method: 'GET', url: `/api/v1/supplier/${supplierId}/thread`, headers });
    const [listed] = list.json<{ threads: Thread[] }>().threads;
    expect(listed?.messages).toHaveLength(THREAD_MESSAGES_PAGE_SIZE);
    expect(listed?.hasEarlierMessages).toBe(true);
    expect(listed?.messages.at(-1)?.content).toBe(`Message ${String(total)}`);

    const seen = [...(listed?.messages ?? [])];
    let hasEarlier = listed?.hasEarlierMessages ?? false;
    let reads = 0;
    while (hasEarlier) {
      const before = seen[0]?.id ?? 0;
      const page = await context.app.inject({ method: 'GET', url: `/api/v1/supplier/${supplierId}/thread/${String(thread.id)}/messages?before=${String(before)}`, headers });
      expect(page.statusCode).toBe(200);
      const body = page.json<EarlierMessagesResponse>();
      expect(body.messages.length).toBeLessThanOrEqual(THREAD_MESSAGES_PAGE_SIZE);
      seen.unshift(...body.messages);
      hasEarlier = body.hasEarlierMessages;
      reads += 1;
    }
    expect(reads).toBe(2);
    expect(seen.map((message) => message.content)).toEqual(Array.from({ length: total }, (_, index) => `Message ${String(index + 1)}`));
  });

  it("refuses another supplier's thread and a message of another thread as the starting point", async () => {
    const mine = await member();
    const other = await member();
    const thread = await threadWithMessages(mine.headers, mine.supplierId, mine.user.id, 3);
    const otherThread = await threadWithMessages(other.headers, other.supplierId, other.user.id, 3);
    const [listed] = (await context.app.inject({ method: 'GET', url: `/api/v1/supplier/${mine.supplierId}/thread`, headers: mine.headers })).json<{ threads: Thread[] }>().threads;
    const newest = listed?.messages.at(-1)?.id ?? 0;

    const foreign = await context.app.inject({
      method: 'GET',
      url: `/api/v1/supplier/${mine.supplierId}/thread/${String(otherThread.id)}/messages?before=${String(newest)}`,
      headers: mine.headers,
    });
    expect(foreign.statusCode).toBe(404);
    const forgedRecord = await context.app.inject({
      method: 'GET',
      url: `/api/v1/supplier/${other.supplierId}/thread/${String(otherThread.id)}/messages?before=${String(newest)}`,
      headers: mine.headers,
    });
    expect(forgedRecord.statusCode).toBe(404);
    const wrongMessage = await context.app.inject({
      method: 'GET',
      url: `/api/v1/supplier/${mine.supplierId}/thread/${String(thread.id)}/messages?before=999999999`,
      headers: mine.headers,
    });
    expect(wrongMessage.statusCode).toBe(400);
    for (const query of ['', '?before=abc', '?before=-1', '?before=1&extra=2']) {
      const bad = await context.app.inject({ method: 'GET', url: `/api/v1/supplier/${mine.supplierId}/thread/${String(thread.id)}/messages${query}`, headers: mine.headers });
      expect(bad.statusCode, query).toBe(400);
    }
  });

  it('lets the team page back through any thread', async () => {
    const { headers, supplierId, user } = await member();
    const thread = await threadWithMessages(headers, supplierId, user.id, THREAD_MESSAGES_PAGE_SIZE + 3);
    const teamMember = await createSignedInUser(context, { isTeamMember: true });
    const read = await context.app.inject({ method: 'GET', url: `/api/v1/admin/threads/${String(thread.id)}`, headers: bearer(teamMember.accessToken) });
    const shown = read.json<Thread>();
    expect(shown.hasEarlierMessages).toBe(true);
    const earlier = await context.app.inject({
      method: 'GET',
      url: `/api/v1/admin/threads/${String(thread.id)}/messages?before=${String(shown.messages[0]?.id)}`,
      headers: bearer(teamMember.accessToken),
    });
    expect(earlier.json<EarlierMessagesResponse>()).toMatchObject({ hasEarlierMessages: false, messages: expect.any(Array) as unknown[] });
    expect(earlier.json<EarlierMessagesResponse>().messages.map((message) => message.content)).toEqual(['Message 1', 'Message 2', 'Message 3']);
    const asSupplier = await context.app.inject({ method: 'GET', url: `/api/v1/admin/threads/${String(thread.id)}/messages?before=1`, headers });
    expect(asSupplier.statusCode).toBe(403);
  });

  it(`takes at most ${String(MAX_MESSAGES_PER_THREAD_PER_HOUR)} supplier messages per thread an hour, and answers with the message only`, async () => {
    const { headers, supplierId, user } = await member();
    const thread = await threadWithMessages(headers, supplierId, user.id, 1);
    const recent = new Date(Date.now() - 5 * 60 * 1000);
    await context.database.db.insert(threadMessages).values(
      Array.from({ length: MAX_MESSAGES_PER_THREAD_PER_HOUR - 1 }, () => ({ threadId: thread.id, authorUserId: user.id, isFromTeam: false, content: 'again', createdAt: recent })),
    );
    const post = () =>
      context.app.inject({ method: 'POST', url: `/api/v1/supplier/${supplierId}/thread/${String(thread.id)}/message`, headers, payload: { content: 'One more' } });
    const last = await post();
    expect(last.statusCode).toBe(200);
    expect(Object.keys(last.json<Record<string, unknown>>()).sort()).toEqual(['attachment', 'authorName', 'content', 'createdAt', 'id', 'isFromAgency', 'isFromTeam', 'threadId']);
    const refused = await post();
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ message: TOO_MANY_MESSAGES_MESSAGE });

    // The team can still answer.
    const teamMember = await createSignedInUser(context, { isTeamMember: true });
    const reply = await context.app.inject({
      method: 'POST',
      url: `/api/v1/admin/threads/${String(thread.id)}/message`,
      headers: bearer(teamMember.accessToken),
      payload: { content: 'We are looking into it.' },
    });
    expect(reply.statusCode).toBe(200);
  });

  it(`holds the ${String(MAX_MESSAGES_PER_THREAD_PER_HOUR)} an hour when twice as many messages arrive at once (issue 29: 49 of 60 went on PostgreSQL)`, async () => {
    const { headers, supplierId, user } = await member();
    const thread = await threadWithMessages(headers, supplierId, user.id, 1);
    const responses = await Promise.all(
      Array.from({ length: 2 * MAX_MESSAGES_PER_THREAD_PER_HOUR }, (_, index) =>
        context.app.inject({ method: 'POST', url: `/api/v1/supplier/${supplierId}/thread/${String(thread.id)}/message`, headers, payload: { content: `At once ${String(index)}` } }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode);
    // The thread's first message was two hours ago: the hour's count starts at none.
    expect(statuses.filter((status) => status === 200)).toHaveLength(MAX_MESSAGES_PER_THREAD_PER_HOUR);
    expect(statuses.filter((status) => status === 429)).toHaveLength(MAX_MESSAGES_PER_THREAD_PER_HOUR);
  });
});
