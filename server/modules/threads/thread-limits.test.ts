/**
 * Issue 29, item 6: a member opened 1,000 threads in 29 s, the team got 4,000 mails and the thread
 * list grew to 5.4 MB. New threads are limited per supplier (counted in the transaction that
 * inserts), every thread list is paged, and the team gets one digest per member, not a mail per message.
 */
import { eq } from 'drizzle-orm';
import { SECOND_FACTOR_USED_SUBJECT } from '../../auth/second-factor';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_THREADS_PAGE_SIZE,
  RECORD_THREADS_PAGE_SIZE,
  SUPPLIER_THREADS_PAGE_SIZE,
  THREAD_CONTENT_MAX_LENGTH,
  type SupplierThreadListResponse,
  type TeamThreadListResponse,
  type Thread,
  type ThreadListResponse,
} from '../../../common/api/threads';
import { formatDateTime } from '../../../common/dates';
import { bearer, createSignedInUser, createSupplierWithMembers } from '../../auth/test-support';
import { threadDigestItems, threadMessages, threads } from '../../db/schema/index';
import { readOutboxMessage } from '../../mail/index';
import { buildTestApp, type TestContext } from '../../test/harness';
import { DIGEST_MAX_THREADS, sendThreadDigests, threadDigestSubject, type DigestDeps } from './digest';

const LIMIT = 20;

describe('thread limits, paged lists and the team digest', () => {
  let context: TestContext;
  let deps: DigestDeps;
  beforeAll(async () => {
    context = await buildTestApp({ NEW_THREADS_PER_SUPPLIER_PER_DAY: String(LIMIT) });
    deps = { db: context.database.db, mail: context.app.mail, log: context.app.log, productName: context.config.productName, publicUrl: context.config.publicUrl };
  });
  afterAll(() => context.close());

  async function member() {
    const { supplierId } = await createSupplierWithMembers(context.database.db, { tradingName: `Flooder ${String(Date.now())}` });
    const signedIn = await createSignedInUser(context, { name: 'Fran Flooder', suppliers: [{ supplierId }] });
    return { ...signedIn, supplierId, headers: bearer(signedIn.accessToken, supplierId) };
  }

  function openThread(headers: Record<string, string>, supplierId: number, index: number) {
    return context.app.inject({ method: 'POST', url: `/api/v1/supplier/${String(supplierId)}/thread`, headers, payload: { title: `Flood ${String(index)}`, content: `Message ${String(index)}` } });
  }

  const digestsTo = async (email: string) =>
    (await context.deliverMail()).filter((entry) => entry.to.includes(email) && entry.subject === threadDigestSubject(context.config.productName));

  it(`stops a concurrent burst of new threads at ${String(LIMIT)} a day, saying what to do instead and until when`, async () => {
    const flooder = await member();
    const team = await Promise.all([1, 2, 3, 4].map(() => createSignedInUser(context, { isTeamMember: true })));
    const burst = 3 * LIMIT;
    const responses = await Promise.all(Array.from({ length: burst }, (_, index) => openThread(flooder.headers, flooder.supplierId, index)));
    const statuses = responses.map((response) => response.statusCode);
    const created = statuses.filter((status) => status === 200).length;
    console.info(`new-thread burst: ${String(created)} of ${String(burst)} created (limit ${String(LIMIT)})`);
    expect(created).toBe(LIMIT);
    expect(statuses.filter((status) => status === 429)).toHaveLength(burst - LIMIT);
    const stored = await context.database.db.select({ id: threads.id, createdAt: threads.createdAt }).from(threads).where(eq(threads.supplierId, flooder.supplierId));
    expect(stored).toHaveLength(LIMIT);

    // The refusal says when the oldest of the day's threads is a day old, and what to do meanwhile.
    const oldest = Math.min(...stored.map((row) => row.createdAt.getTime()));
    const refused = responses.find((response) => response.statusCode === 429);
    expect(refused?.json<{ message: string }>().message).toBe(
      `Your organisation has started ${String(LIMIT)} new threads in the last 24 hours, the most it can start in a day. Write in one of your existing threads instead, or start a new thread after ${formatDateTime(new Date(oldest + 24 * 60 * 60 * 1000))}.`,
    );
    // Replies in the threads already open still go.
    const [first] = stored;
    const reply = await context.app.inject({
      method: 'POST',
      url: `/api/v1/supplier/${String(flooder.supplierId)}/thread/${String(first?.id ?? 0)}/message`,
      headers: flooder.headers,
      payload: { content: 'Still here' },
    });
    expect(reply.statusCode).toBe(200);

    // No mail at once to the team (it was 4 a thread); then one digest each, even from two runs at once.
    // (The team's own sign-ins with a passkey were mailed to them, as every such sign-in is.)
    const immediate = (await context.deliverMail()).filter(
      (entry) => team.some((person) => entry.to.includes(person.user.email)) && entry.subject !== SECOND_FACTOR_USED_SUBJECT,
    );
    expect(immediate).toEqual([]);
    const [runA, runB] = await Promise.all([sendThreadDigests(deps), sendThreadDigests(deps)]);
    expect([...runA, ...runB].sort((a, b) => a - b)).toEqual(team.map((person) => person.user.id).sort((a, b) => a - b));
    let mails = 0;
    for (const person of team) {
      const digests = await digestsTo(person.user.email);
      expect(digests).toHaveLength(1);
      mails += digests.length;
      const text = (await readOutboxMessage(context.config.mail.outboxDir, digests[0]?.id ?? ''))?.text ?? '';
      expect(text).toContain(`Suppliers wrote ${String(LIMIT + 1)} new messages in ${String(LIMIT)} threads`);
      expect(text).toContain('“Flood');
    }
    console.info(`team mails for ${String(created)} threads and a reply: ${String(mails)} (one digest per team member)`);

    // Nothing new: no digest at all; never the same item twice.
    expect(await sendThreadDigests(deps)).toEqual([]);
    for (const person of team) {
      expect(await digestsTo(person.user.email)).toHaveLength(1);
    }
  });

  it('lists only what is new and unread in the next digest, and sends none when all of it was read', async () => {
    const writer = await member();
    const reader = await createSignedInUser(context, { isTeamMember: true });
    const created = (await openThread(writer.headers, writer.supplierId, 1)).json<Thread>();
    const secondThread = (await openThread(writer.headers, writer.supplierId, 2)).json<Thread>();
    // Earlier waiting digests (other tests' team members) are sent first, so only this test's items wait.
    await sendThreadDigests(deps);
    const before = (await digestsTo(reader.user.email)).length;

    await context.app.inject({ method: 'POST', url: `/api/v1/supplier/${String(writer.supplierId)}/thread/${String(created.id)}/message`, headers: writer.headers, payload: { content: 'More' } });
    await context.app.inject({ method: 'POST', url: `/api/v1/supplier/${String(writer.supplierId)}/thread/${String(secondThread.id)}/message`, headers: writer.headers, payload: { content: 'More' } });
    // The reader opens the second thread: it is not news to them.
    expect((await context.app.inject({ method: 'GET', url: `/api/v1/admin/threads/${String(secondThread.id)}`, headers: bearer(reader.accessToken) })).statusCode).toBe(200);
    expect(await sendThreadDigests(deps)).toContain(reader.user.id);
    const digests = await digestsTo(reader.user.email);
    expect(digests).toHaveLength(before + 1);
    const text = (await readOutboxMessage(context.config.mail.outboxDir, digests[0]?.id ?? ''))?.text ?? '';
    expect(text).toContain('Suppliers wrote 1 new message in 1 thread');
    expect(text).toContain('“Flood 1”');
    expect(text).not.toContain('“Flood 2”');

    // All read: the items are marked, and no empty digest goes.
    await context.app.inject({ method: 'POST', url: `/api/v1/supplier/${String(writer.supplierId)}/thread/${String(created.id)}/message`, headers: writer.headers, payload: { content: 'Again' } });
    await context.app.inject({ method: 'GET', url: `/api/v1/admin/threads/${String(created.id)}`, headers: bearer(reader.accessToken) });
    expect(await sendThreadDigests(deps)).not.toContain(reader.user.id);
    expect(await digestsTo(reader.user.email)).toHaveLength(before + 1);
    const waiting = await context.database.db.select().from(threadDigestItems).where(eq(threadDigestItems.userId, reader.user.id));
    expect(waiting.every((item) => item.digestedAt !== null)).toBe(true);
  });

  it(`names at most ${String(DIGEST_MAX_THREADS)} threads in a digest, and counts the rest`, async () => {
    const reader = await createSignedInUser(context, { isTeamMember: true });
    await sendThreadDigests(deps);
    const writers = await Promise.all([1, 2].map(() => member()));
    for (const writer of writers) {
      await Promise.all(Array.from({ length: 15 }, (_, index) => openThread(writer.headers, writer.supplierId, index)));
    }
    await sendThreadDigests(deps);
    const [digest] = await digestsTo(reader.user.email);
    const text = (await readOutboxMessage(context.config.mail.outboxDir, digest?.id ?? ''))?.text ?? '';
    expect(text).toContain('Suppliers wrote 30 new messages in 30 threads');
    expect(text.split('\n').filter((line) => line.startsWith('- '))).toHaveLength(DIGEST_MAX_THREADS);
    expect(text).toContain('And 10 more threads.');
  });

  it('keeps the team reply to the supplier immediate', async () => {
    const writer = await member();
    const teamMember = await createSignedInUser(context, { isTeamMember: true });
    const created = (await openThread(writer.headers, writer.supplierId, 1)).json<Thread>();
    await context.app.inject({ method: 'POST', url: `/api/v1/admin/threads/${String(created.id)}/message`, headers: bearer(teamMember.accessToken), payload: { content: 'Answer' } });
    const told = (await context.deliverMail()).filter((entry) => entry.to.includes(writer.user.email));
    expect(told.map((entry) => entry.subject)).toEqual([`New message on the ${context.config.productName}`]);
  });

  it('answers every thread list in bounded pages with 1,000 threads of long messages (was 5.4 MB)', async () => {
    const flooder = await member();
    const teamMember = await createSignedInUser(context, { isTeamMember: true });
    const total = 1000;
    // Written straight to the database: the limit stops them on the API.
    const rows = await context.database.db
      .insert(threads)
      .values(
        Array.from({ length: total }, (_, index) => ({
          model: 'supplier',
          recordId: flooder.supplierId,
          supplierId: flooder.supplierId,
          title: `Stored ${String(index)}`,
          createdByUserId: flooder.user.id,
          createdAt: new Date(Date.now() - 3 * 24 * 60 * 60 * 1000 + index * 1000),
          updatedAt: new Date(Date.now() - 3 * 24 * 60 * 60 * 1000 + index * 1000),
        })),
      )
      .returning({ id: threads.id });
    const content = 'x'.repeat(THREAD_CONTENT_MAX_LENGTH);
    for (let start = 0; start < rows.length; start += 200) {
      await context.database.db
        .insert(threadMessages)
        .values(rows.slice(start, start + 200).map((row) => ({ threadId: row.id, authorUserId: flooder.user.id, content })));
    }

    const recordUrl = `/api/v1/supplier/${String(flooder.supplierId)}/thread`;
    const first = await context.app.inject({ method: 'GET', url: recordUrl, headers: flooder.headers });
    expect(first.statusCode).toBe(200);
    const firstPage = first.json<ThreadListResponse>();
    expect(firstPage).toMatchObject({ total, page: 1, pageSize: RECORD_THREADS_PAGE_SIZE });
    expect(firstPage.threads).toHaveLength(RECORD_THREADS_PAGE_SIZE);
    expect(firstPage.threads[0]?.title).toBe(`Stored ${String(total - 1)}`);
    // The last page, and one past it (empty, not an error).
    const lastPage = Math.ceil(total / RECORD_THREADS_PAGE_SIZE);
    const last = (await context.app.inject({ method: 'GET', url: `${recordUrl}?page=${String(lastPage)}`, headers: flooder.headers })).json<ThreadListResponse>();
    expect(last.threads.at(-1)?.title).toBe('Stored 0');
    expect((await context.app.inject({ method: 'GET', url: `${recordUrl}?page=${String(lastPage + 1)}`, headers: flooder.headers })).json<ThreadListResponse>().threads).toEqual([]);
    for (const bad of ['0', '-1', 'two', '100000', '1.5']) {
      const refused = await context.app.inject({ method: 'GET', url: `${recordUrl}?page=${bad}`, headers: flooder.headers });
      expect(refused.statusCode, bad).toBe(400);
    }
    expect((await context.app.inject({ method: 'GET', url: `${recordUrl}?sort=title`, headers: flooder.headers })).statusCode).toBe(400);

    const mine = await context.app.inject({ method: 'GET', url: '/api/v1/messages', headers: flooder.headers });
    expect(mine.json<SupplierThreadListResponse>()).toMatchObject({ total, pageSize: SUPPLIER_THREADS_PAGE_SIZE });
    const inbox = await context.app.inject({ method: 'GET', url: `/api/v1/admin/threads?supplier=${String(flooder.supplierId)}`, headers: bearer(teamMember.accessToken) });
    expect(inbox.json<TeamThreadListResponse>()).toMatchObject({ total, pageSize: ADMIN_THREADS_PAGE_SIZE });
    const sizes = { record: first.payload.length, messages: mine.payload.length, inbox: inbox.payload.length };
    console.info(`list answers with ${String(total)} threads of ${String(THREAD_CONTENT_MAX_LENGTH)}-character messages, in bytes: ${JSON.stringify(sizes)}`);
    // A page of 10 threads of one 5,000-character message each; the summaries carry no content.
    expect(sizes.record).toBeLessThan(60_000);
    expect(sizes.messages).toBeLessThan(20_000);
    expect(sizes.inbox).toBeLessThan(20_000);
  });
});
