/**
 * Email for a new message (issue: "new messages notify the other side"). A supplier's message goes
 * to every team member; a team reply goes to the thread's creator and the supplier's admins (the
 * people who act for the supplier, without mailing every member of a large company). The mail
 * names the thread but never carries the message's attachment: files stay behind sign-in.
 * The mails are queued in the message's own transaction (server/mail/mail-queue.ts).
 */
import { and, eq, or } from 'drizzle-orm';
import { dashboardRecordPath, teamThreadPath } from '../../../common/thread-addresses';
import type { Database } from '../../db/client';
import { supplierMemberships, users } from '../../db/schema/index';
import { ownedBy } from '../../db/supplier-scope';
import type { MailQueue } from '../../mail/mail-queue';
import { quoteForMail } from '../../mail/quote';

export interface MessageNotice {
  threadId: number;
  /** The record the thread hangs on: its screen in the dashboard is where the supplier reads it. */
  model: string;
  recordId: number;
  threadTitle: string;
  supplierId: number;
  createdByUserId: number | null;
  isFromTeam: boolean;
  authorUserId: number;
}

async function recipientsFor(db: Database, notice: MessageNotice): Promise<string[]> {
  const rows = notice.isFromTeam
    ? await db
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
        )
    : await db.select({ id: users.id, email: users.email }).from(users).where(eq(users.isTeamMember, true));
  // The author knows what they wrote.
  return rows.filter((row) => row.id !== notice.authorUserId && row.email !== '').map((row) => row.email);
}

/** Queues the mails of a new message, in `tx`, the transaction that stores it. */
export type NotifyNewMessage = (tx: Database, notice: MessageNotice) => Promise<void>;

export function newMessageNotifier(mail: MailQueue, context: { productName: string; publicUrl: string }): NotifyNewMessage {
  return async (tx, notice) => {
    const to = await recipientsFor(tx, notice);
    const from = notice.isFromTeam ? `The ${context.productName} team` : 'A supplier';
    // Straight to the thread: the record's screen for the supplier, the inbox thread for the team.
    const link = `${context.publicUrl}${notice.isFromTeam ? dashboardRecordPath(notice.model, notice.recordId) : teamThreadPath(notice.threadId)}`;
    // One message per recipient, so no one sees the others' addresses.
    for (const recipient of to) {
      await mail.enqueue(tx, {
        to: recipient,
        // The title is typed by people: quoted in the text, kept out of the subject.
        subject: `New message on the ${context.productName}`,
        text: `${from} wrote a new message in the thread ${quoteForMail(notice.threadTitle)}.\n\nSign in to read and reply: ${link}\n`,
      });
    }
  };
}
