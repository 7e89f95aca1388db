/**
 * Email to a supplier's users when the team moves its application (issue: "each move emails the
 * supplier"), queued in the move's transaction (server/mail/mail-queue.ts). A decline's reasons
 * stay behind sign-in, in the application's thread.
 */
import { APPLICATION_STAGES, applicationStatusLabel, stageExplanation, type ApplicationStageCode } from '../../../common/application-stages';
import type { Database } from '../../db/client';
import type { MailQueue } from '../../mail/mail-queue';
import { quoteForMail } from '../../mail/quote';
import { supplierPeopleEmails } from '../supplier-users/service';

export interface WorkflowMailContext {
  productName: string;
  publicUrl: string;
}

export interface ApplicationMoveNotice {
  supplierId: number;
  referenceId: string;
  status: ApplicationStageCode;
}

export interface ServiceDecisionNotice {
  supplierId: number;
  referenceId: string;
  serviceTitle: string;
  status: 'granted' | 'declined';
}

export function serviceDecisionSubject(referenceId: string, status: ServiceDecisionNotice['status']): string {
  return `Your application ${referenceId}: a service was ${status === 'granted' ? 'granted' : 'declined'}`;
}

/**
 * Mails the supplier's people the team's decision on one service of its application. A decline's
 * reason, like an application's, is read behind sign-in, on the application.
 */
export async function queueServiceDecisionMail(
  tx: Database,
  mail: MailQueue,
  context: WorkflowMailContext,
  notice: ServiceDecisionNotice,
): Promise<void> {
  const service = quoteForMail(notice.serviceTitle);
  const text = [
    'Kia ora,',
    '',
    notice.status === 'granted'
      ? `The ${context.productName} team has granted the service ${service} in your application ${notice.referenceId}.`
      : `The ${context.productName} team has declined the service ${service} in your application ${notice.referenceId}. The team's reason is on your application.`,
    '',
    `Sign in to see your application: ${context.publicUrl}/dashboard`,
    '',
  ].join('\n');
  for (const email of await supplierPeopleEmails(tx, notice.supplierId)) {
    await mail.enqueue(tx, { to: email, subject: serviceDecisionSubject(notice.referenceId, notice.status), text });
  }
}

/** The subject of the mail for a move, so tests and the outbox read the same words. */
export function applicationMoveSubject(referenceId: string, status: ApplicationStageCode): string {
  return `Your application ${referenceId}: ${applicationStatusLabel(status)}`;
}

export async function queueApplicationMoveMail(tx: Database, mail: MailQueue, context: WorkflowMailContext, notice: ApplicationMoveNotice): Promise<void> {
  const emails = await supplierPeopleEmails(tx, notice.supplierId);
  const stage = APPLICATION_STAGES.find((candidate) => candidate.code === notice.status);
  const subject = applicationMoveSubject(notice.referenceId, notice.status);
  const text = [
    'Kia ora,',
    '',
    `Your application ${notice.referenceId} to the ${context.productName} is now at the stage "${applicationStatusLabel(notice.status)}".`,
    stage ? stageExplanation(stage, context.productName) : '',
    '',
    `Sign in to see your application: ${context.publicUrl}/dashboard`,
    '',
  ].join('\n');
  // One message per recipient, so no one sees the others' addresses.
  for (const email of emails) {
    await mail.enqueue(tx, { to: email, subject, text });
  }
}
