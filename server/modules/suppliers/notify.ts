/**
 * Email to a supplier's people when the team suspends or reinstates it, with the team's reason:
 * while suspended they cannot sign in to its dashboard to read it there; and when the team decides
 * a change of its legal name or business numbers. Queued in the change's transaction
 * (server/mail/mail-queue.ts).
 */
import type { SupplierChangeField } from '../../../common/api/supplier-detail-changes';
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

export function supplierChangeDecisionSubject(productName: string, approved: boolean): string {
  return approved ? `Your change to your business details is approved on the ${productName}` : `Your change to your business details was not approved on the ${productName}`;
}

/**
 * Email to a supplier's people when the team approves or declines its change of legal name or
 * business numbers: what changed, field by field, and the team's reason for declining.
 */
export async function queueSupplierChangeDecisionMail(
  tx: Database,
  mail: MailQueue,
  context: SupplierMailContext,
  decision: { supplierId: number; tradingName: string; fields: readonly SupplierChangeField[]; approved: boolean; reason: string | null },
): Promise<void> {
  const name = quoteForMail(decision.tradingName);
  const shown = (value: string | null) => (value === null ? 'none' : quoteForMail(value));
  const fields = decision.fields.map((field) => `- ${field.label}: ${shown(field.after)} (was ${shown(field.before)})`);
  const text = [
    'Kia ora,',
    '',
    decision.approved
      ? `The ${context.productName} team has approved the change to the details of ${name}. The directory and your public profile now show:`
      : `The ${context.productName} team has not approved the change to the details of ${name}. The directory and your public profile keep the details as they were. The change asked for:`,
    ...fields,
    '',
    ...(decision.reason === null ? [] : ["The team's reason:", decision.reason, '', `You can ask for a change again from your supplier details: ${context.publicUrl}/dashboard/supplier`, '']),
    `To ask about it, contact the ${context.productName} team: email ${context.teamContact.email} or phone ${context.teamContact.phone}.`,
    '',
  ].join('\n');
  // One message per person, so no one sees the others' addresses.
  for (const email of await supplierPeopleEmails(tx, decision.supplierId)) {
    await mail.enqueue(tx, { to: email, subject: supplierChangeDecisionSubject(context.productName, decision.approved), text });
  }
}
