/**
 * The team's view of the job queue (README.md beside this file): the portal's jobs that failed or
 * wait to be tried again, read from pg-boss's own table (`pgboss.job`) with parameterised SQL, which
 * PGlite and PostgreSQL both run; trying one again or cancelling it only while it is in the state the
 * team saw, each recorded in the audit log with the job's id and queue only (what a mail says stays in the queue).
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  BACKGROUND_JOB_NOT_FOUND,
  BACKGROUND_JOBS_PAGE_SIZE,
  type BackgroundJob,
  type BackgroundJobActionResponse,
  type BackgroundJobListQuery,
  type BackgroundJobListResponse,
  type BackgroundJobState,
} from '../../../common/api/background-jobs';
import type { AuditLog } from '../../audit';
import type { Actor } from '../../auth/actor';
import type { Database } from '../../db/client';
import { selectRows } from '../../db/raw-rows';
import { AppError, ErrorCode } from '../../errors';
import { JOB_SCHEMA, type JobKind, type JobQueue } from '../../jobs/job-queue';
import { MAIL_QUEUE } from '../../mail/mail-queue';

export interface BackgroundJobsDeps {
  db: Database;
  jobs: Pick<JobQueue, 'kinds' | 'boss'>;
  audit: AuditLog;
}

/** A failure's message longer than this is cut: the screen shows why, not a whole server reply. */
export const REASON_MAX_LENGTH = 500;

interface JobRow extends Record<string, unknown> {
  id: string;
  name: string;
  data: unknown;
  state: BackgroundJobState;
  // Numbers, which a driver may hand over as text.
  retry_count: number | string;
  retry_limit: number | string;
  created_ms: number | string;
  start_after_ms: number | string;
  output: unknown;
}

const jobTable = sql`${sql.identifier(JOB_SCHEMA)}.${sql.identifier('job')}`;
const shownStates = sql`state in ('failed', 'retry')`;

/** `name in (…)` for the portal's own queues; null when no kind is defined (nothing to show). */
function ownQueues(kinds: ReadonlyMap<string, JobKind>): SQL | null {
  const names = [...kinds.keys()];
  return names.length === 0 ? null : sql`name in (${sql.join(names.map((name) => sql`${name}`), sql`, `)})`;
}

const jobColumns = sql`id::text as id, name, data, state::text as state, retry_count, retry_limit,
  (extract(epoch from created_on) * 1000)::float8 as created_ms,
  (extract(epoch from start_after) * 1000)::float8 as start_after_ms,
  output`;

/** pg-boss's commands on jobs by id answer how many they changed, which its type declarations leave out (void). */
interface JobCommands {
  retry(name: string, id: string): Promise<{ affected: number }>;
}

function commandsOf(jobs: BackgroundJobsDeps['jobs']): JobCommands {
  return jobs.boss as unknown as JobCommands;
}

/** A jsonb value as the driver hands it: parsed already, or its text. */
function jsonOf(value: unknown): unknown {
  if (typeof value !== 'string') {
    return value;
  }
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}

function recordOf(value: unknown): Record<string, unknown> {
  const parsed = jsonOf(value);
  return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
}

/** Why the last try failed: the job queue stores `{ message }`; pg-boss's own timeout, `{ value: { message } }`. */
export function reasonOf(output: unknown): string | null {
  const stored = recordOf(output);
  const message = typeof stored.message === 'string' ? stored.message : recordOf(stored.value).message;
  if (typeof message !== 'string' || message.trim() === '') {
    return null;
  }
  const reason = message.trim();
  return reason.length > REASON_MAX_LENGTH ? `${reason.slice(0, REASON_MAX_LENGTH - 1)}…` : reason;
}

function recipientOf(to: unknown): string | null {
  const recipients = (Array.isArray(to) ? to : [to]).filter((address): address is string => typeof address === 'string' && address !== '');
  return recipients.length === 0 ? null : recipients.join(', ');
}

/** One stored job as the API shows it: a mail by its subject and recipient, any other job by its kind. */
function toBackgroundJob(row: JobRow, kinds: ReadonlyMap<string, JobKind>): BackgroundJob {
  const label = kinds.get(row.name)?.label ?? 'Background job';
  const data = recordOf(row.data);
  const isMail = row.name === MAIL_QUEUE;
  const recipient = isMail ? recipientOf(data.to) : null;
  const subject = isMail && typeof data.subject === 'string' && data.subject.trim() !== '' ? data.subject.trim() : null;
  const description = isMail
    ? [subject === null ? 'An email with no subject' : `“${subject}”`, recipient === null ? '' : `to ${recipient}`].filter(Boolean).join(' ')
    : label;
  return {
    id: row.id,
    label,
    description,
    recipient,
    state: row.state,
    // A job's first try leaves retry_count at 0; each later one adds 1 (pg-boss's fetch).
    attempts: Number(row.retry_count) + 1,
    maxAttempts: Number(row.retry_limit) + 1,
    createdAt: new Date(Number(row.created_ms)).toISOString(),
    nextAttemptAt: row.state === 'retry' ? new Date(Number(row.start_after_ms)).toISOString() : null,
    reason: reasonOf(row.output),
  };
}

/** A page of the portal's failed and waiting jobs, newest first. */
export async function listBackgroundJobs(deps: Pick<BackgroundJobsDeps, 'db' | 'jobs'>, query: BackgroundJobListQuery): Promise<BackgroundJobListResponse> {
  const page = query.page ?? 1;
  const pageSize = BACKGROUND_JOBS_PAGE_SIZE;
  const queues = ownQueues(deps.jobs.kinds);
  if (queues === null) {
    return { jobs: [], total: 0, page, pageSize };
  }
  const where = sql`${queues} and ${shownStates}`;
  const [counted] = await selectRows<{ total: number | string }>(deps.db, sql`select count(*)::integer as total from ${jobTable} where ${where}`);
  const rows = await selectRows<JobRow>(
    deps.db,
    sql`select ${jobColumns} from ${jobTable} where ${where} order by created_on desc, id desc limit ${pageSize} offset ${(page - 1) * pageSize}`,
  );
  return {
    jobs: rows.map((row) => toBackgroundJob(row, deps.jobs.kinds)),
    total: Number(counted?.total ?? 0),
    page,
    pageSize,
  };
}

/** How many of the portal's jobs failed and how many wait to be tried again. */
export async function countBackgroundJobs(deps: Pick<BackgroundJobsDeps, 'db' | 'jobs'>): Promise<{ failed: number; waiting: number }> {
  const queues = ownQueues(deps.jobs.kinds);
  if (queues === null) {
    return { failed: 0, waiting: 0 };
  }
  const [row] = await selectRows<{ failed: number | string; waiting: number | string }>(
    deps.db,
    sql`select count(*) filter (where state = 'failed')::integer as failed, count(*) filter (where state = 'retry')::integer as waiting
      from ${jobTable} where ${queues} and ${shownStates}`,
  );
  return { failed: Number(row?.failed ?? 0), waiting: Number(row?.waiting ?? 0) };
}

function notFound(): AppError {
  return new AppError(ErrorCode.NotFound, BACKGROUND_JOB_NOT_FOUND);
}

/** The failed or waiting job of the portal's queues with this id; 404 otherwise. */
async function findShownJob(deps: Pick<BackgroundJobsDeps, 'db' | 'jobs'>, id: string): Promise<JobRow> {
  const queues = ownQueues(deps.jobs.kinds);
  if (queues === null) {
    throw notFound();
  }
  const [row] = await selectRows<JobRow>(deps.db, sql`select ${jobColumns} from ${jobTable} where id = ${id}::uuid and ${queues} and ${shownStates}`);
  if (row === undefined) {
    throw notFound();
  }
  return row;
}

async function recordAction(deps: BackgroundJobsDeps, actor: Actor, row: JobRow, action: 'background-job.retry' | 'background-job.cancel', outcome: string) {
  await deps.audit.record({
    actorUserId: actor.userId,
    action,
    entity: 'background_job',
    entityId: row.id,
    // The job's id and queue only: what a mail says and whom it is for stay with the job.
    before: { queue: row.name, state: row.state },
    after: { queue: row.name, outcome },
    requestId: actor.requestId,
  });
}

/**
 * Tries a job again: a failed one goes back on the queue with one more try allowed (pg-boss's
 * retry); a waiting one is due at once instead of at its next time. 404 when it is neither (sent,
 * cancelled or retried meanwhile).
 */
export async function retryBackgroundJob(deps: BackgroundJobsDeps, actor: Actor, id: string): Promise<BackgroundJobActionResponse> {
  const row = await findShownJob(deps, id);
  let isDone: boolean;
  if (row.state === 'failed') {
    isDone = (await commandsOf(deps.jobs).retry(row.name, row.id)).affected > 0;
  } else {
    // pg-boss has no call for "now": the waiting job's next time becomes now, if it still waits (a second back: a worker's
    // next look must find it due even when the database's clock has not moved on since, as on the embedded one).
    const updated = await selectRows<{ id: string }>(
      deps.db,
      sql`update ${jobTable} set start_after = now() - interval '1 second' where id = ${row.id}::uuid and name = ${row.name} and state = 'retry' returning id::text as id`,
    );
    isDone = updated.length > 0;
  }
  if (!isDone) {
    throw notFound();
  }
  const outcome = row.state === 'failed' ? 'retried' : 'running-now';
  await recordAction(deps, actor, row, 'background-job.retry', outcome);
  return { outcome, job: toBackgroundJob(row, deps.jobs.kinds) };
}

/**
 * Stops a job: a waiting one is cancelled (kept, never tried again); a failed one is removed, as
 * nothing will try it again anyway. 404 when it is neither.
 */
export async function cancelBackgroundJob(deps: BackgroundJobsDeps, actor: Actor, id: string): Promise<BackgroundJobActionResponse> {
  const row = await findShownJob(deps, id);
  // Only in the state the team saw: pg-boss's cancel and delete would also stop a job a worker took meanwhile.
  const changed = await selectRows<{ id: string }>(
    deps.db,
    row.state === 'failed'
      ? sql`delete from ${jobTable} where id = ${row.id}::uuid and name = ${row.name} and state = 'failed' returning id::text as id`
      : sql`update ${jobTable} set state = 'cancelled', completed_on = now() where id = ${row.id}::uuid and name = ${row.name} and state = 'retry' returning id::text as id`,
  );
  if (changed.length === 0) {
    throw notFound();
  }
  const outcome = row.state === 'failed' ? 'dismissed' : 'cancelled';
  await recordAction(deps, actor, row, 'background-job.cancel', outcome);
  return { outcome, job: toBackgroundJob(row, deps.jobs.kinds) };
}
