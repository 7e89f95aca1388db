/**
 * The job queue on the test's own database (PGlite here, PostgreSQL in `npm run test:db`): a job
 * exists exactly when the transaction that created it commits, runs once, is retried with growing
 * waits and then failed with its reason, and a stopping queue lets a running job finish or fails it
 * for a retry. The kinds here are the test's own, defined before the queue opens.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../test/harness';
import { JOB_SCHEMA, createJobQueue, reasonForLog, retryOnDeadlock, type JobKind } from './job-queue';

interface Note {
  note: string;
}

interface JobRow {
  state: string;
  retryCount: number;
  startAfter: Date;
  output: { message?: string } | null;
}

async function readJob(context: TestContext, id: string): Promise<JobRow | undefined> {
  const result = await context.database.db.execute(
    sql`select state, retry_count as "retryCount", start_after as "startAfter", output from ${sql.identifier(JOB_SCHEMA)}.job where id = ${id}::uuid`,
  );
  const [row] = (result as { rows: Record<string, unknown>[] }).rows;
  return row ? { state: String(row.state), retryCount: Number(row.retryCount), startAfter: new Date(String(row.startAfter)), output: row.output as JobRow['output'] } : undefined;
}

/** A log that keeps nothing, for the queues the tests open beside the app's. */
const silent = { warn: () => undefined, error: () => undefined } as unknown as TestContext['app']['log'];

describe('the job queue', () => {
  let context: TestContext;
  const ran: string[] = [];
  let failuresLeft = 0;
  let release: (() => void) | null = null;

  const recording: JobKind<Note> = {
    name: 'test-recording',
    label: 'Recording',
    retry: { limit: 2, delaySeconds: 1, backoff: true },
    async run({ data }) {
      if (failuresLeft > 0) {
        failuresLeft -= 1;
        throw new Error(`refused ${data.note}`);
      }
      ran.push(data.note);
    },
  };
  const scheduled: JobKind = {
    name: 'test-scheduled',
    label: 'Scheduled',
    retry: { limit: 0, delaySeconds: 60, backoff: false },
    schedule: '15 3 * * *',
    async run() {
      ran.push('scheduled');
    },
  };

  beforeAll(async () => {
    context = await buildTestApp({}, {
      beforeReady: (app) => {
        app.jobs.define(recording);
        app.jobs.define(scheduled);
      },
    });
  });
  afterAll(() => context.close());

  it('creates a job with the transaction that commits, and none with one that rolls back', async () => {
    ran.length = 0;
    const { db } = context.database;
    await db
      .transaction(async (tx) => {
        await context.app.jobs.send('test-recording', { note: 'rolled back' }, tx);
        tx.rollback();
      })
      .catch(() => undefined);
    const id = await db.transaction((tx) => context.app.jobs.send('test-recording', { note: 'committed' }, tx));
    expect(await context.runQueuedJobs()).toBe(1);
    expect(ran).toEqual(['committed']);
    expect((await readJob(context, id))?.state).toBe('completed');
    // Done once: nothing is left to run.
    expect(await context.runQueuedJobs()).toBe(0);
    expect(ran).toEqual(['committed']);
  });

  it('retries a failed job after a growing wait, keeping why it failed, then fails it for good after its retries', async () => {
    ran.length = 0;
    failuresLeft = 3;
    const id = await context.app.jobs.send('test-recording', { note: 'flaky' });
    const before = Date.now();
    expect(await context.runQueuedJobs()).toBe(1);
    const waiting = await readJob(context, id);
    expect(waiting).toMatchObject({ state: 'retry', output: { message: 'refused flaky' } });
    // The first wait is between one and two times the delay (pg-boss's backoff with jitter).
    expect(waiting?.startAfter.getTime()).toBeGreaterThanOrEqual(before + 900);
    // Not due yet: nothing runs.
    expect(await context.runQueuedJobs()).toBe(0);

    await context.database.db.execute(sql`update ${sql.identifier(JOB_SCHEMA)}.job set start_after = now() - interval '1 second' where id = ${id}::uuid`);
    expect(await context.runQueuedJobs()).toBe(1);
    expect(await readJob(context, id)).toMatchObject({ state: 'retry', retryCount: 1 });
    await context.database.db.execute(sql`update ${sql.identifier(JOB_SCHEMA)}.job set start_after = now() - interval '1 second' where id = ${id}::uuid`);
    expect(await context.runQueuedJobs()).toBe(1);
    // Three tries failed with a limit of two retries: failed, with the last reason, for the team to see.
    expect(await readJob(context, id)).toMatchObject({ state: 'failed', retryCount: 2, output: { message: 'refused flaky' } });
    expect(ran).toEqual([]);
  });

  it('keeps each kind\'s schedule in the database (Auckland time), so one process fires it per period', async () => {
    const result = await context.database.db.execute(sql`select name, cron, timezone from ${sql.identifier(JOB_SCHEMA)}.schedule order by name`);
    const rows = (result as { rows: Record<string, unknown>[] }).rows;
    expect(rows).toContainEqual({ name: 'test-scheduled', cron: '15 3 * * *', timezone: 'Pacific/Auckland' });
    expect(rows.map((row) => row.name)).not.toContain('test-recording');
  });

  it('logs why a job failed without the addresses a mail server names', () => {
    expect(reasonForLog("Can't send mail - all recipients were rejected: 550 5.1.1 <aroha.smith@kauri.example>: Recipient address rejected")).toBe(
      "Can't send mail - all recipients were rejected: 550 5.1.1 <[address]>: Recipient address rejected",
    );
    expect(reasonForLog('connect ECONNREFUSED 127.0.0.1:2525')).toBe('connect ECONNREFUSED 127.0.0.1:2525');
  });

  it('runs a creation again when PostgreSQL undoes it for a deadlock, and only then', async () => {
    let calls = 0;
    const deadlockOnce = () => {
      calls += 1;
      return calls === 1 ? Promise.reject(Object.assign(new Error('deadlock detected'), { code: '40P01' })) : Promise.resolve('created');
    };
    expect(await retryOnDeadlock(deadlockOnce)).toBe('created');
    expect(calls).toBe(2);
    await expect(retryOnDeadlock(() => Promise.reject(Object.assign(new Error('permission denied'), { code: '42501' })))).rejects.toThrow('permission denied');
  });

  it('opens on a database where another process opened it first, and where two open at once', async () => {
    const kinds = ['test-first-together', 'test-second-together', 'test-third-together'];
    const queues = [0, 1].map(() => {
      const queue = createJobQueue({ database: context.database, log: silent, timeoutSeconds: 60, isWorker: false });
      for (const name of kinds) {
        queue.define({ name, label: name, retry: { limit: 0, delaySeconds: 1, backoff: false }, run: () => Promise.resolve() });
      }
      return queue;
    });
    await Promise.all(queues.map((queue) => queue.open()));
    const { rows } = await context.database.sqlConnection.executeSql(`select name from ${JOB_SCHEMA}.queue where name like 'test-%-together' order by name`);
    expect(rows.map((row) => row.name)).toEqual(['test-first-together', 'test-second-together', 'test-third-together']);
    await Promise.all(queues.map((queue) => queue.stop(100)));
  });

  it('refuses a job of a kind it does not know, before touching the database', async () => {
    await expect(context.app.jobs.send('no-such-kind', {})).rejects.toThrow('No job kind is defined for the queue no-such-kind.');
  });

  it('on stop, takes no new job, lets a running one finish within the grace period, and fails one still running after it for a retry', async () => {
    const { database } = context;
    const slow: JobKind<Note> = {
      name: 'test-slow',
      label: 'Slow',
      retry: { limit: 1, delaySeconds: 60, backoff: false },
      run: ({ data }) =>
        new Promise<void>((resolve) => {
          if (data.note === 'finishes') {
            release = resolve;
          }
          // 'outlives' never resolves by itself.
        }),
    };
    const open = async () => {
      const queue = createJobQueue({ database, log: silent, timeoutSeconds: 60, isWorker: false, pollingSeconds: 0.1 });
      queue.define(slow);
      await queue.open();
      return queue;
    };

    const first = await open();
    const finishing = await first.send('test-slow', { note: 'finishes' });
    first.startWorking();
    await expect.poll(() => release !== null).toBe(true);
    const stopped = first.stop(5_000);
    // Sent while stopping: this queue takes it no more.
    const later = await first.send('test-slow', { note: 'later' });
    release?.();
    await stopped;
    expect((await readJob(context, finishing))?.state).toBe('completed');
    expect((await readJob(context, later))?.state).toBe('created');

    const second = await open();
    await second.boss.cancel('test-slow', later);
    const outliving = await second.send('test-slow', { note: 'outlives' });
    second.startWorking();
    await expect.poll(async () => (await readJob(context, outliving))?.state).toBe('active');
    await second.stop(200);
    expect(await readJob(context, outliving)).toMatchObject({ state: 'retry', output: { message: 'The portal stopped before the job finished.' } });
  });
});
