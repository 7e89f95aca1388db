/**
 * The portal's background work on one job queue, pg-boss, kept in the portal's own database
 * (README.md beside this file). Each kind of job is defined once (`JobKind`): its queue, how it is
 * retried, and whether it runs on a schedule. A job is created in the caller's transaction, so it
 * exists exactly when the change that caused it commits; a working process runs the jobs and the
 * schedules; a stopping process takes no new job and lets the running ones finish.
 */
import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import { sqlConnectionOf, type SqlConnection } from '../db/sql-connection';
import { sql } from 'drizzle-orm';
import type { Database, DatabaseHandle } from '../db/client';
import { selectRows } from '../db/raw-rows';
import type { JobQueueFigures, PortalMetrics } from '../metrics/metrics';
import { inSpan } from '../tracing/tracing';

/** The schema pg-boss keeps its tables in, beside the portal's. */
export const JOB_SCHEMA = 'pgboss';

export interface RetryPolicy {
  /** Retries after the first attempt; then the job is failed and waits for the team. */
  limit: number;
  /** The first wait; with `backoff`, each wait is between 2^n and 2^(n+1) times it. */
  delaySeconds: number;
  backoff: boolean;
}

export interface JobKind<Data extends object = object> {
  /** The queue's name, stored with each job: lowercase words and hyphens. */
  name: string;
  /** What the team's console calls a job of this kind. */
  label: string;
  retry: RetryPolicy;
  /** A cron expression (Auckland time): the queue gets one job per period, across all processes. */
  schedule?: string;
  /** Jobs of this kind one process runs at once. */
  concurrency?: number;
  /** Does one job; a throw (or running past the time limit) fails this attempt. */
  run(job: { id: string; data: Data; attempt: number }): Promise<void>;
}

export interface JobQueueOptions {
  database: DatabaseHandle;
  log: FastifyBaseLogger;
  /** A job running longer is failed and retried; a killed process's jobs are retried after it. */
  timeoutSeconds: number;
  /** This process runs jobs and schedules (a process can serve requests only). */
  isWorker: boolean;
  /** How often an idle worker looks for new jobs. */
  pollingSeconds?: number;
  /** Counts each job this process finishes. */
  metrics?: Pick<PortalMetrics, 'countJob'>;
}

export interface JobQueue {
  /** Adds a kind of job; before `open`. */
  define<Data extends object>(kind: JobKind<Data>): void;
  /** The defined kinds, by queue name. */
  readonly kinds: ReadonlyMap<string, JobKind>;
  /** Installs or updates the queue's tables, creates each kind's queue and schedule. */
  open(): Promise<void>;
  /** Open and not stopping: jobs can be sent (readiness, server/modules/health). */
  isOpen(): boolean;
  /**
   * Creates a job in `db`, the caller's transaction when it is one: it exists once that commits,
   * never if it rolls back. Answers the job's id.
   */
  send(name: string, data: object, db?: Database): Promise<string>;
  /** Starts running jobs (a worker process); `open` first. */
  startWorking(): void;
  /** Each defined queue's waiting and running jobs, in every process, and the oldest due job's wait. */
  figures(): Promise<JobQueueFigures[]>;
  /** Runs every job that is due now, one after another, until none is left; answers how many ran. */
  runDueJobs(): Promise<number>;
  /** Takes no new job, waits up to `graceMs` for the running ones, fails the rest (to be retried), stops. */
  stop(graceMs?: number): Promise<void>;
  /** The pg-boss instance, for the team's console (retry, cancel). */
  readonly boss: PgBoss;
}

interface RunningJob {
  name: string;
  id: string;
  done: Promise<void>;
}

function abortableDelay(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/** An email address in an error's message (a mail server names the recipient it refused). */
const EMAIL_ADDRESS = /[^\s<>@"']+@[^\s<>@"']+/g;

/** A failure's reason for the log: the addresses left out, as the log keeps no personal data. */
export function reasonForLog(message: string): string {
  return message.replace(EMAIL_ADDRESS, '[address]');
}

/** A job's failure as stored with it and shown to the team: the error's message, no stack. */
function failureOf(error: unknown): { message: string } {
  return { message: error instanceof Error ? error.message : String(error) };
}

/** Creates or updates the queue's tables and stops: a template database for tests carries them ready. */
export async function installJobQueue(database: DatabaseHandle): Promise<void> {
  const boss = new PgBoss({ db: database.sqlConnection, schema: JOB_SCHEMA, supervise: false, schedule: false });
  await boss.start();
  await boss.stop({ graceful: false, close: false, wait: true });
}

/** PostgreSQL's answer to two transactions that waited on each other: one of them is undone, to be run again. */
const DEADLOCK = '40P01';

/**
 * Runs `create` again when PostgreSQL undid it for a deadlock: two processes starting at once on a
 * new database each create a queue's partition of pg-boss's job table, and each waits on the other's.
 */
export async function retryOnDeadlock<T>(create: () => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await create();
    } catch (error) {
      if (attempt >= attempts || (error as { code?: unknown } | null)?.code !== DEADLOCK) {
        throw error;
      }
      await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 200));
    }
  }
}

export function createJobQueue(options: JobQueueOptions): JobQueue {
  const { database, log, timeoutSeconds, isWorker } = options;
  const pollingMs = (options.pollingSeconds ?? 1) * 1000;
  const kinds = new Map<string, JobKind>();
  const connection: SqlConnection = database.sqlConnection;
  const boss = new PgBoss({
    db: connection,
    schema: JOB_SCHEMA,
    // Only a worker process keeps the queue: expires jobs of a killed process, archives finished ones, fires schedules.
    supervise: isWorker,
    schedule: isWorker,
    maintenanceIntervalSeconds: Math.max(1, Math.min(60, timeoutSeconds)),
    cronMonitorIntervalSeconds: 30,
    // Failed jobs stay where the team's console finds them for a month; finished ones for a week.
    archiveFailedAfterSeconds: 30 * 24 * 60 * 60,
    archiveCompletedAfterSeconds: 7 * 24 * 60 * 60,
  });
  // pg-boss reports its own failures (a lost connection, a maintenance error) as events.
  boss.on('error', (error: Error) => log.error({ err: error }, 'job queue error'));

  const stopping = new AbortController();
  let opened = false;
  const running = new Set<RunningJob>();
  const loops: Promise<void>[] = [];

  function kindOf(name: string): JobKind {
    const kind = kinds.get(name);
    if (!kind) {
      throw new Error(`No job kind is defined for the queue ${name}.`);
    }
    return kind;
  }

  function sendOptions(kind: JobKind): PgBoss.SendOptions {
    return {
      retryLimit: kind.retry.limit,
      retryDelay: kind.retry.delaySeconds,
      retryBackoff: kind.retry.backoff,
      expireInSeconds: timeoutSeconds,
    };
  }

  /** Runs one fetched job and records how it went; never throws. */
  async function runJob(kind: JobKind, job: PgBoss.JobWithMetadata): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const attempt = job.retryCount + 1;
    try {
      await Promise.race([
        inSpan(`job ${kind.name}`, { 'job.queue': kind.name, 'job.attempt': attempt }, () => kind.run({ id: job.id, data: job.data, attempt })),
        new Promise<never>((_resolve, reject) => {
          timer = setTimeout(() => reject(new Error(`The job took longer than ${timeoutSeconds} seconds.`)), timeoutSeconds * 1000);
        }),
      ]);
      await boss.complete(kind.name, job.id);
      options.metrics?.countJob(kind.name, 'completed');
    } catch (error) {
      options.metrics?.countJob(kind.name, 'failed');
      // The job's data may hold personal data (a mail's recipient): the log names the job, not what it carries.
      log.warn({ job: job.id, queue: kind.name, attempt, willRetry: job.retryCount < job.retryLimit, reason: reasonForLog(failureOf(error).message) }, 'job failed');
      await boss.fail(kind.name, job.id, failureOf(error)).catch((failError: unknown) => {
        log.error({ err: failError, job: job.id }, 'recording a failed job failed; it will be retried after its time limit');
      });
    } finally {
      clearTimeout(timer);
    }
  }

  async function fetchJobs(name: string, count: number): Promise<PgBoss.JobWithMetadata[]> {
    return boss.fetch<object>(name, { batchSize: count, includeMetadata: true });
  }

  /** One loop per kind: takes up to `concurrency` due jobs at once, runs them side by side, records each, and looks again. */
  async function workLoop(kind: JobKind): Promise<void> {
    while (!stopping.signal.aborted) {
      let jobs: PgBoss.JobWithMetadata[] = [];
      try {
        jobs = await fetchJobs(kind.name, kind.concurrency ?? 1);
      } catch (error) {
        log.error({ err: error, queue: kind.name }, 'fetching jobs failed; trying again shortly');
      }
      if (jobs.length === 0) {
        await abortableDelay(pollingMs, stopping.signal);
        continue;
      }
      const entries = jobs.map((job): RunningJob => ({ name: kind.name, id: job.id, done: runJob(kind, job) }));
      entries.forEach((entry) => running.add(entry));
      await Promise.all(entries.map((entry) => entry.done));
      entries.forEach((entry) => running.delete(entry));
    }
  }

  return {
    boss,
    kinds,
    define(kind) {
      kinds.set(kind.name, kind);
    },
    async open() {
      await boss.start();
      const existing = new Set((await boss.getQueues()).map((queue) => queue.name));
      for (const kind of [...kinds.values()].filter((candidate) => !existing.has(candidate.name))) {
        await retryOnDeadlock(() =>
          boss.createQueue(kind.name, {
            name: kind.name,
            retryLimit: kind.retry.limit,
            retryDelay: kind.retry.delaySeconds,
            retryBackoff: kind.retry.backoff,
            expireInSeconds: timeoutSeconds,
          }),
        );
      }
      for (const kind of kinds.values()) {
        if (kind.schedule === undefined) {
          await boss.unschedule(kind.name);
        } else {
          await boss.schedule(kind.name, kind.schedule, {}, { ...sendOptions(kind), tz: 'Pacific/Auckland' });
        }
      }
      opened = true;
    },
    isOpen() {
      return opened && !stopping.signal.aborted;
    },
    async send(name, data, db) {
      const kind = kindOf(name);
      const id = await boss.send(name, data, { ...sendOptions(kind), ...(db ? { db: sqlConnectionOf(db) } : {}) });
      if (id === null) {
        throw new Error(`The job queue refused a job for ${name}.`);
      }
      return id;
    },
    startWorking() {
      for (const kind of kinds.values()) {
        loops.push(workLoop(kind));
      }
    },
    async figures() {
      // Only the unfinished jobs: finished ones stay in the table for days (archiveCompletedAfterSeconds).
      const rows = await selectRows<{ name: string; waiting: string | number; running: string | number; oldest: string | number | null }>(
        database.db,
        sql`select name,
                   count(*) filter (where state in ('created', 'retry')) as waiting,
                   count(*) filter (where state = 'active') as running,
                   extract(epoch from now() - min(start_after) filter (where state in ('created', 'retry') and start_after <= now())) as oldest
              from ${sql.identifier(JOB_SCHEMA)}.job
             where state < 'completed'
             group by name`,
      );
      const byName = new Map(rows.map((row) => [row.name, row]));
      return [...kinds.keys()].map((queue) => {
        const row = byName.get(queue);
        return { queue, waiting: Number(row?.waiting ?? 0), running: Number(row?.running ?? 0), oldestWaitingSeconds: Math.max(0, Number(row?.oldest ?? 0)) };
      });
    },
    async runDueJobs() {
      let count = 0;
      for (;;) {
        let ranOne = false;
        for (const kind of kinds.values()) {
          const [job] = await fetchJobs(kind.name, 1);
          if (job !== undefined) {
            await runJob(kind, job);
            count += 1;
            ranOne = true;
          }
        }
        if (!ranOne) {
          return count;
        }
      }
    },
    async stop(graceMs = 10_000) {
      if (stopping.signal.aborted) {
        return;
      }
      stopping.abort();
      const finished = Promise.all(loops);
      const grace = new Promise<'late'>((resolve) => setTimeout(() => resolve('late'), graceMs).unref());
      if ((await Promise.race([finished, grace])) === 'late') {
        for (const job of running) {
          log.warn({ job: job.id, queue: job.name }, 'job still running at shutdown: failed, to be retried');
          await boss.fail(job.name, job.id, { message: 'The portal stopped before the job finished.' }).catch(() => undefined);
        }
      }
      await boss.stop({ graceful: false, close: false, wait: true });
    },
  };
}
