/**
 * The rules of a reporting mismatch (issue 31), where a supplier's record and the agency's answer
 * disagree, in one place: a submitted notice the agency has not answered within the review target
 * (REVIEW_TARGET_DAYS working days since it was sent), a billing report the agency queried, a notice
 * whose sent reports add up to more than its value, and a month a notice ran in without a report
 * (missing-reports.ts). The team's lists filter by them and its home counts them.
 */
import { and, count, eq, isNotNull, lt, sql, sum, type SQL } from 'drizzle-orm';
import type { ReportingMismatchesResponse } from '../../../common/api/billing-reports';
import type { NoticeMismatch } from '../../../common/reporting/mismatches';
import type { Database } from '../../db/client';
import { billingReports, engagementNotices } from '../../db/schema/index';
import { ANY_SUPPLIER, ownedBy } from '../../db/supplier-scope';
import { countMissingReportsForTeam } from './missing-reports';

/** When the rules are read: notices sent before `unansweredBefore` are past the agency's time to answer. */
export interface MismatchClock {
  unansweredBefore: Date;
}

/** A sent notice naming an agency that has not answered it by `unansweredBefore`. */
function isUnansweredTooLong(clock: MismatchClock): SQL | undefined {
  return and(
    eq(engagementNotices.status, 'submitted'),
    isNotNull(engagementNotices.agencyId),
    eq(engagementNotices.agencyResponse, 'awaiting'),
    lt(engagementNotices.submittedAt, clock.unansweredBefore),
  );
}

/** A sent notice with a value, whose sent reports add up to more than it. */
function isBilledOverValue(db: Database): SQL | undefined {
  const billed = db
    .select({ total: sum(billingReports.amountCents) })
    .from(billingReports)
    // The notice's own reports: its supplier's, checked by the save.
    .where(and(eq(billingReports.engagementNoticeId, engagementNotices.id), eq(billingReports.status, 'submitted'), ownedBy(billingReports, ANY_SUPPLIER)));
  return and(eq(engagementNotices.status, 'submitted'), isNotNull(engagementNotices.valueCents), sql`(${billed}) > ${engagementNotices.valueCents}`);
}

/** The condition on engagement notices of one mismatch, for the team's list and its CSV. */
export function noticeMismatchCondition(db: Database, mismatch: NoticeMismatch, clock: MismatchClock): SQL | undefined {
  return mismatch === 'unconfirmed' ? isUnansweredTooLong(clock) : isBilledOverValue(db);
}

/** GET /admin/reporting-mismatches: how many of each mismatch there are, every supplier's (that is the team's job). */
export async function countMismatches(db: Database, clock: MismatchClock & { reviewTargetDays: number; through: string }): Promise<ReportingMismatchesResponse> {
  const countNotices = async (condition: SQL | undefined) => {
    const [row] = await db.select({ value: count() }).from(engagementNotices).where(and(ownedBy(engagementNotices, ANY_SUPPLIER), condition));
    return row?.value ?? 0;
  };
  const [queried] = await db
    .select({ value: count() })
    .from(billingReports)
    .where(and(ownedBy(billingReports, ANY_SUPPLIER), eq(billingReports.status, 'submitted'), eq(billingReports.agencyResponse, 'queried')));
  return {
    unconfirmedNotices: await countNotices(isUnansweredTooLong(clock)),
    queriedReports: queried?.value ?? 0,
    overValueNotices: await countNotices(isBilledOverValue(db)),
    missingMonths: await countMissingReportsForTeam(db, clock.through),
    reviewTargetDays: clock.reviewTargetDays,
    through: clock.through,
  };
}
