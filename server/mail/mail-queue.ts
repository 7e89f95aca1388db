/**
 * Every mail goes through the job queue (issue 28): `enqueue` creates a send-mail job in the
 * transaction of the change that causes the mail, so a committed change always has its mail and a
 * rolled-back one never sends any, and the request never waits for the mail server. The job sends
 * the message with a Message-ID made from the job's id: the same on every try, so a mail sent
 * again after its acknowledgement was lost is one message to the reader's mail client.
 */
import type { Database } from '../db/client';
import type { JobKind, JobQueue } from '../jobs/job-queue';
import type { MailMessage, Mailer } from './mailer';

export const MAIL_QUEUE = 'send-mail';

/** A queued message: what the mailer sends, less the Message-ID the job gives it. */
export type QueuedMail = Omit<MailMessage, 'messageId'>;

export interface MailQueue {
  /** Queues `message` in `db` (the change's transaction): sent once it commits, never if it rolls back. */
  enqueue(db: Database, message: QueuedMail): Promise<void>;
}

export interface MailJobOptions {
  mailer: Mailer;
  /** The portal's address: its host names the Message-IDs. */
  publicUrl: string;
  retryLimit: number;
  retryDelaySeconds: number;
}

/** The job's Message-ID: stable for the job, unique to it. */
export function messageIdOfJob(jobId: string, publicUrl: string): string {
  return `<${jobId}@${new URL(publicUrl).hostname}>`;
}

export function mailJobKind(options: MailJobOptions): JobKind<QueuedMail> {
  return {
    name: MAIL_QUEUE,
    label: 'Email',
    retry: { limit: options.retryLimit, delaySeconds: options.retryDelaySeconds, backoff: true },
    // A slow mail server holds one worker, not the queue.
    concurrency: 4,
    async run(job) {
      await options.mailer.send({ ...job.data, messageId: messageIdOfJob(job.id, options.publicUrl) });
    },
  };
}

export function createMailQueue(jobs: JobQueue): MailQueue {
  return {
    async enqueue(db, message) {
      // Only what the mail needs is stored with the job: the recipients, the subject and the text.
      const data: QueuedMail = { to: message.to, subject: message.subject, text: message.text, ...(message.html ? { html: message.html } : {}) };
      await jobs.send(MAIL_QUEUE, data, db);
    },
  };
}
