/** /api/v1/admin/threads: the marketplace team lists open threads, replies and resolves; others get 403. */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TeamThread, TeamThreadListResponse, Thread, ThreadMessage } from '../../../common/api/threads';
import { auditLog, threads } from '../../db/schema/index';
import { bearer, createSignedInUser, createSupplierWithMembers } from '../../auth/test-support';
import { dashboardRecordPath } from '../../../common/thread-addresses';
import { readOutboxMessage } from '../../mail/index';
import { buildTestApp, type TestContext } from '../../test/harness';
import { PDF_BYTES, uploadFile } from '../uploads/test-support';

describe('admin threads', () => {
  let context: TestContext;
  beforeAll(async () => {
    context = await buildTestApp();
  });
  afterAll(() => context.close());

  async function supplierThread(title = 'Need help') {
    const { supplierId } = await createSupplierWithMembers(context.database.db, { tradingName: `Acme ${title}` });
    const signedIn = await createSignedInUser(context, { suppliers: [{ supplierId }] });
    const headers = bearer(signedIn.accessToken, supplierId);
    const response = await context.app.inject({ method: 'POST', url: `/api/v1/supplier/${supplierId}/thread`, headers, payload: { title, content: 'Hello' } });
    return { ...signedIn, supplierId, headers, thread: response.json<Thread>() };
  }

  it('requires sign-in, and answers 403 to users who are not on the team, changing nothing', async () => {
    const { headers, thread, accessToken } = await supplierThread('Not yours');
    expect((await context.app.inject({ method: 'GET', url: '/api/v1/admin/threads' })).statusCode).toBe(401);
    for (const request of [
      { method: 'GET' as const, url: '/api/v1/admin/threads' },
      { method: 'GET' as const, url: '/api/v1/admin/threads/unread-count' },
      { method: 'PUT' as const, url: `/api/v1/admin/threads/${thread.id}/assignee`, payload: { userId: null } },
      { method: 'GET' as const, url: `/api/v1/admin/threads/${thread.id}` },
      { method: 'POST' as const, url: `/api/v1/admin/threads/${thread.id}/message`, payload: { content: 'x' } },
      { method: 'PUT' as const, url: `/api/v1/admin/threads/${thread.id}/resolve` },
    ]) {
      for (const requestHeaders of [headers, bearer(accessToken)]) {
        const response = await context.app.inject({ ...request, headers: requestHeaders });
        expect(response.statusCode).toBe(403);
        expect(response.json()).toMatchObject({ error: 'forbidden' });
      }
    }
    const [row] = await context.database.db.select().from(threads).where(eq(threads.id, thread.id));
    expect(row?.isResolved).toBe(false);
  });

  it('lists open threads of all suppliers, replies with an attachment the supplier can read, and resolves', async () => {
    const first = await supplierThread('First question');
    const second = await supplierThread('Second question');
    const teamMember = await createSignedInUser(context, { name: 'Marketplace Team', email: `staff-${Date.now()}@example.com`, isTeamMember: true });
    const teamHeaders = bearer(teamMember.accessToken);

    const list = await context.app.inject({ method: 'GET', url: '/api/v1/admin/threads', headers: teamHeaders });
    expect(list.statusCode).toBe(200);
    const page = list.json<TeamThreadListResponse>();
    expect(page).toMatchObject({ page: 1, pageSize: 25 });
    const ids = page.threads.map((item) => item.id);
    // Both wait on the team: the one waiting longest comes first.
    expect(ids.indexOf(first.thread.id)).toBeLessThan(ids.indexOf(second.thread.id));
    expect(page.threads.find((item) => item.id === first.thread.id)).toMatchObject({
      supplierId: first.supplierId,
      supplierTradingName: 'Acme First question',
      title: 'First question',
      model: 'supplier',
      modelLabel: 'Supplier',
      recordId: first.supplierId,
      recordReference: null,
      isResolved: false,
      assignee: null,
      lastMessageAt: first.thread.updatedAt,
      lastMessageIsFromTeam: false,
      lastMessageAuthorName: first.user.name,
      unreadCount: 1,
    });

    const one = await context.app.inject({ method: 'GET', url: `/api/v1/admin/threads/${first.thread.id}`, headers: teamHeaders });
    expect(one.json<TeamThread>()).toMatchObject({ id: first.thread.id, supplierTradingName: 'Acme First question', messages: [{ content: 'Hello' }] });

    const upload = await uploadFile(context.app, teamHeaders, { fileName: 'answer.pdf' });
    const attachment = upload.json<{ files: { id: string }[] }>().files[0]?.id ?? '';
    const reply = await context.app.inject({
      method: 'POST',
      url: `/api/v1/admin/threads/${first.thread.id}/message`,
      headers: teamHeaders,
      payload: { content: '  Here is the answer. ', attachment },
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.json<ThreadMessage>()).toMatchObject({ content: 'Here is the answer.', isFromTeam: true, authorName: 'Marketplace Team', attachment: { id: attachment, fileName: 'answer.pdf' } });

    // The member sees the reply and can read the team's attachment on their thread; the other supplier cannot.
    const seen = await context.app.inject({ method: 'GET', url: `/api/v1/supplier/${first.supplierId}/thread`, headers: first.headers });
    expect(seen.json<{ threads: Thread[] }>().threads[0]?.messages.at(-1)).toMatchObject({ content: 'Here is the answer.', isFromTeam: true });
    const download = await context.app.inject({ method: 'GET', url: `/api/v1/files/${attachment}`, headers: first.headers });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(PDF_BYTES)).toBe(true);
    expect((await context.app.inject({ method: 'GET', url: `/api/v1/files/${attachment}`, headers: second.headers })).statusCode).toBe(404);

    // The thread's creator is told by mail.
    const outbox = await context.deliverMail();
    const told = outbox.find((entry) => entry.to.includes(first.user.email) && entry.subject === `New message on the ${context.config.productName}`);
    // Its link opens the record the thread is on, in the supplier's dashboard, where the reply is.
    const toldText = (await readOutboxMessage(context.config.mail.outboxDir, told?.id ?? ''))?.text ?? '';
    expect(toldText).toContain(`Sign in to read and reply: ${context.config.publicUrl}${dashboardRecordPath('supplier', first.supplierId)}`);

    const resolved = await context.app.inject({ method: 'PUT', url: `/api/v1/admin/threads/${first.thread.id}/resolve`, headers: teamHeaders });
    expect(resolved.statusCode).toBe(200);
    expect(resolved.json<Thread>()).toMatchObject({ isResolved: true });
    const after = (await context.app.inject({ method: 'GET', url: '/api/v1/admin/threads', headers: teamHeaders })).json<TeamThreadListResponse>();
    expect(after.threads.map((item) => item.id)).not.toContain(first.thread.id);

    const entries = await context.database.db.select().from(auditLog).where(and(eq(auditLog.entity, 'thread'), eq(auditLog.entityId, String(first.thread.id))));
    expect(entries.filter((entry) => entry.actorUserId === teamMember.user.id).map((entry) => entry.action).sort()).toEqual(['thread.message', 'thread.resolve']);
  });

  it('refuses a team reply attaching another supplier\'s file, and unknown threads', async () => {
    const first = await supplierThread('Attach check');
    const other = await supplierThread('Other supplier');
    const teamMember = await createSignedInUser(context, { isTeamMember: true });
    const fileOfOther = (await uploadFile(context.app, other.headers)).json<{ files: { id: string }[] }>().files[0]?.id ?? '';
    const crossed = await context.app.inject({
      method: 'POST',
      url: `/api/v1/admin/threads/${first.thread.id}/message`,
      headers: bearer(teamMember.accessToken),
      payload: { content: 'x', attachment: fileOfOther },
    });
    expect(crossed.statusCode).toBe(400);
    const missing = await context.app.inject({ method: 'POST', url: '/api/v1/admin/threads/999999/message', headers: bearer(teamMember.accessToken), payload: { content: 'x' } });
    expect(missing.statusCode).toBe(404);
    expect((await context.app.inject({ method: 'GET', url: '/api/v1/admin/threads/999999', headers: bearer(teamMember.accessToken) })).statusCode).toBe(404);
    expect((await context.app.inject({ method: 'PUT', url: '/api/v1/admin/threads/999999/resolve', headers: bearer(teamMember.accessToken) })).statusCode).toBe(404);
    expect((await context.app.inject({ method: 'GET', url: '/api/v1/admin/threads?page=0', headers: bearer(teamMember.accessToken) })).statusCode).toBe(400);
  });
});
