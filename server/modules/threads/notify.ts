/**
 * Email for a new message (issue: "new messages notify the other side"). A team reply goes to the
 * thread's creator and the supplier's admins (the people who act for the supplier, without mailing
 * every member of a large company), at once: they are waiting for that answer, and the team writes
 * few enough of them. A supplier's message is not mailed at once to the team: it waits, one row per
 * team member, for that member's next digest (digest.ts), so a flood of threads makes one mail per
 * member per period, not one per thread (issue 29, item 6: 1,000 threads made 4,000 mails).
 * A mail names the thread but never carries the message's attachment: files stay behind sign-in.
 * Mails and digest rows are written in the message's own transaction (server/mail/mail-queue.ts).
 */
import { and, eq, or } from 'drizzle-orm';
import { agencyRecordPath, dashboardRecordPath } from '../../../common/thread-addresses';
import type { Database } from '../../db/client';
import { agencyMemberships, supplierMemberships, threadDigestItems, users } from '../../db/schema/index';
import { ownedBy } from '../../db/supplier-scope';
import type { MailQueue } from '../../mail/mail-queue';
import { quoteForMail } from '../../mail/quote';

export interface MessageNotice {
  messageId: number;
  threadId: number;
  /** The record the thread hangs on: its screen in the dashboard is where the supplier reads it. */
  model: string;
  recordId: number;
  threadTitle: string;
  supplierId: number;
  createdByUserId: number | null;
  isFromTeam: boolean;
  /** The agency in the conversation (a disputed engagement notice's, issue 31); null for most threads. */
  agencyId: number | null;
  /** Written by a person of that agency. */
  isFromAgency: boolean;
  authorUserId: number;
}

/** A supplier's message: one digest row per team member (but its author), in the message's transaction. */
async function queueForDigest(tx: Database, notice: MessageNotice): Promise<void> {
  const members = await tx.select({ id: users.id }).from(users).where(eq(users.isTeamMember, true));
  const rows = members.filter((member) => member.id !== notice.authorUserId).map((member) => ({ userId: member.id, messageId: notice.messageId }));
  if (rows.length > 0) {
    await tx.insert(threadDigestItems).values(rows).onConflictDoNothing();
  }
}

/** A team reply's recipients: the thread's creator and the supplier's admins, but the author. */
async function supplierRecipients(db: Database, notice: MessageNotice): Promise<string[]> {
  const rows = await db
    .selectDistinct({ id: users.id, email: users.email })
    .from(supplierMemberships)
    .innerJoin(users, eq(users.id, supplierMemberships.userId))
    .where(
      and(
        ownedBy(supplierMemberships, notice.supplierId),
        notice.createdByUserId === null
          ? eq(supplierMemberships.isAdmin, true)
          : or(eq(supplierMemberships.isAdmin, true), eq(supplierMemberships.userId, notice.createdByUserId)),
      ),
    );
  // The author knows what they wrote.
  return rows.filter((row) => row.id !== notice.authorUserId && row.email !== '').map((row) => row.email);
}

/** An agency's recipients (issue 31): its admins and the person who opened the thread for it, but the author. */
async function agencyRecipients(db: Database, notice: MessageNotice, agencyId: number): Promise<string[]> {
  const rows = await db
    .selectDistinct({ id: users.id, email: users.email })
    .from(agencyMemberships)
    .innerJoin(users, eq(users.id, agencyMemberships.userId))
    .where(
      and(
        eq(agencyMemberships.agencyId, agencyId),
        notice.createdByUserId === null ? eq(agencyMemberships.isAdmin, true) : or(eq(agencyMemberships.isAdmin, true), eq(agencyMemberships.userId, notice.createdByUserId)),
      ),
    );
  return rows.filter((row) => row.id !== notice.authorUserId && row.email !== '').map((row) => row.email);
}

/** Queues the mails of a new message, in `tx`, the transaction that stores it. */
export type NotifyNewMessage = (tx: Database, notice: MessageNotice) => Promise<void>;

/**
 * The opening message of an agency's dispute or query (issue 31): the team reads it in its digest;
 * the supplier's people hear of it by the answer's own mail, which says more than "a new message".
 */
export const teamDigestNotifier: NotifyNewMessage = queueForDigest;

export function newMessageNotifier(mail: MailQueue, context: { productName: string; publicUrl: string }): NotifyNewMessage {
  /** One message per recipient, so no one sees the others' addresses; the title is typed by people: quoted, kept out of the subject. */
  const send = async (tx: Database, to: readonly string[], from: string, threadTitle: string, link: string) => {
    for (const recipient of to) {
      await mail.enqueue(tx, {
        to: recipient,
        subject: `New message on the ${context.productName}`,
        text: `${from} wrote a new message in the thread ${quoteForMail(threadTitle)}.\n\nSign in to read and reply: ${link}\n`,
      });
    }
  };
  return async (tx, notice) => {
    // Straight to the thread: the record's screen in the supplier's dashboard, or in the agency's.
    const supplierLink = `${context.publicUrl}${dashboardRecordPath(notice.model, notice.recordId)}`;
    const from = notice.isFromTeam ? `The ${context.productName} team` : notice.isFromAgency ? 'The agency' : 'The supplier';
    if (notice.isFromTeam) {
      await send(tx, await supplierRecipients(tx, notice), from, notice.threadTitle, supplierLink);
    } else {
      await queueForDigest(tx, notice);
      if (notice.isFromAgency) {
        await send(tx, await supplierRecipients(tx, notice), from, notice.threadTitle, supplierLink);
      }
    }
    // A dispute's agency hears of the supplier's and the team's messages as they come.
    if (notice.agencyId !== null && !notice.isFromAgency) {
      const agencyLink = `${context.publicUrl}${agencyRecordPath(notice.model, notice.recordId)}`;
      await send(tx, await agencyRecipients(tx, notice, notice.agencyId), from, notice.threadTitle, agencyLink);
    }
  };
}
