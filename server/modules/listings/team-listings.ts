/**
 * The marketplace team's review of service listings (issue 30, spec §4 stage 5): the listings by
 * status (those waiting first), one listing beside its live version with the fields that differ
 * and its expired documents, approving it, sending it back with the reasons in a message, and
 * suspending a live listing (buyers cannot read it) until the team reinstates it. The team reaches every
 * supplier's listings (ANY_SUPPLIER). Every decision locks the listing first, so two team members
 * cannot decide on it at once, and is audited and mailed to the supplier's people.
 */
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  ADMIN_LISTINGS_PAGE_SIZE,
  LISTING_CHANGES_REASON_MISSING,
  LISTING_NOT_IN_REVIEW,
  LISTING_NOT_SUSPENDABLE,
  LISTING_NOT_SUSPENDED,
  LISTING_SUSPEND_REASON_MISSING,
} from '../../../common/api/team-listings';
import type {
  RequestListingChanges,
  SuspendListing,
  TeamListing,
  TeamListingListQuery,
  TeamListingListResponse,
  TeamListingSummary,
} from '../../../common/api/team-listings';
import { LIST_COUNT_LIMIT } from '../../../common/api/http';
import { changedListingFields } from '../../../common/listings/listing-changes';
import { isDocumentExpired, newZealandDate } from '../../../common/listings/document-expiry';
import { isListingReviewable, listingDocuments, SERVICE_LISTING_FORM_KEY } from '../../../common/listings/service-listings';
import { uploadAnswers } from '../../../common/forms/uploads';
import type { AuditLog } from '../../audit';
import type { Actor } from '../../auth/actor';
import { countUpTo } from '../../db/capped-count';
import type { Database } from '../../db/client';
import { nextLastEdited } from '../../db/last-edited';
import { applications, catalogues, serviceListings, serviceListingVersions, services, suppliers, users } from '../../db/schema/index';
import { ANY_SUPPLIER, ownedBy } from '../../db/supplier-scope';
import { AppError, ErrorCode } from '../../errors';
import type { MailQueue } from '../../mail/mail-queue';
import { formResponse, type AnswersByStep } from '../forms/record-forms';
import { createTeamThread } from '../threads/service';
import { supplierFileNames } from '../uploads/service';
import { queueListingDecisionMail, type ListingMailContext } from './listing-mail';
import { publishListingVersion } from './service';

export interface TeamListingsDependencies {
  db: Database;
  audit: AuditLog;
  mail: MailQueue;
  mailContext: ListingMailContext;
}

type ListingRow = typeof serviceListings.$inferSelect;

const summaryColumns = {
  listing: serviceListings,
  supplierTradingName: suppliers.tradingName,
  serviceTitle: services.title,
  catalogueTitle: catalogues.title,
};

function toSummary(row: { listing: ListingRow; supplierTradingName: string; serviceTitle: string; catalogueTitle: string }): TeamListingSummary {
  const { listing } = row;
  return {
    id: listing.id,
    supplierId: listing.supplierId,
    supplierTradingName: row.supplierTradingName,
    service: { id: listing.serviceId, title: row.serviceTitle, catalogueTitle: row.catalogueTitle },
    status: listing.status,
    isLive: listing.publishedVersion !== null,
    submittedAt: listing.submittedAt?.toISOString() ?? null,
    lastEdited: listing.lastEdited.toISOString(),
  };
}

/**
 * GET /admin/listings: listings of one status (waiting for review unless told), longest waiting
 * first. The page is picked from the listings alone, in the order of `service_listings_status_idx`,
 * before anything is joined, and the total is counted up to LIST_COUNT_LIMIT past the page: a
 * million published listings are never sorted, joined or counted on each request (issue 33).
 */
export async function listListingsForTeam(db: Database, query: TeamListingListQuery): Promise<TeamListingListResponse> {
  const page = query.page ?? 1;
  const skipped = (page - 1) * ADMIN_LISTINGS_PAGE_SIZE;
  const status = query.status ?? 'in_review';
  const order = [sql`${serviceListings.submittedAt} asc nulls last`, asc(serviceListings.id)];
  // The team reviews every supplier's listings.
  const matching = () => db.select({ id: serviceListings.id }).from(serviceListings).where(and(eq(serviceListings.status, status), ownedBy(serviceListings, ANY_SUPPLIER))).$dynamic();
  const pageIds = matching()
    .orderBy(...order)
    .limit(ADMIN_LISTINGS_PAGE_SIZE)
    .offset(skipped);
  const rows = await db
    .select(summaryColumns)
    .from(serviceListings)
    .innerJoin(suppliers, eq(suppliers.id, serviceListings.supplierId))
    .innerJoin(services, eq(services.id, serviceListings.serviceId))
    .innerJoin(catalogues, eq(catalogues.id, services.catalogueId))
    // The page's listings, picked above from every supplier's.
    .where(and(inArray(serviceListings.id, pageIds), ownedBy(serviceListings, ANY_SUPPLIER)))
    .orderBy(...order);
  const counted = await countUpTo(db, matching(), { limit: LIST_COUNT_LIMIT, skipped });
  return { listings: rows.map(toSummary), total: counted.total, totalIsCapped: counted.isCapped, page, pageSize: ADMIN_LISTINGS_PAGE_SIZE };
}

async function findListingRow(db: Database, id: number, options: { lock?: boolean } = {}): Promise<ListingRow> {
  const query = db
    .select()
    .from(serviceListings)
    // The team reaches any supplier's listing by its id.
    .where(and(eq(serviceListings.id, id), ownedBy(serviceListings, ANY_SUPPLIER)))
    .limit(1);
  const [row] = options.lock ? await query.for('update') : await query;
  if (!row) {
    throw new AppError(ErrorCode.NotFound, 'No such listing.');
  }
  return row;
}

/** GET /admin/listings/{id}: the working copy beside the live version, the fields that differ, and the versions published. */
export async function getListingForTeam(db: Database, id: number): Promise<TeamListing> {
  const [summary] = await db
    .select(summaryColumns)
    .from(serviceListings)
    .innerJoin(suppliers, eq(suppliers.id, serviceListings.supplierId))
    .innerJoin(services, eq(services.id, serviceListings.serviceId))
    .innerJoin(catalogues, eq(catalogues.id, services.catalogueId))
    .where(and(eq(serviceListings.id, id), ownedBy(serviceListings, ANY_SUPPLIER)));
  if (!summary) {
    throw new AppError(ErrorCode.NotFound, 'No such listing.');
  }
  const row = summary.listing;
  const { definition, response: form } = await formResponse(db, SERVICE_LISTING_FORM_KEY, row.formVersion);
  const versions = await db
    .select({ version: serviceListingVersions, approvedBy: users.name })
    .from(serviceListingVersions)
    .leftJoin(users, eq(users.id, serviceListingVersions.approvedByUserId))
    .where(eq(serviceListingVersions.listingId, row.id))
    .orderBy(desc(serviceListingVersions.version));
  const live = versions.find((entry) => entry.version.version === row.publishedVersion)?.version ?? null;
  const data = row.data as AnswersByStep;
  const liveData = (live?.data ?? null) as AnswersByStep | null;
  const [application] =
    row.applicationId === null
      ? []
      : await db
          .select({ id: applications.id, referenceId: applications.referenceId })
          .from(applications)
          // The listing's own supplier's application, which the team may read.
          .where(and(eq(applications.id, row.applicationId), ownedBy(applications, ANY_SUPPLIER)));
  const fileIds = [data, liveData ?? {}].flatMap((answers) => definition.steps.flatMap((step) => uploadAnswers(step, answers[step.id]).map((file) => file.fileId)));
  return {
    ...toSummary(summary),
    form,
    data,
    liveData,
    changedFields: changedListingFields(definition.steps, liveData ?? {}, data),
    changesRequested: row.changesRequested,
    suspendedAt: row.suspendedAt?.toISOString() ?? null,
    expiredDocuments: expiredDocumentsOf(liveData ?? {}, newZealandDate(new Date())),
    application: application ?? null,
    versions: versions.map(({ version, approvedBy }) => ({
      version: version.version,
      publishedAt: version.publishedAt.toISOString(),
      approvedBy,
      changedFields: version.changedFields,
    })),
    files: await supplierFileNames(db, row.supplierId, fileIds),
  };
}

/** The documents of a listing's answers whose expiry date has passed by `today`. */
function expiredDocumentsOf(data: AnswersByStep, today: string): TeamListing['expiredDocuments'] {
  return listingDocuments(data).flatMap(({ fileId, kind, expiresOn }) =>
    expiresOn !== null && isDocumentExpired(expiresOn, today) ? [{ fileId, kind, expiresOn }] : [],
  );
}

/** What the audit log keeps of a decision on a listing. */
function auditState(row: Pick<ListingRow, 'serviceId' | 'status' | 'publishedVersion' | 'suspendedAt'>): Record<string, unknown> {
  return { serviceId: row.serviceId, status: row.status, publishedVersion: row.publishedVersion, ...(row.suspendedAt ? { suspendedAt: row.suspendedAt.toISOString() } : {}) };
}

/** The audit entry of a decision on a listing: its state before and after, and what the decision adds (reasons, a thread). */
function recordDecision(
  tx: Database,
  deps: TeamListingsDependencies,
  actor: Actor,
  action: string,
  before: ListingRow,
  after: ListingRow,
  extra: Record<string, unknown> = {},
): Promise<void> {
  return deps.audit.record(
    {
      actorUserId: actor.userId,
      action,
      entity: 'listing',
      entityId: before.id,
      supplierId: before.supplierId,
      before: auditState(before),
      after: { ...auditState(after), ...extra },
      requestId: actor.requestId,
    },
    tx,
  );
}

async function serviceTitleOf(db: Database, serviceId: number): Promise<string> {
  const [service] = await db.select({ title: services.title }).from(services).where(eq(services.id, serviceId));
  return service?.title ?? 'your service';
}

/**
 * POST /admin/listings/{id}/approve: a listing waiting for review (409 otherwise). A listing not
 * live yet is approved for publication with its application; a live listing's change is published
 * at once as its next version, the version before it staying in its history.
 */
export async function approveListing(deps: TeamListingsDependencies, actor: Actor, id: number): Promise<TeamListing> {
  await deps.db.transaction(async (tx) => {
    const before = await findListingRow(tx, id, { lock: true });
    if (!isListingReviewable(before.status)) {
      throw new AppError(ErrorCode.Conflict, LISTING_NOT_IN_REVIEW);
    }
    const now = nextLastEdited(before.lastEdited);
    const isLive = before.publishedVersion !== null;
    const after = isLive
      ? await publishListingVersion(tx, before, actor.userId, now)
      : await updateListing(tx, before.id, { status: 'approved', lastEdited: now });
    await recordDecision(tx, deps, actor, 'listing.approve', before, after);
    await queueListingDecisionMail(tx, deps.mail, deps.mailContext, {
      supplierId: before.supplierId,
      serviceTitle: await serviceTitleOf(tx, before.serviceId),
      decision: isLive ? 'published' : 'approved',
    });
  });
  return getListingForTeam(deps.db, id);
}

async function updateListing(tx: Database, id: number, values: Partial<Pick<ListingRow, 'status' | 'lastEdited' | 'changesRequested' | 'suspendedAt'>>): Promise<ListingRow> {
  const [after] = await tx
    .update(serviceListings)
    .set(values)
    // The caller found and locked the listing by its id (findListingRow).
    .where(and(eq(serviceListings.id, id), ownedBy(serviceListings, ANY_SUPPLIER)))
    .returning();
  if (!after) {
    throw new Error('listing update returned nothing');
  }
  return after;
}

/**
 * POST /admin/listings/{id}/request-changes: sends a listing waiting for review back to the
 * supplier, with the reasons as a team message on the application that asked for it (or on the
 * supplier, for a listing without one). A live listing stays live meanwhile.
 */
export async function requestListingChanges(deps: TeamListingsDependencies, actor: Actor, id: number, input: RequestListingChanges): Promise<TeamListing> {
  const reason = input.reason.trim();
  if (reason === '') {
    throw new AppError(ErrorCode.BadRequest, LISTING_CHANGES_REASON_MISSING, [{ field: 'reason', message: LISTING_CHANGES_REASON_MISSING }]);
  }
  await deps.db.transaction(async (tx) => {
    const before = await findListingRow(tx, id, { lock: true });
    if (!isListingReviewable(before.status)) {
      throw new AppError(ErrorCode.Conflict, LISTING_NOT_IN_REVIEW);
    }
    const serviceTitle = await serviceTitleOf(tx, before.serviceId);
    const after = await updateListing(tx, before.id, { status: 'changes_requested', changesRequested: reason, lastEdited: nextLastEdited(before.lastEdited) });
    const record = before.applicationId === null ? { model: 'supplier' as const, recordId: before.supplierId } : { model: 'application' as const, recordId: before.applicationId };
    const thread = await createTeamThread(tx, deps.audit, actor, record, { title: `Changes needed to your listing of ${serviceTitle}`, content: reason });
    await recordDecision(tx, deps, actor, 'listing.request-changes', before, after, { reason, threadId: thread.id });
    await queueListingDecisionMail(tx, deps.mail, deps.mailContext, { supplierId: before.supplierId, serviceTitle, decision: 'changes_requested' });
  });
  return getListingForTeam(deps.db, id);
}

/**
 * POST /admin/listings/{id}/suspend: takes a live listing out of buyers' sight (an expired
 * certificate, say) until the team reinstates it, with the reasons as a team message on the
 * supplier. Its working copy and its review carry on as before. 409 for a listing not live, or
 * suspended already.
 */
export async function suspendListing(deps: TeamListingsDependencies, actor: Actor, id: number, input: SuspendListing): Promise<TeamListing> {
  const reason = input.reason.trim();
  if (reason === '') {
    throw new AppError(ErrorCode.BadRequest, LISTING_SUSPEND_REASON_MISSING, [{ field: 'reason', message: LISTING_SUSPEND_REASON_MISSING }]);
  }
  await deps.db.transaction(async (tx) => {
    const before = await findListingRow(tx, id, { lock: true });
    if (before.publishedVersion === null || before.suspendedAt !== null) {
      throw new AppError(ErrorCode.Conflict, LISTING_NOT_SUSPENDABLE);
    }
    const serviceTitle = await serviceTitleOf(tx, before.serviceId);
    const after = await updateListing(tx, before.id, { suspendedAt: new Date() });
    const thread = await createTeamThread(tx, deps.audit, actor, { model: 'supplier', recordId: before.supplierId }, { title: `Your listing of ${serviceTitle} is suspended`, content: reason });
    await recordDecision(tx, deps, actor, 'listing.suspend', before, after, { reason, threadId: thread.id });
    await queueListingDecisionMail(tx, deps.mail, deps.mailContext, { supplierId: before.supplierId, serviceTitle, decision: 'suspended' });
  });
  return getListingForTeam(deps.db, id);
}

/** POST /admin/listings/{id}/reinstate: buyers can read a suspended listing again. 409 for one not suspended. */
export async function reinstateListing(deps: TeamListingsDependencies, actor: Actor, id: number): Promise<TeamListing> {
  await deps.db.transaction(async (tx) => {
    const before = await findListingRow(tx, id, { lock: true });
    if (before.suspendedAt === null) {
      throw new AppError(ErrorCode.Conflict, LISTING_NOT_SUSPENDED);
    }
    const after = await updateListing(tx, before.id, { suspendedAt: null });
    await recordDecision(tx, deps, actor, 'listing.reinstate', before, after);
    await queueListingDecisionMail(tx, deps.mail, deps.mailContext, { supplierId: before.supplierId, serviceTitle: await serviceTitleOf(tx, before.serviceId), decision: 'reinstated' });
  });
  return getListingForTeam(deps.db, id);
}
