/**
 * The team's digest of suppliers' messages (issue 29, item 6: a member opened 1,000 threads and the
 * team got 4,000 mails). A supplier's message leaves one row per team member in
 * `thread_digest_items` (notify.ts); this scheduled job (THREAD_DIGEST_SCHEDULE, every 30 minutes)
 * sends each team member with waiting rows one mail naming the threads that have new messages.
 *
 * Each member's digest is claimed by marking their waiting rows (`digested_at`) in the transaction
 * that queues the mail: the marks and the mail commit together or not at all. A second run at the
 * same moment (another process) waits on those rows and then finds none waiting, so an item is never
 * mailed twice; a digest whose messages the member has all read already is marked and not sent, so
 * no mail is ever empty.
 */
import { and, asc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { teamInboxPath, teamThreadPath } from '../../../common/thread-addresses';
import type { Database } from '../../db/client';
import { suppliers, threadDigestItems, threadMessages, threadReads, threads, users } from '../../db/schema/index';
import { ANY_SUPPLIER, ownedBy } from '../../db/supplier-scope';
import type { JobKind } from '../../jobs/job-queue';
import type { MailQueue } from '../../mail/mail-queue';
import { quoteForMail } from '../../mail/quote';

export interface DigestDeps {
  db: Database;
  mail: MailQueue;
  log: FastifyBaseLogger;
  productName: string;
  publicUrl: string;
}

export const THREAD_DIGEST_QUEUE = 'thread-digests';

/** Threads a digest names one by one; the rest are counted, with the inbox's link. Keeps a flood's mail short. */
export const DIGEST_MAX_THREADS = 20;

/** Digested rows are kept this long (for a look at what was sent), then removed. */
const DIGESTED_KEPT_MS = 30 * 24 * 60 * 60 * 1000;

export function threadDigestSubject(productName: string): string {
  return `New messages from suppliers on the ${productName}`;
}

/**
 * Sends every digest waiting; answers the team members this call mailed. Safe to run any number of
 * times, in any number of processes at once.
 */
export async function sendThreadDigests(deps: DigestDeps, now: Date = new Date()): Promise<number[]> {
  const waiting = await deps.db.selectDistinct({ userId: threadDigestItems.userId }).from(threadDigestItems).where(isNull(threadDigestItems.digestedAt));
  const mailed: number[] = [];
  for (const { userId } of waiting) {
    const sent = await digestFor(deps, userId, now).catch((error: unknown) => {
      // The marks rolled back with the mail: the next run tries this member again.
      deps.log.error({ err: error, userId }, 'thread digest failed; it will be tried again');
      return false;
    });
    if (sent) {
      mailed.push(userId);
    }
  }
  await deps.db.delete(threadDigestItems).where(lt(threadDigestItems.digestedAt, new Date(now.getTime() - DIGESTED_KEPT_MS)));
  return mailed;
}

interface DigestThread {
  threadId: number;
  title: string;
  supplierName: string;
  newMessages: number;
}

/** Claims the member's waiting items and queues their digest, in one transaction; false when nothing was sent. */
function digestFor(deps: DigestDeps, userId: number, now: Date): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const claimed = await tx
      .update(threadDigestItems)
      .set({ digestedAt: now })
      .where(and(eq(threadDigestItems.userId, userId), isNull(threadDigestItems.digestedAt)))
      .returning({ messageId: threadDigestItems.messageId });
    if (claimed.length === 0) {
      return false;
    }
    const [member] = await tx.select({ email: users.email, isTeamMember: users.isTeamMember }).from(users).where(eq(users.id, userId)).limit(1);
    if (member?.isTeamMember !== true || member.email === '') {
      // Left the team since: the items are marked, and nobody is mailed.
      return false;
    }
    const unread = await tx
      .select({
        threadId: threads.id,
        title: threads.title,
        supplierName: suppliers.tradingName,
        newMessages: sql<number>`count(*)::int`,
      })
      .from(threadDigestItems)
      .innerJoin(threadMessages, eq(threadMessages.id, threadDigestItems.messageId))
      .innerJoin(threads, eq(threads.id, threadMessages.threadId))
      .innerJoin(suppliers, eq(suppliers.id, threads.supplierId))
      .leftJoin(threadReads, and(eq(threadReads.threadId, threads.id), eq(threadReads.userId, userId)))
      .where(
        and(
          eq(threadDigestItems.userId, userId),
          eq(threadDigestItems.digestedAt, now),
          // What the member opened since is not news to them.
          or(isNull(threadReads.lastReadAt), gt(threadMessages.createdAt, threadReads.lastReadAt)),
          // The team reads every supplier's threads.
          ownedBy(threads, ANY_SUPPLIER),
        ),
      )
      .groupBy(threads.id, threads.title, suppliers.tradingName)
      .orderBy(asc(sql`min(${threadMessages.createdAt})`), asc(threads.id));
    if (unread.length === 0) {
      return false;
    }
    await deps.mail.enqueue(tx, { to: member.email, subject: threadDigestSubject(deps.productName), text: digestText(deps, unread) });
    return true;
  });
}

function plural(count: number, one: string, many: string): string {
  return `${String(count)} ${count === 1 ? one : many}`;
}

function digestText(deps: DigestDeps, unread: DigestThread[]): string {
  const messages = unread.reduce((total, thread) => total + thread.newMessages, 0);
  const shown = unread.slice(0, DIGEST_MAX_THREADS);
  const more = unread.length - shown.length;
  return [
    'Kia ora,',
    '',
    `Suppliers wrote ${plural(messages, 'new message', 'new messages')} in ${plural(unread.length, 'thread', 'threads')} since your last email about messages:`,
    '',
    // Titles and names are typed by people: quoted, never read as the portal's words.
    ...shown.map(
      (thread) =>
        `- ${quoteForMail(thread.title)} from ${quoteForMail(thread.supplierName)} (${plural(thread.newMessages, 'new message', 'new messages')}): ${deps.publicUrl}${teamThreadPath(thread.threadId)}`,
    ),
    ...(more > 0 ? ['', `And ${plural(more, 'more thread', 'more threads')}.`] : []),
    '',
    `Read and reply in the team inbox: ${deps.publicUrl}${teamInboxPath()}`,
    '',
  ].join('\n');
}

/** The scheduled job: every digest waiting when it runs. */
export function threadDigestJobKind(deps: DigestDeps, schedule: string): JobKind {
  return {
    name: THREAD_DIGEST_QUEUE,
    label: 'Message digests for the team',
    // A failed run is simply the next period's work: the marks make any rerun safe.
    retry: { limit: 2, delaySeconds: 120, backoff: false },
    schedule,
    async run() {
      const mailed = await sendThreadDigests(deps);
      deps.log.debug({ teamMembers: mailed.length }, 'thread digest run finished');
      if (mailed.length > 0) {
        deps.log.info({ teamMembers: mailed.length }, 'thread digests queued');
      }
    },
  };
}
