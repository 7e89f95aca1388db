/**
 * The agency's side of billing reports (issue 31): the reports suppliers sent on the engagements
 * the agency confirmed, one of them with its query, and the agency's answer: confirm the amount, or
 * query it in its own words, which opens a conversation between the supplier, the agency and the
 * team (a thread on the report that the agency is in). Every answer is audited and mailed to the
 * supplier's people.
 */
import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  AGENCY_REPORTS_PAGE_SIZE,
  type AgencyBillingReport,
  type AgencyBillingReportDetail,
  type AgencyReportsQuery,
  type AgencyReportsResponse,
} from '../../../common/api/agency-engagements';
import { THREAD_TITLE_MAX_LENGTH } from '../../../common/api/threads';
import { canConfirmReport, canQueryReport, queryProblem } from '../../../common/reporting/agency-responses';
import { billingPeriodLabel } from '../../../common/reporting/billing-reports';
import { formatCents } from '../../../common/money';
import { dashboardRecordPath } from '../../../common/thread-addresses';
import type { AgencyActor } from '../../auth/actor';
import type { Database } from '../../db/client';
import { billingReports, engagementNotices, services, suppliers } from '../../db/schema/index';
import { ANY_SUPPLIER, ownedBy } from '../../db/supplier-scope';
import { AppError, ErrorCode } from '../../errors';
import { quoteForMail } from '../../mail/quote';
import { findAgencyThread, openAgencyThread, teamDigestNotifier } from '../threads/service';
import { mailSupplierPeople, writeInAgencyConversation, type AgencyAnswerDependencies } from './agency-answers';
import { reportLines, reportResponseOf } from './billing-reports';
import { responderNames } from './records';

type ReportRow = typeof billingReports.$inferSelect;

interface AgencyReportRow {
  report: ReportRow;
  supplierName: string;
  noticeTitle: string | null;
  noticeReference: string | null;
  noticeValueCents: number | null;
}

const NOT_FOUND = 'No billing report with that id is on an engagement your agency confirmed.';

/**
 * The reports the agency answers: any supplier's (each statement says so with ANY_SUPPLIER), sent,
 * on a sent notice naming the agency that the agency confirmed (it answers for the engagement first).
 */
function onConfirmedEngagement(agencyId: number): SQL | undefined {
  return and(
    eq(billingReports.status, 'submitted'),
    eq(engagementNotices.agencyId, agencyId),
    eq(engagementNotices.status, 'submitted'),
    eq(engagementNotices.agencyResponse, 'confirmed'),
  );
}

function agencyReportQuery(db: Database, condition: SQL | undefined) {
  return db
    .select({
      report: billingReports,
      supplierName: suppliers.tradingName,
      noticeTitle: engagementNotices.title,
      noticeReference: engagementNotices.reference,
      noticeValueCents: engagementNotices.valueCents,
    })
    .from(billingReports)
    // A report's notice is its own supplier's (the save checks it).
    .innerJoin(engagementNotices, and(eq(engagementNotices.id, billingReports.engagementNoticeId), ownedBy(engagementNotices, ANY_SUPPLIER)))
    .innerJoin(suppliers, eq(suppliers.id, billingReports.supplierId))
    .where(and(ownedBy(billingReports, ANY_SUPPLIER), condition))
    .$dynamic();
}

function toAgencyReports(rows: readonly AgencyReportRow[], names: ReadonlyMap<number, string>): AgencyBillingReport[] {
  return rows.map(({ report, supplierName, noticeTitle, noticeReference }) => ({
    id: report.id,
    supplier: { id: report.supplierId, name: supplierName },
    engagementNotice: { id: report.engagementNoticeId ?? 0, title: noticeTitle ?? '', reference: noticeReference },
    billingPeriod: report.billingPeriod ?? '',
    amountCents: report.amountCents ?? 0,
    submittedAt: (report.submittedAt ?? report.lastEdited).toISOString(),
    response: reportResponseOf(report, names),
  }));
}

/** GET /agency/billing-reports: the reports on the agency's confirmed engagements, the latest month first, by answer or notice if asked. */
export async function listAgencyReports(db: Database, agencyId: number, query: AgencyReportsQuery): Promise<AgencyReportsResponse> {
  const page = query.page ?? 1;
  const where = and(
    onConfirmedEngagement(agencyId),
    query.response ? eq(billingReports.agencyResponse, query.response) : undefined,
    query.engagementNotice ? eq(billingReports.engagementNoticeId, query.engagementNotice) : undefined,
  );
  const rows = await agencyReportQuery(db, where)
    .orderBy(desc(billingReports.billingPeriod), desc(billingReports.id))
    .limit(AGENCY_REPORTS_PAGE_SIZE)
    .offset((page - 1) * AGENCY_REPORTS_PAGE_SIZE);
  const [total] = await db
    .select({ value: count() })
    .from(billingReports)
    .innerJoin(engagementNotices, and(eq(engagementNotices.id, billingReports.engagementNoticeId), ownedBy(engagementNotices, ANY_SUPPLIER)))
    .where(and(ownedBy(billingReports, ANY_SUPPLIER), where));
  const names = await responderNames(db, rows.map((row) => row.report));
  return { reports: toAgencyReports(rows, names), total: total?.value ?? 0, page, pageSize: AGENCY_REPORTS_PAGE_SIZE };
}

/** One report on an engagement the agency confirmed (locked for the answer's transaction when `lock`); 404 otherwise. */
async function findAgencyReport(db: Database, agencyId: number, id: number, options: { lock: boolean }): Promise<AgencyReportRow> {
  const query = agencyReportQuery(db, and(eq(billingReports.id, id), onConfirmedEngagement(agencyId))).limit(1);
  const [row] = options.lock ? await query.for('update', { of: billingReports }) : await query;
  if (!row) {
    throw new AppError(ErrorCode.NotFound, NOT_FOUND);
  }
  return row;
}

/** GET /agency/billing-reports/{id}: the report, its amounts by service, what the engagement was worth and billed, and its query's messages. */
export async function getAgencyReport(db: Database, agencyId: number, id: number): Promise<AgencyBillingReportDetail> {
  const row = await findAgencyReport(db, agencyId, id, { lock: false });
  const [report] = toAgencyReports([row], await responderNames(db, [row.report]));
  if (!report) {
    throw new Error('report summary missing');
  }
  const lines = reportLines(row.report);
  const serviceIds = [...new Set(lines.map((line) => line.serviceId))];
  const titles = new Map(
    (serviceIds.length === 0 ? [] : await db.select({ id: services.id, title: services.title }).from(services).where(inArray(services.id, serviceIds))).map(
      (service) => [service.id, service.title],
    ),
  );
  const [billed] = await db
    .select({ total: sql<string | null>`sum(${billingReports.amountCents})` })
    .from(billingReports)
    // The notice's sent reports: the report's own supplier's.
    .where(
      and(eq(billingReports.engagementNoticeId, report.engagementNotice.id), eq(billingReports.status, 'submitted'), ownedBy(billingReports, row.report.supplierId)),
    );
  const thread = await findAgencyThread(db, agencyId, { model: 'billing-report', recordId: id });
  return {
    ...report,
    lines: lines.map((line) => ({ service: titles.get(line.serviceId) ?? 'A service no longer in the catalogue', amountCents: line.amountCents })),
    noticeValueCents: row.noticeValueCents,
    totalBilledCents: Number(billed?.total ?? 0),
    query: thread && { threadId: thread.id, isResolved: thread.isResolved, messages: thread.messages },
  };
}

/** The mail telling the supplier's people how the agency answered a report. */
async function mailSupplier(
  tx: Database,
  deps: AgencyAnswerDependencies,
  actor: AgencyActor,
  row: AgencyReportRow,
  answer: { kind: 'confirmed' } | { kind: 'queried'; details: string },
): Promise<void> {
  const { report } = row;
  const link = `${deps.config.publicUrl}${dashboardRecordPath('billing-report', report.id)}`;
  const what = `your billing report for ${billingPeriodLabel(report.billingPeriod ?? '')} on ${quoteForMail(row.noticeTitle ?? '')} (${formatCents(report.amountCents ?? 0)})`;
  const agency = `The agency ${quoteForMail(actor.agencyName)}`;
  const [subject, text] =
    answer.kind === 'confirmed'
      ? [
          `An agency confirmed your billing report on the ${deps.config.productName}`,
          ['Kia ora,', '', `${agency} confirmed the amount of ${what} on the ${deps.config.productName}.`, '', `See the report: ${link}`],
        ]
      : [
          `An agency queried your billing report on the ${deps.config.productName}`,
          [
            'Kia ora,',
            '',
            `${agency} queried the amount of ${what} on the ${deps.config.productName}.`,
            '',
            `What they say is wrong: ${quoteForMail(answer.details)}`,
            '',
            `Reply in the report's messages, which the agency and the marketplace team read too: ${link}`,
          ],
        ];
  await mailSupplierPeople(tx, deps, report.supplierId, subject, text);
}

/** POST /agency/billing-reports/{id}/confirm: final; a queried report may be confirmed once settled. 409 when already confirmed. */
export async function confirmAgencyReport(deps: AgencyAnswerDependencies, actor: AgencyActor, id: number): Promise<AgencyBillingReportDetail> {
  await deps.db.transaction(async (tx) => {
    const row = await findAgencyReport(tx, actor.agencyId, id, { lock: true });
    const { report } = row;
    if (!canConfirmReport(report.agencyResponse)) {
      throw new AppError(ErrorCode.Conflict, 'Your agency has already confirmed this billing report.', { status: report.agencyResponse });
    }
    await tx
      .update(billingReports)
      .set({ agencyResponse: 'confirmed', agencyRespondedAt: new Date(), agencyRespondedByUserId: actor.userId })
      .where(and(eq(billingReports.id, id), ownedBy(billingReports, report.supplierId)));
    await deps.audit.record(
      {
        actorUserId: actor.userId,
        action: 'billing-report.confirm',
        entity: 'billing-report',
        entityId: id,
        supplierId: report.supplierId,
        before: { agencyResponse: report.agencyResponse },
        after: { agencyResponse: 'confirmed', agencyId: actor.agencyId },
        requestId: actor.requestId,
      },
      tx,
    );
    await mailSupplier(tx, deps, actor, row, { kind: 'confirmed' });
  });
  return getAgencyReport(deps.db, actor.agencyId, id);
}

/**
 * POST /agency/billing-reports/{id}/query: what is wrong with the amount; opens the query's
 * conversation with it as the agency's first message. 409 unless the report awaits an answer.
 */
export async function queryAgencyReport(deps: AgencyAnswerDependencies, actor: AgencyActor, id: number, input: { details: string }): Promise<AgencyBillingReportDetail> {
  const details = input.details.trim();
  const problem = queryProblem(details);
  if (problem !== null) {
    throw new AppError(ErrorCode.BadRequest, problem, [{ field: 'details', message: problem }]);
  }
  await deps.db.transaction(async (tx) => {
    const row = await findAgencyReport(tx, actor.agencyId, id, { lock: true });
    const { report } = row;
    if (!canQueryReport(report.agencyResponse)) {
      throw new AppError(ErrorCode.Conflict, `Your agency has already ${report.agencyResponse} this billing report.`, { status: report.agencyResponse });
    }
    await tx
      .update(billingReports)
      .set({ agencyResponse: 'queried', agencyRespondedAt: new Date(), agencyRespondedByUserId: actor.userId, queryDetails: details })
      .where(and(eq(billingReports.id, id), ownedBy(billingReports, report.supplierId)));
    await deps.audit.record(
      {
        actorUserId: actor.userId,
        action: 'billing-report.query',
        entity: 'billing-report',
        entityId: id,
        supplierId: report.supplierId,
        before: { agencyResponse: report.agencyResponse },
        after: { agencyResponse: 'queried', agencyId: actor.agencyId, queryDetails: details },
        requestId: actor.requestId,
      },
      tx,
    );
    const title = `Query: ${billingPeriodLabel(report.billingPeriod ?? '')}, ${row.noticeTitle ?? ''}`.slice(0, THREAD_TITLE_MAX_LENGTH);
    await openAgencyThread(tx, deps.audit, actor, { model: 'billing-report', recordId: id }, { supplierId: report.supplierId, title, content: details }, teamDigestNotifier);
    await mailSupplier(tx, deps, actor, row, { kind: 'queried', details });
  });
  return getAgencyReport(deps.db, actor.agencyId, id);
}

/**
 * POST /agency/billing-reports/{id}/messages: the agency writes in its query while the report is
 * queried; 409 before it queried it, and once it confirmed it (the query is settled).
 */
export async function postAgencyReportMessage(deps: AgencyAnswerDependencies, actor: AgencyActor, id: number, content: string): Promise<AgencyBillingReportDetail> {
  const { report } = await findAgencyReport(deps.db, actor.agencyId, id, { lock: false });
  await writeInAgencyConversation(
    deps,
    actor,
    { model: 'billing-report', recordId: id },
    {
      status: report.agencyResponse,
      isOpen: report.agencyResponse === 'queried',
      settledMessage: 'Your agency has confirmed this billing report: its query is settled.',
      notYetMessage: 'Messages about a report start when your agency queries it.',
    },
    content,
  );
  return getAgencyReport(deps.db, actor.agencyId, id);
}
