/**
 * The one rule of a missing billing report (issue 12 item 3, issue 27 item 6): a month a submitted
 * engagement notice ran in (its start and end dates cover the month) with no submitted report for
 * that notice and month. A draft report does not count; a draft or withdrawn notice owes nothing.
 * The monthly reminder (`reminders.ts`, one month), the supplier's next steps (`service.ts`, lent to the
 * next-steps area) and the team's list (`GET /admin/billing-reports/missing`) all read it from here.
 */
import { and, asc, count, eq, notExists, sql, type SQL } from 'drizzle-orm';
import type { MissingBillingReport, MissingBillingReportListQuery, MissingBillingReportListResponse } from '../../../common/api/billing-reports';
import { MISSING_BILLING_REPORTS_PAGE_SIZE } from '../../../common/api/billing-reports';
import { REPORTABLE_NOTICE_STATUS } from '../../../common/reporting/billing-reports';
import type { Database } from '../../db/client';
import { agencyApplications, billingReports, engagementNotices, suppliers } from '../../db/schema/index';
import { ANY_SUPPLIER, ownedBy, type SupplierScope } from '../../db/supplier-scope';

/** Which months to look at: `from` (or each notice's first month) through `through`, both `yyyy-mm`. */
export interface MissingReportWindow {
  from?: string;
  through: string;
}

/**
 * Every (notice, month) pair due in the window: one row per month each submitted notice of `scope`
 * ran in, the months a submitted report covers left out. A subquery, for lists, counts and the reminder.
 */
function missingReports(db: Database, scope: SupplierScope, window: MissingReportWindow) {
  // Dates are ISO text: their first seven characters are the month, compared as the reminder always did.
  const firstMonth = window.from === undefined ? sql`left(${engagementNotices.startDate}, 7)` : sql`greatest(left(${engagementNotices.startDate}, 7), ${window.from}::text)`;
  const lastMonth = sql`least(left(${engagementNotices.endDate}, 7), ${window.through}::text)`;
  const months = db
    .select({
      noticeId: sql<number>`${engagementNotices.id}`.as('due_notice_id'),
      supplierId: sql<number>`${engagementNotices.supplierId}`.as('due_supplier_id'),
      period: sql<string>`to_char(generate_series(to_date(${firstMonth}, 'YYYY-MM'), to_date(${lastMonth}, 'YYYY-MM'), interval '1 month'), 'YYYY-MM')`.as(
        'due_period',
      ),
    })
    .from(engagementNotices)
    .where(and(ownedBy(engagementNotices, scope), eq(engagementNotices.status, REPORTABLE_NOTICE_STATUS)))
    .as('notice_months');
  return {
    months,
    isUnreported: notExists(
      db
        .select({ id: billingReports.id })
        .from(billingReports)
        .where(
          and(
            eq(billingReports.engagementNoticeId, months.noticeId),
            eq(billingReports.billingPeriod, months.period),
            eq(billingReports.status, 'submitted'),
            // The notice's own reports: its owner is the notice's, checked by the save.
            ownedBy(billingReports, ANY_SUPPLIER),
          ),
        ),
    ),
  };
}

type MonthFilter = (months: ReturnType<typeof missingReports>['months']) => SQL | undefined;

/** The due months with what lists show of each (the notice, its agency, its supplier), and the months' subquery to sort by. */
function missingReportRows(db: Database, scope: SupplierScope, window: MissingReportWindow, filter?: MonthFilter) {
  const { months, isUnreported } = missingReports(db, scope, window);
  const query = db
    .select({
      period: months.period,
      notice: { id: engagementNotices.id, title: engagementNotices.title, reference: engagementNotices.reference, agencyName: agencyApplications.agencyName },
      supplier: { id: suppliers.id, name: suppliers.tradingName },
    })
    .from(months)
    // The month's own notice: the subquery already kept to the scope.
    .innerJoin(engagementNotices, and(eq(engagementNotices.id, months.noticeId), ownedBy(engagementNotices, ANY_SUPPLIER)))
    .innerJoin(suppliers, eq(suppliers.id, months.supplierId))
    .leftJoin(agencyApplications, eq(agencyApplications.id, engagementNotices.agencyId))
    .where(and(isUnreported, filter?.(months)))
    .$dynamic();
  return { query, months };
}

function toMissingReport(row: { period: string; notice: MissingBillingReport['engagementNotice']; supplier: MissingBillingReport['supplier'] }): MissingBillingReport {
  return { billingPeriod: row.period, engagementNotice: row.notice, supplier: row.supplier };
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
  const { query, months } = missingReportRows(db, supplierId, { through });
  const rows = await query.orderBy(asc(months.period), asc(engagementNotices.title), asc(engagementNotices.id)).limit(limit);
  return { missingReports: rows.map(toMissingReport), total: await countMissingReports(db, supplierId, { through }) };
}

async function countMissingReports(db: Database, scope: SupplierScope, window: MissingReportWindow, filter?: MonthFilter): Promise<number> {
  const { months, isUnreported } = missingReports(db, scope, window);
  const [row] = await db
    .select({ value: count() })
    .from(months)
    .where(and(isUnreported, filter?.(months)));
  return row?.value ?? 0;
}

/** How many missing reports every supplier has up to `through`: the team's home counts them (issue 31). */
export function countMissingReportsForTeam(db: Database, through: string): Promise<number> {
  // Every supplier's: the team chases them all.
  return countMissingReports(db, ANY_SUPPLIER, { through });
}

/** The notices due a report for one month, of every supplier (the reminder's question). */
export async function findMissingReportsForPeriod(db: Database, period: string): Promise<MissingBillingReport[]> {
  // The reminder reaches every supplier: that is its job.
  const { query } = missingReportRows(db, ANY_SUPPLIER, { from: period, through: period });
  const rows = await query.orderBy(asc(suppliers.id), asc(engagementNotices.title), asc(engagementNotices.id));
  return rows.map(toMissingReport);
}

/**
 * GET /admin/billing-reports/missing: every supplier's missing reports up to `through` (last month),
 * the oldest month first, then by supplier and notice; by supplier and month.
 */
export async function listMissingReportsForTeam(db: Database, query: MissingBillingReportListQuery, through: string): Promise<MissingBillingReportListResponse> {
  const page = query.page ?? 1;
  const filter: MonthFilter = (months) =>
    and(query.supplier ? eq(months.supplierId, query.supplier) : undefined, query.period ? eq(months.period, query.period) : undefined);
  // Every supplier's: the team chases them all.
  const { query: rowsQuery, months } = missingReportRows(db, ANY_SUPPLIER, { through }, filter);
  const rows = await rowsQuery
    .orderBy(asc(months.period), asc(suppliers.tradingName), asc(suppliers.id), asc(engagementNotices.title), asc(engagementNotices.id))
    .limit(MISSING_BILLING_REPORTS_PAGE_SIZE)
    .offset((page - 1) * MISSING_BILLING_REPORTS_PAGE_SIZE);
  return {
    missingReports: rows.map(toMissingReport),
    total: await countMissingReports(db, ANY_SUPPLIER, { through }, filter),
    page,
    pageSize: MISSING_BILLING_REPORTS_PAGE_SIZE,
    through,
  };
}
