/**
 * Two mails the demo's mail server could not take, so the team console's failed mail and jobs
 * screen shows a realistic state on a first start: an invitation that failed on every try (the
 * address does not exist) and a notice waiting to be tried again (the server timed out). Written
 * straight into pg-boss's table, in the seed's transaction, as the job queue would have left them;
 * the queue must be open (its send-mail queue created), which `main.ts` sees to before seeding.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { selectRows } from '../db/raw-rows';
import { JOB_SCHEMA } from '../jobs/job-queue';
import { MAIL_QUEUE, type QueuedMail } from '../mail/mail-queue';

const HOUR_MS = 60 * 60 * 1000;

export const DEMO_FAILED_MAIL: QueuedMail = {
  to: 'rawiri.ngata@kowhaidigital.co.nz',
  subject: 'You are invited to join Kōwhai Digital on the marketplace',
  text: 'Kia ora Rawiri,\n\nAlex Admin has invited you to join Kōwhai Digital on the marketplace.',
};
export const DEMO_FAILED_MAIL_REASON = "Can't send mail - all recipients were rejected: 550 5.1.1 Recipient address rejected: User unknown";

export const DEMO_WAITING_MAIL: QueuedMail = {
  to: 'member@example.com',
  subject: 'A new message about your application',
  text: 'Kia ora Morgan,\n\nThe marketplace team has replied to a message about your application.',
};
export const DEMO_WAITING_MAIL_REASON = 'Connection timeout';

interface DemoMailJob {
  mail: QueuedMail;
  state: 'failed' | 'retry';
  /** Tries made, the last one failing with `reason`. */
  tries: number;
  reason: string;
  createdAt: Date;
  lastTriedAt: Date;
  /** When a waiting job is tried next; a failed one keeps its last time. */
  nextTryAt: Date;
}

/** Inserts the two mail jobs; answers how many went in (none when the send-mail queue does not exist yet). */
export async function insertDemoMailJobs(tx: Database, now: Date): Promise<number> {
  const at = (hours: number) => new Date(now.getTime() + hours * HOUR_MS);
  const jobs: DemoMailJob[] = [
    { mail: DEMO_FAILED_MAIL, state: 'failed', tries: 0, reason: DEMO_FAILED_MAIL_REASON, createdAt: at(-50), lastTriedAt: at(-26), nextTryAt: at(-26) },
    { mail: DEMO_WAITING_MAIL, state: 'retry', tries: 2, reason: DEMO_WAITING_MAIL_REASON, createdAt: at(-1), lastTriedAt: at(-0.5), nextTryAt: at(2) },
  ];
  let inserted = 0;
  const job = sql`${sql.identifier(JOB_SCHEMA)}.${sql.identifier('job')}`;
  const queue = sql`${sql.identifier(JOB_SCHEMA)}.${sql.identifier('queue')}`;
  for (const entry of jobs) {
    // A failed job has had every try its queue allows; a waiting one, `tries` of them.
    const retryCount = entry.state === 'failed' ? sql`coalesce(q.retry_limit, 2)` : sql`${entry.tries - 1}::integer`;
    const created = await selectRows<{ id: string }>(tx, sql`
      insert into ${job} (name, data, state, retry_limit, retry_count, retry_delay, retry_backoff, expire_in, policy,
        created_on, started_on, start_after, completed_on, keep_until, output)
      select q.name, ${JSON.stringify(entry.mail)}::jsonb, ${entry.state}::${sql.identifier(JOB_SCHEMA)}.job_state, coalesce(q.retry_limit, 2), ${retryCount},
        greatest(coalesce(q.retry_delay, 1), 1), coalesce(q.retry_backoff, false), coalesce(q.expire_seconds, 900) * interval '1 second', q.policy,
        ${entry.createdAt.toISOString()}::timestamptz, ${entry.lastTriedAt.toISOString()}::timestamptz, ${entry.nextTryAt.toISOString()}::timestamptz,
        ${entry.state === 'failed' ? entry.lastTriedAt.toISOString() : null}::timestamptz, ${at(14 * 24).toISOString()}::timestamptz,
        ${JSON.stringify({ message: entry.reason })}::jsonb
      from ${queue} q where q.name = ${MAIL_QUEUE}
      returning id`);
    inserted += created.length;
  }
  return inserted;
}
