/**
 * The team's audit search (issue 13 item 7): entries filtered by supplier, acting person, action
 * prefix and New Zealand date range, newest first; a page of them, a supplier's latest, and every
 * match in keyset-paged batches for the CSV export. The writing side is server/audit.ts.
 */
import { and, desc, eq, gte, lt, or, sql, type SQL } from 'drizzle-orm';
import { AUDIT_PAGE_SIZE, type AuditEntry, type AuditExportQuery, type AuditListQuery, type AuditListResponse } from '../../../common/api/audit';
import { nextCalendarDay, startOfDisplayDay } from '../../../common/dates';
import { neutraliseCsvCell } from '../../../common/directory';
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
  const personCondition =
    person === undefined || person === ''
      ? undefined
      : or(
          /^[1-9][0-9]{0,9}$/.test(person) && Number(person) <= 2_147_483_647 ? eq(auditLog.actorUserId, Number(person)) : undefined,
          sql`lower(${users.email}) LIKE ${`%${escapeLike(person.toLowerCase())}%`}`,
        );
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

/** A page of the entries matching the filters, newest first. */
export async function listAuditEntries(db: Database, query: AuditListQuery): Promise<AuditListResponse> {
  const page = query.page ?? 1;
  const pageSize = AUDIT_PAGE_SIZE;
  const where = auditConditions(query);
  const [totalRow] = await db
    .select({ total: sql<number>`count(*)::integer` })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorUserId))
    .where(where);
  const rows = await selectEntries(db)
    .where(where)
    .orderBy(...newestFirst)
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return { entries: rows.map(toAuditEntry), total: totalRow?.total ?? 0, page, pageSize };
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
