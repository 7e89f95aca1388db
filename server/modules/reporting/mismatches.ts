/**
 * The rules of a reporting mismatch (issue 31), where a supplier's record and the agency's answer
 * disagree, in one place: a submitted notice the agency has not answered within the review target
 * (REVIEW_TARGET_DAYS working days since it was sent), a billing report the agency queried, a notice
 * whose sent reports add up to more than its value, and a month a notice ran in without a report
 * (missing-reports.ts). The team's lists filter by them and its home counts them.
 */
import { and, count, eq, isNotNull, lt, sql, type SQL } from 'drizzle-orm';
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

/**
 * A sent notice with a value, whose sent reports add up to more than it: `billed_cents` is that sum,
 * kept by the database as reports change (migration 0041), and the condition is the predicate of
 * its partial index `engagement_notices_over_value_idx`, written the same way so that it is used.
 */
function isBilledOverValue(): SQL | undefined {
  return sql`${engagementNotices.status} = 'submitted' AND ${engagementNotices.valueCents} IS NOT NULL AND ${engagementNotices.billedCents} > ${engagementNotices.valueCents}`;
}

/** The condition on engagement notices of one mismatch, for the team's list and its CSV. */
export function noticeMismatchCondition(mismatch: NoticeMismatch, clock: MismatchClock): SQL | undefined {
  return mismatch === 'unconfirmed' ? isUnansweredTooLong(clock) : isBilledOverValue();
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
    overValueNotices: await countNotices(isBilledOverValue()),
    missingMonths: await countMissingReportsForTeam(db, clock.through),
    reviewTargetDays: clock.reviewTargetDays,
    through: clock.through,
  };
}
