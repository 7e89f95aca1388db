/**
 * Either side of an engagement keeps it out of open data (issue 32): the supplier on its notice,
 * the agency on the notice naming it, each with its own reason, until the agency confirms the
 * notice (the publisher publishes it then, for good). The open data's rule reads the two columns
 * (../open-data/publication-rules.ts); this is how they change, for both sides.
 */
import { and, eq } from 'drizzle-orm';
import type { ConfidentialityMarksResponse, ConfidentialityRequest } from '../../../common/api/confidentiality';
import { canChangeConfidentiality, confidentialityProblem } from '../../../common/reporting/confidentiality';
import type { AuditLog } from '../../audit';
import type { Database } from '../../db/client';
import { engagementNotices } from '../../db/schema/index';
import { ownedBy } from '../../db/supplier-scope';
import { AppError, ErrorCode } from '../../errors';

type NoticeRow = typeof engagementNotices.$inferSelect;

export function confidentialityOf(row: NoticeRow): ConfidentialityMarksResponse {
  return {
    supplierReason: row.supplierConfidentialReason,
    agencyReason: row.agencyConfidentialReason,
    canChange: canChangeConfidentiality(row.status, row.agencyResponse),
  };
}

/** Why the mark cannot change, by where the notice stands. */
const TOO_LATE_MESSAGES = {
  draft: 'This engagement notice is still a draft: submit it, then say whether it can be published.',
  withdrawn: 'This engagement notice was withdrawn, so it is not published.',
  confirmed: 'The agency has confirmed this engagement, so it is already published as open data.',
} as const;

/** Who changes the mark: the supplier's side or the agency's, and the person. */
export interface ConfidentialitySide {
  side: 'supplier' | 'agency';
  userId: number;
  requestId: string;
}

/**
 * Saves one side's answer on a notice the caller found and locked for its transaction (and may see):
 * 400 for a confidential answer without a reason, 409 once the agency confirmed or the notice was
 * withdrawn. Audited with the side's reason before and after.
 */
export async function changeConfidentiality(tx: Database, audit: AuditLog, who: ConfidentialitySide, row: NoticeRow, request: ConfidentialityRequest): Promise<void> {
  const problem = confidentialityProblem(request.confidential, request.reason);
  if (problem !== null) {
    throw new AppError(ErrorCode.BadRequest, problem, [{ field: 'reason', message: problem }]);
  }
  if (!canChangeConfidentiality(row.status, row.agencyResponse)) {
    throw new AppError(ErrorCode.Conflict, TOO_LATE_MESSAGES[row.status === 'submitted' ? 'confirmed' : row.status]);
  }
  const reason = request.confidential ? (request.reason ?? '').trim() : null;
  const column = who.side === 'supplier' ? 'supplierConfidentialReason' : 'agencyConfidentialReason';
  await tx
    .update(engagementNotices)
    .set({ [column]: reason })
    .where(and(eq(engagementNotices.id, row.id), ownedBy(engagementNotices, row.supplierId)));
  await audit.record(
    {
      actorUserId: who.userId,
      action: 'engagement-notice.confidentiality',
      entity: 'engagement-notice',
      entityId: row.id,
      supplierId: row.supplierId,
      before: { side: who.side, confidentialReason: row[column] },
      after: { side: who.side, confidentialReason: reason },
      requestId: who.requestId,
    },
    tx,
  );
}
