/**
 * Threads between a supplier and the marketplace team (spec §3, §4, §7). Every function takes the
 * supplier the caller acts for (or `null` for the team, who may act on any supplier's thread) and
 * answers "not found" for anything outside it, so ids of other suppliers are never confirmed.
 */
import { lockLimit } from '../../db/limit-lock';
import { and, count, desc, eq, gt, inArray, lt, lte, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { TeamThread, Thread, ThreadMessage } from '../../../common/api/threads';
import { formatDateTime } from '../../../common/dates';
import {
  MAX_MESSAGES_PER_THREAD_PER_HOUR,
  NEW_THREAD_LIMIT_WINDOW_MS,
  RECORD_THREADS_PAGE_SIZE,
  THREAD_MESSAGES_PAGE_SIZE,
  THREAD_NOT_FOUND_FOR_MESSAGE,
  THREAD_NOT_FOUND_FOR_UPDATE,
  TOO_MANY_MESSAGES_MESSAGE,
  tooManyNewThreadsMessage,
  type ThreadListResponse,
} from '../../../common/api/threads';
import type { AuditLog } from '../../audit';
import type { Actor, AgencyActor, SupplierActor } from '../../auth/actor';
import type { Database } from '../../db/client';
import { suppliers, threadMessages, threads, uploadedFiles, users } from '../../db/schema/index';
import { ANY_SUPPLIER, ownedBy } from '../../db/supplier-scope';
import { AppError, ErrorCode } from '../../errors';
import { threadModels, type ThreadModelName } from './models';
import type { NotifyNewMessage } from './notify';

/** The mails of a new message, lent to the areas that write in threads themselves (an agency's dispute, issue 31). */
export { newMessageNotifier, teamDigestNotifier } from './notify';

export const RECORD_NOT_FOUND = 'No such record.';

const assignees = alias(users, 'assignee');
export const ATTACHMENT_NOT_FOUND = 'The attachment was not found. Upload the file again.';

/**
 * Whether the actor writes as the marketplace team: on the team's routes, which check no active
 * supplier. Team members on the dashboard write as a member of the active supplier there; replies as the
 * team go through /admin/threads.
 */
function actsAsTeam(actor: Actor): boolean {
  return actor.supplierId === null;
}

export interface ThreadRecord {
  model: ThreadModelName;
  recordId: number;
}

type ThreadRow = typeof threads.$inferSelect;

/** Trimmed content; whitespace only is empty (the schema has already bounded the length). */
function cleanText(value: string, field: string): string {
  const trimmed = value.trim();
  if (trimmed === '') {
    throw new AppError(ErrorCode.BadRequest, 'The request is not valid.', [{ field: `body.${field}`, message: 'must not be empty' }]);
  }
  return trimmed;
}

/**
 * The supplier owning the record when the caller may use it. A record of another supplier and a
 * missing record answer the same 404.
 */
export async function authorizeRecord(db: Database, record: ThreadRecord, supplierId: number): Promise<number> {
  const owner = await threadModels[record.model].resolveSupplierId(db, record.recordId);
  if (owner === null || owner !== supplierId) {
    throw new AppError(ErrorCode.NotFound, RECORD_NOT_FOUND);
  }
  return owner;
}

/**
 * An attachment must be a file the thread's supplier owns; the marketplace team may also attach
 * its own files (no supplier). Anything else answers 400 without saying whether the id exists.
 */
async function checkAttachment(db: Database, attachmentId: string | null | undefined, threadSupplierId: number, isTeamMember: boolean): Promise<string | null> {
  if (attachmentId === undefined || attachmentId === null) {
    return null;
  }
  const [file] = await db
    .select({ supplierId: uploadedFiles.supplierId })
    .from(uploadedFiles)
    // The owner is checked below: the thread's supplier's file, or the team's own.
    .where(and(eq(uploadedFiles.id, attachmentId.toLowerCase()), ownedBy(uploadedFiles, ANY_SUPPLIER)))
    .limit(1);
  const isAllowed = file !== undefined && (file.supplierId === threadSupplierId || (isTeamMember && file.supplierId === null));
  if (!isAllowed) {
    throw new AppError(ErrorCode.BadRequest, ATTACHMENT_NOT_FOUND, [{ field: 'body.attachment', message: 'is not a file you uploaded' }]);
  }
  return attachmentId.toLowerCase();
}

const messageFields = {
  id: threadMessages.id,
  threadId: threadMessages.threadId,
  content: threadMessages.content,
  isFromTeam: threadMessages.isFromTeam,
  isFromAgency: threadMessages.isFromAgency,
  createdAt: threadMessages.createdAt,
  authorName: users.name,
  attachmentId: uploadedFiles.id,
  attachmentName: uploadedFiles.fileName,
};

interface MessageRow {
  id: number;
  threadId: number;
  content: string;
  isFromTeam: boolean;
  isFromAgency: boolean;
  createdAt: Date;
  authorName: string | null;
  attachmentId: string | null;
  attachmentName: string | null;
}

function toMessage(row: MessageRow): ThreadMessage {
  return {
    id: row.id,
    threadId: row.threadId,
    content: row.content,
    attachment: row.attachmentId !== null && row.attachmentName !== null ? { id: row.attachmentId, fileName: row.attachmentName } : null,
    authorName: row.authorName,
    isFromTeam: row.isFromTeam,
    isFromAgency: row.isFromAgency,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Messages with their authors and attachments; the threads were found for the caller already. */
function selectMessages(db: Database) {
  return db
    .select(messageFields)
    .from(threadMessages)
    .leftJoin(users, eq(users.id, threadMessages.authorUserId))
    .leftJoin(uploadedFiles, and(eq(uploadedFiles.id, threadMessages.attachmentId), ownedBy(uploadedFiles, ANY_SUPPLIER)));
}

export interface MessagePage {
  /** Oldest first. */
  messages: ThreadMessage[];
  hasEarlierMessages: boolean;
}

/** Newest first in the database, oldest first on the page; one row more than a page says whether there are earlier ones. */
function toPage(newestFirst: MessageRow[]): MessagePage {
  const hasEarlierMessages = newestFirst.length > THREAD_MESSAGES_PAGE_SIZE;
  return { messages: newestFirst.slice(0, THREAD_MESSAGES_PAGE_SIZE).reverse().map(toMessage), hasEarlierMessages };
}

/** The latest page of each thread's messages, in one query whatever the number of threads. */
async function loadLatestMessages(db: Database, threadIds: number[]): Promise<Map<number, MessagePage>> {
  const pages = new Map<number, MessagePage>();
  if (threadIds.length === 0) {
    return pages;
  }
  const ranked = db
    .select({
      id: threadMessages.id,
      rank: sql<number>`row_number() over (partition by ${threadMessages.threadId} order by ${threadMessages.createdAt} desc, ${threadMessages.id} desc)`.as('rank'),
    })
    .from(threadMessages)
    .where(inArray(threadMessages.threadId, threadIds))
    .as('ranked');
  const rows = await selectMessages(db)
    .innerJoin(ranked, eq(ranked.id, threadMessages.id))
    .where(lte(ranked.rank, THREAD_MESSAGES_PAGE_SIZE + 1))
    .orderBy(desc(threadMessages.createdAt), desc(threadMessages.id));
  const byThread = new Map<number, MessageRow[]>();
  for (const row of rows) {
    byThread.set(row.threadId, [...(byThread.get(row.threadId) ?? []), row]);
  }
  for (const threadId of threadIds) {
    pages.set(threadId, toPage(byThread.get(threadId) ?? []));
  }
  return pages;
}

/** The page of a thread's messages older than message `beforeId` (of the same thread). */
async function loadMessagesBefore(db: Database, threadId: number, beforeId: number): Promise<MessagePage> {
  const [before] = await db
    .select({ createdAt: threadMessages.createdAt })
    .from(threadMessages)
    .where(and(eq(threadMessages.id, beforeId), eq(threadMessages.threadId, threadId)))
    .limit(1);
  if (!before) {
    throw new AppError(ErrorCode.BadRequest, 'That message is not in this thread. Reload the page to see the thread as it is now.', [
      { field: 'query.before', message: 'is not a message of this thread' },
    ]);
  }
  const rows = await selectMessages(db)
    .where(
      and(
        eq(threadMessages.threadId, threadId),
        or(lt(threadMessages.createdAt, before.createdAt), and(eq(threadMessages.createdAt, before.createdAt), lt(threadMessages.id, beforeId))),
      ),
    )
    .orderBy(desc(threadMessages.createdAt), desc(threadMessages.id))
    .limit(THREAD_MESSAGES_PAGE_SIZE + 1);
  return toPage(rows);
}

function toThread(row: ThreadRow, page: MessagePage): Thread {
  return {
    id: row.id,
    model: row.model,
    recordId: row.recordId,
    title: row.title,
    isResolved: row.isResolved,
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    messages: page.messages,
    hasEarlierMessages: page.hasEarlierMessages,
  };
}

const NO_MESSAGES: MessagePage = { messages: [], hasEarlierMessages: false };

async function loadThread(db: Database, row: ThreadRow): Promise<Thread> {
  const pages = await loadLatestMessages(db, [row.id]);
  return toThread(row, pages.get(row.id) ?? NO_MESSAGES);
}

/**
 * One page of a record's threads with their latest messages, newest thread first (issue 29, item 6:
 * a thousand threads made a 5.4 MB answer). The answer is at most RECORD_THREADS_PAGE_SIZE threads of
 * THREAD_MESSAGES_PAGE_SIZE messages whatever the number of threads; the new-thread limit keeps a
 * record's pages few, so the offset stays small.
 */
export async function listThreads(db: Database, record: ThreadRecord, supplierId: number, page = 1): Promise<ThreadListResponse> {
  await authorizeRecord(db, record, supplierId);
  const ofRecord = and(eq(threads.model, record.model), eq(threads.recordId, record.recordId));
  const [totalRow] = await db.select({ total: count() }).from(threads).where(and(ofRecord, ownedBy(threads, supplierId)));
  const rows = await db
    .select()
    .from(threads)
    .where(and(ofRecord, ownedBy(threads, supplierId)))
    .orderBy(desc(threads.createdAt), desc(threads.id))
    .limit(RECORD_THREADS_PAGE_SIZE)
    .offset((page - 1) * RECORD_THREADS_PAGE_SIZE);
  const pages = await loadLatestMessages(db, rows.map((row) => row.id));
  return {
    threads: rows.map((row) => toThread(row, pages.get(row.id) ?? NO_MESSAGES)),
    total: totalRow?.total ?? 0,
    page,
    pageSize: RECORD_THREADS_PAGE_SIZE,
  };
}

/**
 * Older messages of a thread the caller may see (a supplier's own record's thread, or any thread
 * for the team): the page before message `beforeId`.
 */
export async function listEarlierMessages(
  db: Database,
  scope: { record?: ThreadRecord; supplierId: number | null },
  threadId: number,
  beforeId: number,
): Promise<MessagePage> {
  if (scope.record && scope.supplierId !== null) {
    await authorizeRecord(db, scope.record, scope.supplierId);
  }
  const thread = await findThread(db, threadId, scope);
  if (!thread) {
    throw new AppError(ErrorCode.NotFound, 'No such thread.');
  }
  return loadMessagesBefore(db, thread.id, beforeId);
}

export interface CreatedThread {
  thread: Thread;
  supplierId: number;
}

/**
 * Opens a thread on a record with its first message, within the supplier's new-thread limit
 * (`newThreadsPerDay`, NEW_THREADS_PER_SUPPLIER_PER_DAY).
 */
export async function createThread(
  db: Database,
  audit: AuditLog,
  actor: SupplierActor,
  record: ThreadRecord,
  input: { title: string; content: string; attachment?: string | null },
  notify: NotifyNewMessage,
  newThreadsPerDay: number,
): Promise<CreatedThread> {
  const supplierId = await authorizeRecord(db, record, actor.supplierId);
  const title = cleanText(input.title, 'title');
  const content = cleanText(input.content, 'content');
  const attachmentId = await checkAttachment(db, input.attachment, supplierId, false);
  const row = await insertThread(
    db,
    audit,
    actor,
    record,
    { supplierId, title, content, attachmentId, isFromTeam: false },
    notify,
    (tx) => checkNewThreadRate(tx, supplierId, newThreadsPerDay),
  );
  return { thread: await loadThread(db, row), supplierId };
}

/**
 * 429 once the supplier's people have started `limit` threads in the last 24 hours (issue 29, item 6:
 * one member opened 1,000 threads in 29 s). In the thread's transaction, under the supplier's limit
 * lock, so threads started at once are counted one after the other. Threads the team opened (a
 * decline's reasons) do not count: their first message is the team's. The refusal says when the
 * oldest of the day's threads leaves the window, which is when one more may be started.
 */
async function checkNewThreadRate(tx: Database, supplierId: number, limit: number): Promise<void> {
  await lockLimit(tx, 'new-threads', supplierId);
  const since = new Date(Date.now() - NEW_THREAD_LIMIT_WINDOW_MS);
  const recent = await tx
    .select({ createdAt: threads.createdAt })
    .from(threads)
    // The thread's first message carries the thread's time (insertThread writes both with one clock).
    .innerJoin(threadMessages, and(eq(threadMessages.threadId, threads.id), eq(threadMessages.createdAt, threads.createdAt)))
    .where(and(ownedBy(threads, supplierId), gt(threads.createdAt, since), eq(threadMessages.isFromTeam, false)))
    .orderBy(desc(threads.createdAt))
    .limit(limit);
  const oldest = recent.at(-1);
  if (recent.length >= limit && oldest !== undefined) {
    throw new AppError(ErrorCode.TooManyRequests, tooManyNewThreadsMessage(limit, formatDateTime(new Date(oldest.createdAt.getTime() + NEW_THREAD_LIMIT_WINDOW_MS))));
  }
}

/**
 * Opens a thread on a record with a first message from the marketplace team (e.g. the reasons of a
 * declined application). Pass the caller's transaction as `db` so the thread commits with its cause.
 */
export async function createTeamThread(
  db: Database,
  audit: AuditLog,
  actor: Actor,
  record: ThreadRecord,
  input: { title: string; content: string },
): Promise<ThreadRow> {
  const supplierId = await threadModels[record.model].resolveSupplierId(db, record.recordId);
  if (supplierId === null) {
    throw new AppError(ErrorCode.NotFound, RECORD_NOT_FOUND);
  }
  const title = cleanText(input.title, 'title');
  const content = cleanText(input.content, 'content');
  return insertThread(db, audit, actor, record, { supplierId, title, content, attachmentId: null, isFromTeam: true });
}

/** The thread and its first message, with the audit entry and the mail telling the other side (`notify`), in one transaction. */
function insertThread(
  db: Database,
  audit: AuditLog,
  actor: Actor,
  record: ThreadRecord,
  first: { supplierId: number; title: string; content: string; attachmentId: string | null; isFromTeam: boolean; agencyId?: number | null },
  notify?: NotifyNewMessage,
  /** Throws when the thread is over a limit; run first, in the transaction that inserts. */
  checkLimit?: (tx: Database) => Promise<void>,
): Promise<ThreadRow> {
  const { supplierId, title, content, attachmentId, isFromTeam } = first;
  const agencyId = first.agencyId ?? null;
  // The agency's person opens the thread of its dispute (issue 31).
  const isFromAgency = agencyId !== null;
  return db.transaction(async (tx) => {
    await checkLimit?.(tx);
    const now = new Date();
    const [thread] = await tx
      .insert(threads)
      .values({ model: record.model, recordId: record.recordId, supplierId, agencyId, title, createdByUserId: actor.userId, createdAt: now, updatedAt: now })
      .returning();
    if (!thread) {
      throw new Error('thread insert returned nothing');
    }
    const [message] = await tx
      .insert(threadMessages)
      .values({ threadId: thread.id, authorUserId: actor.userId, isFromTeam, isFromAgency, content, attachmentId, createdAt: now })
      .returning({ id: threadMessages.id });
    if (!message) {
      throw new Error('message insert returned nothing');
    }
    await audit.record(
      {
        actorUserId: actor.userId,
        action: 'thread.create',
        entity: 'thread',
        entityId: thread.id,
        supplierId,
        before: null,
        after: { model: record.model, recordId: record.recordId, title, messageId: message.id, content, attachmentId, isFromTeam, ...(isFromAgency ? { agencyId } : {}) },
        requestId: actor.requestId,
      },
      tx,
    );
    await notify?.(tx, {
      messageId: message.id,
      threadId: thread.id,
      model: thread.model,
      recordId: thread.recordId,
      threadTitle: thread.title,
      supplierId,
      createdByUserId: actor.userId,
      isFromTeam,
      agencyId,
      isFromAgency,
      authorUserId: actor.userId,
    });
    return thread;
  });
}

/**
 * The thread when the caller may see it: for a supplier, it must belong to the record and the
 * record to the supplier; the team sees every thread.
 */
async function findThread(db: Database, threadId: number, scope: { record?: ThreadRecord; supplierId: number | null }): Promise<ThreadRow | null> {
  const [row] = await db
    .select()
    .from(threads)
    .where(
      and(
        eq(threads.id, threadId),
        scope.record ? and(eq(threads.model, scope.record.model), eq(threads.recordId, scope.record.recordId)) : undefined,
        ownedBy(threads, scope.supplierId ?? ANY_SUPPLIER),
      ),
    )
    .limit(1);
  return row ?? null;
}

export interface PostedMessage {
  message: ThreadMessage;
  thread: ThreadRow;
}

/**
 * The thread a change is aimed at, or 404 with `notFound`. The record's owner is checked first,
 * so a record of another supplier answers like a missing thread.
 */
async function findActorThread(
  db: Database,
  actor: Actor,
  target: { threadId: number; record?: ThreadRecord },
  notFound: string,
) {
  if (target.record && actor.supplierId !== null) {
    const owner = await threadModels[target.record.model].resolveSupplierId(db, target.record.recordId);
    if (owner !== actor.supplierId) {
      throw new AppError(ErrorCode.NotFound, notFound);
    }
  }
  const existing = await findThread(db, target.threadId, { record: target.record, supplierId: actor.supplierId });
  if (!existing) {
    throw new AppError(ErrorCode.NotFound, notFound);
  }
  return existing;
}

/**
 * Appends a message. A message on a resolved thread reopens it: the writer still needs an answer,
 * and a reopened thread shows in the team's open list again. The reopening is audited with it.
 */
export async function postMessage(
  db: Database,
  audit: AuditLog,
  actor: Actor,
  target: { threadId: number; record?: ThreadRecord },
  input: { content: string; attachment?: string | null },
  notify: NotifyNewMessage,
): Promise<PostedMessage> {
  const existing = await findActorThread(db, actor, target, THREAD_NOT_FOUND_FOR_MESSAGE);
  const content = cleanText(input.content, 'content');
  const isFromTeam = actsAsTeam(actor);
  const attachmentId = await checkAttachment(db, input.attachment, existing.supplierId, isFromTeam);
  const { messageId, thread } = await db.transaction((tx) =>
    appendMessage(tx, audit, actor, existing, { content, attachmentId, isFromTeam, isFromAgency: false }, notify),
  );
  // Only the new message is read back, not the thread.
  const [row] = await selectMessages(db).where(eq(threadMessages.id, messageId)).limit(1);
  if (!row) {
    throw new Error('posted message not found');
  }
  return { message: toMessage(row), thread };
}

/**
 * A message and what comes with it, in the caller's transaction: the thread's hourly limit (but for
 * the team), the thread's time (a resolved thread reopens: the writer still needs an answer), the
 * audit entry and the mails telling the others.
 */
async function appendMessage(
  tx: Database,
  audit: AuditLog,
  actor: Pick<Actor, 'userId' | 'requestId'>,
  existing: ThreadRow,
  message: { content: string; attachmentId: string | null; isFromTeam: boolean; isFromAgency: boolean },
  notify: NotifyNewMessage,
): Promise<{ messageId: number; thread: ThreadRow }> {
  const { content, attachmentId, isFromTeam, isFromAgency } = message;
  if (!isFromTeam) {
    await checkMessageRate(tx, existing.id);
  }
  const now = new Date();
  const [inserted] = await tx
    .insert(threadMessages)
    .values({ threadId: existing.id, authorUserId: actor.userId, isFromTeam, isFromAgency, content, attachmentId, createdAt: now })
    .returning({ id: threadMessages.id });
  if (!inserted) {
    throw new Error('message insert returned nothing');
  }
  const [updated] = await tx
    .update(threads)
    .set({ updatedAt: now, ...(existing.isResolved ? { isResolved: false, resolvedAt: null, resolvedByUserId: null } : {}) })
    // The thread was found for the writer already, whichever supplier's it is.
    .where(and(eq(threads.id, existing.id), ownedBy(threads, existing.supplierId)))
    .returning();
  await audit.record(
    {
      actorUserId: actor.userId,
      action: 'thread.message',
      entity: 'thread',
      entityId: existing.id,
      supplierId: existing.supplierId,
      before: { isResolved: existing.isResolved },
      after: { isResolved: false, messageId: inserted.id, isFromTeam, content, attachmentId, ...(isFromAgency ? { agencyId: existing.agencyId } : {}) },
      requestId: actor.requestId,
    },
    tx,
  );
  const thread = updated ?? existing;
  await notify(tx, {
    messageId: inserted.id,
    threadId: thread.id,
    model: thread.model,
    recordId: thread.recordId,
    threadTitle: thread.title,
    supplierId: thread.supplierId,
    createdByUserId: thread.createdByUserId,
    isFromTeam,
    agencyId: thread.agencyId,
    isFromAgency,
    authorUserId: actor.userId,
  });
  return { messageId: inserted.id, thread };
}

/**
 * 429 once a thread has had MAX_MESSAGES_PER_THREAD_PER_HOUR supplier messages in the last hour. In
 * the message's transaction, under the thread's limit lock: messages posted at once are counted one
 * after the other.
 */
async function checkMessageRate(tx: Database, threadId: number): Promise<void> {
  await lockLimit(tx, 'thread-messages', threadId);
  const [recent] = await tx
    .select({ total: count() })
    .from(threadMessages)
    .where(
      and(
        eq(threadMessages.threadId, threadId),
        eq(threadMessages.isFromTeam, false),
        gt(threadMessages.createdAt, new Date(Date.now() - 60 * 60 * 1000)),
      ),
    );
  if ((recent?.total ?? 0) >= MAX_MESSAGES_PER_THREAD_PER_HOUR) {
    throw new AppError(ErrorCode.TooManyRequests, TOO_MANY_MESSAGES_MESSAGE);
  }
}

/** Marks a thread resolved; resolving a resolved thread changes nothing. */
export async function resolveThread(
  db: Database,
  audit: AuditLog,
  actor: Actor,
  target: { threadId: number; record?: ThreadRecord },
): Promise<Thread> {
  const existing = await findActorThread(db, actor, target, THREAD_NOT_FOUND_FOR_UPDATE);
  if (existing.isResolved) {
    return loadThread(db, existing);
  }
  const updated = await db.transaction(async (tx) => {
    const now = new Date();
    const [row] = await tx
      .update(threads)
      .set({ isResolved: true, resolvedAt: now, resolvedByUserId: actor.userId })
      .where(and(eq(threads.id, existing.id), ownedBy(threads, actor.supplierId ?? ANY_SUPPLIER)))
      .returning();
    await audit.record(
      {
        actorUserId: actor.userId,
        action: 'thread.resolve',
        entity: 'thread',
        entityId: existing.id,
        supplierId: existing.supplierId,
        before: { isResolved: false, resolvedAt: null },
        after: { isResolved: true, resolvedAt: now.toISOString(), resolvedByUserId: actor.userId },
        requestId: actor.requestId,
      },
      tx,
    );
    return row ?? existing;
  });
  return loadThread(db, updated);
}

/** One thread of any supplier, for the marketplace team. */
/** The threads on one record, for the team's screen of it: the latest activity first, each to open in the inbox. */
export async function listRecordThreadsForTeam(db: Database, record: ThreadRecord) {
  const rows = await db
    .select({ id: threads.id, title: threads.title, model: threads.model, recordId: threads.recordId, isResolved: threads.isResolved, updatedAt: threads.updatedAt })
    .from(threads)
    // The team reads every supplier's threads: that is its job.
    .where(and(eq(threads.model, record.model), eq(threads.recordId, record.recordId), ownedBy(threads, ANY_SUPPLIER)))
    .orderBy(desc(threads.updatedAt), desc(threads.id));
  return rows.map((row) => ({ ...row, updatedAt: row.updatedAt.toISOString() }));
}

export async function getThreadForTeam(db: Database, threadId: number): Promise<TeamThread> {
  const [row] = await db
    .select({ thread: threads, supplierTradingName: suppliers.tradingName, assigneeName: assignees.name })
    .from(threads)
    .innerJoin(suppliers, eq(suppliers.id, threads.supplierId))
    .leftJoin(assignees, eq(assignees.id, threads.assigneeUserId))
    // The team's side: any supplier's thread.
    .where(and(eq(threads.id, threadId), ownedBy(threads, ANY_SUPPLIER)))
    .limit(1);
  if (!row) {
    throw new AppError(ErrorCode.NotFound, 'No such thread.');
  }
  const { assigneeUserId } = row.thread;
  return {
    ...(await loadThread(db, row.thread)),
    supplierId: row.thread.supplierId,
    supplierTradingName: row.supplierTradingName,
    assignee: assigneeUserId === null ? null : { userId: assigneeUserId, name: row.assigneeName ?? '' },
  };
}

/** Lent to other areas (the next steps' messages waiting): the caller's unread messages in open threads. */
export { countUnread } from './inbox';

/**
 * Opens the dispute of an engagement notice (issue 31): a thread on the notice between its supplier,
 * the agency it names and the team, with the agency's first message. Pass the caller's transaction
 * as `db` so the thread commits with the dispute.
 */
export async function openAgencyThread(
  db: Database,
  audit: AuditLog,
  actor: AgencyActor,
  record: ThreadRecord,
  input: { supplierId: number; title: string; content: string },
  notify: NotifyNewMessage,
): Promise<number> {
  const content = cleanText(input.content, 'content');
  const row = await insertThread(db, audit, actor, record, { supplierId: input.supplierId, title: input.title, content, attachmentId: null, isFromTeam: false, agencyId: actor.agencyId }, notify);
  return row.id;
}

/** The agency's thread on a record, with its latest page of messages (oldest first); null when there is none. */
export async function findAgencyThread(db: Database, agencyId: number, record: ThreadRecord): Promise<{ id: number; isResolved: boolean; messages: ThreadMessage[] } | null> {
  const [row] = await db
    .select()
    .from(threads)
    // Any supplier's thread, limited to the agency's own: the agency reads the disputes it opened.
    .where(and(eq(threads.model, record.model), eq(threads.recordId, record.recordId), eq(threads.agencyId, agencyId), ownedBy(threads, ANY_SUPPLIER)))
    .orderBy(desc(threads.createdAt))
    .limit(1);
  if (!row) {
    return null;
  }
  const pages = await loadLatestMessages(db, [row.id]);
  return { id: row.id, isResolved: row.isResolved, messages: (pages.get(row.id) ?? NO_MESSAGES).messages };
}

/**
 * Appends an agency's message to its thread (a resolved one reopens, as for anyone), within the
 * thread's hourly limit; the supplier and the team hear of it. 404 for a thread of another agency.
 */
export async function postAgencyMessage(
  db: Database,
  audit: AuditLog,
  actor: AgencyActor,
  threadId: number,
  input: { content: string },
  notify: NotifyNewMessage,
): Promise<void> {
  const content = cleanText(input.content, 'content');
  await db.transaction(async (tx) => {
    const [existing] = await tx
      .select()
      .from(threads)
      // Any supplier's thread, limited to the agency's own.
      .where(and(eq(threads.id, threadId), eq(threads.agencyId, actor.agencyId), ownedBy(threads, ANY_SUPPLIER)))
      .limit(1);
    if (!existing) {
      throw new AppError(ErrorCode.NotFound, THREAD_NOT_FOUND_FOR_MESSAGE);
    }
    await appendMessage(tx, audit, actor, existing, { content, attachmentId: null, isFromTeam: false, isFromAgency: true }, notify);
  });
}
