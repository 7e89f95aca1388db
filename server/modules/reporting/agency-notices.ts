/**
 * The agency's side of engagement notices (issue 31): the notices suppliers sent naming the active
 * agency, one of them with its dispute, and the agency's answer: confirm it, or dispute it with a
 * reason, which opens a conversation between the supplier, the agency and the team (a thread on the
 * notice that the agency is in). Every answer is audited and mailed to the supplier's people.
 */
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import {
  AGENCY_NOTICES_PAGE_SIZE,
  type AgencyNotice,
  type AgencyNoticeDetail,
  type AgencyNoticesQuery,
  type AgencyNoticesResponse,
  type DisputeNoticeRequest,
} from '../../../common/api/agency-engagements';
import { THREAD_TITLE_MAX_LENGTH } from '../../../common/api/threads';
import { canConfirm, canDispute, disputeProblem, disputeReasonLabel } from '../../../common/reporting/agency-responses';
import { NOTICE_STEPS } from '../../../common/reporting/engagement-notices';
import { dashboardRecordPath } from '../../../common/thread-addresses';
import type { AgencyActor } from '../../auth/actor';
import type { Database } from '../../db/client';
import { engagementNotices, suppliers } from '../../db/schema/index';
import { ANY_SUPPLIER, ownedBy } from '../../db/supplier-scope';
import { AppError, ErrorCode } from '../../errors';
import { quoteForMail } from '../../mail/quote';
import { findAgencyThread, openAgencyThread, teamDigestNotifier } from '../threads/service';
import { mailSupplierPeople, writeInAgencyConversation, type AgencyAnswerDependencies } from './agency-answers';
import { agencyResponseOf, noticeServices } from './engagement-notices';
import { responderNames } from './records';
import { changeConfidentiality, confidentialityOf } from './confidentiality';
import type { ConfidentialityRequest } from '../../../common/api/confidentiality';


type NoticeRow = typeof engagementNotices.$inferSelect;

const NOT_FOUND = 'No engagement notice with that id names your agency.';

/**
 * The notices sent to the agency: any supplier's (each statement says so with ANY_SUPPLIER), limited
 * to the agency they name and to those sent (a draft is the supplier's own; a withdrawn notice was
 * never an engagement).
 */
function sentToAgency(agencyId: number): SQL | undefined {
  return and(eq(engagementNotices.agencyId, agencyId), eq(engagementNotices.status, 'submitted'));
}

async function toAgencyNotices(db: Database, rows: readonly { notice: NoticeRow; supplierName: string }[]): Promise<AgencyNotice[]> {
  const servicesByNotice = await noticeServices(db, rows.map((row) => row.notice.id));
  const names = await responderNames(db, rows.map((row) => row.notice));
  return rows.map(({ notice, supplierName }) => ({
    id: notice.id,
    supplier: { id: notice.supplierId, name: supplierName },
    title: notice.title ?? '',
    reference: notice.reference,
    startDate: notice.startDate,
    endDate: notice.endDate,
    valueCents: notice.valueCents,
    services: (servicesByNotice.get(notice.id) ?? []).map(({ id, title }) => ({ id, title })),
    submittedAt: (notice.submittedAt ?? notice.lastEdited).toISOString(),
    response: agencyResponseOf(notice, names),
  }));
}

/** GET /agency/engagement-notices: the notices sent to the agency, the last sent first, by its answer if asked. */
export async function listAgencyNotices(db: Database, agencyId: number, query: AgencyNoticesQuery): Promise<AgencyNoticesResponse> {
  const page = query.page ?? 1;
  const where = and(sentToAgency(agencyId), query.response ? eq(engagementNotices.agencyResponse, query.response) : undefined);
  const rows = await db
    .select({ notice: engagementNotices, supplierName: suppliers.tradingName })
    .from(engagementNotices)
    .innerJoin(suppliers, eq(suppliers.id, engagementNotices.supplierId))
    .where(and(ownedBy(engagementNotices, ANY_SUPPLIER), where))
    .orderBy(desc(engagementNotices.submittedAt), desc(engagementNotices.id))
    .limit(AGENCY_NOTICES_PAGE_SIZE)
    .offset((page - 1) * AGENCY_NOTICES_PAGE_SIZE);
  const [total] = await db.select({ value: count() }).from(engagementNotices).where(and(ownedBy(engagementNotices, ANY_SUPPLIER), where));
  return { notices: await toAgencyNotices(db, rows), total: total?.value ?? 0, page, pageSize: AGENCY_NOTICES_PAGE_SIZE };
}

/** One notice sent to the agency (locked for the answer's transaction when `lock`); 404 otherwise. */
async function findAgencyNotice(db: Database, agencyId: number, id: number, options: { lock: boolean }) {
  const query = db
    .select({ notice: engagementNotices, supplierName: suppliers.tradingName })
    .from(engagementNotices)
    .innerJoin(suppliers, eq(suppliers.id, engagementNotices.supplierId))
    .where(and(eq(engagementNotices.id, id), ownedBy(engagementNotices, ANY_SUPPLIER), sentToAgency(agencyId)))
    .limit(1);
  const [row] = options.lock ? await query.for('update', { of: engagementNotices }) : await query;
  if (!row) {
    throw new AppError(ErrorCode.NotFound, NOT_FOUND);
  }
  return row;
}

function descriptionOf(notice: NoticeRow): string | null {
  const step = notice.data[NOTICE_STEPS.datesAndValue];
  const description = typeof step === 'object' && step !== null ? (step as Record<string, unknown>).description : undefined;
  return typeof description === 'string' && description.trim() !== '' ? description : null;
}

/** GET /agency/engagement-notices/{id}: the notice, the agency's answer and its dispute's messages. */
export async function getAgencyNotice(db: Database, agencyId: number, id: number): Promise<AgencyNoticeDetail> {
  const row = await findAgencyNotice(db, agencyId, id, { lock: false });
  const [notice] = await toAgencyNotices(db, [row]);
  if (!notice) {
    throw new Error('notice summary missing');
  }
  const thread = await findAgencyThread(db, agencyId, { model: 'engagement-notice', recordId: id });
  return {
    ...notice,
    description: descriptionOf(row.notice),
    confidentiality: confidentialityOf(row.notice),
    dispute: thread && { threadId: thread.id, isResolved: thread.isResolved, messages: thread.messages },
  };
}

/** POST /agency/engagement-notices/{id}/confidentiality: the agency's open data choice, until it confirms. */
export async function setAgencyConfidentiality(
  deps: Pick<AgencyAnswerDependencies, 'db' | 'audit'>,
  actor: AgencyActor,
  id: number,
  request: ConfidentialityRequest,
): Promise<AgencyNoticeDetail> {
  await deps.db.transaction(async (tx) => {
    const { notice } = await findAgencyNotice(tx, actor.agencyId, id, { lock: true });
    await changeConfidentiality(tx, deps.audit, { side: 'agency', userId: actor.userId, requestId: actor.requestId }, notice, request);
  });
  return getAgencyNotice(deps.db, actor.agencyId, id);
}

/** The mail telling the supplier's people how the agency answered. */
async function mailSupplier(
  tx: Database,
  deps: AgencyAnswerDependencies,
  actor: AgencyActor,
  notice: NoticeRow,
  answer: { kind: 'confirmed' } | { kind: 'disputed'; reason: string; details: string },
): Promise<void> {
  const link = `${deps.config.publicUrl}${dashboardRecordPath('engagement-notice', notice.id)}`;
  const what = `the engagement notice ${quoteForMail(notice.title ?? '')}${notice.reference ? ` (reference ${quoteForMail(notice.reference)})` : ''}`;
  const text =
    answer.kind === 'confirmed'
      ? ['Kia ora,', '', `The agency ${quoteForMail(actor.agencyName)} confirmed ${what} on the ${deps.config.productName}.`, '', `See the notice: ${link}`]
      : [
          'Kia ora,',
          '',
          `The agency ${quoteForMail(actor.agencyName)} disputed ${what} on the ${deps.config.productName}.`,
          '',
          `Their reason: ${answer.reason}.`,
          `What they say is wrong: ${quoteForMail(answer.details)}`,
          '',
          `Reply in the notice's messages, which the agency and the marketplace team read too: ${link}`,
        ];
  const subject =
    answer.kind === 'confirmed' ? `An agency confirmed your engagement notice on the ${deps.config.productName}` : `An agency disputed your engagement notice on the ${deps.config.productName}`;
  await mailSupplierPeople(tx, deps, notice.supplierId, subject, text);
}

/** POST /agency/engagement-notices/{id}/confirm: final; a disputed notice may be confirmed once settled. 409 when already confirmed. */
export async function confirmAgencyNotice(deps: AgencyAnswerDependencies, actor: AgencyActor, id: number): Promise<AgencyNoticeDetail> {
  await deps.db.transaction(async (tx) => {
    const { notice } = await findAgencyNotice(tx, actor.agencyId, id, { lock: true });
    if (!canConfirm(notice.agencyResponse)) {
      throw new AppError(ErrorCode.Conflict, 'Your agency has already confirmed this engagement notice.', { status: notice.agencyResponse });
    }
    const now = new Date();
    await tx
      .update(engagementNotices)
      .set({ agencyResponse: 'confirmed', agencyRespondedAt: now, agencyRespondedByUserId: actor.userId })
      .where(and(eq(engagementNotices.id, id), ownedBy(engagementNotices, notice.supplierId)));
    await deps.audit.record(
      {
        actorUserId: actor.userId,
        action: 'engagement-notice.confirm',
        entity: 'engagement_notice',
        entityId: id,
        supplierId: notice.supplierId,
        before: { agencyResponse: notice.agencyResponse },
        after: { agencyResponse: 'confirmed', agencyId: actor.agencyId },
        requestId: actor.requestId,
      },
      tx,
    );
    await mailSupplier(tx, deps, actor, notice, { kind: 'confirmed' });
  });
  return getAgencyNotice(deps.db, actor.agencyId, id);
}

/**
 * POST /agency/engagement-notices/{id}/dispute: the reason and what is wrong; opens the dispute's
 * conversation with them as the agency's first message. 409 unless the notice awaits an answer.
 */
export async function disputeAgencyNotice(deps: AgencyAnswerDependencies, actor: AgencyActor, id: number, input: DisputeNoticeRequest): Promise<AgencyNoticeDetail> {
  const details = input.details.trim();
  const problem = disputeProblem(details);
  if (problem !== null) {
    throw new AppError(ErrorCode.BadRequest, problem, [{ field: 'details', message: problem }]);
  }
  await deps.db.transaction(async (tx) => {
    const { notice } = await findAgencyNotice(tx, actor.agencyId, id, { lock: true });
    if (!canDispute(notice.agencyResponse)) {
      throw new AppError(ErrorCode.Conflict, `Your agency has already ${notice.agencyResponse} this engagement notice.`, { status: notice.agencyResponse });
    }
    const now = new Date();
    await tx
      .update(engagementNotices)
      .set({ agencyResponse: 'disputed', agencyRespondedAt: now, agencyRespondedByUserId: actor.userId, disputeReason: input.reason, disputeDetails: details })
      .where(and(eq(engagementNotices.id, id), ownedBy(engagementNotices, notice.supplierId)));
    await deps.audit.record(
      {
        actorUserId: actor.userId,
        action: 'engagement-notice.dispute',
        entity: 'engagement_notice',
        entityId: id,
        supplierId: notice.supplierId,
        before: { agencyResponse: notice.agencyResponse },
        after: { agencyResponse: 'disputed', agencyId: actor.agencyId, disputeReason: input.reason, disputeDetails: details },
        requestId: actor.requestId,
      },
      tx,
    );
    const reason = disputeReasonLabel(input.reason);
    await openAgencyThread(
      tx,
      deps.audit,
      actor,
      { model: 'engagement-notice', recordId: id },
      { supplierId: notice.supplierId, title: `Dispute: ${notice.title ?? ''}`.slice(0, THREAD_TITLE_MAX_LENGTH), content: `${reason}.\n\n${details}` },
      teamDigestNotifier,
    );
    await mailSupplier(tx, deps, actor, notice, { kind: 'disputed', reason, details });
  });
  return getAgencyNotice(deps.db, actor.agencyId, id);
}

/**
 * POST /agency/engagement-notices/{id}/messages: the agency writes in its dispute while the notice
 * is disputed; 409 before it disputed it, and once it confirmed it (the dispute is settled).
 */
export async function postAgencyNoticeMessage(deps: AgencyAnswerDependencies, actor: AgencyActor, id: number, content: string): Promise<AgencyNoticeDetail> {
  const { notice } = await findAgencyNotice(deps.db, actor.agencyId, id, { lock: false });
  await writeInAgencyConversation(
    deps,
    actor,
    { model: 'engagement-notice', recordId: id },
    {
      status: notice.agencyResponse,
      isOpen: notice.agencyResponse === 'disputed',
      settledMessage: 'Your agency has confirmed this engagement notice: its dispute is settled.',
      notYetMessage: 'Messages about a notice start when your agency disputes it.',
    },
    content,
  );
  return getAgencyNotice(deps.db, actor.agencyId, id);
}
