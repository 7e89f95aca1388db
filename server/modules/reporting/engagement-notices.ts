/**
 * Engagement notices (spec §3 "Engagement notice", §4, §7): a supplier's notices (list, read, save
 * a draft, submit, withdraw, delete a draft) and the team's reading of everyone's (list, read, CSV).
 * Every rule lives here or in `common/engagement-notices.ts`; the routes only translate HTTP.
 */
import { and, asc, count, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import {
  ENGAGEMENT_NOTICE_CHANGED_MESSAGE,
  ENGAGEMENT_NOTICE_LOCKED_MESSAGE,
  ENGAGEMENT_NOTICE_NOT_FOUND,
  ENGAGEMENT_NOTICES_PAGE_SIZE,
  type TeamEngagementNotice,
  type TeamEngagementNoticeListQuery,
  type TeamEngagementNoticeListResponse,
  type TeamEngagementNoticeSummary,
  type EngagementNoticeListQuery,
  type EngagementNoticeListResponse,
  type EngagementNoticeResponse,
  type EngagementNoticeSummary,
  type NoticeService,
  type ReportingAnswers,
  type SaveEngagementNoticeRequest,
  type SaveEngagementNoticeResponse,
  type WithdrawEngagementNoticeRequest,
} from '../../../common/api/engagement-notices';
import { LIST_COUNT_LIMIT } from '../../../common/api/http';
import {
  ENGAGEMENT_NOTICE_FORM_KEY,
  engagementDatesProblem,
  NOTICE_FIELDS,
  NOTICE_STEPS,
  serviceOptionLabel,
  isWithdrawable,
  TEAM_NOTICE_STATUS_CODES,
  withdrawalProblem,
} from '../../../common/reporting/engagement-notices';
import type { AgencyResponse } from '../../../common/api/agency-engagements';
import { isEditableRecord, isSeenByTeam, recordStatusLabel } from '../../../common/reporting/record-status';
import { REPORTABLE_NOTICE_STATUS } from '../../../common/reporting/billing-reports';
import type { FieldError } from '../../../common/forms/definition';
import { centsToDecimal } from '../../../common/money';
import { neutraliseCsvCell } from '../../../common/directory';
import type { AuditLog } from '../../audit';
import type { ConfidentialityRequest } from '../../../common/api/confidentiality';
import { changeConfidentiality, confidentialityOf } from './confidentiality';
import { refuseOtherSupplier, type SupplierActor } from '../../auth/actor';
import { countUpTo } from '../../db/capped-count';
import type { Database } from '../../db/client';
import { keysetOrderBy, readKeysetPage, type KeysetOrder } from '../../db/keyset-page';
import { nextLastEdited } from '../../db/last-edited';
import {
  agencyApplications,
  billingReports,
  catalogues,
  engagementNoticeServices,
  engagementNotices,
  services,
  suppliers,
} from '../../db/schema/index';
import { ANY_SUPPLIER, ownedBy, type SupplierScope } from '../../db/supplier-scope';
import { AppError, ErrorCode } from '../../errors';
import { findHeldServices } from '../applications/service';
import { answersRefused, checkAnswersByStep } from '../forms/validate';
import { answersOf, formForSave, formResponse } from '../forms/record-forms';
import {
  auditState,
  EXPORT_BATCH_SIZE,
  integerAnswer,
  refuseSaveWithoutLastEdited,
  refuseStaleSave,
  responderNames,
  statusEntry,
  textAnswer,
  type RecordWords,
} from './records';
import { noticeMismatchCondition, type MismatchClock } from './mismatches';

type NoticeRow = typeof engagementNotices.$inferSelect;

const NOTICE_WORDS: RecordWords = { noun: 'engagement notice', locked: ENGAGEMENT_NOTICE_LOCKED_MESSAGE, changed: ENGAGEMENT_NOTICE_CHANGED_MESSAGE };

function notFound(): AppError {
  return new AppError(ErrorCode.NotFound, ENGAGEMENT_NOTICE_NOT_FOUND);
}

function fieldError(field: string, message: string): AppError {
  return new AppError(ErrorCode.BadRequest, message, [{ field, message }]);
}

/** The answers' fields a notice keeps in columns, for lists, filters and reports. */
interface NoticeFields {
  agencyId: number | null;
  title: string | null;
  reference: string | null;
  serviceIds: number[];
  startDate: string | null;
  endDate: string | null;
  valueCents: number | null;
}

function noticeFields(answers: ReportingAnswers): NoticeFields {
  const engagement = answers[NOTICE_STEPS.engagement] ?? {};
  const dates = answers[NOTICE_STEPS.datesAndValue] ?? {};
  const serviceIds = engagement[NOTICE_FIELDS.services];
  return {
    agencyId: integerAnswer(engagement[NOTICE_FIELDS.agency]),
    title: textAnswer(engagement[NOTICE_FIELDS.title]),
    reference: textAnswer(engagement[NOTICE_FIELDS.reference]),
    serviceIds: Array.isArray(serviceIds) ? serviceIds.flatMap((id) => integerAnswer(id) ?? []) : [],
    startDate: textAnswer(dates[NOTICE_FIELDS.startDate]),
    endDate: textAnswer(dates[NOTICE_FIELDS.endDate]),
    valueCents: integerAnswer(dates[NOTICE_FIELDS.value]),
  };
}

/**
 * The rules beyond the form's schema: the agency is an approved one, every service is one the
 * supplier is approved for, the engagement ends on or after it starts.
 */
async function checkNoticeRules(db: Database, supplierId: number, fields: NoticeFields): Promise<FieldError[]> {
  const errors: FieldError[] = [];
  if (fields.agencyId !== null) {
    const [agency] = await db
      .select({ id: agencyApplications.id })
      .from(agencyApplications)
      .where(and(eq(agencyApplications.id, fields.agencyId), eq(agencyApplications.status, 'approved')))
      .limit(1);
    if (!agency) {
      errors.push({ path: [NOTICE_STEPS.engagement, NOTICE_FIELDS.agency], message: 'Select an agency from the list of approved agencies' });
    }
  }
  if (fields.serviceIds.length > 0) {
    const approved = new Set((await findHeldServices(db, supplierId)).filter((held) => held.status === 'granted').map((held) => held.id));
    const refused = fields.serviceIds.filter((id) => !approved.has(id));
    if (refused.length > 0) {
      errors.push({
        path: [NOTICE_STEPS.engagement, NOTICE_FIELDS.services],
        message: `Your business is not approved for ${refused.length === 1 ? 'service' : 'services'} ${refused.join(', ')}: choose services from the list`,
      });
    }
  }
  const datesProblem = engagementDatesProblem(fields.startDate ?? undefined, fields.endDate ?? undefined);
  if (datesProblem !== null) {
    errors.push({ path: [NOTICE_STEPS.datesAndValue, NOTICE_FIELDS.endDate], message: datesProblem });
  }
  return errors;
}

async function findNotice(db: Database, scope: SupplierScope, id: number, forUpdate = false): Promise<NoticeRow> {
  const query = db
    .select()
    .from(engagementNotices)
    .where(and(eq(engagementNotices.id, id), ownedBy(engagementNotices, scope)))
    .limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  if (!row) {
    throw notFound();
  }
  return row;
}

/** The services of notices, by notice id, by title. */
export async function noticeServices(db: Database, noticeIds: readonly number[]): Promise<Map<number, NoticeService[]>> {
  const rows =
    noticeIds.length === 0
      ? []
      : await db
          .select({
            noticeId: engagementNoticeServices.engagementNoticeId,
            id: services.id,
            title: services.title,
            catalogueId: catalogues.id,
            catalogueTitle: catalogues.title,
          })
          .from(engagementNoticeServices)
          .innerJoin(services, eq(services.id, engagementNoticeServices.serviceId))
          .innerJoin(catalogues, eq(catalogues.id, services.catalogueId))
          .where(inArray(engagementNoticeServices.engagementNoticeId, [...noticeIds]))
          .orderBy(asc(services.title), asc(services.id));
  const byNotice = new Map<number, NoticeService[]>();
  for (const row of rows) {
    byNotice.set(row.noticeId, [...(byNotice.get(row.noticeId) ?? []), noticeServiceOf(row)]);
  }
  return byNotice;
}

function noticeServiceOf(row: { id: number; title: string; catalogueId: number; catalogueTitle: string }): NoticeService {
  const service = { id: row.id, title: row.title, catalogue: { id: row.catalogueId, title: row.catalogueTitle } };
  return { ...service, label: serviceOptionLabel(service) };
}

/** The notices a billing report may be made against (the report's save holds to the same rule). */
function isReportableNotice(): SQL {
  return eq(engagementNotices.status, REPORTABLE_NOTICE_STATUS);
}

/**
 * GET /billing-report/services, the billing report's source list of services, by title. With a
 * notice: that notice's services, whatever its status (404 for another supplier's). Without one:
 * every service of the supplier's reportable notices, each once.
 */
export async function listNoticeServices(db: Database, supplierId: number, noticeId: number | null = null): Promise<NoticeService[]> {
  if (noticeId !== null) {
    const notice = await findNotice(db, supplierId, noticeId);
    return (await noticeServices(db, [notice.id])).get(notice.id) ?? [];
  }
  // Only submitted notices: a report is refused against a draft or withdrawn one, and a report's
  // line against a service its notice does not cover, so this is exactly what a report can be
  // about. A draft's or a withdrawn notice's services are left out unless a submitted one has them.
  const rows = await db
    .selectDistinct({ id: services.id, title: services.title, catalogueId: catalogues.id, catalogueTitle: catalogues.title })
    .from(engagementNoticeServices)
    .innerJoin(engagementNotices, eq(engagementNotices.id, engagementNoticeServices.engagementNoticeId))
    .innerJoin(services, eq(services.id, engagementNoticeServices.serviceId))
    .innerJoin(catalogues, eq(catalogues.id, services.catalogueId))
    .where(and(ownedBy(engagementNotices, supplierId), isReportableNotice()))
    .orderBy(asc(services.title), asc(services.id));
  return rows.map(noticeServiceOf);
}

async function agencyNames(db: Database, agencyIds: readonly (number | null)[]): Promise<Map<number, string>> {
  const ids = [...new Set(agencyIds.filter((id): id is number => id !== null))];
  if (ids.length === 0) {
    return new Map();
  }
  const rows = await db.select({ id: agencyApplications.id, name: agencyApplications.agencyName }).from(agencyApplications).where(inArray(agencyApplications.id, ids));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** The named agency's answer to a notice, as every side reads it. */
export function agencyResponseOf(
  row: Pick<NoticeRow, 'agencyResponse' | 'agencyRespondedAt' | 'agencyRespondedByUserId' | 'disputeReason' | 'disputeDetails'>,
  names: ReadonlyMap<number, string>,
): AgencyResponse {
  return {
    status: row.agencyResponse,
    at: row.agencyRespondedAt?.toISOString() ?? null,
    byName: row.agencyRespondedByUserId === null ? null : (names.get(row.agencyRespondedByUserId) ?? null),
    disputeReason: row.agencyResponse === 'disputed' ? (row.disputeReason as AgencyResponse['disputeReason']) : null,
    disputeDetails: row.agencyResponse === 'disputed' ? row.disputeDetails : null,
  };
}

function historyOf(row: Pick<NoticeRow, 'statusHistory'>) {
  return row.statusHistory.map((entry) => ({ status: entry.status, at: entry.at }));
}

async function toNoticeResponse(db: Database, row: NoticeRow): Promise<EngagementNoticeResponse> {
  const { response } = await formResponse(db, ENGAGEMENT_NOTICE_FORM_KEY, row.formVersion);
  const names = await agencyNames(db, [row.agencyId]);
  const [billed] = await db
    .select({ total: sql<string | null>`sum(${billingReports.amountCents})`, reports: count() })
    .from(billingReports)
    // The notice's own reports: the notice is the caller's (or the team's), and so are they.
    .where(and(eq(billingReports.engagementNoticeId, row.id), eq(billingReports.status, 'submitted'), ownedBy(billingReports, row.supplierId)));
  return {
    id: row.id,
    supplierID: row.supplierId,
    supplierId: row.supplierId,
    form: response,
    data: answersOf(row.data),
    progress: row.progress,
    status: row.status,
    isLocked: !isEditableRecord(row.status),
    statusHistory: historyOf(row),
    lastEdited: row.lastEdited.toISOString(),
    title: row.title,
    reference: row.reference,
    startDate: row.startDate,
    endDate: row.endDate,
    agency: row.agencyId === null ? null : { id: row.agencyId, name: names.get(row.agencyId) ?? '' },
    services: (await noticeServices(db, [row.id])).get(row.id) ?? [],
    withdrawnReason: row.status === 'withdrawn' ? (row.withdrawnReason as EngagementNoticeResponse['withdrawnReason']) : null,
    withdrawnReasonOther: row.withdrawnReasonOther,
    agencyResponse: agencyResponseOf(row, await responderNames(db, [row])),
    confidentiality: confidentialityOf(row),
    billing: { totalBilledCents: Number(billed?.total ?? 0), valueCents: row.valueCents, reportCount: billed?.reports ?? 0 },
  };
}

/** GET /engagement-notice/{id}: one of the supplier's notices, with its form and what was billed. */
export async function getEngagementNotice(db: Database, supplierId: number, id: number): Promise<EngagementNoticeResponse> {
  return toNoticeResponse(db, await findNotice(db, supplierId, id));
}

const NOTICE_SORT_COLUMNS = {
  lastEdited: engagementNotices.lastEdited,
  startDate: engagementNotices.startDate,
  endDate: engagementNotices.endDate,
  value: engagementNotices.valueCents,
  agency: agencyApplications.agencyName,
} as const;

async function toSummaries(db: Database, rows: readonly NoticeRow[]): Promise<EngagementNoticeSummary[]> {
  const names = await agencyNames(db, rows.map((row) => row.agencyId));
  const servicesByNotice = await noticeServices(db, rows.map((row) => row.id));
  const responders = await responderNames(db, rows);
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    agency: row.agencyId === null ? null : { id: row.agencyId, name: names.get(row.agencyId) ?? '' },
    services: (servicesByNotice.get(row.id) ?? []).map(({ id, title }) => ({ id, title })),
    status: row.status,
    reference: row.reference,
    startDate: row.startDate,
    endDate: row.endDate,
    valueCents: row.valueCents,
    submittedAt: row.submittedAt?.toISOString() ?? null,
    lastEdited: row.lastEdited.toISOString(),
    agencyResponse: agencyResponseOf(row, responders),
  }));
}

/** GET /engagement-notice: the supplier's notices, a page at a time, by status; sorted (the last edited first unless told). */
export async function listEngagementNotices(db: Database, supplierId: number, query: EngagementNoticeListQuery): Promise<EngagementNoticeListResponse> {
  const page = query.page ?? 1;
  const byStatus = query.status ? eq(engagementNotices.status, query.status) : undefined;
  const column = NOTICE_SORT_COLUMNS[query.sort ?? 'lastEdited'];
  const direction = (query.order ?? (query.sort === undefined || query.sort === 'lastEdited' ? 'desc' : 'asc')) === 'asc' ? asc : desc;
  const rows = await db
    .select({ notice: engagementNotices })
    .from(engagementNotices)
    .leftJoin(agencyApplications, eq(agencyApplications.id, engagementNotices.agencyId))
    .where(and(ownedBy(engagementNotices, supplierId), byStatus))
    .orderBy(sql`${direction(column)} nulls last`, desc(engagementNotices.id))
    .limit(ENGAGEMENT_NOTICES_PAGE_SIZE)
    .offset((page - 1) * ENGAGEMENT_NOTICES_PAGE_SIZE);
  const [total] = await db.select({ value: count() }).from(engagementNotices).where(and(ownedBy(engagementNotices, supplierId), byStatus));
  return {
    engagementNotices: await toSummaries(db, rows.map((row) => row.notice)),
    total: total?.value ?? 0,
    page,
    pageSize: ENGAGEMENT_NOTICES_PAGE_SIZE,
  };
}

/**
 * POST /engagement-notice/save: saves a draft or submits. A new notice (no id) starts on the form
 * version sent; an existing one must be the supplier's (404), a draft (409) and unchanged since it
 * was loaded (`lastEdited`, 409). A draft is checked for what it holds; a submission in full, then
 * locked: the supplier's working copy is done with (spec §4), the answers stay for the details.
 * Nothing is stored on a 4xx.
 */
export async function saveEngagementNotice(
  db: Database,
  audit: AuditLog,
  actor: SupplierActor,
  request: SaveEngagementNoticeRequest,
): Promise<SaveEngagementNoticeResponse> {
  refuseOtherSupplier(actor, request.supplierID);
  refuseSaveWithoutLastEdited(request, NOTICE_WORDS);
  const definition = await formForSave(db, ENGAGEMENT_NOTICE_FORM_KEY, request.form, 'engagement notice');
  const isSubmission = request.status === 'submitted';

  return db.transaction(async (tx) => {
    const existing = request.id === undefined ? null : await findNotice(tx, actor.supplierId, request.id, true);
    if (existing) {
      refuseStaleSave(existing, request, definition.version, NOTICE_WORDS);
    }
    const { data, errors } = checkAnswersByStep(definition.steps, request.engagementNotice, isSubmission);
    const fields = noticeFields(data);
    errors.push(...(await checkNoticeRules(tx, actor.supplierId, fields)));
    if (errors.length > 0) {
      throw answersRefused(errors, 'engagement notice');
    }

    const now = nextLastEdited(existing?.lastEdited);
    const status = isSubmission ? 'submitted' : 'draft';
    const history = existing ? existing.statusHistory : [statusEntry('draft', now, actor.userId)];
    const values = {
      data,
      progress: request.progress,
      status,
      statusHistory: isSubmission ? [...history, statusEntry('submitted', now, actor.userId)] : history,
      agencyId: fields.agencyId,
      title: fields.title,
      reference: fields.reference,
      startDate: fields.startDate,
      endDate: fields.endDate,
      valueCents: fields.valueCents,
      submittedAt: isSubmission ? now : null,
      lastEdited: now,
    } as const;
    const [saved] = existing
      ? await tx
          .update(engagementNotices)
          .set(values)
          .where(and(eq(engagementNotices.id, existing.id), ownedBy(engagementNotices, actor.supplierId)))
          .returning()
      : await tx
          .insert(engagementNotices)
          .values({ ...values, supplierId: actor.supplierId, formVersion: definition.version, createdByUserId: actor.userId })
          .returning();
    if (!saved) {
      throw notFound();
    }
    await tx.delete(engagementNoticeServices).where(eq(engagementNoticeServices.engagementNoticeId, saved.id));
    if (fields.serviceIds.length > 0) {
      await tx.insert(engagementNoticeServices).values(fields.serviceIds.map((serviceId) => ({ engagementNoticeId: saved.id, serviceId })));
    }
    await audit.record(
      {
        actorUserId: actor.userId,
        action: isSubmission ? 'engagement-notice.submit' : existing ? 'engagement-notice.save' : 'engagement-notice.create',
        entity: 'engagement-notice',
        entityId: saved.id,
        supplierId: actor.supplierId,
        before: existing ? auditState(existing) : null,
        after: auditState(saved),
        requestId: actor.requestId,
      },
      tx,
    );
    return { engagementNoticeId: saved.id, status: saved.status, lastEdited: saved.lastEdited.toISOString() };
  });
}

/** POST /engagement-notice/withdraw/{id}: a submitted notice only (409 otherwise), with a reason from the list. */
export async function withdrawEngagementNotice(
  db: Database,
  audit: AuditLog,
  actor: SupplierActor,
  id: number,
  request: WithdrawEngagementNoticeRequest,
): Promise<EngagementNoticeResponse> {
  const problem = withdrawalProblem(request.withdrawnReason, request.withdrawnReasonOther);
  if (problem !== null) {
    throw fieldError('withdrawnReasonOther', problem);
  }
  return db.transaction(async (tx) => {
    const row = await findNotice(tx, actor.supplierId, id, true);
    if (!isWithdrawable(row.status)) {
      throw new AppError(
        ErrorCode.Conflict,
        row.status === 'draft' ? 'A draft cannot be withdrawn: delete it instead.' : 'This engagement notice is already withdrawn.',
      );
    }
    const now = nextLastEdited(row.lastEdited);
    const other = request.withdrawnReason === 'other' ? (request.withdrawnReasonOther ?? '').trim() : null;
    const [saved] = await tx
      .update(engagementNotices)
      .set({
        status: 'withdrawn',
        withdrawnReason: request.withdrawnReason,
        withdrawnReasonOther: other,
        statusHistory: [...row.statusHistory, statusEntry('withdrawn', now, actor.userId)],
        lastEdited: now,
      })
      .where(and(eq(engagementNotices.id, row.id), ownedBy(engagementNotices, actor.supplierId)))
      .returning();
    if (!saved) {
      throw notFound();
    }
    await audit.record(
      {
        actorUserId: actor.userId,
        action: 'engagement-notice.withdraw',
        entity: 'engagement-notice',
        entityId: row.id,
        supplierId: actor.supplierId,
        before: { status: row.status },
        after: { status: saved.status, withdrawnReason: saved.withdrawnReason, withdrawnReasonOther: saved.withdrawnReasonOther },
        requestId: actor.requestId,
      },
      tx,
    );
    return toNoticeResponse(tx, saved);
  });
}

/** POST /engagement-notice/confidentiality/{id}: the supplier's open data choice, until the agency confirms. */
export async function setSupplierConfidentiality(
  db: Database,
  audit: AuditLog,
  actor: SupplierActor,
  id: number,
  request: ConfidentialityRequest,
): Promise<EngagementNoticeResponse> {
  await db.transaction(async (tx) => {
    const row = await findNotice(tx, actor.supplierId, id, true);
    await changeConfidentiality(tx, audit, { side: 'supplier', userId: actor.userId, requestId: actor.requestId }, row, request);
  });
  return getEngagementNotice(db, actor.supplierId, id);
}

/** DELETE /engagement-notice/{id}: a draft only (409 otherwise). */
export async function deleteEngagementNotice(db: Database, audit: AuditLog, actor: SupplierActor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await findNotice(tx, actor.supplierId, id, true);
    if (!isEditableRecord(row.status)) {
      throw new AppError(ErrorCode.Conflict, 'Only a draft engagement notice can be deleted. Withdraw a submitted one instead.');
    }
    // Draft reports cannot point at a draft notice (a report needs a submitted one), so nothing else refers to it.
    await tx.delete(engagementNotices).where(and(eq(engagementNotices.id, row.id), ownedBy(engagementNotices, actor.supplierId)));
    await audit.record(
      {
        actorUserId: actor.userId,
        action: 'engagement-notice.delete',
        entity: 'engagement-notice',
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

/** The supplier's notices a billing report may be made against: submitted (not drafts, not withdrawn). */
export async function listReportableNotices(db: Database, supplierId: number) {
  const rows = await db
    .select({ id: engagementNotices.id, title: engagementNotices.title, reference: engagementNotices.reference, agencyName: agencyApplications.agencyName })
    .from(engagementNotices)
    .leftJoin(agencyApplications, eq(agencyApplications.id, engagementNotices.agencyId))
    .where(and(ownedBy(engagementNotices, supplierId), isReportableNotice()))
    .orderBy(asc(engagementNotices.title), asc(engagementNotices.id));
  const periods =
    rows.length === 0
      ? []
      : await db
          .select({ noticeId: billingReports.engagementNoticeId, period: billingReports.billingPeriod })
          .from(billingReports)
          .where(and(ownedBy(billingReports, supplierId), inArray(billingReports.engagementNoticeId, rows.map((row) => row.id))))
          .orderBy(asc(billingReports.billingPeriod));
  return rows.map((row) => ({
    ...row,
    label: `${row.title ?? `Engagement notice ${String(row.id)}`} (${row.agencyName ?? 'no agency'})`,
    reportedPeriods: periods.flatMap((entry) => (entry.noticeId === row.id && entry.period !== null ? [entry.period] : [])),
  }));
}

// The team's side: every supplier's notices that the team sees (isSeenByTeam: never a draft).

/** The team's filters of its list and its CSV: the query without where its page starts. */
type TeamNoticeFilters = Omit<TeamEngagementNoticeListQuery, 'page' | 'after' | 'before'>;

function teamConditions(query: TeamNoticeFilters, clock: MismatchClock): SQL | undefined {
  const monthStart = query.period === undefined ? undefined : `${query.period}-01`;
  const monthEnd = query.period === undefined ? undefined : `${query.period}-31`;
  return and(
    inArray(engagementNotices.status, query.status ? [query.status] : TEAM_NOTICE_STATUS_CODES),
    query.agency ? eq(engagementNotices.agencyId, query.agency) : undefined,
    query.supplier ? eq(engagementNotices.supplierId, query.supplier) : undefined,
    // Running in the month: started by its end and not ended before its start (ISO dates compare as text).
    monthEnd === undefined ? undefined : lte(engagementNotices.startDate, monthEnd),
    monthStart === undefined ? undefined : gte(engagementNotices.endDate, monthStart),
    query.mismatch ? noticeMismatchCondition(query.mismatch, clock) : undefined,
  );
}

async function toTeamSummaries(db: Database, rows: readonly { notice: NoticeRow; supplierName: string }[]): Promise<TeamEngagementNoticeSummary[]> {
  const summaries = await toSummaries(db, rows.map((row) => row.notice));
  return summaries.map((summary, index) => {
    const row = rows[index];
    return { ...summary, supplier: { id: row?.notice.supplierId ?? 0, name: row?.supplierName ?? '' } };
  });
}

/** The team's list, the latest change first, as `engagement_notices_team_list_idx` holds it (read backwards). */
const TEAM_NOTICE_ORDER: KeysetOrder = { table: engagementNotices, keys: [engagementNotices.lastEdited], id: engagementNotices.id, direction: 'desc' };

/**
 * GET /admin/engagement-notices: every supplier's submitted and withdrawn notices, the latest change
 * first. The page is picked from the notices alone, in the order of `engagement_notices_team_list_idx`,
 * before the supplier is joined, from the entry it starts after or before (`after`, `before`) when
 * the screen says so; the total is counted up to LIST_COUNT_LIMIT past the page.
 */
export async function listEngagementNoticesForTeam(db: Database, query: TeamEngagementNoticeListQuery, clock: MismatchClock): Promise<TeamEngagementNoticeListResponse> {
  const page = query.page ?? 1;
  // From the page number the screen sends, a page read from an entry too: the rows it has paged past.
  const skipped = (page - 1) * ENGAGEMENT_NOTICES_PAGE_SIZE;
  // The team reads every supplier's notices: that is its job.
  const matching = (position?: SQL) =>
    db
      .select({ id: engagementNotices.id })
      .from(engagementNotices)
      .where(and(ownedBy(engagementNotices, ANY_SUPPLIER), teamConditions(query, clock), position))
      .$dynamic();
  const { rows: pageIds, nextCursor, previousCursor } = await readKeysetPage(
    TEAM_NOTICE_ORDER,
    { ...query, page },
    ENGAGEMENT_NOTICES_PAGE_SIZE,
    (position, orderBy, limit, offset) =>
      matching(position)
        .orderBy(...orderBy)
        .limit(limit)
        .offset(offset),
    (row) => row.id,
  );
  const rows = await db
    .select({ notice: engagementNotices, supplierName: suppliers.tradingName })
    .from(engagementNotices)
    .innerJoin(suppliers, eq(suppliers.id, engagementNotices.supplierId))
    // The page's notices, picked above from every supplier's.
    .where(and(inArray(engagementNotices.id, pageIds.map((row) => row.id)), ownedBy(engagementNotices, ANY_SUPPLIER)))
    .orderBy(...keysetOrderBy(TEAM_NOTICE_ORDER));
  const counted = await countUpTo(db, matching(), { limit: LIST_COUNT_LIMIT, skipped });
  return {
    engagementNotices: await toTeamSummaries(db, rows),
    total: counted.total,
    totalIsCapped: counted.isCapped,
    nextCursor,
    previousCursor,
    page,
    pageSize: ENGAGEMENT_NOTICES_PAGE_SIZE,
  };
}

/** GET /admin/engagement-notices/{id}: any supplier's notice that the team sees (not a draft). */
export async function getEngagementNoticeForTeam(db: Database, id: number): Promise<TeamEngagementNotice> {
  const row = await findNotice(db, ANY_SUPPLIER, id);
  if (!isSeenByTeam(row.status)) {
    throw notFound();
  }
  const [supplier] = await db.select({ name: suppliers.tradingName }).from(suppliers).where(eq(suppliers.id, row.supplierId)).limit(1);
  return { ...(await toNoticeResponse(db, row)), supplier: { id: row.supplierId, name: supplier?.name ?? '' } };
}

export const ENGAGEMENT_NOTICE_CSV_COLUMNS = [
  'Id',
  'Supplier',
  'Agency',
  'Title',
  'Agency reference',
  'Services',
  'Status',
  'Start date',
  'End date',
  'Value (NZD excl. GST)',
  'Submitted',
  'Withdrawn reason',
] as const;

/**
 * The team's CSV records for the filters, the newest first, in keyset-paged batches (each query
 * resumes after the previous batch's last row), every cell neutralised against formula injection.
 */
export async function* exportEngagementNoticeRecords(db: Database, query: TeamNoticeFilters, clock: MismatchClock): AsyncGenerator<string[]> {
  let after = null as { lastEdited: Date; id: number } | null;
  for (;;) {
    const cursor = after;
    const rows = await db
      .select({ notice: engagementNotices, supplierName: suppliers.tradingName })
      .from(engagementNotices)
      .innerJoin(suppliers, eq(suppliers.id, engagementNotices.supplierId))
      .where(
        and(
          ownedBy(engagementNotices, ANY_SUPPLIER),
          teamConditions(query, clock),
          cursor === null
            ? undefined
            : sql`(${engagementNotices.lastEdited}, ${engagementNotices.id}) < (${cursor.lastEdited.toISOString()}::timestamptz, ${cursor.id})`,
        ),
      )
      .orderBy(desc(engagementNotices.lastEdited), desc(engagementNotices.id))
      .limit(EXPORT_BATCH_SIZE);
    for (const summary of await toTeamSummaries(db, rows)) {
      const row = rows.find((candidate) => candidate.notice.id === summary.id)?.notice;
      yield [
        String(summary.id),
        summary.supplier.name,
        summary.agency?.name ?? '',
        summary.title ?? '',
        summary.reference ?? '',
        summary.services.map((service) => service.title).join('; '),
        recordStatusLabel(summary.status),
        summary.startDate ?? '',
        summary.endDate ?? '',
        summary.valueCents === null ? '' : centsToDecimal(summary.valueCents),
        summary.submittedAt ?? '',
        row?.status === 'withdrawn' ? [row.withdrawnReason, row.withdrawnReasonOther].filter(Boolean).join(': ') : '',
      ].map(neutraliseCsvCell);
    }
    const last = rows.at(-1);
    if (!last || rows.length < EXPORT_BATCH_SIZE) {
      return;
    }
    after = { lastEdited: last.notice.lastEdited, id: last.notice.id };
  }
}
