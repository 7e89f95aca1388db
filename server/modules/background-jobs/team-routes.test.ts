/**
 * The team's background jobs, /api/v1/admin/background-jobs, through the real app, database and job
 * queue: mail fails for real against an SMTP address where nothing listens, is listed with why, and
 * is tried again, run now, cancelled or dismissed by a team admin, each action in the audit log.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BACKGROUND_JOB_NOT_FOUND,
  BACKGROUND_JOBS_TEAM_ADMIN_ONLY,
  type BackgroundJob,
  type BackgroundJobActionResponse,
  type BackgroundJobListResponse,
  type BackgroundJobSummary,
} from '../../../common/api/background-jobs';
import { bearer, createSignedInUser, type SignedInUser } from '../../auth/test-support';
import { auditLog, users } from '../../db/schema/index';
import { MAIL_QUEUE } from '../../mail/mail-queue';
import { buildTestApp, type TestContext } from '../../test/harness';
import { expectError } from '../supplier-users/test-support';
import { reasonOf, REASON_MAX_LENGTH } from './service';
import { freeLoopbackPort } from '../../test/free-port';

interface StoredJob {
  state: string;
  retry_limit: number;
  start_after_ms: number;
}

describe('the team\'s background jobs', () => {
  let context: TestContext;
  let teamAdmin: SignedInUser;
  let teamMember: SignedInUser;
  let supplierUser: SignedInUser;
  const first = { to: 'aroha@example.test', subject: 'You are invited to join Kōwhai Digital', text: 'Hello Aroha' };
  const second = { to: ['tama@example.test', 'mere@example.test'], subject: 'Your application was approved', text: 'Hello' };
  let firstId = '';
  let secondId = '';

  beforeAll(async () => {
    // One retry after the first try, ten minutes later: a failed first try leaves each mail waiting.
    context = await buildTestApp({ SMTP_URL: `smtp://127.0.0.1:${String(await freeLoopbackPort())}`, MAIL_RETRY_LIMIT: '1', MAIL_RETRY_DELAY_SECONDS: '600' });
    const { db } = context.database;
    teamAdmin = await createSignedInUser(context, { name: 'Aroha Admin', isTeamMember: true });
    teamMember = await createSignedInUser(context, { name: 'Tama Team', isTeamMember: true });
    supplierUser = await createSignedInUser(context, { name: 'Sam Supplier' });
    await db.update(users).set({ isTeamAdmin: true }).where(eq(users.id, teamAdmin.user.id));
    // The team's sign-ins with a passkey each queued a mail to the person: only this test's two mails are listed.
    await db.execute(sql`delete from pgboss.job where name = ${MAIL_QUEUE}`);
    await context.app.mail.enqueue(db, first);
    await context.app.mail.enqueue(db, second);
    const ids = await storedIds();
    firstId = ids[0] ?? '';
    secondId = ids[1] ?? '';
  });
  afterAll(() => context.close());

  async function storedIds(): Promise<string[]> {
    const result: unknown = await context.database.db.execute(sql`select id::text as id from pgboss.job where name = ${MAIL_QUEUE} order by created_on, id`);
    return (result as { rows: { id: string }[] }).rows.map((row) => row.id);
  }

  async function stored(id: string): Promise<StoredJob | undefined> {
    const result: unknown = await context.database.db.execute(
      sql`select state::text as state, retry_limit, (extract(epoch from start_after) * 1000)::float8 as start_after_ms from pgboss.job where id = ${id}::uuid`,
    );
    return (result as { rows: StoredJob[] }).rows[0];
  }

  const call = (who: SignedInUser | null, method: 'GET' | 'POST', url: string) =>
    context.app.inject({ method, url: `/api/v1/admin/background-jobs${url}`, headers: who === null ? {} : bearer(who.accessToken) });

  async function list(page?: number): Promise<BackgroundJobListResponse> {
    const response = await call(teamAdmin, 'GET', page === undefined ? '' : `?page=${String(page)}`);
    expect(response.statusCode).toBe(200);
    return response.json<BackgroundJobListResponse>();
  }

  async function listed(id: string): Promise<BackgroundJob | undefined> {
    return (await list()).jobs.find((job) => job.id === id);
  }

  async function act(id: string, action: 'retry' | 'cancel'): Promise<BackgroundJobActionResponse> {
    const response = await call(teamAdmin, 'POST', `/${id}/${action}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<BackgroundJobActionResponse>();
  }

  async function auditEntries(id: string) {
    return context.database.db
      .select({ action: auditLog.action, actor: auditLog.actorUserId, before: auditLog.before, after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'background_job'), eq(auditLog.entityId, id)))
      .orderBy(auditLog.id);
  }

  it('lists nothing while the mail has not been tried, and counts nothing', async () => {
    expect(await list()).toEqual({ jobs: [], total: 0, page: 1, pageSize: 20 });
    const summary = await call(teamAdmin, 'GET', '/summary');
    expect(summary.json<BackgroundJobSummary>()).toEqual({ failed: 0, waiting: 0, canManage: true });
  });

  it('lists mail whose first try failed as waiting, newest first, with why and when it is tried next', async () => {
    const before = Date.now();
    expect(await context.runQueuedJobs()).toBe(2);
    const { jobs, total } = await list();
    expect(total).toBe(2);
    expect(jobs.map((job) => job.id)).toEqual([secondId, firstId]);
    const [newest, oldest] = jobs;
    expect(oldest).toMatchObject({
      label: 'Email',
      description: `“${first.subject}” to ${first.to}`,
      recipient: first.to,
      state: 'retry',
      attempts: 1,
      maxAttempts: 2,
    });
    expect(newest?.description).toBe(`“${second.subject}” to tama@example.test, mere@example.test`);
    expect(oldest?.reason).toMatch(/ECONNREFUSED/);
    // The wait is between the delay and twice it (pg-boss's backoff).
    const next = Date.parse(oldest?.nextAttemptAt ?? '');
    expect(next).toBeGreaterThanOrEqual(before + 590_000);
    expect(next).toBeLessThanOrEqual(Date.now() + 1_210_000);
    expect(Date.parse(oldest?.createdAt ?? '')).toBeLessThanOrEqual(before);
    // Nothing is due yet: no try runs before its time.
    expect(await context.runQueuedJobs()).toBe(0);
  });

  it('counts them for any team member, saying only a team admin may act on them', async () => {
    expect((await call(teamAdmin, 'GET', '/summary')).json<BackgroundJobSummary>()).toEqual({ failed: 0, waiting: 2, canManage: true });
    expect((await call(teamMember, 'GET', '/summary')).json<BackgroundJobSummary>()).toEqual({ failed: 0, waiting: 2, canManage: false });
    expectError(await call(supplierUser, 'GET', '/summary'), 403, 'forbidden');
    expectError(await call(null, 'GET', '/summary'), 401, 'unauthorized');
  });

  it('shows the jobs and their actions to team admins only', async () => {
    const refused = await call(teamMember, 'GET', '');
    expectError(refused, 403, 'forbidden');
    expect(refused.json<{ message: string }>().message).toBe(BACKGROUND_JOBS_TEAM_ADMIN_ONLY);
    expectError(await call(teamMember, 'POST', `/${firstId}/retry`), 403, 'forbidden');
    expectError(await call(teamMember, 'POST', `/${firstId}/cancel`), 403, 'forbidden');
    expectError(await call(supplierUser, 'GET', ''), 403, 'forbidden');
    expectError(await call(null, 'GET', ''), 401, 'unauthorized');
    expect((await stored(firstId))?.state).toBe('retry');
    expect(await auditEntries(firstId)).toEqual([]);
  });

  it('runs a waiting job now, which fails for good on its last try', async () => {
    const answer = await act(firstId, 'retry');
    expect(answer.outcome).toBe('running-now');
    expect(answer.job.description).toContain(first.subject);
    expect((await stored(firstId))?.start_after_ms).toBeLessThanOrEqual(Date.now());
    expect(await context.runQueuedJobs()).toBe(1);
    expect(await listed(firstId)).toMatchObject({ state: 'failed', attempts: 2, maxAttempts: 2, nextAttemptAt: null });
    expect((await listed(firstId))?.reason).toMatch(/ECONNREFUSED/);
    expect((await call(teamAdmin, 'GET', '/summary')).json<BackgroundJobSummary>()).toMatchObject({ failed: 1, waiting: 1 });
  });

  it('tries a failed job again with one more try allowed, and records who did it without the mail', async () => {
    const answer = await act(firstId, 'retry');
    expect(answer.outcome).toBe('retried');
    expect(await stored(firstId)).toMatchObject({ state: 'retry', retry_limit: 2 });
    expect(await context.runQueuedJobs()).toBe(1);
    expect(await listed(firstId)).toMatchObject({ state: 'failed', attempts: 3, maxAttempts: 3 });

    const entries = await auditEntries(firstId);
    expect(entries.map((entry) => [entry.action, entry.actor])).toEqual([
      ['background-job.retry', teamAdmin.user.id],
      ['background-job.retry', teamAdmin.user.id],
    ]);
    expect(entries[1]).toMatchObject({ before: { queue: MAIL_QUEUE, state: 'failed' }, after: { queue: MAIL_QUEUE, outcome: 'retried' } });
    const recorded = JSON.stringify(entries);
    expect(recorded).not.toContain(first.to);
    expect(recorded).not.toContain(first.subject);
    expect(recorded).not.toContain(first.text);
  });

  it('cancels a waiting job, which is never tried again', async () => {
    const answer = await act(secondId, 'cancel');
    expect(answer.outcome).toBe('cancelled');
    expect((await stored(secondId))?.state).toBe('cancelled');
    expect(await listed(secondId)).toBeUndefined();
    await context.database.db.execute(sql`update pgboss.job set start_after = now() - interval '1 second' where id = ${secondId}::uuid`);
    expect(await context.runQueuedJobs()).toBe(0);
    expect((await auditEntries(secondId)).map((entry) => entry.after)).toEqual([{ queue: MAIL_QUEUE, outcome: 'cancelled' }]);
  });

  it('dismisses a failed job: it is removed', async () => {
    const answer = await act(firstId, 'cancel');
    expect(answer.outcome).toBe('dismissed');
    expect(await stored(firstId)).toBeUndefined();
    expect(await list()).toMatchObject({ jobs: [], total: 0 });
    expect((await auditEntries(firstId)).at(-1)).toMatchObject({ action: 'background-job.cancel', after: { outcome: 'dismissed' } });
  });

  it('answers 404 for a job that is not failed or waiting, and 400 for an id that is not one', async () => {
    const gone = await call(teamAdmin, 'POST', `/${firstId}/retry`);
    expectError(gone, 404, 'not found');
    expect(gone.json<{ message: string }>().message).toBe(BACKGROUND_JOB_NOT_FOUND);
    // Cancelled already, and a job never tried (queued, not failed).
    expectError(await call(teamAdmin, 'POST', `/${secondId}/cancel`), 404, 'not found');
    await context.app.mail.enqueue(context.database.db, { to: 'new@example.test', subject: 'Queued', text: 'Queued' });
    const queuedId = (await storedIds()).find((id) => id !== firstId && id !== secondId) ?? '';
    expectError(await call(teamAdmin, 'POST', `/${queuedId}/retry`), 404, 'not found');
    expectError(await call(teamAdmin, 'POST', `/${queuedId}/cancel`), 404, 'not found');
    expect((await stored(queuedId))?.state).toBe('created');
    expectError(await call(teamAdmin, 'POST', '/00000000-0000-4000-8000-000000000000/retry'), 404, 'not found');
    expectError(await call(teamAdmin, 'POST', '/not-a-job/retry'), 400, 'bad request');
    expectError(await call(teamAdmin, 'GET', '?page=0'), 400, 'bad request');
    expectError(await call(teamAdmin, 'GET', '?sort=oldest'), 400, 'bad request');
  });

  it('describes a job of another kind by its kind, and pages the list', async () => {
    const other = [...context.app.jobs.kinds.values()].find((kind) => kind.name !== MAIL_QUEUE);
    expect(other).toBeDefined();
    const name = other?.name ?? '';
    // 21 failed jobs of that kind, made failed in place (its run would need a whole month's data to fail).
    for (let index = 0; index < 21; index += 1) {
      await context.app.jobs.send(name, {});
    }
    await context.database.db.execute(
      sql`update pgboss.job set state = 'failed', started_on = now(), completed_on = now(), output = ${JSON.stringify({ value: { message: 'job failed by timeout in active state' } })}::jsonb where name = ${name}`,
    );
    const firstPage = await list();
    expect(firstPage).toMatchObject({ total: 21, page: 1, pageSize: 20 });
    expect(firstPage.jobs).toHaveLength(20);
    expect(firstPage.jobs[0]).toMatchObject({ label: other?.label, description: other?.label, recipient: null, state: 'failed', reason: 'job failed by timeout in active state' });
    const secondPage = await list(2);
    expect(secondPage.jobs).toHaveLength(1);
    expect(firstPage.jobs.map((job) => job.id)).not.toContain(secondPage.jobs[0]?.id);
    expect((await list(3)).jobs).toEqual([]);
  });
});

describe('why a job failed', () => {
  it('reads the message as the queue and pg-boss store it, cut when it is long', () => {
    expect(reasonOf({ message: ' Greeting never received ' })).toBe('Greeting never received');
    expect(reasonOf({ value: { message: 'job failed by timeout in active state' } })).toBe('job failed by timeout in active state');
    expect(reasonOf('{"message":"from text"}')).toBe('from text');
    expect(reasonOf(null)).toBeNull();
    expect(reasonOf({ message: '' })).toBeNull();
    const long = reasonOf({ message: 'x'.repeat(2000) }) ?? '';
    expect(long).toHaveLength(REASON_MAX_LENGTH);
    expect(long.endsWith('…')).toBe(true);
  });
});
