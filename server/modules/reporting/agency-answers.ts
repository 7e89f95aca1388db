/**
 * What an agency's answers to engagement notices and to billing reports (issue 31) share: what they
 * need to run, the mail that tells the supplier's people how the agency answered, and the agency's
 * messages in the conversation a dispute or a query opened.
 */
import type { AuditLog } from '../../audit';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { AgencyActor } from '../../auth/actor';
import { AppError, ErrorCode } from '../../errors';
import type { MailQueue } from '../../mail/mail-queue';
import { supplierPeopleEmails } from '../supplier-users/service';
import { findAgencyThread, newMessageNotifier, postAgencyMessage, type ThreadRecord } from '../threads/service';

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

/**
 * The agency's message in the conversation its dispute or query opened on `record`, while that
 * answer stands (`isOpen`); 409 before it opened one and once it confirmed (the answer is settled),
 * each in the record's own words.
 */
export async function writeInAgencyConversation(
  deps: AgencyAnswerDependencies,
  actor: AgencyActor,
  record: ThreadRecord,
  answer: { status: string; isOpen: boolean; settledMessage: string; notYetMessage: string },
  content: string,
): Promise<void> {
  const thread = await findAgencyThread(deps.db, actor.agencyId, record);
  if (!thread || !answer.isOpen) {
    throw new AppError(ErrorCode.Conflict, answer.status === 'confirmed' ? answer.settledMessage : answer.notYetMessage, { status: answer.status });
  }
  await postAgencyMessage(deps.db, deps.audit, actor, thread.id, { content }, newMessageNotifier(deps.mail, deps.config));
}
