/**
 * The marketplace team's supplier management (issue 13 item 6): the search, one supplier with
 * everything about it, suspending and reinstating. A suspended supplier leaves the directory and
 * its CSV at once (they list `approved` suppliers only; the triggers of migration 0004 drop it from
 * `supplier_search`) and its users lose the dashboard as for an `inactive` one
 * (`supplierStatusesWithoutDashboard`). Reinstating restores the status it had before.
 */
import type { MailQueue } from '../../mail/mail-queue';
import { queueSupplierStatusMail, type SupplierMailContext } from './notify';
import { and, asc, count, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import {
  ADMIN_SUPPLIERS_PAGE_SIZE,
  SUPPLIER_ALREADY_SUSPENDED,
  SUPPLIER_AUDIT_HISTORY_LENGTH,
  SUPPLIER_NOT_FOUND,
  SUPPLIER_NOT_SUSPENDED,
  type TeamSupplier,
  type TeamSupplierListQuery,
  type TeamSupplierListResponse,
  type TeamSupplierNamesResponse,
  type SupplierStatusCode,
} from '../../../common/api/team-suppliers';
import { withOtherInsuranceListed } from '../../../common/supplier-details/insurance';
import { TEAM_REPORT_STATUS_CODES } from '../../../common/reporting/billing-reports';
import { TEAM_NOTICE_STATUS_CODES } from '../../../common/reporting/engagement-notices';
import type { AuditLog } from '../../audit';
import type { Actor } from '../../auth/actor';
import type { Database } from '../../db/client';
import {
  applications,
  billingReports,
  engagementNotices,
  supplierMemberships,
  suppliers,
  threads,
  users,
  type SupplierStatus,
} from '../../db/schema/index';
import { keysetOrderBy, readKeysetPage, type KeysetOrder } from '../../db/keyset-page';
import { ANY_SUPPLIER, ownedBy } from '../../db/supplier-scope';
import { AppError, ErrorCode } from '../../errors';
import { listSupplierAuditHistory } from '../audit/service';
import { directorySearchCache } from '../directory/service';

/** The API's statuses and the database's are one list (a compile error otherwise). */
export const API_STATUSES_MATCH_DATABASE: [SupplierStatus, SupplierStatusCode] extends [SupplierStatusCode, SupplierStatus] ? true : never = true;

export interface SupplierStatusDependencies {
  db: Database;
  audit: AuditLog;
  /** Queues the mail telling the supplier's people, with the change. */
  mail: MailQueue;
  mailContext: SupplierMailContext;
}

/** `%`, `_` and `\` typed in a search match themselves. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/** Trading or legal name containing `q` (case and macrons ignored), or an NZBN or ABN containing its digits. */
function searchCondition(q: string | undefined): SQL | undefined {
  const text = q?.trim() ?? '';
  if (text === '') {
    return undefined;
  }
  const pattern = `%${escapeLike(text)}%`;
  const digits = text.replace(/[\s-]/g, '');
  const isNumber = /^[0-9]+$/.test(digits);
  return or(
    sql`${suppliers.sortKey} LIKE directory_fold(${pattern})`,
    sql`directory_fold(${suppliers.legalName}) LIKE directory_fold(${pattern})`,
    isNumber ? sql`replace(${suppliers.nzbn}, ' ', '') LIKE ${`%${digits}%`}` : undefined,
    isNumber ? sql`replace(${suppliers.abn}, ' ', '') LIKE ${`%${digits}%`}` : undefined,
  );
}

/**
 * The team's list of suppliers in the order of `suppliers_team_order_idx`: folded trading name in
 * byte order, then id. `sort_key` is generated from the NOT NULL trading name by a strict function,
 * so it is never null, as a keyset key must be.
 */
const TEAM_SUPPLIER_ORDER: KeysetOrder = { table: suppliers, keys: [{ column: suppliers.sortKey, collation: 'C' }], id: suppliers.id, direction: 'asc' };

/**
 * Suppliers matching the search and status, by folded trading name, with their counts; the page is
 * read from the entry it starts after or before (`after`, `before`) when the screen says so.
 */
export async function listSuppliersForTeam(db: Database, query: TeamSupplierListQuery): Promise<TeamSupplierListResponse> {
  const page = query.page ?? 1;
  const pageSize = ADMIN_SUPPLIERS_PAGE_SIZE;
  const where = and(searchCondition(query.q), query.status === undefined ? undefined : eq(suppliers.status, query.status));
  // Every supplier's records: the team's side counts them all.
  const userCount = db
    .select({ value: count() })
    .from(supplierMemberships)
    .where(and(ownedBy(supplierMemberships, ANY_SUPPLIER), eq(supplierMemberships.supplierId, suppliers.id)));
  const applicationCount = db
    .select({ value: count() })
    .from(applications)
    .where(and(ownedBy(applications, ANY_SUPPLIER), eq(applications.supplierId, suppliers.id)));
  const noticeCount = db
    .select({ value: count() })
    .from(engagementNotices)
    .where(and(ownedBy(engagementNotices, ANY_SUPPLIER), eq(engagementNotices.supplierId, suppliers.id), inArray(engagementNotices.status, TEAM_NOTICE_STATUS_CODES)));
  const [totalRow] = await db.select({ total: count() }).from(suppliers).where(where);
  // The page is picked in the order of `suppliers_team_order_idx` before anything is counted:
  // the counts below are worked out for its rows only, not for every row before the page.
  const { rows: pageIds, nextCursor, previousCursor } = await readKeysetPage(
    TEAM_SUPPLIER_ORDER,
    { ...query, page },
    pageSize,
    (position, orderBy, limit, offset) =>
      db
        .select({ id: suppliers.id })
        .from(suppliers)
        .where(and(where, position))
        .orderBy(...orderBy)
        .limit(limit)
        .offset(offset),
    (row) => row.id,
  );
  const rows = await db
    .select({
      id: suppliers.id,
      tradingName: suppliers.tradingName,
      legalName: suppliers.legalName,
      nzbn: suppliers.nzbn,
      abn: suppliers.abn,
      status: suppliers.status,
      users: sql<number>`(${userCount})::integer`,
      applications: sql<number>`(${applicationCount})::integer`,
      engagementNotices: sql<number>`(${noticeCount})::integer`,
    })
    .from(suppliers)
    .where(inArray(suppliers.id, pageIds.map((row) => row.id)))
    .orderBy(...keysetOrderBy(TEAM_SUPPLIER_ORDER));
  return { suppliers: rows, total: totalRow?.total ?? 0, nextCursor, previousCursor, page, pageSize };
}

/** Every supplier's id and trading name, in the search's order (trading name, macrons and case ignored). */
export async function listSupplierNamesForTeam(db: Database): Promise<TeamSupplierNamesResponse> {
  const rows = await db
    .select({ id: suppliers.id, name: suppliers.tradingName })
    .from(suppliers)
    .orderBy(...keysetOrderBy(TEAM_SUPPLIER_ORDER));
  return { suppliers: rows };
}

type SupplierRow = typeof suppliers.$inferSelect;

async function findSupplierRow(db: Database, id: number, forUpdate = false): Promise<SupplierRow> {
  const query = db.select().from(suppliers).where(eq(suppliers.id, id)).limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  if (!row) {
    throw new AppError(ErrorCode.NotFound, SUPPLIER_NOT_FOUND);
  }
  return row;
}

const iso = (value: Date | null) => value?.toISOString() ?? null;

/** One supplier: its details, users, applications, notices, billing reports, threads and latest audit entries. */
export async function getSupplierForTeam(db: Database, id: number): Promise<TeamSupplier> {
  const row = await findSupplierRow(db, id);
  // The statements below read this one supplier's records, for the team.
  const members = await db
    .select({ id: users.id, name: users.name, email: users.email, isAdmin: supplierMemberships.isAdmin })
    .from(supplierMemberships)
    .innerJoin(users, eq(users.id, supplierMemberships.userId))
    .where(ownedBy(supplierMemberships, id))
    .orderBy(asc(sql`lower(${users.name})`), asc(users.id));
  const applicationRows = await db
    .select({
      id: applications.id,
      referenceId: applications.referenceId,
      status: applications.status,
      createdAt: applications.createdAt,
      lastEdited: applications.lastEdited,
      statusTimestamps: applications.statusTimestamps,
    })
    .from(applications)
    .where(ownedBy(applications, id))
    .orderBy(desc(applications.createdAt), desc(applications.id));
  const notices = await db
    .select({
      id: engagementNotices.id,
      title: engagementNotices.title,
      reference: engagementNotices.reference,
      status: engagementNotices.status,
      submittedAt: engagementNotices.submittedAt,
      lastEdited: engagementNotices.lastEdited,
    })
    .from(engagementNotices)
    .where(and(ownedBy(engagementNotices, id), inArray(engagementNotices.status, TEAM_NOTICE_STATUS_CODES)))
    .orderBy(desc(engagementNotices.lastEdited), desc(engagementNotices.id));
  const reports = await db
    .select({
      id: billingReports.id,
      engagementNoticeId: billingReports.engagementNoticeId,
      billingPeriod: billingReports.billingPeriod,
      status: billingReports.status,
      submittedAt: billingReports.submittedAt,
      lastEdited: billingReports.lastEdited,
    })
    .from(billingReports)
    .where(and(ownedBy(billingReports, id), inArray(billingReports.status, TEAM_REPORT_STATUS_CODES)))
    .orderBy(desc(billingReports.lastEdited), desc(billingReports.id));
  const threadRows = await db
    .select({
      id: threads.id,
      title: threads.title,
      model: threads.model,
      recordId: threads.recordId,
      isResolved: threads.isResolved,
      updatedAt: threads.updatedAt,
    })
    .from(threads)
    .where(ownedBy(threads, id))
    .orderBy(desc(threads.updatedAt), desc(threads.id));
  return {
    id: row.id,
    tradingName: row.tradingName,
    legalName: row.legalName,
    status: row.status,
    statusBeforeSuspension: row.statusBeforeSuspension,
    nzbn: row.nzbn,
    abn: row.abn,
    email: row.email,
    phone: row.phone,
    website: row.website,
    summary: row.summary,
    city: row.city,
    state: row.state,
    country: row.country,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    details: withOtherInsuranceListed(row.details),
    users: members,
    applications: applicationRows.map((application) => ({
      id: application.id,
      referenceId: application.referenceId,
      status: application.status,
      createdAt: application.createdAt.toISOString(),
      lastEdited: application.lastEdited.toISOString(),
      submittedAt: application.statusTimestamps.submitted ?? null,
    })),
    engagementNotices: notices.map((notice) => ({ ...notice, submittedAt: iso(notice.submittedAt), lastEdited: notice.lastEdited.toISOString() })),
    billingReports: reports.map((report) => ({ ...report, submittedAt: iso(report.submittedAt), lastEdited: report.lastEdited.toISOString() })),
    threads: threadRows.map((thread) => ({ ...thread, updatedAt: thread.updatedAt.toISOString() })),
    auditHistory: await listSupplierAuditHistory(db, id, SUPPLIER_AUDIT_HISTORY_LENGTH),
  };
}

/**
 * Changes the supplier's status under a row lock, with its audit entry (the reason included) and
 * the mail to its people in the same transaction. The supplier's `updatedAt` is its details' edit stamp (`last_edited`), so a
 * change of status leaves it alone. The directory's search cache is told once it has committed.
 */
async function changeSupplierStatus(
  deps: SupplierStatusDependencies,
  actor: Actor,
  id: number,
  reason: string,
  change: { action: 'supplier.suspend' | 'supplier.reinstate'; next: (row: SupplierRow) => Pick<SupplierRow, 'status' | 'statusBeforeSuspension' | 'suspensionReason'> },
): Promise<TeamSupplier> {
  const trimmed = reason.trim();
  await deps.db.transaction(async (tx) => {
    const row = await findSupplierRow(tx, id, true);
    const values = change.next(row);
    await tx.update(suppliers).set(values).where(eq(suppliers.id, id));
    await deps.audit.record(
      {
        actorUserId: actor.userId,
        action: change.action,
        entity: 'supplier',
        entityId: id,
        supplierId: id,
        before: { status: row.status },
        after: { status: values.status, reason: trimmed },
        requestId: actor.requestId,
      },
      tx,
    );
    await queueSupplierStatusMail(tx, deps.mail, deps.mailContext, { supplierId: id, tradingName: row.tradingName, suspended: values.status === 'suspended', reason: trimmed });
  });
  // The directory answers from this process's cache: its next search must not show the old status.
  directorySearchCache(deps.db).expireVersion();
  return getSupplierForTeam(deps.db, id);
}

/** Suspends a supplier (409 when it already is), remembering its status for reinstating. */
export function suspendSupplier(deps: SupplierStatusDependencies, actor: Actor, id: number, reason: string): Promise<TeamSupplier> {
  return changeSupplierStatus(deps, actor, id, reason, {
    action: 'supplier.suspend',
    next: (row) => {
      if (row.status === 'suspended') {
        throw new AppError(ErrorCode.Conflict, SUPPLIER_ALREADY_SUSPENDED);
      }
      return { status: 'suspended', statusBeforeSuspension: row.status, suspensionReason: reason.trim() };
    },
  });
}

/** Reinstates a suspended supplier (409 when it is not) to the status it had before. */
export function reinstateSupplier(deps: SupplierStatusDependencies, actor: Actor, id: number, reason: string): Promise<TeamSupplier> {
  return changeSupplierStatus(deps, actor, id, reason, {
    action: 'supplier.reinstate',
    next: (row) => {
      if (row.status !== 'suspended') {
        throw new AppError(ErrorCode.Conflict, SUPPLIER_NOT_SUSPENDED);
      }
      // Never null for a supplier suspended here; an applicant is the status that lists nothing.
      return { status: row.statusBeforeSuspension ?? 'applicant', statusBeforeSuspension: null, suspensionReason: null };
    },
  });
}
