/**
 * Billing reports (spec §3 "Billing report", §7): what a supplier billed against one of its
 * submitted engagement notices in one month. The supplier's list, read, save or submit, delete a
 * draft, the source lists, and the team's list, read and CSV. One report per notice and month (a
 * unique index); a month after the current one, an amount that is not whole non-negative cents
 * under the maximum, a service the notice does not cover, or a draft or withdrawn notice is refused.
 */
import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  BILLING_REPORT_CHANGED_MESSAGE,
  BILLING_REPORT_LOCKED_MESSAGE,
  BILLING_REPORT_NOT_FOUND,
  BILLING_REPORTS_PAGE_SIZE,
  DUPLICATE_PERIOD_MESSAGE,
  type TeamBillingReport,
  type TeamBillingReportListQuery,
  type TeamBillingReportListResponse,
  type BillingReportListQuery,
  type BillingReportListResponse,
  type BillingReportResponse,
  type BillingReportSummary,
  type SaveBillingReportRequest,
  type SaveBillingReportResponse,
} from '../../../common/api/billing-reports';
import { LIST_COUNT_LIMIT } from '../../../common/api/http';
import type { ReportResponse } from '../../../common/api/agency-engagements';
import type { ReportingAnswers } from '../../../common/api/engagement-notices';
import { REPORT_RESPONSE_STATUS_LABELS } from '../../../common/reporting/agency-responses';
import {
  BILLING_REPORT_FORM_KEY,
  billingPeriodProblem,
  REPORT_FIELDS,
  REPORT_STEPS,
  REPORTABLE_NOTICE_STATUS,
  TEAM_REPORT_STATUS_CODES,
} from '../../../common/reporting/billing-reports';
import { isEditableRecord, isSeenByTeam, recordStatusLabel } from '../../../common/reporting/record-status';
import type { FieldError } from '../../../common/forms/definition';
import { centsToDecimal } from '../../../common/money';
import { neutraliseCsvCell } from '../../../common/directory';
import type { AuditLog } from '../../audit';
import { refuseOtherSupplier, type SupplierActor } from '../../auth/actor';
import type { Database } from '../../db/client';
import { nextLastEdited } from '../../db/last-edited';
import { agencyApplications, billingReports, engagementNoticeServices, engagementNotices, suppliers } from '../../db/schema/index';
import { countUpTo } from '../../db/capped-count';
import { ANY_SUPPLIER, ownedBy, type SupplierScope } from '../../db/supplier-scope';
import { AppError, ErrorCode } from '../../errors';
import { answersRefused, checkAnswersByStep } from '../forms/validate';
import { answersOf, formForSave, formResponse } from '../forms/record-forms';
import { isRecord } from '../../../common/is-record';
import {
  auditState,
  EXPORT_BATCH_SIZE,
  integerAnswer,
  refuseSaveWithoutLastEdited,
  refuseStaleSave,
  statusEntry,
  responderNames,
  textAnswer,
  type RecordWords,
} from './records';


type ReportRow = typeof billingReports.$inferSelect;

const REPORT_WORDS: RecordWords = { noun: 'billing report', locked: BILLING_REPORT_LOCKED_MESSAGE, changed: BILLING_REPORT_CHANGED_MESSAGE };

function notFound(): AppError {
  return new AppError(ErrorCode.NotFound, BILLING_REPORT_NOT_FOUND);
}

function duplicatePeriod(): AppError {
  return new AppError(ErrorCode.Conflict, DUPLICATE_PERIOD_MESSAGE, [{ field: `${REPORT_STEPS.engagement}.${REPORT_FIELDS.billingPeriod}`, message: DUPLICATE_PERIOD_MESSAGE }]);
}

interface ReportFields {
  noticeId: number | null;
  billingPeriod: string | null;
  lines: { service: number | null; amount: number | null }[];
  amountCents: number | null;
}

function reportFields(answers: ReportingAnswers): ReportFields {
  const engagement = answers[REPORT_STEPS.engagement] ?? {};
  const amounts = answers[REPORT_STEPS.amounts] ?? {};
  const givenLines = amounts[REPORT_FIELDS.lines];
  const lines = (Array.isArray(givenLines) ? givenLines : []).map((line: unknown) => {
    const item = isRecord(line) ? line : {};
    return { service: integerAnswer(item[REPORT_FIELDS.service]), amount: integerAnswer(item[REPORT_FIELDS.amount]) };
  });
  const amountsGiven = lines.map((line) => line.amount).filter((amount): amount is number => amount !== null);
  return {
    noticeId: integerAnswer(engagement[REPORT_FIELDS.engagementNotice]),
    billingPeriod: textAnswer(engagement[REPORT_FIELDS.billingPeriod]),
    lines,
    amountCents: amountsGiven.length === 0 ? null : amountsGiven.reduce((total, amount) => total + amount, 0),
  };
}

/** A sent report's amounts by service (the lines with both given), for the agency's reading of it. */
export function reportLines(row: Pick<ReportRow, 'data'>): { serviceId: number; amountCents: number }[] {
  return reportFields(answersOf(row.data)).lines.flatMap((line) =>
    line.service === null || line.amount === null ? [] : [{ serviceId: line.service, amountCents: line.amount }],
  );
}

/**
 * The rules beyond the form's schema: the notice is one of the supplier's submitted ones (a draft,
 * a withdrawn one or another supplier's is refused alike), the month is not in the future and not
 * reported already, each line's service is one the notice covers.
 */
async function checkReportRules(db: Database, supplierId: number, fields: ReportFields, now: Date): Promise<FieldError[]> {
  const errors: FieldError[] = [];
  if (fields.billingPeriod !== null) {
    const problem = billingPeriodProblem(fields.billingPeriod, now);
    if (problem !== null) {
      errors.push({ path: [REPORT_STEPS.engagement, REPORT_FIELDS.billingPeriod], message: problem });
    }
  }
  if (fields.noticeId === null) {
    return errors;
  }
  const [notice] = await db
    .select({ id: engagementNotices.id, status: engagementNotices.status })
    .from(engagementNotices)
    .where(and(eq(engagementNotices.id, fields.noticeId), ownedBy(engagementNotices, supplierId)))
    .limit(1);
  if (notice?.status !== REPORTABLE_NOTICE_STATUS) {
    const message =
      notice?.status === 'withdrawn'
        ? 'This engagement notice was withdrawn: billing cannot be reported against it'
        : 'Select one of your submitted engagement notices';
    errors.push({ path: [REPORT_STEPS.engagement, REPORT_FIELDS.engagementNotice], message });
    return errors;
  }
  const covered = new Set(
    (
      await db
        .select({ serviceId: engagementNoticeServices.serviceId })
        .from(engagementNoticeServices)
        .where(eq(engagementNoticeServices.engagementNoticeId, notice.id))
    ).map((row) => row.serviceId),
  );
  fields.lines.forEach((line, index) => {
    if (line.service !== null && !covered.has(line.service)) {
      errors.push({ path: [REPORT_STEPS.amounts, REPORT_FIELDS.lines, String(index), REPORT_FIELDS.service], message: 'Select a service of the engagement notice' });
    }
  });
  return errors;
}

/** 409 when another report of the supplier already covers the notice and month. */
async function refuseDuplicatePeriod(db: Database, supplierId: number, fields: ReportFields, exceptReportId: number | null): Promise<void> {
  if (fields.noticeId === null || fields.billingPeriod === null) {
    return;
  }
  const [other] = await db
    .select({ id: billingReports.id })
    .from(billingReports)
    .where(
      and(
        eq(billingReports.engagementNoticeId, fields.noticeId),
        eq(billingReports.billingPeriod, fields.billingPeriod),
        ownedBy(billingReports, supplierId),
        exceptReportId === null ? undefined : sql`${billingReports.id} <> ${exceptReportId}`,
      ),
    )
    .limit(1);
  if (other) {
    throw duplicatePeriod();
  }
}

async function findReport(db: Database, scope: SupplierScope, id: number, forUpdate = false): Promise<ReportRow> {
  const query = db
    .select()
    .from(billingReports)
    .where(and(eq(billingReports.id, id), ownedBy(billingReports, scope)))
    .limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  if (!row) {
    throw notFound();
  }
  return row;
}

/** The notices reports point at, as lists show them, by id (the reports' own supplier's). */
async function reportedNotices(db: Database, scope: SupplierScope, noticeIds: readonly (number | null)[]) {
  const ids = [...new Set(noticeIds.filter((id): id is number => id !== null))];
  const rows =
    ids.length === 0
      ? []
      : await db
          .select({ id: engagementNotices.id, title: engagementNotices.title, reference: engagementNotices.reference, agencyName: agencyApplications.agencyName })
          .from(engagementNotices)
          .leftJoin(agencyApplications, eq(agencyApplications.id, engagementNotices.agencyId))
          .where(and(inArray(engagementNotices.id, ids), ownedBy(engagementNotices, scope)));
  return new Map(rows.map((row) => [row.id, row]));
}

/** The agency's answer to a report, as every side reads it. */
export function reportResponseOf(
  row: Pick<ReportRow, 'agencyResponse' | 'agencyRespondedAt' | 'agencyRespondedByUserId' | 'queryDetails'>,
  names: ReadonlyMap<number, string>,
): ReportResponse {
  return {
    status: row.agencyResponse,
    at: row.agencyRespondedAt?.toISOString() ?? null,
    byName: row.agencyRespondedByUserId === null ? null : (names.get(row.agencyRespondedByUserId) ?? null),
    queryDetails: row.agencyResponse === 'queried' ? row.queryDetails : null,
  };
}

function summaryOf(
  row: ReportRow,
  notices: Map<number, BillingReportSummary['engagementNotice'] & object>,
  responders: ReadonlyMap<number, string>,
): BillingReportSummary {
  return {
    id: row.id,
    engagementNotice: row.engagementNoticeId === null ? null : (notices.get(row.engagementNoticeId) ?? null),
    billingPeriod: row.billingPeriod,
    amountCents: row.amountCents,
    status: row.status,
    submittedAt: row.submittedAt?.toISOString() ?? null,
    lastEdited: row.lastEdited.toISOString(),
    agencyResponse: reportResponseOf(row, responders),
  };
}

async function toReportResponse(db: Database, row: ReportRow): Promise<BillingReportResponse> {
  const { response } = await formResponse(db, BILLING_REPORT_FORM_KEY, row.formVersion);
  const notices = await reportedNotices(db, row.supplierId, [row.engagementNoticeId]);
  const summary = summaryOf(row, notices, await responderNames(db, [row]));
  return {
    id: row.id,
    supplierID: row.supplierId,
    supplierId: row.supplierId,
    form: response,
    data: answersOf(row.data),
    progress: row.progress,
    status: row.status,
    isLocked: !isEditableRecord(row.status),
    statusHistory: row.statusHistory.map((entry) => ({ status: entry.status, at: entry.at })),
    lastEdited: summary.lastEdited,
    engagementNotice: summary.engagementNotice,
    billingPeriod: row.billingPeriod,
    amountCents: row.amountCents,
    agencyResponse: summary.agencyResponse,
  };
}

/** GET /billing-report/{id}: one of the supplier's reports, with its form. */
export async function getBillingReport(db: Database, supplierId: number, id: number): Promise<BillingReportResponse> {
  return toReportResponse(db, await findReport(db, supplierId, id));
}

const REPORT_SORT_COLUMNS = {
  lastEdited: billingReports.lastEdited,
  billingPeriod: billingReports.billingPeriod,
  amount: billingReports.amountCents,
} as const;

/** GET /billing-report: the supplier's reports, a page at a time; by status or notice, sorted (the last edited first unless told). */
export async function listBillingReports(db: Database, supplierId: number, query: BillingReportListQuery): Promise<BillingReportListResponse> {
  const page = query.page ?? 1;
  const filters = and(
    query.status ? eq(billingReports.status, query.status) : undefined,
    query.engagementNotice ? eq(billingReports.engagementNoticeId, query.engagementNotice) : undefined,
  );
  const column = REPORT_SORT_COLUMNS[query.sort ?? 'lastEdited'];
  const direction = (query.order ?? (query.sort === 'amount' ? 'asc' : 'desc')) === 'asc' ? asc : desc;
  const rows = await db
    .select()
    .from(billingReports)
    .where(and(ownedBy(billingReports, supplierId), filters))
    .orderBy(sql`${direction(column)} nulls last`, desc(billingReports.id))
    .limit(BILLING_REPORTS_PAGE_SIZE)
    .offset((page - 1) * BILLING_REPORTS_PAGE_SIZE);
  const [total] = await db.select({ value: count() }).from(billingReports).where(and(ownedBy(billingReports, supplierId), filters));
  const notices = await reportedNotices(db, supplierId, rows.map((row) => row.engagementNoticeId));
  const responders = await responderNames(db, rows);
  return { billingReports: rows.map((row) => summaryOf(row, notices, responders)), total: total?.value ?? 0, page, pageSize: BILLING_REPORTS_PAGE_SIZE };
}

/** A unique-index violation (PostgreSQL 23505) of the notice-and-month index: two saves raced. */
function isDuplicatePeriodViolation(error: unknown): boolean {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (typeof current === 'object' && current !== null && !seen.has(current)) {
    seen.add(current);
    const candidate = current as { code?: unknown; constraint?: unknown; message?: unknown; cause?: unknown };
    if (candidate.code === '23505' || (typeof candidate.message === 'string' && candidate.message.includes('billing_reports_notice_period_key'))) {
      return true;
    }
    current = candidate.cause;
  }
  return false;
}

/**
 * POST /billing-report/save: saves a draft or submits, as an engagement notice's save does (404,
 * 409 locked, 409 stale `lastEdited`, 400 with every problem); a second report for the same notice
 * and month answers 409. Nothing is stored on a 4xx.
 */
export async function saveBillingReport(
  db: Database,
  audit: AuditLog,
  actor: SupplierActor,
  request: SaveBillingReportRequest,
  now: Date = new Date(),
): Promise<SaveBillingReportResponse> {
  refuseOtherSupplier(actor, request.supplierID);
  refuseSaveWithoutLastEdited(request, REPORT_WORDS);
  const definition = await formForSave(db, BILLING_REPORT_FORM_KEY, request.form, 'billing report');
  const isSubmission = request.status === 'submitted';

  try {
    return await db.transaction(async (tx) => {
      const existing = request.id === undefined ? null : await findReport(tx, actor.supplierId, request.id, true);
      if (existing) {
        refuseStaleSave(existing, request, definition.version, REPORT_WORDS);
      }
      const { data, errors } = checkAnswersByStep(definition.steps, request.billingReport, isSubmission);
      const fields = reportFields(data);
      errors.push(...(await checkReportRules(tx, actor.supplierId, fields, now)));
      if (errors.length > 0) {
        throw answersRefused(errors, 'billing report');
      }
      await refuseDuplicatePeriod(tx, actor.supplierId, fields, existing?.id ?? null);

      const savedAt = nextLastEdited(existing?.lastEdited);
      const history = existing ? existing.statusHistory : [statusEntry('draft', savedAt, actor.userId)];
      const values = {
        data,
        progress: request.progress,
        status: isSubmission ? 'submitted' : 'draft',
        statusHistory: isSubmission ? [...history, statusEntry('submitted', savedAt, actor.userId)] : history,
        engagementNoticeId: fields.noticeId,
        billingPeriod: fields.billingPeriod,
        amountCents: fields.amountCents,
        submittedAt: isSubmission ? savedAt : null,
        lastEdited: savedAt,
      } as const;
      const [saved] = existing
        ? await tx
            .update(billingReports)
            .set(values)
            .where(and(eq(billingReports.id, existing.id), ownedBy(billingReports, actor.supplierId)))
            .returning()
        : await tx
            .insert(billingReports)
            .values({ ...values, supplierId: actor.supplierId, formVersion: definition.version, createdByUserId: actor.userId })
            .returning();
      if (!saved) {
        throw notFound();
      }
      await audit.record(
        {
          actorUserId: actor.userId,
          action: isSubmission ? 'billing-report.submit' : existing ? 'billing-report.save' : 'billing-report.create',
          entity: 'billing-report',
          entityId: saved.id,
          supplierId: actor.supplierId,
          before: existing ? auditState(existing) : null,
          after: auditState(saved),
          requestId: actor.requestId,
        },
        tx,
      );
      return { billingReportId: saved.id, status: saved.status, lastEdited: saved.lastEdited.toISOString() };
    });
  } catch (error) {
    if (!(error instanceof AppError) && isDuplicatePeriodViolation(error)) {
      throw duplicatePeriod();
    }
    throw error;
  }
}

/** DELETE /billing-report/{id}: a draft only (409 otherwise). */
export async function deleteBillingReport(db: Database, audit: AuditLog, actor: SupplierActor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await findReport(tx, actor.supplierId, id, true);
    if (!isEditableRecord(row.status)) {
      throw new AppError(ErrorCode.Conflict, 'Only a draft billing report can be deleted.');
    }
    await tx.delete(billingReports).where(and(eq(billingReports.id, row.id), ownedBy(billingReports, actor.supplierId)));
    await audit.record(
      {
        actorUserId: actor.userId,
        action: 'billing-report.delete',
        entity: 'billing-report',
        entityId: row.id,
        supplierId: actor.supplierId,
        before: auditState(row),
        after: null,
        requestId: actor.requestId,
      },
      tx,
    );
  });
}

// The team's side: every supplier's reports that the team sees (isSeenByTeam: never a draft).

function teamFilters(query: Omit<TeamBillingReportListQuery, 'page'>) {
  return and(
    inArray(billingReports.status, TEAM_REPORT_STATUS_CODES),
    query.supplier ? eq(billingReports.supplierId, query.supplier) : undefined,
    query.engagementNotice ? eq(billingReports.engagementNoticeId, query.engagementNotice) : undefined,
    query.period ? eq(billingReports.billingPeriod, query.period) : undefined,
    query.agency ? eq(engagementNotices.agencyId, query.agency) : undefined,
    query.agencyResponse ? eq(billingReports.agencyResponse, query.agencyResponse) : undefined,
  );
}

interface TeamRow {
  report: ReportRow;
  supplierName: string;
  noticeTitle: string | null;
  noticeReference: string | null;
  agencyName: string | null;
}

function teamSummary(row: TeamRow, responders: ReadonlyMap<number, string>) {
  const notices = new Map(
    row.report.engagementNoticeId === null
      ? []
      : [[row.report.engagementNoticeId, { id: row.report.engagementNoticeId, title: row.noticeTitle, reference: row.noticeReference, agencyName: row.agencyName }]],
  );
  return { ...summaryOf(row.report, notices, responders), supplier: { id: row.report.supplierId, name: row.supplierName } };
}

/** The team's rows: every supplier's reports (that is its job) with their supplier, notice and agency. */
function teamQuery(db: Database, condition: SQL | undefined) {
  return db
    .select({
      report: billingReports,
      supplierName: suppliers.tradingName,
      noticeTitle: engagementNotices.title,
      noticeReference: engagementNotices.reference,
      agencyName: agencyApplications.agencyName,
    })
    .from(billingReports)
    .innerJoin(suppliers, eq(suppliers.id, billingReports.supplierId))
    // A report's notice is its own supplier's (the save checks it).
    .innerJoin(engagementNotices, and(eq(engagementNotices.id, billingReports.engagementNoticeId), ownedBy(engagementNotices, ANY_SUPPLIER)))
    .leftJoin(agencyApplications, eq(agencyApplications.id, engagementNotices.agencyId))
    .where(and(ownedBy(billingReports, ANY_SUPPLIER), condition))
    .$dynamic();
}

/**
 * GET /admin/billing-reports: every supplier's submitted reports, the latest month first. The page
 * is picked from the reports alone, in the order of `billing_reports_team_idx`, before anything is
 * joined (a deep page skips index entries, not joined rows), and the total is counted up to
 * LIST_COUNT_LIMIT past the page: millions of reports are never counted on each request.
 */
export async function listBillingReportsForTeam(db: Database, query: TeamBillingReportListQuery): Promise<TeamBillingReportListResponse> {
  const page = query.page ?? 1;
  const skipped = (page - 1) * BILLING_REPORTS_PAGE_SIZE;
  // The agency filter reads the notice; the others the report alone. A report's notice is its own supplier's (the save checks it).
  const matching = () =>
    query.agency === undefined
      ? db.select({ id: billingReports.id }).from(billingReports).where(and(ownedBy(billingReports, ANY_SUPPLIER), teamFilters(query))).$dynamic()
      : db
          .select({ id: billingReports.id })
          .from(billingReports)
          .innerJoin(engagementNotices, and(eq(engagementNotices.id, billingReports.engagementNoticeId), ownedBy(engagementNotices, ANY_SUPPLIER)))
          .where(and(ownedBy(billingReports, ANY_SUPPLIER), teamFilters(query)))
          .$dynamic();
  const pageIds = matching().orderBy(desc(billingReports.billingPeriod), desc(billingReports.id)).limit(BILLING_REPORTS_PAGE_SIZE).offset(skipped);
  const rows = await teamQuery(db, inArray(billingReports.id, pageIds)).orderBy(desc(billingReports.billingPeriod), desc(billingReports.id));
  const counted = await countUpTo(db, matching(), { limit: LIST_COUNT_LIMIT, skipped });
  const responders = await responderNames(db, rows.map((row) => row.report));
  return {
    billingReports: rows.map((row) => teamSummary(row, responders)),
    total: counted.total,
    totalIsCapped: counted.isCapped,
    page,
    pageSize: BILLING_REPORTS_PAGE_SIZE,
  };
}

/** GET /admin/billing-reports/{id}: any supplier's submitted report. */
export async function getBillingReportForTeam(db: Database, id: number): Promise<TeamBillingReport> {
  const row = await findReport(db, ANY_SUPPLIER, id);
  if (!isSeenByTeam(row.status)) {
    throw notFound();
  }
  const [supplier] = await db.select({ name: suppliers.tradingName }).from(suppliers).where(eq(suppliers.id, row.supplierId)).limit(1);
  return { ...(await toReportResponse(db, row)), supplier: { id: row.supplierId, name: supplier?.name ?? '' } };
}

export const BILLING_REPORT_CSV_COLUMNS = [
  'Id',
  'Supplier',
  'Agency',
  'Engagement notice',
  'Engagement title',
  'Agency reference',
  'Billing period',
  'Amount (NZD excl. GST)',
  'Status',
  'Submitted',
  "Agency's answer",
] as const;

/** The team's CSV records for the filters, in the list's order, in keyset-paged batches, formula-safe. */
export async function* exportBillingReportRecords(db: Database, query: Omit<TeamBillingReportListQuery, 'page'>): AsyncGenerator<string[]> {
  let after = null as { period: string; id: number } | null;
  for (;;) {
    const cursor = after;
    const rows = await teamQuery(
      db,
      and(
        teamFilters(query),
        cursor === null ? undefined : sql`(${billingReports.billingPeriod}, ${billingReports.id}) < (${cursor.period}, ${cursor.id})`,
      ),
    )
      .orderBy(desc(billingReports.billingPeriod), desc(billingReports.id))
      .limit(EXPORT_BATCH_SIZE);
    const responders = await responderNames(db, rows.map((row) => row.report));
    for (const row of rows) {
      const summary = teamSummary(row, responders);
      yield [
        String(summary.id),
        summary.supplier.name,
        summary.engagementNotice?.agencyName ?? '',
        summary.engagementNotice ? String(summary.engagementNotice.id) : '',
        summary.engagementNotice?.title ?? '',
        summary.engagementNotice?.reference ?? '',
        summary.billingPeriod ?? '',
        summary.amountCents === null ? '' : centsToDecimal(summary.amountCents),
        recordStatusLabel(summary.status),
        summary.submittedAt ?? '',
        REPORT_RESPONSE_STATUS_LABELS[summary.agencyResponse.status],
      ].map(neutraliseCsvCell);
    }
    const last = rows.at(-1);
    if (!last || rows.length < EXPORT_BATCH_SIZE) {
      return;
    }
    after = { period: last.report.billingPeriod ?? '', id: last.report.id };
  }
}
