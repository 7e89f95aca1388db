/**
 * The one rule of a missing billing report (issue 12 item 3, issue 27 item 6): a month a submitted
 * engagement notice ran in (its start and end dates cover the month) with no submitted report for
 * that notice and month, once the month has ended. A draft report does not count; a draft or
 * withdrawn notice owes nothing. The database keeps every sent notice's months without a sent report,
 * past and to come, in `missing_billing_reports` (migration 0041's `reporting_refresh_notices`, run
 * by triggers as notices and reports change: issue 33 measured the months worked out on each request
 * at seconds); here they are read up to a month. The monthly reminder (`reminders.ts`, one month),
 * the supplier's next steps (`service.ts`, lent to the next-steps area) and the team's list
 * (`GET /admin/billing-reports/missing`) all read them from here.
 */
import { and, asc, count, eq, gte, lte, type SQL } from 'drizzle-orm';
import type { MissingBillingReport, MissingBillingReportListQuery, MissingBillingReportListResponse } from '../../../common/api/billing-reports';
import { MISSING_BILLING_REPORTS_PAGE_SIZE } from '../../../common/api/billing-reports';
import type { Database } from '../../db/client';
import { agencyApplications, engagementNotices, missingBillingReports, suppliers } from '../../db/schema/index';
import { ANY_SUPPLIER, ownedBy, type SupplierScope } from '../../db/supplier-scope';

/** Which months to look at: `from` (or each notice's first month) through `through`, both `yyyy-mm`. */
export interface MissingReportWindow {
  from?: string;
  through: string;
}

/** Whose missing months, in which window, and what else narrows them. */
interface MissingReportQuestion {
  scope: SupplierScope;
  window: MissingReportWindow;
  filter?: SQL;
}

function inWindow({ window, filter }: MissingReportQuestion): SQL | undefined {
  return and(window.from === undefined ? undefined : gte(missingBillingReports.billingPeriod, window.from), lte(missingBillingReports.billingPeriod, window.through), filter);
}

/**
 * The missing months with what lists show of each (the notice, its agency, its supplier). `page`
 * picks the rows from the months alone, in the order of their index, before anything is joined:
 * a deep page then skips index entries, not joined rows.
 */
function missingReportRows(db: Database, question: MissingReportQuestion, order: 'period-supplier' | 'supplier-title', page?: { limit: number; offset: number }) {
  const months = db
    .select({ noticeId: missingBillingReports.engagementNoticeId, supplierId: missingBillingReports.supplierId, period: missingBillingReports.billingPeriod })
    .from(missingBillingReports)
    .where(and(ownedBy(missingBillingReports, question.scope), inWindow(question)))
    .$dynamic();
  const picked = (
    page === undefined
      ? months
      : months
          .orderBy(asc(missingBillingReports.billingPeriod), asc(missingBillingReports.supplierId), asc(missingBillingReports.engagementNoticeId))
          .limit(page.limit)
          .offset(page.offset)
  ).as('picked');
  return db
    .select({
      period: picked.period,
      notice: { id: engagementNotices.id, title: engagementNotices.title, reference: engagementNotices.reference, agencyName: agencyApplications.agencyName },
      supplier: { id: suppliers.id, name: suppliers.tradingName },
    })
    .from(picked)
    // The month's own notice: the months were already kept to the scope.
    .innerJoin(engagementNotices, and(eq(engagementNotices.id, picked.noticeId), ownedBy(engagementNotices, ANY_SUPPLIER)))
    .innerJoin(suppliers, eq(suppliers.id, picked.supplierId))
    .leftJoin(agencyApplications, eq(agencyApplications.id, engagementNotices.agencyId))
    .orderBy(
      ...(order === 'period-supplier'
        ? [asc(picked.period), asc(picked.supplierId), asc(picked.noticeId)]
        : [asc(picked.supplierId), asc(engagementNotices.title), asc(picked.noticeId)]),
    )
    .$dynamic();
}

function toMissingReport(row: { period: string; notice: MissingBillingReport['engagementNotice']; supplier: MissingBillingReport['supplier'] }): MissingBillingReport {
  return { billingPeriod: row.period, engagementNotice: row.notice, supplier: row.supplier };
}

async function countMissingReports(db: Database, question: MissingReportQuestion): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(missingBillingReports)
    .where(and(ownedBy(missingBillingReports, question.scope), inWindow(question)));
  return row?.value ?? 0;
}

/**
 * A supplier's missing reports, the oldest month first (then by notice), at most `limit`, and how
 * many there are in all. Every month since each notice started: a month's report stays owed until
 * it is submitted, however old, and the team's list counts the same months, so both sides agree.
 */
export async function findSupplierMissingReports(
  db: Database,
  supplierId: number,
  through: string,
  limit: number,
): Promise<{ missingReports: MissingBillingReport[]; total: number }> {
  const question = { scope: supplierId, window: { through } };
  const rows = await missingReportRows(db, question, 'period-supplier', { limit, offset: 0 });
  return { missingReports: rows.map(toMissingReport), total: await countMissingReports(db, question) };
}

/** How many missing reports every supplier has up to `through`: the team's home counts them (issue 31). */
export function countMissingReportsForTeam(db: Database, through: string): Promise<number> {
  // Every supplier's: the team chases them all.
  return countMissingReports(db, { scope: ANY_SUPPLIER, window: { through } });
}

/** The notices due a report for one month, of every supplier (the reminder's question). */
export async function findMissingReportsForPeriod(db: Database, period: string): Promise<MissingBillingReport[]> {
  // The reminder reaches every supplier: that is its job.
  const rows = await missingReportRows(db, { scope: ANY_SUPPLIER, window: { from: period, through: period } }, 'supplier-title');
  return rows.map(toMissingReport);
}

/**
 * GET /admin/billing-reports/missing: every supplier's missing reports up to `through` (last month),
 * the oldest month first, then by supplier (the order they joined) and notice; by supplier and month.
 */
export async function listMissingReportsForTeam(db: Database, query: MissingBillingReportListQuery, through: string): Promise<MissingBillingReportListResponse> {
  const page = query.page ?? 1;
  // Every supplier's: the team chases them all.
  const question: MissingReportQuestion = {
    scope: ANY_SUPPLIER,
    window: { through },
    filter: and(query.supplier ? eq(missingBillingReports.supplierId, query.supplier) : undefined, query.period ? eq(missingBillingReports.billingPeriod, query.period) : undefined),
  };
  const rows = await missingReportRows(db, question, 'period-supplier', { limit: MISSING_BILLING_REPORTS_PAGE_SIZE, offset: (page - 1) * MISSING_BILLING_REPORTS_PAGE_SIZE });
  return {
    missingReports: rows.map(toMissingReport),
    total: await countMissingReports(db, question),
    page,
    pageSize: MISSING_BILLING_REPORTS_PAGE_SIZE,
    through,
  };
}
