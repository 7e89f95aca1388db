/** The supplier side of threads: /api/v1/supplier/{id}/thread…, through the real sign-in and database. */
import { and, eq } from 'drizzle-orm';
import { SECOND_FACTOR_USED_SUBJECT } from '../../auth/second-factor';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupplierThreadListResponse, Thread, ThreadMessage, UnreadCountResponse } from '../../../common/api/threads';
import { auditLog, threadMessages, threads } from '../../db/schema/index';
import { bearer, createSignedInUser, createSupplierWithMembers } from '../../auth/test-support';
import { teamThreadPath } from '../../../common/thread-addresses';
import { readOutboxMessage } from '../../mail/index';
import { buildTestApp, type TestContext } from '../../test/harness';
import { uploadFile } from '../uploads/test-support';
import { sendThreadDigests, threadDigestSubject } from './digest';

describe('supplier threads', () => {
  let context: TestContext;
  beforeAll(async () => {
    context = await buildTestApp();
  });
  afterAll(() => context.close());

  async function member(options: { isAdmin?: boolean } = {}) {
    const { supplierId } = await createSupplierWithMembers(context.database.db);
    const signedIn = await createSignedInUser(context, { name: 'Sam Supplier', suppliers: [{ supplierId, isAdmin: options.isAdmin ?? false }] });
    return { ...signedIn, supplierId, headers: bearer(signedIn.accessToken, supplierId) };
  }

  function createThread(headers: Record<string, string>, supplierId: number, body: Record<string, unknown> = { title: 'Invoice query', content: 'Hello team' }) {
    return context.app.inject({ method: 'POST', url: `/api/v1/supplier/${supplierId}/thread`, headers, payload: body });
  }

  async function uploadedId(headers: Record<string, string>): Promise<string> {
    const response = await uploadFile(context.app, headers);
    return response.json<{ files: { id: string }[] }>().files[0]?.id ?? '';
  }

  it('requires a bearer token and an active supplier', async () => {
    const { accessToken, supplierId } = await member();
    expect((await context.app.inject({ method: 'GET', url: `/api/v1/supplier/${supplierId}/thread` })).statusCode).toBe(401);
    const noSupplier = await context.app.inject({ method: 'GET', url: `/api/v1/supplier/${supplierId}/thread`, headers: bearer(accessToken) });
    expect(noSupplier.statusCode).toBe(400);
  });

  it('creates a thread with an attachment, lists it, appends a message and resolves it, auditing each', async () => {
    const { headers, supplierId, user } = await member();
    const attachment = await uploadedId(headers);

    const created = await createThread(headers, supplierId, { title: '  Invoice query ', content: ' Where is my PO? ', attachment });
    expect(created.statusCode).toBe(200);
    const thread = created.json<Thread>();
    expect(thread).toMatchObject({
      model: 'supplier',
      recordId: supplierId,
      title: 'Invoice query',
      isResolved: false,
      resolvedAt: null,
      messages: [{ content: 'Where is my PO?', attachment: { id: attachment, fileName: 'quote.pdf' }, authorName: 'Sam Supplier', isFromTeam: false }],
    });

    const posted = await context.app.inject({
      method: 'POST',
      url: `/api/v1/supplier/${supplierId}/thread/${thread.id}/message`,
      headers,
      payload: { content: 'Any news?' },
    });
    expect(posted.statusCode).toBe(200);
    expect(posted.json<ThreadMessage>()).toMatchObject({ threadId: thread.id, content: 'Any news?', attachment: null, isFromTeam: false });

    const second = (await createThread(headers, supplierId, { title: 'Second', content: 'Newer' })).json<Thread>();
    const list = await context.app.inject({ method: 'GET', url: `/api/v1/supplier/${supplierId}/thread`, headers });
    expect(list.statusCode).toBe(200);
    const listed = list.json<{ threads: Thread[] }>().threads;
    expect(listed.map((item) => item.id)).toEqual([second.id, thread.id]);
    expect(listed[1]?.messages.map((message) => message.content)).toEqual(['Where is my PO?', 'Any news?']);

    const resolved = await context.app.inject({ method: 'PUT', url: `/api/v1/supplier/${supplierId}/thread/${thread.id}/resolve`, headers });
    expect(resolved.statusCode).toBe(200);
    expect(resolved.json<Thread>()).toMatchObject({ id: thread.id, isResolved: true, resolvedAt: expect.any(String) as string });

    const entries = await context.database.db.select().from(auditLog).where(and(eq(auditLog.entity, 'thread'), eq(auditLog.entityId, String(thread.id))));
    expect(entries.map((entry) => entry.action).sort()).toEqual(['thread.create', 'thread.message', 'thread.resolve']);
    expect(entries.every((entry) => entry.actorUserId === user.id && entry.supplierId === supplierId)).toBe(true);
    expect(entries.find((entry) => entry.action === 'thread.resolve')).toMatchObject({ before: { isResolved: false }, after: { isResolved: true } });
  });

  it('reopens a resolved thread when a message is posted, and audits the reopening', async () => {
    const { headers, supplierId } = await member();
    const thread = (await createThread(headers, supplierId)).json<Thread>();
    await context.app.inject({ method: 'PUT', url: `/api/v1/supplier/${supplierId}/thread/${thread.id}/resolve`, headers });
    const posted = await context.app.inject({ method: 'POST', url: `/api/v1/supplier/${supplierId}/thread/${thread.id}/message`, headers, payload: { content: 'One more thing' } });
    expect(posted.statusCode).toBe(200);
    const [row] = await context.database.db.select().from(threads).where(eq(threads.id, thread.id));
    expect(row).toMatchObject({ isResolved: false, resolvedAt: null });
    const entries = await context.database.db.select().from(auditLog).where(eq(auditLog.action, 'thread.message'));
    expect(entries.find((entry) => entry.entityId === String(thread.id))).toMatchObject({ before: { isResolved: true }, after: { isResolved: false } });
  });

  it('lists the supplier\'s threads on every record with the reader\'s unread team messages, read once the record\'s threads are opened', async () => {
    const { headers, supplierId } = await member();
    const other = await member();
    const teamMember = await createSignedInUser(context, { isTeamMember: true });
    const first = (await createThread(headers, supplierId, { title: 'First question', content: 'Hello' })).json<Thread>();
    const second = (await createThread(headers, supplierId, { title: 'Second question', content: 'Hello again' })).json<Thread>();
    await createThread(other.headers, other.supplierId, { title: 'Not yours', content: 'Hi' });
    for (const content of ['An answer', 'And another']) {
      const reply = await context.app.inject({ method: 'POST', url: `/api/v1/admin/threads/${first.id}/message`, headers: bearer(teamMember.accessToken), payload: { content } });
      expect(reply.statusCode).toBe(200);
    }
    await context.app.inject({ method: 'PUT', url: `/api/v1/supplier/${supplierId}/thread/${second.id}/resolve`, headers });

    const listed = await context.app.inject({ method: 'GET', url: '/api/v1/messages', headers });
    expect(listed.statusCode).toBe(200);
    const page = listed.json<SupplierThreadListResponse>();
    // Only this supplier's threads, open ones first; the team's two replies unread, the reader's own messages never.
    expect(page).toMatchObject({ total: 2, page: 1 });
    expect(page.threads.map((thread) => [thread.title, thread.isResolved, thread.unreadCount, thread.lastMessageIsFromTeam])).toEqual([
      ['First question', false, 2, true],
      ['Second question', true, 0, false],
    ]);
    expect(page.threads[0]).not.toHaveProperty('assignee');
    const unread = async () => (await context.app.inject({ method: 'GET', url: '/api/v1/messages/unread-count', headers })).json<UnreadCountResponse>();
    expect(await unread()).toEqual({ unreadMessages: 2, unreadThreads: 1 });

    // Opening the record's threads reads them.
    expect((await context.app.inject({ method: 'GET', url: `/api/v1/supplier/${supplierId}/thread`, headers })).statusCode).toBe(200);
    expect(await unread()).toEqual({ unreadMessages: 0, unreadThreads: 0 });
    expect((await context.app.inject({ method: 'GET', url: '/api/v1/messages?page=0', headers })).statusCode).toBe(400);
  });

  it('puts a supplier message in every team member\'s next digest, without the attachment', async () => {
    const teamMember = await createSignedInUser(context, { isTeamMember: true });
    const { headers, supplierId } = await member();
    const created = (await createThread(headers, supplierId, { title: 'Mail me please', content: 'Hi', attachment: await uploadedId(headers) })).json<Thread>();
    // Nothing at once: the team's mail is the digest (digest.ts).
    // (Their own sign-in with a passkey was mailed to them, as every such sign-in is.)
    const toTeamMember = (entry: { to: string[]; subject: string }) => entry.to.includes(teamMember.user.email) && entry.subject !== SECOND_FACTOR_USED_SUBJECT;
    expect((await context.deliverMail()).filter(toTeamMember)).toEqual([]);
    await sendThreadDigests({ db: context.database.db, mail: context.app.mail, log: context.app.log, productName: context.config.productName, publicUrl: context.config.publicUrl });
    const outbox = await context.deliverMail();
    const mail = outbox.find(toTeamMember);
    // The typed title is quoted in the text and kept out of the subject.
    expect(mail?.subject).toBe(threadDigestSubject(context.config.productName));
    const stored = await readOutboxMessage(context.config.mail.outboxDir, mail?.id ?? '');
    expect(stored?.text).toContain('“Mail me please”');
    // Its link opens the thread in the team's inbox, not the site's home.
    expect(stored?.text).toContain(`${context.config.publicUrl}${teamThreadPath(created.id)}`);
    expect(stored?.raw.toString('utf8')).not.toMatch(/multipart\/mixed|Content-Disposition: attachment|%PDF/i);
    expect(stored?.text).not.toContain('Hi');
  });

  it('refuses empty, whitespace-only and too long content or title, changing nothing', async () => {
    const { headers, supplierId } = await member();
    const thread = (await createThread(headers, supplierId)).json<Thread>();
    const bad: Record<string, unknown>[] = [
      { title: 'T', content: '' },
      { title: 'T', content: '   ' },
      { title: '', content: 'x' },
      { title: ' ', content: 'x' },
      { title: 'T', content: 'x'.repeat(5001) },
      { title: 'T'.repeat(201), content: 'x' },
      { title: 'T', content: 'x', attachment: 'not-a-uuid' },
      { title: 'T', content: 'x', extra: true },
    ];
    for (const body of bad) {
      const response = await createThread(headers, supplierId, body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(response.json()).toMatchObject({ error: 'bad request', message: expect.any(String) as string });
    }
    for (const content of ['', '  \n ', 'x'.repeat(5001)]) {
      const response = await context.app.inject({ method: 'POST', url: `/api/v1/supplier/${supplierId}/thread/${thread.id}/message`, headers, payload: { content } });
      expect(response.statusCode).toBe(400);
    }
    const rows = await context.database.db.select().from(threads).where(eq(threads.supplierId, supplierId));
    expect(rows).toHaveLength(1);
    expect(await context.database.db.select().from(threadMessages).where(eq(threadMessages.threadId, thread.id))).toHaveLength(1);
  });

  it('answers unknown threads with the spec messages, and unknown models with 404', async () => {
    const { headers, supplierId } = await member();
    const message = await context.app.inject({ method: 'POST', url: `/api/v1/supplier/${supplierId}/thread/999999/message`, headers, payload: { content: 'x' } });
    expect(message.statusCode).toBe(404);
    expect(message.json()).toMatchObject({ error: 'not found', message: 'Tried to append message to non-existent thread' });
    const resolve = await context.app.inject({ method: 'PUT', url: `/api/v1/supplier/${supplierId}/thread/999999/resolve`, headers });
    expect(resolve.statusCode).toBe(404);
    expect(resolve.json()).toMatchObject({ message: 'Tried to update a non-existent thread' });
    const model = await context.app.inject({ method: 'GET', url: `/api/v1/spaceship/${supplierId}/thread`, headers });
    expect(model.statusCode).toBe(404);
    const badId = await context.app.inject({ method: 'GET', url: '/api/v1/supplier/abc/thread', headers });
    expect(badId.statusCode).toBe(400);
  });

  it('isolates tenants: a member of supplier B gets 404/400 on every route against supplier A, and nothing changes', async () => {
    const a = await member();
    const b = await member();
    const fileOfA = await uploadedId(a.headers);
    const threadOfA = (await createThread(a.headers, a.supplierId, { title: 'A only', content: 'secret', attachment: fileOfA })).json<Thread>();
    const threadOfB = (await createThread(b.headers, b.supplierId)).json<Thread>();
    const snapshot = async () => ({
      threads: await context.database.db.select().from(threads).orderBy(threads.id),
      messages: await context.database.db.select().from(threadMessages).orderBy(threadMessages.id),
    });
    const before = await snapshot();
    const auditBefore = (await context.database.db.select().from(auditLog)).length;
    const { app } = context;
    const base = `/api/v1/supplier/${a.supplierId}/thread`;

    // B names A's record with B's own active supplier.
    expect((await app.inject({ method: 'GET', url: base, headers: b.headers })).statusCode).toBe(404);
    expect((await app.inject({ method: 'POST', url: base, headers: b.headers, payload: { title: 'x', content: 'x' } })).statusCode).toBe(404);
    expect((await app.inject({ method: 'POST', url: `${base}/${threadOfA.id}/message`, headers: b.headers, payload: { content: 'x' } })).statusCode).toBe(404);
    expect((await app.inject({ method: 'PUT', url: `${base}/${threadOfA.id}/resolve`, headers: b.headers })).statusCode).toBe(404);
    // B reaches A's thread through B's own record.
    const ownBase = `/api/v1/supplier/${b.supplierId}/thread`;
    expect((await app.inject({ method: 'POST', url: `${ownBase}/${threadOfA.id}/message`, headers: b.headers, payload: { content: 'x' } })).statusCode).toBe(404);
    expect((await app.inject({ method: 'PUT', url: `${ownBase}/${threadOfA.id}/resolve`, headers: b.headers })).statusCode).toBe(404);
    // B attaches A's file.
    expect((await app.inject({ method: 'POST', url: ownBase, headers: b.headers, payload: { title: 'x', content: 'x', attachment: fileOfA } })).statusCode).toBe(400);
    expect((await app.inject({ method: 'POST', url: `${ownBase}/${threadOfB.id}/message`, headers: b.headers, payload: { content: 'x', attachment: fileOfA } })).statusCode).toBe(400);
    // B downloads A's file, with B's supplier or claiming A's.
    expect((await app.inject({ method: 'GET', url: `/api/v1/files/${fileOfA}`, headers: b.headers })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: `/api/v1/files/${fileOfA}`, headers: bearer(b.accessToken, a.supplierId) })).statusCode).toBe(403);
    // B claims A's supplier in the header.
    expect((await app.inject({ method: 'GET', url: base, headers: bearer(b.accessToken, a.supplierId) })).statusCode).toBe(403);
    // B uploads into A's supplier.
    expect((await uploadFile(app, bearer(b.accessToken, a.supplierId))).statusCode).toBe(403);
    // B calls the admin routes.
    expect((await app.inject({ method: 'GET', url: '/api/v1/admin/threads', headers: b.headers })).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: `/api/v1/admin/threads/${threadOfA.id}`, headers: b.headers })).statusCode).toBe(403);
    expect((await app.inject({ method: 'POST', url: `/api/v1/admin/threads/${threadOfA.id}/message`, headers: b.headers, payload: { content: 'x' } })).statusCode).toBe(403);
    expect((await app.inject({ method: 'PUT', url: `/api/v1/admin/threads/${threadOfA.id}/resolve`, headers: b.headers })).statusCode).toBe(403);

    expect(await snapshot()).toEqual(before);
    expect((await context.database.db.select().from(auditLog)).length).toBe(auditBefore);
  });
});
