/**
 * An agency's spend (issue 31): what suppliers billed the agency in their sent billing reports on
 * the sent engagement notices naming it, added up by supplier, by service (each report's lines) or
 * by month, with how much of it the agency confirmed; and every line as CSV records.
 */
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { AgencySpendResponse } from '../../../common/api/agency-engagements';
import { REPORT_RESPONSE_STATUS_LABELS } from '../../../common/reporting/agency-responses';
import type { SpendGrouping } from '../../../common/reporting/agency-spend';
import { billingPeriodLabel, REPORT_FIELDS, REPORT_STEPS } from '../../../common/reporting/billing-reports';
import { neutraliseCsvCell } from '../../../common/directory';
import { centsToDecimal } from '../../../common/money';
import type { Database } from '../../db/client';
import { billingReports, engagementNotices, services, suppliers } from '../../db/schema/index';
import { ANY_SUPPLIER, ownedBy } from '../../db/supplier-scope';
import { reportLines } from './billing-reports';
import { EXPORT_BATCH_SIZE } from './records';

/** The agency's spend: sent reports (any supplier's, each statement says so) on sent notices naming it. */
function billedTo(agencyId: number): SQL | undefined {
  return and(eq(billingReports.status, 'submitted'), eq(engagementNotices.agencyId, agencyId), eq(engagementNotices.status, 'submitted'));
}

/** One row per line of every report the agency was billed in: its supplier, month, service, amount and whether the agency confirmed it. */
function spendLines(db: Database, agencyId: number) {
  return db
    .select({
      supplierId: billingReports.supplierId,
      period: billingReports.billingPeriod,
      isConfirmed: sql<boolean>`(${billingReports.agencyResponse} = 'confirmed')`.as('is_confirmed'),
      line: sql<unknown>`jsonb_array_elements(${billingReports.data} -> ${REPORT_STEPS.amounts} -> ${REPORT_FIELDS.lines})`.as('line'),
    })
    .from(billingReports)
    // A report's notice is its own supplier's (the save checks it).
    .innerJoin(engagementNotices, and(eq(engagementNotices.id, billingReports.engagementNoticeId), ownedBy(engagementNotices, ANY_SUPPLIER)))
    .where(and(ownedBy(billingReports, ANY_SUPPLIER), billedTo(agencyId)))
    .as('spend_lines');
}

/** GET /agency/spend: the agency's spend by supplier or service (the most first) or by month (the latest first). */
export async function agencySpend(db: Database, agencyId: number, by: SpendGrouping): Promise<AgencySpendResponse> {
  const lines = spendLines(db, agencyId);
  const amount = sql`((${lines.line} ->> ${REPORT_FIELDS.amount})::bigint)`;
  const billed = sql<string>`coalesce(sum(${amount}), 0)`;
  const confirmed = sql<string>`coalesce(sum(case when ${lines.isConfirmed} then ${amount} else 0 end), 0)`;
  const sums = { billed, confirmed };
  let rows: { key: string; label: string; billed: string; confirmed: string }[];
  if (by === 'supplier') {
    rows = await db
      .select({ key: sql<string>`${suppliers.id}::text`, label: suppliers.tradingName, ...sums })
      .from(lines)
      .innerJoin(suppliers, eq(suppliers.id, lines.supplierId))
      .groupBy(suppliers.id, suppliers.tradingName)
      .orderBy(desc(billed), asc(suppliers.tradingName));
  } else if (by === 'service') {
    rows = await db
      .select({ key: sql<string>`${services.id}::text`, label: services.title, ...sums })
      .from(lines)
      .innerJoin(services, eq(services.id, sql`((${lines.line} ->> ${REPORT_FIELDS.service})::integer)`))
      .groupBy(services.id, services.title)
      .orderBy(desc(billed), asc(services.title));
  } else {
    rows = (
      await db
        .select({ key: sql<string>`${lines.period}`, ...sums })
        .from(lines)
        .groupBy(lines.period)
        .orderBy(desc(lines.period))
    ).map((row) => ({ ...row, label: billingPeriodLabel(row.key) }));
  }
  const shaped = rows.map((row) => ({ key: row.key, label: row.label, billedCents: Number(row.billed), confirmedCents: Number(row.confirmed) }));
  return {
    by,
    rows: shaped,
    billedCents: shaped.reduce((total, row) => total + row.billedCents, 0),
    confirmedCents: shaped.reduce((total, row) => total + row.confirmedCents, 0),
  };
}

export const SPEND_CSV_COLUMNS = ['Month', 'Supplier', 'Engagement', 'Agency reference', 'Service', 'Amount (NZD excl. GST)', "Agency's answer"] as const;

/** The agency's spend, a line of a report a record, the latest month first, in keyset-paged batches, formula-safe. */
export async function* exportAgencySpendRecords(db: Database, agencyId: number): AsyncGenerator<string[]> {
  const titles = new Map((await db.select({ id: services.id, title: services.title }).from(services)).map((service) => [service.id, service.title]));
  let after = null as { period: string; id: number } | null;
  for (;;) {
    const cursor = after;
    const rows = await db
      .select({ report: billingReports, supplierName: suppliers.tradingName, noticeTitle: engagementNotices.title, noticeReference: engagementNotices.reference })
      .from(billingReports)
      // A report's notice is its own supplier's (the save checks it).
      .innerJoin(engagementNotices, and(eq(engagementNotices.id, billingReports.engagementNoticeId), ownedBy(engagementNotices, ANY_SUPPLIER)))
      .innerJoin(suppliers, eq(suppliers.id, billingReports.supplierId))
      .where(
        and(
          ownedBy(billingReports, ANY_SUPPLIER),
          billedTo(agencyId),
          cursor === null ? undefined : sql`(${billingReports.billingPeriod}, ${billingReports.id}) < (${cursor.period}, ${cursor.id})`,
        ),
      )
      .orderBy(desc(billingReports.billingPeriod), desc(billingReports.id))
      .limit(EXPORT_BATCH_SIZE);
    for (const { report, supplierName, noticeTitle, noticeReference } of rows) {
      for (const line of reportLines(report)) {
        yield [
          report.billingPeriod ?? '',
          supplierName,
          noticeTitle ?? '',
          noticeReference ?? '',
          titles.get(line.serviceId) ?? '',
          centsToDecimal(line.amountCents),
          REPORT_RESPONSE_STATUS_LABELS[report.agencyResponse],
        ].map(neutraliseCsvCell);
      }
    }
    const last = rows.at(-1);
    if (!last || rows.length < EXPORT_BATCH_SIZE) {
      return;
    }
    after = { period: last.report.billingPeriod ?? '', id: last.report.id };
  }
}
