/** Payloads of the thread routes (spec §3 Thread, §7), one definition for the server and the messages panel. */
import type { Static } from 'typebox';
import { Type } from './schema-builders';
import { CappedTotal, IdFilterSchema, IdSchema, PageCursorQuery, PageCursors, PageNumberSchema, Paged } from './http';
import { FileIdSchema } from './uploads';

/** Spec §8: replying to a thread the API does not find (404), as the API says it and the panel shows it. */
export const THREAD_NOT_FOUND_FOR_MESSAGE = 'Tried to append message to non-existent thread';
/** Spec §8: resolving a thread the API does not find (404). */
export const THREAD_NOT_FOUND_FOR_UPDATE = 'Tried to update a non-existent thread';

export const THREAD_TITLE_MAX_LENGTH = 200;
export const THREAD_CONTENT_MAX_LENGTH = 5000;

/** Messages per read: a thread comes with its latest ones, and 'Show earlier messages' pages back. */
export const THREAD_MESSAGES_PAGE_SIZE = 20;

/** A supplier's messages in one thread per hour: more is flooding, not a conversation (the team is not limited). */
export const MAX_MESSAGES_PER_THREAD_PER_HOUR = 30;
export const TOO_MANY_MESSAGES_MESSAGE =
  'This thread has had a lot of messages in the last hour. Wait a while before writing again, or phone the team if it is urgent.';

/** A day, for the new-thread limit: a rolling 24 hours, so the wait it states is exact. */
export const NEW_THREAD_LIMIT_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * The new-thread limit's refusal (429), with what to do instead: write in a thread already open, or
 * wait until the oldest of the day's threads is 24 hours old (`availableAt`, as people read a time).
 */
export function tooManyNewThreadsMessage(limit: number, availableAt: string): string {
  return `Your organisation has started ${String(limit)} new threads in the last 24 hours, the most it can start in a day. Write in one of your existing threads instead, or start a new thread after ${availableAt}.`;
}

export const ThreadRecordParamsSchema = Type.Object({ id: IdSchema });
export type ThreadRecordParams = Static<typeof ThreadRecordParamsSchema>;

export const ThreadParamsSchema = Type.Object({ id: IdSchema, threadId: IdSchema });
export type ThreadParams = Static<typeof ThreadParamsSchema>;

export const TeamThreadParamsSchema = Type.Object({ threadId: IdSchema });
export type TeamThreadParams = Static<typeof TeamThreadParamsSchema>;

/** Trimmed on the server; whitespace only counts as empty. */
const ContentSchema = Type.String({ minLength: 1, maxLength: THREAD_CONTENT_MAX_LENGTH });
const AttachmentIdSchema = Type.Optional(Type.Union([FileIdSchema, Type.Null()]));

export const CreateThreadRequestSchema = Type.Object(
  {
    title: Type.String({ minLength: 1, maxLength: THREAD_TITLE_MAX_LENGTH }),
    content: ContentSchema,
    attachment: AttachmentIdSchema,
  },
  { additionalProperties: false },
);
export type CreateThreadRequest = Static<typeof CreateThreadRequestSchema>;

export const PostMessageRequestSchema = Type.Object(
  { content: ContentSchema, attachment: AttachmentIdSchema },
  { additionalProperties: false },
);
export type PostMessageRequest = Static<typeof PostMessageRequestSchema>;

export const MessageAttachmentSchema = Type.Object({ id: FileIdSchema, fileName: Type.String() });

export const ThreadMessageSchema = Type.Object({
  id: Type.Integer(),
  threadId: Type.Integer(),
  content: Type.String(),
  attachment: Type.Union([MessageAttachmentSchema, Type.Null()]),
  /** Null when the author's account was removed. */
  authorName: Type.Union([Type.String(), Type.Null()]),
  isFromTeam: Type.Boolean(),
  /** Written by the agency a disputed engagement notice names (issue 31): shown as the agency's. */
  isFromAgency: Type.Boolean(),
  createdAt: Type.String({ format: 'date-time' }),
});
export type ThreadMessage = Static<typeof ThreadMessageSchema>;

export const ThreadSchema = Type.Object({
  id: Type.Integer(),
  model: Type.String(),
  recordId: Type.Integer(),
  title: Type.String(),
  isResolved: Type.Boolean(),
  resolvedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  createdAt: Type.String({ format: 'date-time' }),
  /** Time of the latest message. */
  updatedAt: Type.String({ format: 'date-time' }),
  /** The latest THREAD_MESSAGES_PAGE_SIZE messages, oldest first. */
  messages: Type.Array(ThreadMessageSchema),
  /** Whether older messages exist: GET …/thread/{threadId}/messages?before={oldest shown id} reads them. */
  hasEarlierMessages: Type.Boolean(),
});
export type Thread = Static<typeof ThreadSchema>;

/** GET …/thread/{threadId}/messages?before={messageId}: the page of messages older than that one. */
export const EarlierMessagesQuerySchema = Type.Object({ before: IdSchema }, { additionalProperties: false });
export type EarlierMessagesQuery = Static<typeof EarlierMessagesQuerySchema>;

export const EarlierMessagesResponseSchema = Type.Object({
  /** Oldest first, up to THREAD_MESSAGES_PAGE_SIZE. */
  messages: Type.Array(ThreadMessageSchema),
  hasEarlierMessages: Type.Boolean(),
});
export type EarlierMessagesResponse = Static<typeof EarlierMessagesResponseSchema>;

/** Threads per page of a record's messages panel: each comes with up to THREAD_MESSAGES_PAGE_SIZE messages. */
export const RECORD_THREADS_PAGE_SIZE = 10;

/** GET /{model}/{id}/thread?page=: one page of the record's threads. */
export const ThreadListQuerySchema = Type.Object({ page: Type.Optional(PageNumberSchema) }, { additionalProperties: false });
export type ThreadListQuery = Static<typeof ThreadListQuerySchema>;

/** Newest thread first, a page at a time (issue 29, item 6), with the total. */
export const ThreadListResponseSchema = Paged('threads', ThreadSchema);
export type ThreadListResponse = Static<typeof ThreadListResponseSchema>;

/**
 * The records threads hang off, by the code the API uses (`/{model}/{id}/thread`), with how each
 * reads to a person. The server's registry (server/modules/threads/models.ts) has one entry per code.
 */
export const THREAD_MODEL_LABELS = {
  supplier: 'Supplier',
  application: 'Application',
  'engagement-notice': 'Engagement notice',
  'billing-report': 'Billing report',
} as const;
export type ThreadModelCode = keyof typeof THREAD_MODEL_LABELS;
export const THREAD_MODEL_CODES = Object.keys(THREAD_MODEL_LABELS) as ThreadModelCode[];

export const ADMIN_THREADS_PAGE_SIZE = 25;

/** `open` (the default): unresolved threads; `resolved`: the others. */
export const THREAD_STATUSES = ['open', 'resolved'] as const;
export type ThreadStatusFilter = (typeof THREAD_STATUSES)[number];

/** The assignee filter's value for threads nobody looks after yet. */
export const UNASSIGNED = 'none';

/**
 * GET /admin/threads: the team inbox. Filters: `assignee` (a team member's user id, or `none`),
 * `model`, `status` (open by default) and `supplier` (a supplier id; empty for any); the page by
 * number, or from the thread it starts after or before (`after`, `before`).
 */
export const TeamThreadListQuerySchema = Type.Object(
  {
    page: Type.Optional(PageNumberSchema),
    ...PageCursorQuery,
    assignee: Type.Optional(Type.Union([Type.Literal(UNASSIGNED), IdSchema])),
    model: Type.Optional(Type.Unsafe<ThreadModelCode>(Type.String({ enum: THREAD_MODEL_CODES }))),
    status: Type.Optional(Type.Unsafe<ThreadStatusFilter>(Type.String({ enum: [...THREAD_STATUSES] }))),
    supplier: Type.Optional(IdFilterSchema),
  },
  { additionalProperties: false },
);
export type TeamThreadListQuery = Static<typeof TeamThreadListQuerySchema>;

/** A team member a thread is assigned to. */
export const ThreadAssigneeSchema = Type.Object({ userId: Type.Integer(), name: Type.String() });
export type ThreadAssignee = Static<typeof ThreadAssigneeSchema>;

export const TeamThreadSummarySchema = Type.Object({
  id: Type.Integer(),
  model: Type.String(),
  /** How the model reads to a person (THREAD_MODEL_LABELS). */
  modelLabel: Type.String(),
  recordId: Type.Integer(),
  /** The record as people name it: an application's reference id, an engagement notice's reference, a billing report's period (yyyy-mm); null otherwise. */
  recordReference: Type.Union([Type.String(), Type.Null()]),
  supplierId: Type.Integer(),
  supplierTradingName: Type.String(),
  title: Type.String(),
  isResolved: Type.Boolean(),
  assignee: Type.Union([ThreadAssigneeSchema, Type.Null()]),
  lastMessageAt: Type.String({ format: 'date-time' }),
  /** Whether the latest message is the team's (then the thread waits on the supplier, not the team). */
  lastMessageIsFromTeam: Type.Boolean(),
  /** Null when the author's account was removed. */
  lastMessageAuthorName: Type.Union([Type.String(), Type.Null()]),
  /** Messages by others since the caller last read the thread (opened it or its earlier messages). */
  unreadCount: Type.Integer(),
});
export type TeamThreadSummary = Static<typeof TeamThreadSummarySchema>;

/** A supplier's thread in its messages list: what the team inbox shows of it, without the team's own workings. */
export const SupplierThreadSummarySchema = Type.Object({
  id: TeamThreadSummarySchema.properties.id,
  model: TeamThreadSummarySchema.properties.model,
  modelLabel: TeamThreadSummarySchema.properties.modelLabel,
  recordId: TeamThreadSummarySchema.properties.recordId,
  recordReference: TeamThreadSummarySchema.properties.recordReference,
  title: TeamThreadSummarySchema.properties.title,
  isResolved: TeamThreadSummarySchema.properties.isResolved,
  lastMessageAt: TeamThreadSummarySchema.properties.lastMessageAt,
  lastMessageIsFromTeam: TeamThreadSummarySchema.properties.lastMessageIsFromTeam,
  unreadCount: TeamThreadSummarySchema.properties.unreadCount,
});
export type SupplierThreadSummary = Static<typeof SupplierThreadSummarySchema>;

export const SUPPLIER_THREADS_PAGE_SIZE = 25;

/** GET /messages: the active supplier's threads on every record, open ones first, the latest activity first. */
export const SupplierThreadListQuerySchema = Type.Object({ page: Type.Optional(PageNumberSchema) }, { additionalProperties: false });
export const SupplierThreadListResponseSchema = Paged('threads', SupplierThreadSummarySchema);
export type SupplierThreadListResponse = Static<typeof SupplierThreadListResponseSchema>;

/**
 * The team inbox, a page at a time with the total, counted up to LIST_COUNT_LIMIT past the page.
 * Open threads: those waiting on the team (the supplier wrote last) first, each group oldest last
 * message first; resolved ones: latest first. The next and previous pages start from the cursors
 * (a thread's id), however deep.
 */
export const TeamThreadListResponseSchema = Paged('threads', TeamThreadSummarySchema, { ...CappedTotal, ...PageCursors });
export type TeamThreadListResponse = Static<typeof TeamThreadListResponseSchema>;

export const TeamThreadSchema = Type.Object({
  ...ThreadSchema.properties,
  supplierId: Type.Integer(),
  supplierTradingName: Type.String(),
  assignee: Type.Union([ThreadAssigneeSchema, Type.Null()]),
});
export type TeamThread = Static<typeof TeamThreadSchema>;

/** PUT /admin/threads/{threadId}/assignee: a team member's user id, or null to unassign. */
export const AssignThreadRequestSchema = Type.Object({ userId: IdFilterSchema }, { additionalProperties: false });
export type AssignThreadRequest = Static<typeof AssignThreadRequestSchema>;

export const NOT_A_TEAM_MEMBER_MESSAGE = 'Threads can only be assigned to members of the marketplace team.';

/** GET /admin/threads/unread-count: the caller's unread messages in open threads, for the header and the team app's navigation. */
export const UnreadCountResponseSchema = Type.Object({
  unreadMessages: Type.Integer(),
  unreadThreads: Type.Integer(),
});
export type UnreadCountResponse = Static<typeof UnreadCountResponseSchema>;
