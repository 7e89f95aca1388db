/**
 * A supplier admin's change of legal name, NZBN, ABN or ACN goes to the marketplace team for review
 * (issue 29, item 4): the supplier row keeps the approved values, which the directory and every
 * public place show, and the change waits in `supplier_detail_changes` until the team approves it
 * (then the row takes it) or declines it with a reason; the supplier's admins may withdraw it first.
 *
 * A business number belongs to one supplier: a change asking for a number another supplier holds,
 * or has asked for, is refused at the field with a clear message. Two asking at the same moment
 * are held apart by the partial unique indexes of migration 0024 (one pending claim per number),
 * and an approval racing another by the unique indexes on `suppliers`: either way the loser gets
 * the same clear message, never a 500.
 */
import { and, count, eq, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  ADMIN_SUPPLIER_CHANGES_PAGE_SIZE,
  NO_PENDING_SUPPLIER_CHANGE,
  REVIEWED_SUPPLIER_FIELDS,
  REVIEWED_SUPPLIER_FIELD_LABELS,
  SUPPLIER_CHANGE_NOT_FOUND,
  SUPPLIER_CHANGE_WAITING,
  businessNumberTakenMessage,
  type PendingSupplierChange,
  type ReviewedSupplierField,
  type SupplierChangeField,
  type TeamSupplierChange,
  type TeamSupplierChangeListQuery,
  type TeamSupplierChangeListResponse,
} from '../../../common/api/supplier-detail-changes';
import type { FieldError, FormData } from '../../../common/forms/definition';
import type { AuditLog } from '../../audit';
import type { Actor, SupplierActor } from '../../auth/actor';
import type { Database } from '../../db/client';
import { readKeysetPage, type KeysetOrder } from '../../db/keyset-page';
import { nextLastEdited } from '../../db/last-edited';
import { businessNumberDigits, supplierDetailChanges, suppliers, users } from '../../db/schema/index';
import { AppError, ErrorCode } from '../../errors';
import type { MailQueue } from '../../mail/mail-queue';
import { queueSupplierChangeDecisionMail, type SupplierMailContext } from './notify';

type ChangeRow = typeof supplierDetailChanges.$inferSelect;
type NumberField = Exclude<ReviewedSupplierField, 'legal_name'>;
const NUMBER_FIELDS: readonly NumberField[] = ['nzbn', 'abn', 'acn'];

/** The reviewed answers a save changes: each one's approved value and the value asked for. */
export type RequestedChange = Partial<Record<ReviewedSupplierField, { before: string | null; after: string | null }>>;

function textOf(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

/** The reviewed answers that differ between the approved answers and those a save would keep. */
export function requestedChangeOf(saved: FormData, next: FormData): RequestedChange {
  const change: RequestedChange = {};
  for (const field of REVIEWED_SUPPLIER_FIELDS) {
    const before = textOf(saved[field]);
    const after = textOf(next[field]);
    if (before !== after) {
      change[field] = { before, after };
    }
  }
  return change;
}

function fieldsOf(change: RequestedChange): ReviewedSupplierField[] {
  return REVIEWED_SUPPLIER_FIELDS.filter((field) => change[field] !== undefined);
}

/** A supplier's number of a kind, as the unique indexes compare it. */
function numberColumn(field: NumberField): SQL {
  return field === 'acn' ? sql`${suppliers.details}->>'acn'` : field === 'nzbn' ? sql`${suppliers.nzbn}` : sql`${suppliers.abn}`;
}

/** The numbers a change asks for that another supplier holds, or has asked for in a change of its own. */
async function takenNumbers(db: Database, supplierId: number, change: RequestedChange): Promise<NumberField[]> {
  const taken: NumberField[] = [];
  for (const field of NUMBER_FIELDS) {
    const digits = change[field]?.after;
    if (!digits) {
      continue;
    }
    const [holder] = await db
      .select({ id: suppliers.id })
      .from(suppliers)
      .where(and(sql`${businessNumberDigits(numberColumn(field))} = ${digits}`, ne(suppliers.id, supplierId)))
      .limit(1);
    const [claim] = holder
      ? [holder]
      : await db
          .select({ id: supplierDetailChanges.id })
          .from(supplierDetailChanges)
          .where(
            and(
              eq(supplierDetailChanges.status, 'pending'),
              sql`${supplierDetailChanges.after}->>${field} = ${digits}`,
              ne(supplierDetailChanges.supplierId, supplierId),
            ),
          )
          .limit(1);
    if (claim) {
      taken.push(field);
    }
  }
  return taken;
}

/**
 * What refuses a requested change, at its fields: a change already waiting for review (one at a
 * time), or a number that belongs to another supplier.
 */
export async function requestedChangeErrors(db: Database, supplierId: number, change: RequestedChange): Promise<FieldError[]> {
  const fields = fieldsOf(change);
  if (fields.length === 0) {
    return [];
  }
  const [waiting] = await db
    .select({ id: supplierDetailChanges.id })
    .from(supplierDetailChanges)
    .where(and(eq(supplierDetailChanges.supplierId, supplierId), eq(supplierDetailChanges.status, 'pending')))
    .limit(1);
  if (waiting) {
    return fields.map((field) => ({ path: [field], message: SUPPLIER_CHANGE_WAITING }));
  }
  return (await takenNumbers(db, supplierId, change)).map((field) => ({ path: [field], message: businessNumberTakenMessage(field) }));
}

/** The unique index a violation names (PostgreSQL 23505), or null for any other error. */
function violatedIndex(error: unknown): string | null {
  const seen = new Set<unknown>();
  for (let current: unknown = error; typeof current === 'object' && current !== null && !seen.has(current); ) {
    seen.add(current);
    const candidate = current as { code?: unknown; constraint?: unknown; message?: unknown; cause?: unknown };
    if (candidate.code === '23505') {
      const named = typeof candidate.constraint === 'string' ? candidate.constraint : typeof candidate.message === 'string' ? candidate.message : '';
      return named;
    }
    current = candidate.cause;
  }
  return null;
}

/** The number field a unique index of migration 0024 guards, by its name. */
function numberFieldOfIndex(index: string): NumberField | null {
  return NUMBER_FIELDS.find((field) => index.includes(`_${field}_key`)) ?? null;
}

/** Field errors for a request refused by a unique index: another change or supplier won the race. */
function raceErrors(index: string, change: RequestedChange): FieldError[] {
  const field = numberFieldOfIndex(index);
  if (field) {
    return [{ path: [field], message: businessNumberTakenMessage(field) }];
  }
  return fieldsOf(change).map((reviewed) => ({ path: [reviewed], message: SUPPLIER_CHANGE_WAITING }));
}

/**
 * Stores the change for review, in the save's transaction, with its audit entry. `refuse` turns
 * field errors into the save's 400 (a race lost to another supplier asking for the same number).
 */
export async function storeRequestedChange(
  tx: Database,
  audit: AuditLog,
  actor: SupplierActor,
  change: RequestedChange,
  refuse: (errors: FieldError[]) => AppError,
): Promise<void> {
  const fields = fieldsOf(change);
  if (fields.length === 0) {
    return;
  }
  const before = Object.fromEntries(fields.map((field) => [field, change[field]?.before ?? null]));
  const after = Object.fromEntries(fields.map((field) => [field, change[field]?.after ?? null]));
  let inserted: { id: number } | undefined;
  try {
    [inserted] = await tx
      .insert(supplierDetailChanges)
      .values({ supplierId: actor.supplierId, before, after, requestedByUserId: actor.userId })
      .returning({ id: supplierDetailChanges.id });
  } catch (error) {
    const index = violatedIndex(error);
    if (index !== null) {
      throw refuse(raceErrors(index, change));
    }
    throw error;
  }
  if (!inserted) {
    throw new Error('supplier change insert returned nothing');
  }
  await audit.record(
    {
      actorUserId: actor.userId,
      action: 'supplier.request-change',
      entity: 'supplier_detail_change',
      entityId: inserted.id,
      supplierId: actor.supplierId,
      before,
      after,
      requestId: actor.requestId,
    },
    tx,
  );
}

function fieldsOfRow(row: Pick<ChangeRow, 'before' | 'after'>): SupplierChangeField[] {
  return REVIEWED_SUPPLIER_FIELDS.filter((field) => Object.hasOwn(row.after, field)).map((field) => ({
    field,
    label: REVIEWED_SUPPLIER_FIELD_LABELS[field],
    before: row.before[field] ?? null,
    after: row.after[field] ?? null,
  }));
}

async function nameOfUser(db: Database, userId: number | null): Promise<string | null> {
  if (userId === null) {
    return null;
  }
  const [user] = await db.select({ name: users.name }).from(users).where(eq(users.id, userId)).limit(1);
  return user?.name ?? null;
}

/** The supplier's change waiting for review, as its people see it; null when none waits. */
export async function findPendingChange(db: Database, supplierId: number): Promise<PendingSupplierChange | null> {
  const [row] = await db
    .select()
    .from(supplierDetailChanges)
    .where(and(eq(supplierDetailChanges.supplierId, supplierId), eq(supplierDetailChanges.status, 'pending')))
    .limit(1);
  if (!row) {
    return null;
  }
  return { requestedAt: row.requestedAt.toISOString(), requestedBy: await nameOfUser(db, row.requestedByUserId), fields: fieldsOfRow(row) };
}

/** DELETE /supplier-registration/pending-change: the supplier's admin withdraws the change waiting for review. */
export async function withdrawPendingChange(db: Database, audit: AuditLog, actor: SupplierActor): Promise<void> {
  await db.transaction(async (tx) => {
    const [withdrawn] = await tx
      .update(supplierDetailChanges)
      .set({ status: 'withdrawn', decidedByUserId: actor.userId, decidedAt: new Date() })
      .where(and(eq(supplierDetailChanges.supplierId, actor.supplierId), eq(supplierDetailChanges.status, 'pending')))
      .returning();
    if (!withdrawn) {
      throw new AppError(ErrorCode.Conflict, NO_PENDING_SUPPLIER_CHANGE);
    }
    await audit.record(
      {
        actorUserId: actor.userId,
        action: 'supplier.withdraw-change',
        entity: 'supplier_detail_change',
        entityId: withdrawn.id,
        supplierId: actor.supplierId,
        before: { status: 'pending' },
        after: { status: 'withdrawn' },
        requestId: actor.requestId,
      },
      tx,
    );
  });
}

const requester = alias(users, 'requester');
const decider = alias(users, 'decider');

/** A change with its supplier's trading name and the names of who asked and who decided, in one statement. */
function selectTeamChanges(db: Database) {
  return db
    .select({ change: supplierDetailChanges, tradingName: suppliers.tradingName, requestedBy: requester.name, decidedBy: decider.name })
    .from(supplierDetailChanges)
    .innerJoin(suppliers, eq(suppliers.id, supplierDetailChanges.supplierId))
    .leftJoin(requester, eq(requester.id, supplierDetailChanges.requestedByUserId))
    .leftJoin(decider, eq(decider.id, supplierDetailChanges.decidedByUserId));
}

type TeamChangeRow = Awaited<ReturnType<ReturnType<typeof selectTeamChanges>['execute']>>[number];

function toTeamChange({ change, tradingName, requestedBy, decidedBy }: TeamChangeRow): TeamSupplierChange {
  return {
    id: change.id,
    supplierId: change.supplierId,
    tradingName,
    status: change.status,
    requestedAt: change.requestedAt.toISOString(),
    requestedBy,
    fields: fieldsOfRow(change),
    decidedAt: change.decidedAt?.toISOString() ?? null,
    decidedBy,
    reason: change.decisionReason,
  };
}

/** Oldest first, the id breaking ties: within one status, the order of supplier_detail_changes_status_requested_idx (status, requested_at). */
const CHANGE_QUEUE_ORDER: KeysetOrder = { table: supplierDetailChanges, keys: [supplierDetailChanges.requestedAt], id: supplierDetailChanges.id, direction: 'asc' };

/**
 * GET /admin/supplier-changes: changes of one status (pending unless asked), oldest first: the team
 * works the queue in order. The page is read from the entry it starts after or before (`after`,
 * `before`) when the screen says so.
 */
export async function listSupplierChanges(db: Database, query: TeamSupplierChangeListQuery): Promise<TeamSupplierChangeListResponse> {
  const page = query.page ?? 1;
  const pageSize = ADMIN_SUPPLIER_CHANGES_PAGE_SIZE;
  const ofStatus = eq(supplierDetailChanges.status, query.status ?? 'pending');
  const [total] = await db.select({ value: count() }).from(supplierDetailChanges).where(ofStatus);
  const { rows, nextCursor, previousCursor } = await readKeysetPage(
    CHANGE_QUEUE_ORDER,
    { ...query, page },
    pageSize,
    (position, orderBy, limit, offset) =>
      selectTeamChanges(db)
        .where(and(ofStatus, position))
        .orderBy(...orderBy)
        .limit(limit)
        .offset(offset),
    (row) => row.change.id,
  );
  return { changes: rows.map(toTeamChange), total: total?.value ?? 0, nextCursor, previousCursor, page, pageSize };
}

async function findChangeRow(db: Database, id: number, forUpdate = false): Promise<{ change: ChangeRow; tradingName: string }> {
  const query = db
    .select({ change: supplierDetailChanges, tradingName: suppliers.tradingName })
    .from(supplierDetailChanges)
    .innerJoin(suppliers, eq(suppliers.id, supplierDetailChanges.supplierId))
    .where(eq(supplierDetailChanges.id, id))
    .limit(1);
  const [row] = forUpdate ? await query.for('update', { of: supplierDetailChanges }) : await query;
  if (!row) {
    throw new AppError(ErrorCode.NotFound, SUPPLIER_CHANGE_NOT_FOUND);
  }
  return row;
}

/** GET /admin/supplier-changes/{id}. */
export async function getSupplierChange(db: Database, id: number): Promise<TeamSupplierChange> {
  const [row] = await selectTeamChanges(db).where(eq(supplierDetailChanges.id, id)).limit(1);
  if (!row) {
    throw new AppError(ErrorCode.NotFound, SUPPLIER_CHANGE_NOT_FOUND);
  }
  return toTeamChange(row);
}

export interface SupplierChangeDependencies {
  db: Database;
  audit: AuditLog;
  /** Queues the mail telling the supplier's people, with the decision. */
  mail: MailQueue;
  mailContext: SupplierMailContext;
}

function refuseIfDecided(change: ChangeRow): void {
  if (change.status !== 'pending') {
    throw new AppError(ErrorCode.Conflict, `This change was already ${change.status}${change.decidedAt ? ` on ${change.decidedAt.toISOString().slice(0, 10)}` : ''}.`);
  }
}

/** What the team reads when a number of the change now belongs to another supplier. */
function numberNowTakenMessage(field: NumberField): string {
  const name = field === 'nzbn' ? 'NZBN' : field === 'abn' ? 'ABN' : 'ACN';
  return `This ${name} now belongs to another supplier, so the change cannot be approved. Decline it, giving that reason.`;
}

/**
 * POST /admin/supplier-changes/{id}/approve: the supplier takes the values asked for, which the
 * directory and every public place then show; the supplier's people are mailed, in the same
 * transaction. A number another supplier took meanwhile answers 409, saying so.
 */
export async function approveSupplierChange(deps: SupplierChangeDependencies, decider: Actor, id: number): Promise<TeamSupplierChange> {
  return deps.db.transaction(async (tx) => {
    const { change, tradingName } = await findChangeRow(tx, id, true);
    refuseIfDecided(change);
    const [supplier] = await tx.select().from(suppliers).where(eq(suppliers.id, change.supplierId)).for('update');
    if (!supplier) {
      throw new AppError(ErrorCode.NotFound, SUPPLIER_CHANGE_NOT_FOUND);
    }
    const after = change.after;
    const values: Partial<typeof suppliers.$inferInsert> = { updatedAt: nextLastEdited(supplier.updatedAt) };
    if (Object.hasOwn(after, 'legal_name') && after.legal_name) {
      values.legalName = after.legal_name;
    }
    if (Object.hasOwn(after, 'nzbn')) {
      values.nzbn = after.nzbn ?? null;
    }
    if (Object.hasOwn(after, 'abn')) {
      values.abn = after.abn ?? null;
    }
    if (Object.hasOwn(after, 'acn')) {
      const { acn: _previous, ...details } = supplier.details;
      values.details = after.acn ? { ...details, acn: after.acn } : details;
    }
    const asked: RequestedChange = Object.fromEntries(NUMBER_FIELDS.map((field) => [field, { before: null, after: after[field] ?? null }]));
    const [taken] = await takenNumbers(tx, change.supplierId, asked);
    if (taken) {
      throw new AppError(ErrorCode.Conflict, numberNowTakenMessage(taken));
    }
    try {
      await tx.update(suppliers).set(values).where(eq(suppliers.id, change.supplierId));
    } catch (error) {
      const index = violatedIndex(error);
      const field = index === null ? null : numberFieldOfIndex(index);
      if (field) {
        // Another supplier took the number in the moment since the check (a registration approved, say).
        throw new AppError(ErrorCode.Conflict, numberNowTakenMessage(field));
      }
      throw error;
    }
    return recordDecision(tx, deps, decider, { change, tradingName }, { status: 'approved', reason: null, before: change.before, after: change.after });
  });
}

/** A decided change: its status, the audit entry and the mail to the supplier's people, in the decision's transaction. */
async function recordDecision(
  tx: Database,
  deps: SupplierChangeDependencies,
  decider: Actor,
  { change, tradingName }: { change: ChangeRow; tradingName: string },
  decision: { status: 'approved' | 'declined'; reason: string | null; before: unknown; after: unknown },
): Promise<TeamSupplierChange> {
  await tx
    .update(supplierDetailChanges)
    .set({ status: decision.status, decidedByUserId: decider.userId, decidedAt: new Date(), ...(decision.reason === null ? {} : { decisionReason: decision.reason }) })
    .where(eq(supplierDetailChanges.id, change.id));
  await deps.audit.record(
    {
      actorUserId: decider.userId,
      action: decision.status === 'approved' ? 'supplier.approve-change' : 'supplier.decline-change',
      entity: 'supplier_detail_change',
      entityId: change.id,
      supplierId: change.supplierId,
      before: decision.before,
      after: decision.after,
      requestId: decider.requestId,
    },
    tx,
  );
  await queueSupplierChangeDecisionMail(tx, deps.mail, deps.mailContext, {
    supplierId: change.supplierId,
    tradingName,
    fields: fieldsOfRow(change),
    approved: decision.status === 'approved',
    reason: decision.reason,
  });
  return getSupplierChange(tx, change.id);
}

/** POST /admin/supplier-changes/{id}/decline: the approved values stay; the supplier's people are mailed the reason. */
export async function declineSupplierChange(deps: SupplierChangeDependencies, decider: Actor, id: number, reason: string): Promise<TeamSupplierChange> {
  const trimmed = reason.trim();
  return deps.db.transaction(async (tx) => {
    const { change, tradingName } = await findChangeRow(tx, id, true);
    refuseIfDecided(change);
    return recordDecision(tx, deps, decider, { change, tradingName }, { status: 'declined', reason: trimmed, before: { status: 'pending' }, after: { status: 'declined', reason: trimmed } });
  });
}
