/** Payloads of the thread routes (spec §3 Thread, §7), one definition for the server and the messages panel. */
import { Type, type Static } from 'typebox';
import { IdSchema, PageNumberSchema, Paged } from './http';
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

export const ThreadRecordParamsSchema = Type.Object({ id: IdSchema });
export type ThreadRecordParams = Static<typeof ThreadRecordParamsSchema>;

export const ThreadParamsSchema = Type.Object({ id: IdSchema, threadId: IdSchema });
export type ThreadParams = Static<typeof ThreadParamsSchema>;

export const AdminThreadParamsSchema = Type.Object({ threadId: IdSchema });
export type AdminThreadParams = Static<typeof AdminThreadParamsSchema>;

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
  isFromStaff: Type.Boolean(),
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

/** Newest thread first. */
export const ThreadListResponseSchema = Type.Object({ threads: Type.Array(ThreadSchema) });
export type ThreadListResponse = Static<typeof ThreadListResponseSchema>;

export const ADMIN_THREADS_PAGE_SIZE = 25;

export const AdminThreadListQuerySchema = Type.Object({
  page: Type.Optional(PageNumberSchema),
});
export type AdminThreadListQuery = Static<typeof AdminThreadListQuerySchema>;

export const AdminThreadSummarySchema = Type.Object({
  id: Type.Integer(),
  model: Type.String(),
  recordId: Type.Integer(),
  supplierId: Type.Integer(),
  supplierTradingName: Type.String(),
  title: Type.String(),
  lastMessageAt: Type.String({ format: 'date-time' }),
});
export type AdminThreadSummary = Static<typeof AdminThreadSummarySchema>;

/** Open threads of all suppliers, latest activity first, one page at a time with the total. */
export const AdminThreadListResponseSchema = Paged('threads', AdminThreadSummarySchema);
export type AdminThreadListResponse = Static<typeof AdminThreadListResponseSchema>;

export const AdminThreadSchema = Type.Object({
  ...ThreadSchema.properties,
  supplierId: Type.Integer(),
  supplierTradingName: Type.String(),
});
export type AdminThread = Static<typeof AdminThreadSchema>;
