/**
 * The team inbox (issue 13): every supplier's threads on every model, filtered and paged, each with
 * its assignee and the caller's unread count; who reads what (thread_reads) and assignment to a
 * team member. A team member's unread messages in a thread are the messages others wrote after
 * they last opened it (or its earlier messages); their own messages are never unread to them.
 */
import { and, asc, count, countDistinct, desc, eq, inArray, isNull, max, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  ADMIN_THREADS_PAGE_SIZE,
  NOT_A_TEAM_MEMBER_MESSAGE,
  SUPPLIER_THREADS_PAGE_SIZE,
  THREAD_MODEL_LABELS,
  UNASSIGNED,
  type TeamThreadListQuery,
  type TeamThreadListResponse,
  type SupplierThreadListResponse,
  type TeamThreadSummary,
  type ThreadAssignee,
  type ThreadModelCode,
  type UnreadCountResponse,
} from '../../../common/api/threads';
import { LIST_COUNT_LIMIT } from '../../../common/api/http';
import type { AuditLog } from '../../audit';
import type { Actor } from '../../auth/actor';
import type { Database } from '../../db/client';
import { suppliers, threadMessages, threadReads, threads, users } from '../../db/schema/index';
import { countUpTo } from '../../db/capped-count';
import { keysetOrderBy, readKeysetPage, type KeysetOrder } from '../../db/keyset-page';
import { ANY_SUPPLIER, ownedBy, type SupplierScope } from '../../db/supplier-scope';
import { AppError, ErrorCode } from '../../errors';
import { threadModels } from './models';

const THREAD_NOT_FOUND = 'No such thread.';

const assignees = alias(users, 'assignee');

/** The thread row with what every summary shows beside it: the supplier's name and the assignee. */
const summaryFields = {
  id: threads.id,
  model: threads.model,
  recordId: threads.recordId,
  supplierId: threads.supplierId,
  supplierTradingName: suppliers.tradingName,
  title: threads.title,
  isResolved: threads.isResolved,
  updatedAt: threads.updatedAt,
  assigneeUserId: assignees.id,
  assigneeName: assignees.name,
};

interface SummaryRow {
  id: number;
  model: string;
  recordId: number;
  supplierId: number;
  supplierTradingName: string;
  title: string;
  isResolved: boolean;
  updatedAt: Date;
  assigneeUserId: number | null;
  assigneeName: string | null;
}

/** The threads meeting `where`, with their supplier and assignee. */
function selectSummaries(db: Database, where: SQL | undefined) {
  return (
    db
      .select(summaryFields)
      .from(threads)
      .innerJoin(suppliers, eq(suppliers.id, threads.supplierId))
      .leftJoin(assignees, eq(assignees.id, threads.assigneeUserId))
      // The team's side: every supplier's threads.
      .where(and(where, ownedBy(threads, ANY_SUPPLIER)))
  );
}

/** Messages written by others after `userId` last read their thread (with thread_reads left-joined for `userId`). */
function unreadMessages(userId: number): SQL {
  return and(
    sql`${threadMessages.authorUserId} is distinct from ${userId}`,
    or(isNull(threadReads.lastReadAt), sql`${threadMessages.createdAt} > ${threadReads.lastReadAt}`),
  ) as SQL;
}

/** The latest message of each thread, its author's name and the caller's unread count, for one page of threads. */
async function loadSummaryDetails(db: Database, threadIds: number[], userId: number) {
  if (threadIds.length === 0) {
    return { latest: new Map<number, { createdAt: Date; isFromTeam: boolean; authorName: string | null }>(), unread: new Map<number, number>() };
  }
  const latestRows = await db
    .selectDistinctOn([threadMessages.threadId], {
      threadId: threadMessages.threadId,
      createdAt: threadMessages.createdAt,
      isFromTeam: threadMessages.isFromTeam,
      authorName: users.name,
    })
    .from(threadMessages)
    .leftJoin(users, eq(users.id, threadMessages.authorUserId))
    .where(inArray(threadMessages.threadId, threadIds))
    .orderBy(threadMessages.threadId, desc(threadMessages.createdAt), desc(threadMessages.id));
  const unreadRows = await db
    .select({ threadId: threadMessages.threadId, total: count() })
    .from(threadMessages)
    .leftJoin(threadReads, and(eq(threadReads.threadId, threadMessages.threadId), eq(threadReads.userId, userId)))
    .where(and(inArray(threadMessages.threadId, threadIds), unreadMessages(userId)))
    .groupBy(threadMessages.threadId);
  return {
    latest: new Map(latestRows.map(({ threadId, ...message }) => [threadId, message])),
    unread: new Map(unreadRows.map((row) => [row.threadId, row.total])),
  };
}

/** Each model's records' references, one query per model present. */
async function loadReferences(db: Database, rows: SummaryRow[]): Promise<Map<string, string>> {
  const references = new Map<string, string>();
  for (const model of Object.keys(threadModels) as ThreadModelCode[]) {
    const recordIds = [...new Set(rows.filter((row) => row.model === model).map((row) => row.recordId))];
    if (recordIds.length > 0) {
      for (const [recordId, reference] of await threadModels[model].loadReferences(db, recordIds)) {
        references.set(`${model}:${recordId}`, reference);
      }
    }
  }
  return references;
}

function toAssignee(row: { assigneeUserId: number | null; assigneeName: string | null }): ThreadAssignee | null {
  return row.assigneeUserId === null ? null : { userId: row.assigneeUserId, name: row.assigneeName ?? '' };
}

function modelLabel(model: string): string {
  return model in THREAD_MODEL_LABELS ? THREAD_MODEL_LABELS[model as ThreadModelCode] : model;
}

/** The inbox's presenter: thread rows as the caller's summaries. */
async function toSummaries(db: Database, rows: SummaryRow[], userId: number): Promise<TeamThreadSummary[]> {
  const { latest, unread } = await loadSummaryDetails(db, rows.map((row) => row.id), userId);
  const references = await loadReferences(db, rows);
  return rows.map((row) => {
    const last = latest.get(row.id);
    return {
      id: row.id,
      model: row.model,
      modelLabel: modelLabel(row.model),
      recordId: row.recordId,
      recordReference: references.get(`${row.model}:${row.recordId}`) ?? null,
      supplierId: row.supplierId,
      supplierTradingName: row.supplierTradingName,
      title: row.title,
      isResolved: row.isResolved,
      assignee: toAssignee(row),
      lastMessageAt: (last?.createdAt ?? row.updatedAt).toISOString(),
      lastMessageIsFromTeam: last?.isFromTeam ?? false,
      lastMessageAuthorName: last?.authorName ?? null,
      unreadCount: unread.get(row.id) ?? 0,
    };
  });
}

/**
 * GET /messages: the supplier's threads on every record, open ones first, the latest activity
 * first, with the caller's unread count of each (the team's messages since they last read it).
 */
export async function listSupplierThreads(db: Database, supplierId: number, userId: number, page: number): Promise<SupplierThreadListResponse> {
  const pageSize = SUPPLIER_THREADS_PAGE_SIZE;
  const [totalRow] = await db.select({ total: count() }).from(threads).where(ownedBy(threads, supplierId));
  const rows = await db
    .select(summaryFields)
    .from(threads)
    .innerJoin(suppliers, eq(suppliers.id, threads.supplierId))
    .leftJoin(assignees, eq(assignees.id, threads.assigneeUserId))
    .where(ownedBy(threads, supplierId))
    .orderBy(asc(threads.isResolved), desc(threads.updatedAt), desc(threads.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const summaries = await toSummaries(db, rows, userId);
  return {
    threads: summaries.map(({ id, model, modelLabel, recordId, recordReference, title, isResolved, lastMessageAt, lastMessageIsFromTeam, unreadCount }) => ({
      id,
      model,
      modelLabel,
      recordId,
      recordReference,
      title,
      isResolved,
      lastMessageAt,
      lastMessageIsFromTeam,
      unreadCount,
    })),
    total: totalRow?.total ?? 0,
    page,
    pageSize,
  };
}

/** 400 unless `userId` is a member of the marketplace team. */
async function checkTeamMember(db: Database, userId: number, field: string): Promise<void> {
  const [user] = await db.select({ isTeamMember: users.isTeamMember }).from(users).where(eq(users.id, userId)).limit(1);
  if (user?.isTeamMember !== true) {
    throw new AppError(ErrorCode.BadRequest, NOT_A_TEAM_MEMBER_MESSAGE, [{ field, message: 'is not a member of the marketplace team' }]);
  }
}

/**
 * The team inbox for `userId`, one page. Open threads (the default) waiting on the team come first,
 * oldest last message first, then those waiting on the supplier, the same way; resolved threads
 * come latest first. The page is read from the thread it starts after or before (`after`,
 * `before`) when the screen says so, else by its number. An `assignee` who is not a team member is
 * a bad filter (400).
 */
export async function listTeamInbox(db: Database, userId: number, query: TeamThreadListQuery): Promise<TeamThreadListResponse> {
  const page = query.page ?? 1;
  const pageSize = ADMIN_THREADS_PAGE_SIZE;
  const isResolved = query.status === 'resolved';
  if (query.assignee !== undefined && query.assignee !== UNASSIGNED) {
    await checkTeamMember(db, query.assignee, 'query.assignee');
  }
  const where = and(
    eq(threads.isResolved, isResolved),
    query.model === undefined ? undefined : eq(threads.model, query.model),
    query.supplier === undefined || query.supplier === null ? undefined : eq(threads.supplierId, query.supplier),
    query.assignee === undefined ? undefined : query.assignee === UNASSIGNED ? isNull(threads.assigneeUserId) : eq(threads.assigneeUserId, query.assignee),
  );
  // The team's side: every supplier's threads. A million resolved ones are not counted on every
  // page: the count stops LIST_COUNT_LIMIT past the page the screen numbers.
  const counted = await countUpTo(db, db.select({ id: threads.id }).from(threads).where(and(where, ownedBy(threads, ANY_SUPPLIER))).$dynamic(), {
    limit: LIST_COUNT_LIMIT,
    skipped: (page - 1) * pageSize,
  });
  // threads.updatedAt is the time of the latest message; the open threads waiting for the team come first.
  // One status at a time, so is_resolved is constant: resolved threads in threads_activity_idx's order, open ones in threads_inbox_idx's.
  const order: KeysetOrder = isResolved
    ? { table: threads, keys: [threads.updatedAt], id: threads.id, direction: 'desc' }
    : { table: threads, keys: [threads.lastMessageIsFromTeam, threads.updatedAt], id: threads.id, direction: 'asc' };
  // The page is picked from the threads alone, in the order of their index, before the supplier and assignee are joined.
  const { rows: pageIds, nextCursor, previousCursor } = await readKeysetPage(
    order,
    { ...query, page },
    pageSize,
    (position, orderBy, limit, offset) =>
      db
        .select({ id: threads.id })
        .from(threads)
        .where(and(where, position, ownedBy(threads, ANY_SUPPLIER)))
        .orderBy(...orderBy)
        .limit(limit)
        .offset(offset),
    (row) => row.id,
  );
  const rows = await selectSummaries(db, inArray(threads.id, pageIds.map((row) => row.id))).orderBy(...keysetOrderBy(order));
  return { threads: await toSummaries(db, rows, userId), total: counted.total, totalIsCapped: counted.isCapped, nextCursor, previousCursor, page, pageSize };
}

/**
 * Marks threads read for `userId` up to each one's latest message, in one statement however many;
 * reading earlier than what is already read changes nothing. Not audited: reading changes no
 * record, only the reader's own unread count.
 */
export async function markThreadsRead(db: Database, threadIds: readonly number[], userId: number): Promise<void> {
  if (threadIds.length === 0) {
    return;
  }
  const latest = await db
    .select({ threadId: threadMessages.threadId, at: max(threadMessages.createdAt) })
    .from(threadMessages)
    .where(inArray(threadMessages.threadId, [...threadIds]))
    .groupBy(threadMessages.threadId);
  const latestOf = new Map(latest.map((row) => [row.threadId, row.at]));
  const now = new Date();
  await db
    .insert(threadReads)
    .values(threadIds.map((threadId) => ({ threadId, userId, lastReadAt: latestOf.get(threadId) ?? now })))
    .onConflictDoUpdate({
      target: [threadReads.threadId, threadReads.userId],
      set: { lastReadAt: sql`greatest(${threadReads.lastReadAt}, excluded.last_read_at)` },
    });
}

/** Marks one thread read for `userId` (markThreadsRead). */
export function markThreadRead(db: Database, threadId: number, userId: number): Promise<void> {
  return markThreadsRead(db, [threadId], userId);
}

/**
 * The caller's unread messages in open threads, and the number of open threads holding them: in
 * every supplier's threads for the team, in its own supplier's for a supplier's person.
 */
export async function countUnread(db: Database, userId: number, scope: SupplierScope = ANY_SUPPLIER): Promise<UnreadCountResponse> {
  const [row] = await db
    .select({ unreadMessages: count(), unreadThreads: countDistinct(threadMessages.threadId) })
    .from(threadMessages)
    .innerJoin(threads, eq(threads.id, threadMessages.threadId))
    .leftJoin(threadReads, and(eq(threadReads.threadId, threadMessages.threadId), eq(threadReads.userId, userId)))
    .where(and(eq(threads.isResolved, false), unreadMessages(userId), ownedBy(threads, scope)));
  return { unreadMessages: row?.unreadMessages ?? 0, unreadThreads: row?.unreadThreads ?? 0 };
}

/** The assignee of a thread, for the team's view of one thread. */
export async function findAssignee(db: Database, threadId: number): Promise<ThreadAssignee | null> {
  const [row] = await db
    .select({ assigneeUserId: assignees.id, assigneeName: assignees.name })
    .from(threads)
    .leftJoin(assignees, eq(assignees.id, threads.assigneeUserId))
    // The team's side: any supplier's thread.
    .where(and(eq(threads.id, threadId), ownedBy(threads, ANY_SUPPLIER)))
    .limit(1);
  return row ? toAssignee(row) : null;
}

/**
 * Assigns a thread to a team member, or unassigns it (`assigneeUserId` null); audited when it
 * changes anything. An unknown thread answers 404, someone outside the team 400, both changing nothing.
 */
export async function assignThread(
  db: Database,
  audit: AuditLog,
  actor: Actor,
  threadId: number,
  assigneeUserId: number | null,
): Promise<TeamThreadSummary> {
  const summary = await db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: threads.id, supplierId: threads.supplierId, assigneeUserId: threads.assigneeUserId })
      .from(threads)
      // The team's side: any supplier's thread.
      .where(and(eq(threads.id, threadId), ownedBy(threads, ANY_SUPPLIER)))
      .limit(1)
      .for('update');
    if (!existing) {
      throw new AppError(ErrorCode.NotFound, THREAD_NOT_FOUND);
    }
    if (assigneeUserId !== null) {
      await checkTeamMember(tx, assigneeUserId, 'body.userId');
    }
    if (existing.assigneeUserId !== assigneeUserId) {
      // Not updatedAt: that is the time of the latest message, which orders the inbox.
      await tx
        .update(threads)
        .set({ assigneeUserId })
        // The team's side: any supplier's thread.
        .where(and(eq(threads.id, existing.id), ownedBy(threads, ANY_SUPPLIER)));
      await audit.record(
        {
          actorUserId: actor.userId,
          action: 'thread.assign',
          entity: 'thread',
          entityId: existing.id,
          supplierId: existing.supplierId,
          before: { assigneeUserId: existing.assigneeUserId },
          after: { assigneeUserId },
          requestId: actor.requestId,
        },
        tx,
      );
    }
    return selectSummaries(tx, eq(threads.id, existing.id));
  });
  const [row] = await toSummaries(db, summary, actor.userId);
  if (!row) {
    throw new AppError(ErrorCode.NotFound, THREAD_NOT_FOUND);
  }
  return row;
}
