/**
 * The team's audit search (issue 13 item 7): entries filtered by supplier, acting person, action
 * prefix and New Zealand date range, newest first; a page of them, a supplier's latest, and every
 * match in keyset-paged batches for the CSV export. The writing side is server/audit.ts.
 */
import { and, desc, eq, gte, lt, or, sql, type SQL } from 'drizzle-orm';
import { AUDIT_COUNT_LIMIT, AUDIT_PAGE_SIZE, type AuditEntry, type AuditExportQuery, type AuditListQuery, type AuditListResponse } from '../../../common/api/audit';
import { nextCalendarDay, startOfDisplayDay } from '../../../common/dates';
import { neutraliseCsvCell } from '../../../common/directory';
import { countUpTo } from '../../db/capped-count';
import { readKeysetPage, type KeysetOrder } from '../../db/keyset-page';
import type { Database } from '../../db/client';
import { auditLog, suppliers, users } from '../../db/schema/index';
import { AppError, ErrorCode } from '../../errors';

/** Rows one export statement reads: memory holds one batch, no connection is held between them. */
export const AUDIT_EXPORT_BATCH_SIZE = 500;

/** `%`, `_` and `\` typed in a filter match themselves, not any text. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

function badFilter(field: string, message: string): AppError {
  return new AppError(ErrorCode.BadRequest, message, [{ field: `querystring.${field}`, message }]);
}

/** The statement's conditions for the filters; 400 for a day that does not exist or a range that ends before it starts. */
export function auditConditions(filters: AuditExportQuery): SQL | undefined {
  const from = filters.from === undefined ? undefined : startOfDisplayDay(filters.from);
  if (from === null) {
    throw badFilter('from', `${String(filters.from)} is not a date: write it as yyyy-mm-dd.`);
  }
  const isRealTo = filters.to === undefined || startOfDisplayDay(filters.to) !== null;
  // The end is inclusive: entries before the next day starts.
  const to = filters.to === undefined || !isRealTo ? undefined : startOfDisplayDay(nextCalendarDay(filters.to));
  if (!isRealTo || to === null) {
    throw badFilter('to', `${String(filters.to)} is not a date: write it as yyyy-mm-dd.`);
  }
  if (filters.from !== undefined && filters.to !== undefined && filters.from > filters.to) {
    throw badFilter('from', 'The first day comes after the last day.');
  }
  const person = filters.person?.trim();
  // The people first (a few thousand rows), then their entries through audit_log_actor_at_id_idx:
  // an `or` across the join to users would read every entry of the log.
  const personCondition =
    person === undefined || person === ''
      ? undefined
      : sql`${auditLog.actorUserId} IN (SELECT ${users.id} FROM ${users} WHERE ${or(
          /^[1-9][0-9]{0,9}$/.test(person) && Number(person) <= 2_147_483_647 ? eq(users.id, Number(person)) : undefined,
          sql`lower(${users.email}) LIKE ${`%${escapeLike(person.toLowerCase())}%`}`,
        )})`;
  return and(
    filters.supplier === undefined || filters.supplier === null ? undefined : eq(auditLog.supplierId, filters.supplier),
    personCondition,
    filters.action === undefined ? undefined : sql`${auditLog.action} LIKE ${`${escapeLike(filters.action)}%`}`,
    from === undefined ? undefined : gte(auditLog.at, from),
    to === undefined ? undefined : lt(auditLog.at, to),
  );
}

const entryColumns = {
  id: auditLog.id,
  at: auditLog.at,
  action: auditLog.action,
  entity: auditLog.entity,
  entityId: auditLog.entityId,
  supplierId: auditLog.supplierId,
  before: auditLog.before,
  after: auditLog.after,
  requestId: auditLog.requestId,
  actorId: users.id,
  actorName: users.name,
  actorEmail: users.email,
  supplierName: suppliers.tradingName,
};

interface EntryRow {
  id: number;
  at: Date;
  action: string;
  entity: string;
  entityId: string;
  supplierId: number | null;
  before: unknown;
  after: unknown;
  requestId: string | null;
  actorId: number | null;
  actorName: string | null;
  actorEmail: string | null;
  supplierName: string | null;
}

/** One audit row as the API shows it. */
function toAuditEntry(row: EntryRow): AuditEntry {
  return {
    id: row.id,
    at: row.at.toISOString(),
    actor: row.actorId === null ? null : { id: row.actorId, name: row.actorName ?? '', email: row.actorEmail ?? '' },
    supplier: row.supplierId === null ? null : { id: row.supplierId, name: row.supplierName },
    action: row.action,
    subject: { entity: row.entity, id: row.entityId },
    details: { before: row.before ?? null, after: row.after ?? null },
    requestId: row.requestId,
  };
}

function selectEntries(db: Database) {
  return db
    .select(entryColumns)
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorUserId))
    .leftJoin(suppliers, eq(suppliers.id, auditLog.supplierId));
}

const newestFirst = [desc(auditLog.at), desc(auditLog.id)];

/** The log's order, newest first, as audit_log_at_id_idx holds it. */
const AUDIT_ORDER: KeysetOrder = { table: auditLog, keys: [auditLog.at], id: auditLog.id, direction: 'desc' };

/**
 * A page of the entries matching the filters, newest first. With a cursor (`after` or `before`, an
 * entry's id) it reads from that entry's place in the index onwards, so the thousandth page costs
 * what the first does; `page` alone (a bookmarked address) skips the entries before it. The total
 * is counted up to AUDIT_COUNT_LIMIT.
 */
export async function listAuditEntries(db: Database, query: AuditListQuery): Promise<AuditListResponse> {
  const where = auditConditions(query);
  // The person filter reads users in a subquery of its own: the count needs no join.
  // Pages start from an entry, not after a number of them: counted from the first.
  const counted = await countUpTo(db, db.select({ id: auditLog.id }).from(auditLog).where(where).$dynamic(), { limit: AUDIT_COUNT_LIMIT });
  const page = query.page ?? 1;
  const { rows, nextCursor, previousCursor } = await readKeysetPage(
    AUDIT_ORDER,
    { ...query, page },
    AUDIT_PAGE_SIZE,
    (position, order, limit, offset) =>
      selectEntries(db)
        .where(and(where, position))
        .orderBy(...order)
        .limit(limit)
        .offset(offset),
    (row) => row.id,
  );
  return {
    entries: rows.map(toAuditEntry),
    total: counted.total,
    totalIsCapped: counted.isCapped,
    nextCursor,
    previousCursor,
    page,
    pageSize: AUDIT_PAGE_SIZE,
  };
}

/** The latest `limit` entries about one supplier, newest first. */
export async function listSupplierAuditHistory(db: Database, supplierId: number, limit: number): Promise<AuditEntry[]> {
  const rows = await selectEntries(db)
    .where(eq(auditLog.supplierId, supplierId))
    .orderBy(...newestFirst)
    .limit(limit);
  return rows.map(toAuditEntry);
}

function jsonCell(value: unknown): string {
  return value === null || value === undefined ? '' : JSON.stringify(value);
}

/**
 * Every entry matching the filters as CSV cells (AUDIT_CSV_COLUMNS), newest first, in keyset-paged
 * batches resuming after the last row's `(at, id)`. The filters are checked before the first row.
 */
export function exportAuditRecords(db: Database, filters: AuditExportQuery): AsyncGenerator<string[]> {
  const where = auditConditions(filters);
  return (async function* batches() {
    // The time as the database writes it: microseconds, which a JavaScript Date would round away.
    let cursor = null as { at: string; id: number } | null;
    for (;;) {
      const after = cursor;
      const rows = await db
        .select({ ...entryColumns, cursorAt: sql<string>`${auditLog.at}::text` })
        .from(auditLog)
        .leftJoin(users, eq(users.id, auditLog.actorUserId))
        .leftJoin(suppliers, eq(suppliers.id, auditLog.supplierId))
        .where(and(where, after === null ? undefined : sql`(${auditLog.at}, ${auditLog.id}) < (${after.at}::timestamptz, ${after.id})`))
        .orderBy(...newestFirst)
        .limit(AUDIT_EXPORT_BATCH_SIZE);
      for (const row of rows) {
        yield [
          String(row.id),
          row.at.toISOString(),
          row.actorName ?? '',
          row.actorEmail ?? '',
          row.supplierId === null ? '' : String(row.supplierId),
          row.supplierName ?? '',
          row.action,
          row.entity,
          row.entityId,
          jsonCell(row.before),
          jsonCell(row.after),
          row.requestId ?? '',
        ].map(neutraliseCsvCell);
      }
      const last = rows.at(-1);
      if (!last || rows.length < AUDIT_EXPORT_BATCH_SIZE) {
        return;
      }
      cursor = { at: last.cursorAt, id: last.id };
    }
  })();
}
