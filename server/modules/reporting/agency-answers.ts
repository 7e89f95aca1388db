/**
 * What an agency's answers to engagement notices and to billing reports (issue 31) share: what they
 * need to run, and the mail that tells the supplier's people how the agency answered.
 */
import type { AuditLog } from '../../audit';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { MailQueue } from '../../mail/mail-queue';
import { supplierPeopleEmails } from '../supplier-users/service';

export interface AgencyAnswerDependencies {
  db: Database;
  audit: AuditLog;
  mail: MailQueue;
  config: Pick<Config, 'productName' | 'publicUrl'>;
}

/** One mail per person of the supplier, in the answer's transaction, so no one sees the others' addresses. */
export async function mailSupplierPeople(tx: Database, deps: AgencyAnswerDependencies, supplierId: number, subject: string, lines: readonly string[]): Promise<void> {
  for (const to of await supplierPeopleEmails(tx, supplierId)) {
    await deps.mail.enqueue(tx, { to, subject, text: lines.join('\n') });
  }
}
