/**
 * Email to a supplier's people when the team suspends or reinstates it, with the team's reason:
 * while suspended they cannot sign in to its dashboard to read it there. Queued in the change's
 * transaction (server/mail/mail-queue.ts).
 */
import type { TeamContact } from '../../../common/page-data';
import type { Database } from '../../db/client';
import type { MailQueue } from '../../mail/mail-queue';
import { quoteForMail } from '../../mail/quote';
import { supplierPeopleEmails } from '../supplier-users/service';

export interface SupplierMailContext {
  productName: string;
  publicUrl: string;
  teamContact: TeamContact;
}

export function supplierStatusSubject(productName: string, suspended: boolean): string {
  return suspended ? `Your business is suspended from the ${productName}` : `Your business is reinstated on the ${productName}`;
}

export async function queueSupplierStatusMail(
  tx: Database,
  mail: MailQueue,
  context: SupplierMailContext,
  change: { supplierId: number; tradingName: string; suspended: boolean; reason: string },
): Promise<void> {
  const name = quoteForMail(change.tradingName);
  const text = [
    'Kia ora,',
    '',
    change.suspended
      ? `The ${context.productName} team has suspended ${name}. While it is suspended, it is not in the approved-suppliers directory and its people cannot use its dashboard.`
      : `The ${context.productName} team has reinstated ${name}. It is back as it was before the suspension, and its people can use its dashboard again: ${context.publicUrl}/dashboard`,
    '',
    'The team\'s reason:',
    change.reason,
    '',
    `To ask about it, contact the ${context.productName} team: email ${context.teamContact.email} or phone ${context.teamContact.phone}.`,
    '',
  ].join('\n');
  // One message per person, so no one sees the others' addresses.
  for (const email of await supplierPeopleEmails(tx, change.supplierId)) {
    await mail.enqueue(tx, { to: email, subject: supplierStatusSubject(context.productName, change.suspended), text });
  }
}
