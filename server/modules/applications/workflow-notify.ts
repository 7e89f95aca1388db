/**
 * Email to a supplier's users when the team moves its application (issue: "each move emails the
 * supplier"). Sent after the move is saved; a failure is only logged, as the new stage shows in
 * the dashboard either way. A decline's reasons stay behind sign-in, in the application's thread.
 */
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { APPLICATION_STAGES, applicationStatusLabel, stageExplanation, type ApplicationStageCode } from '../../../common/application-stages';
import type { Database } from '../../db/client';
import { supplierMemberships, users } from '../../db/schema/index';
import { ownedBy } from '../../db/supplier-scope';
import type { Mailer } from '../../mail/index';

export interface ApplicationMoveNotice {
  supplierId: number;
  referenceId: string;
  status: ApplicationStageCode;
}

/** The subject of the mail for a move, so tests and the outbox read the same words. */
export function applicationMoveSubject(referenceId: string, status: ApplicationStageCode): string {
  return `Your application ${referenceId}: ${applicationStatusLabel(status)}`;
}

export async function notifyApplicationMove(
  db: Database,
  mailer: Mailer,
  log: FastifyBaseLogger,
  context: { productName: string; publicUrl: string },
  notice: ApplicationMoveNotice,
): Promise<void> {
  try {
    const rows = await db
      .selectDistinct({ email: users.email })
      .from(supplierMemberships)
      .innerJoin(users, eq(users.id, supplierMemberships.userId))
      .where(ownedBy(supplierMemberships, notice.supplierId));
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
    for (const row of rows.filter((candidate) => candidate.email !== '')) {
      await mailer.send({ to: row.email, subject, text });
    }
  } catch (error) {
    log.error({ err: error }, 'application move notification failed');
  }
}
