/**
 * Mail to a supplier's people when the team decides on one of its listings, or suspends or
 * reinstates one, queued in the decision's transaction. Reasons for changes stay behind sign-in, in the message the team wrote.
 */
import type { Database } from '../../db/client';
import type { MailQueue } from '../../mail/mail-queue';
import { quoteForMail } from '../../mail/quote';
import { supplierPeopleEmails } from '../supplier-users/service';

export interface ListingMailContext {
  productName: string;
  publicUrl: string;
}

export interface ListingDecisionNotice {
  supplierId: number;
  serviceTitle: string;
  /** `approved`: ready for publication with its application; `published`: a live listing's change is live. */
  decision: 'approved' | 'published' | 'changes_requested' | 'suspended' | 'reinstated';
}

const SUBJECTS: Record<ListingDecisionNotice['decision'], string> = {
  approved: 'Your service listing was approved',
  published: 'Your listing change is live',
  changes_requested: 'Changes needed to your service listing',
  suspended: 'Your service listing is suspended',
  reinstated: 'Your service listing is back in the directory',
};

export function listingDecisionSubject(decision: ListingDecisionNotice['decision']): string {
  return SUBJECTS[decision];
}

export async function queueListingDecisionMail(tx: Database, mail: MailQueue, context: ListingMailContext, notice: ListingDecisionNotice): Promise<void> {
  const service = quoteForMail(notice.serviceTitle);
  const sentence = {
    approved: `The ${context.productName} team approved your listing of ${service}. It will be published when your application is.`,
    published: `The ${context.productName} team approved the change to your listing of ${service}. Buyers now see the new version.`,
    changes_requested: `The ${context.productName} team needs you to change your listing of ${service}. Their message says what to change.`,
    suspended: `The ${context.productName} team suspended your listing of ${service}: buyers cannot see it until the team reinstates it. Their message says why and what to do.`,
    reinstated: `The ${context.productName} team reinstated your listing of ${service}: buyers can see it again.`,
  }[notice.decision];
  const text = ['Kia ora,', '', sentence, '', `Sign in to see your listings: ${context.publicUrl}/dashboard/listings`, ''].join('\n');
  // One message per recipient, so no one sees the others' addresses.
  for (const email of await supplierPeopleEmails(tx, notice.supplierId)) {
    await mail.enqueue(tx, { to: email, subject: listingDecisionSubject(notice.decision), text });
  }
}
