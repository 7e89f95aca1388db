/**
 * The marketplace team's side of applications (spec §4 "Application status stages"): the list by
 * stage, one application, moves between stages (only TEAM_TRANSITIONS, common/application-stages.ts)
 * and the decision on each requested service. Publishing publishes the granted services' approved
 * listings (the listings area), lists them in `supplier_services` and approves the supplier, so the
 * directory triggers list it.
 * Every change locks the application row first, so two team members cannot move it at once.
 * The team's side reaches every supplier's applications (ANY_SUPPLIER).
 */
import type { MailQueue } from '../../mail/mail-queue';
import { queueApplicationMoveMail, queueServiceDecisionMail, type WorkflowMailContext } from './workflow-notify';
import { and, asc, count, eq, inArray, ne, sql } from 'drizzle-orm';
import type {
  TeamApplication,
  TeamApplicationListResponse,
  TeamApplicationSort,
  TeamMoveApplicationRequest,
  TeamServiceDecisionRequest,
} from '../../../common/api/team-applications';
import { ADMIN_APPLICATIONS_PAGE_SIZE, listingsNotReadyMessage, SERVICE_DECLINE_REASON_MISSING } from '../../../common/api/team-applications';
import { APPLICATION_NOT_FOUND } from '../../../common/api/applications';
import {
  INCOMPLETE,
  TEAM_TRANSITIONS,
  applicationStatusLabel,
  areServicesDecidable,
  type ApplicationStageCode,
  type ApplicationStatus,
} from '../../../common/application-stages';
import type { AuditLog } from '../../audit';
import type { Actor } from '../../auth/actor';
import type { Database } from '../../db/client';
import { applicationServices, applications, services, suppliers } from '../../db/schema/index';
import { keysetOrderBy, readKeysetPage, type KeysetOrder, type PageRequest } from '../../db/keyset-page';
import { ANY_SUPPLIER, ownedBy } from '../../db/supplier-scope';
import { AppError, ErrorCode } from '../../errors';
import { readApplicationAnswers, servicesWithStatus } from './service';
import { createTeamThread, listRecordThreadsForTeam } from '../threads/service';
import { publishApprovedListings, servicesWithoutReadyListing } from '../listings/service';

export interface TeamApplicationsDependencies {
  db: Database;
  audit: AuditLog;
  /** Queues the supplier's mail of each move and decision, in its transaction. */
  mail: MailQueue;
  mailContext: WorkflowMailContext;
}

type ApplicationRow = typeof applications.$inferSelect;

const isTeamStage = (status: ApplicationStatus): status is ApplicationStageCode => status !== INCOMPLETE;

/** The application row when the team may see it (submitted or later), locked when asked. */
async function findApplicationRow(db: Database, applicationId: number, options: { lock?: boolean } = {}): Promise<ApplicationRow> {
  const query = db
    .select()
    .from(applications)
    .where(and(eq(applications.id, applicationId), ne(applications.status, INCOMPLETE), ownedBy(applications, ANY_SUPPLIER)))
    .limit(1);
  const [row] = options.lock ? await query.for('update') : await query;
  if (!row) {
    throw new AppError(ErrorCode.NotFound, APPLICATION_NOT_FOUND);
  }
  return row;
}


async function toTeamApplication(db: Database, row: ApplicationRow): Promise<TeamApplication> {
  const [supplier] = await db
    .select({
      tradingName: suppliers.tradingName,
      legalName: suppliers.legalName,
      nzbn: suppliers.nzbn,
      email: suppliers.email,
      phone: suppliers.phone,
      status: suppliers.status,
    })
    .from(suppliers)
    .where(eq(suppliers.id, row.supplierId));
  if (!supplier) {
    throw new Error('an application without its supplier');
  }
  const withStatus = await servicesWithStatus(db, row.id);
  const { form, data, files } = await readApplicationAnswers(db, row, withStatus);
  return {
    id: row.id,
    referenceId: row.referenceId,
    supplierId: row.supplierId,
    supplierTradingName: supplier.tradingName,
    status: row.status,
    lastEdited: row.lastEdited.toISOString(),
    stageReachedAt: row.stageSince.toISOString(),
    servicesWithStatus: withStatus,
    threads: await listRecordThreadsForTeam(db, { model: 'application', recordId: row.id }),
    statusTimestamps: row.statusTimestamps,
    data,
    form,
    files,
    supplier,
  };
}

/**
 * Submitted-or-later applications, optionally of one status: longest in their current stage first (the
 * work queue's order, finished applications after it), or latest change first. Each order is an
 * index's (migration 0044); the page is picked from the applications alone before the supplier is
 * joined, from the entry it starts after or before (`after`, `before`) when the screen says so.
 */
export async function listApplicationsForTeam(
  db: Database,
  query: { status?: ApplicationStatus; sort?: TeamApplicationSort } & PageRequest,
): Promise<TeamApplicationListResponse> {
  const pageSize = ADMIN_APPLICATIONS_PAGE_SIZE;
  // Written as the partial indexes' predicate is, so that the planner can use them.
  const isSubmitted = sql`${applications.status} <> 'incomplete'`;
  const where = and(isSubmitted, query.status === undefined ? undefined : eq(applications.status, query.status));
  // The team's side: every supplier's applications.
  const [totalRow] = await db.select({ total: count() }).from(applications).where(and(where, ownedBy(applications, ANY_SUPPLIER)));
  // One status is all finished or none: its order is applications_status_stage_idx's.
  const order: KeysetOrder =
    query.sort === 'latest'
      ? { table: applications, keys: [applications.lastEdited], id: applications.id, direction: 'desc' }
      : { table: applications, keys: query.status === undefined ? [applications.isFinished, applications.stageSince] : [applications.stageSince], id: applications.id, direction: 'asc' };
  const { rows: pageIds, nextCursor, previousCursor } = await readKeysetPage(
    order,
    query,
    pageSize,
    (position, orderBy, limit, offset) =>
      db
        .select({ id: applications.id })
        .from(applications)
        .where(and(where, position, ownedBy(applications, ANY_SUPPLIER)))
        .orderBy(...orderBy)
        .limit(limit)
        .offset(offset),
    (row) => row.id,
  );
  const rows = await db
    .select({
      id: applications.id,
      referenceId: applications.referenceId,
      supplierId: applications.supplierId,
      supplierTradingName: suppliers.tradingName,
      status: applications.status,
      lastEdited: applications.lastEdited,
      stageSince: applications.stageSince,
    })
    .from(applications)
    .innerJoin(suppliers, eq(suppliers.id, applications.supplierId))
    .where(and(inArray(applications.id, pageIds.map((row) => row.id)), ownedBy(applications, ANY_SUPPLIER)))
    .orderBy(...keysetOrderBy(order));
  const requested =
    rows.length === 0
      ? []
      : await db
          .select({ applicationId: applicationServices.applicationId, id: services.id, title: services.title })
          .from(applicationServices)
          .innerJoin(services, eq(services.id, applicationServices.serviceId))
          .where(inArray(applicationServices.applicationId, rows.map((row) => row.id)))
          .orderBy(asc(services.title), asc(services.id));
  return {
    applications: rows.map(({ stageSince, ...row }) => ({
      ...row,
      lastEdited: row.lastEdited.toISOString(),
      stageReachedAt: stageSince.toISOString(),
      services: requested.filter((service) => service.applicationId === row.id).map(({ id, title }) => ({ id, title })),
    })),
    total: totalRow?.total ?? 0,
    nextCursor,
    previousCursor,
    page: query.page,
    pageSize,
  };
}

/** One submitted-or-later application with its services' decisions. */
export async function getApplicationForTeam(db: Database, applicationId: number): Promise<TeamApplication> {
  return toTeamApplication(db, await findApplicationRow(db, applicationId));
}

function refuseMove(from: ApplicationStatus, to: ApplicationStageCode): never {
  const allowed = isTeamStage(from) ? TEAM_TRANSITIONS[from] : [];
  const next = allowed.length === 0 ? 'It cannot move any further.' : `It can move to: ${allowed.map((code) => `"${applicationStatusLabel(code)}"`).join(', ')}.`;
  throw new AppError(
    ErrorCode.Conflict,
    `The application is at "${applicationStatusLabel(from)}" and cannot move to "${applicationStatusLabel(to)}". ${next}`,
  );
}

/**
 * Lists every granted service of the application (stage 6), publishing their approved listings as
 * their first versions (the listings area), and approves the supplier. Every granted service needs
 * a listing the team approved (or one live already): 409 naming those that wait.
 */
async function publishGrantedServices(tx: Database, row: ApplicationRow, approvedByUserId: number, now: Date): Promise<number[]> {
  const granted = await tx
    .select({ serviceId: applicationServices.serviceId, title: services.title })
    .from(applicationServices)
    .innerJoin(services, eq(services.id, applicationServices.serviceId))
    .where(and(eq(applicationServices.applicationId, row.id), eq(applicationServices.status, 'granted')))
    .orderBy(asc(services.title), asc(services.id));
  const serviceIds = granted.map((service) => service.serviceId);
  const waiting = new Set(await servicesWithoutReadyListing(tx, row.supplierId, serviceIds));
  if (waiting.size > 0) {
    const titles = granted.filter((service) => waiting.has(service.serviceId)).map((service) => service.title);
    throw new AppError(ErrorCode.Conflict, listingsNotReadyMessage(titles));
  }
  await publishApprovedListings(tx, row.supplierId, serviceIds, approvedByUserId, now);
  await tx.update(suppliers).set({ status: 'approved', updatedAt: now }).where(eq(suppliers.id, row.supplierId));
  return serviceIds;
}

/**
 * Moves an application to the next stage or to Declined (TEAM_TRANSITIONS only). A decline needs
 * its reasons, which go to the supplier as a team message in a new thread on the application.
 * Moving to Granted needs at least one granted service; moving to Published lists them.
 */
export async function moveApplication(
  deps: TeamApplicationsDependencies,
  actor: Actor,
  applicationId: number,
  input: TeamMoveApplicationRequest,
): Promise<TeamApplication> {
  const reason = input.reason?.trim() ?? '';
  if (input.status === 'declined' && reason === '') {
    throw new AppError(ErrorCode.BadRequest, 'Give the reasons for declining: they are sent to the supplier.', [
      { field: 'body.reason', message: 'is required when declining' },
    ]);
  }
  return deps.db.transaction(async (tx) => {
    const before = await findApplicationRow(tx, applicationId, { lock: true });
    if (!isTeamStage(before.status) || !TEAM_TRANSITIONS[before.status].includes(input.status)) {
      refuseMove(before.status, input.status);
    }
    const from = before.status;
    if (input.status === 'granted') {
      const [granted] = await tx
        .select({ total: count() })
        .from(applicationServices)
        .where(and(eq(applicationServices.applicationId, before.id), eq(applicationServices.status, 'granted')));
      if ((granted?.total ?? 0) === 0) {
        throw new AppError(ErrorCode.Conflict, 'Grant at least one of the requested services before granting the application.');
      }
    }
    const now = new Date();
    const statusTimestamps = { ...before.statusTimestamps, [input.status]: now.toISOString() };
    const [after] = await tx
      .update(applications)
      .set({ status: input.status, statusTimestamps, lastEdited: now })
      .where(and(eq(applications.id, before.id), ownedBy(applications, before.supplierId)))
      .returning();
    if (!after) {
      throw new Error('application update returned nothing');
    }
    const publishedServiceIds = input.status === 'published' ? await publishGrantedServices(tx, before, actor.userId, now) : undefined;
    const thread =
      input.status === 'declined'
        ? await createTeamThread(tx, deps.audit, actor, { model: 'application', recordId: before.id }, {
            title: `Your application ${before.referenceId} was declined`,
            content: reason,
          })
        : undefined;
    await deps.audit.record(
      {
        actorUserId: actor.userId,
        action: 'application.move',
        entity: 'application',
        entityId: before.id,
        supplierId: before.supplierId,
        before: { status: from, statusTimestamps: before.statusTimestamps },
        after: {
          status: input.status,
          statusTimestamps,
          ...(thread ? { reason, threadId: thread.id } : {}),
          ...(publishedServiceIds ? { publishedServiceIds, supplierStatus: 'approved' } : {}),
        },
        requestId: actor.requestId,
      },
      tx,
    );
    await queueApplicationMoveMail(tx, deps.mail, deps.mailContext, { supplierId: before.supplierId, referenceId: before.referenceId, status: input.status });
    return toTeamApplication(tx, after);
  });
}

/** Grants or declines one requested service, while the team is still assessing the application. */
export async function decideApplicationService(
  deps: TeamApplicationsDependencies,
  actor: Actor,
  target: { applicationId: number; serviceId: number },
  decision: TeamServiceDecisionRequest,
): Promise<TeamApplication> {
  const reason = decision.status === 'declined' ? (decision.reason ?? '').trim() : null;
  if (reason === '') {
    throw new AppError(ErrorCode.BadRequest, SERVICE_DECLINE_REASON_MISSING, [{ field: 'reason', message: SERVICE_DECLINE_REASON_MISSING }]);
  }
  return deps.db.transaction(async (tx) => {
    const application = await findApplicationRow(tx, target.applicationId, { lock: true });
    const [requested] = await tx
      .select({ status: applicationServices.status, decidedAt: applicationServices.decidedAt, declineReason: applicationServices.declineReason })
      .from(applicationServices)
      .where(and(eq(applicationServices.applicationId, application.id), eq(applicationServices.serviceId, target.serviceId)))
      .limit(1);
    if (!requested) {
      throw new AppError(ErrorCode.NotFound, 'This application does not request that service.');
    }
    if (!areServicesDecidable(application.status)) {
      throw new AppError(
        ErrorCode.Conflict,
        `The application is at "${applicationStatusLabel(application.status)}": services are decided only while it is Submitted, Pre-assessment or In Progress.`,
      );
    }
    const now = new Date();
    await tx
      .update(applicationServices)
      .set({ status: decision.status, decidedAt: now, declineReason: reason })
      .where(and(eq(applicationServices.applicationId, application.id), eq(applicationServices.serviceId, target.serviceId)));
    const [after] = await tx
      .update(applications)
      .set({ lastEdited: now })
      .where(and(eq(applications.id, application.id), ownedBy(applications, application.supplierId)))
      .returning();
    await deps.audit.record(
      {
        actorUserId: actor.userId,
        action: 'application.decide-service',
        entity: 'application',
        entityId: application.id,
        supplierId: application.supplierId,
        before: { serviceId: target.serviceId, status: requested.status, decidedAt: requested.decidedAt?.toISOString() ?? null, reason: requested.declineReason },
        after: { serviceId: target.serviceId, status: decision.status, decidedAt: now.toISOString(), reason },
        requestId: actor.requestId,
      },
      tx,
    );
    const decided = await toTeamApplication(tx, after ?? application);
    const service = decided.servicesWithStatus.find((candidate) => candidate.id === target.serviceId);
    await queueServiceDecisionMail(tx, deps.mail, deps.mailContext, {
      supplierId: application.supplierId,
      referenceId: application.referenceId,
      serviceTitle: service?.title ?? '',
      status: decision.status,
    });
    return decided;
  });
}
