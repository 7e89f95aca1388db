import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { agencyApplications } from './agencies';
import { uploadedFiles } from './files';
import { suppliers } from './suppliers';
import { users } from './users';

/**
 * A conversation between a supplier and the marketplace team, attached to a record: the parent
 * model (`supplier`, later `application`, `engagement-notice`…) and its id. `supplierId` is the
 * owning supplier, whatever the model, so one check authorises every thread.
 */
export const threads = pgTable(
  'threads',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    model: text('model').notNull(),
    recordId: integer('record_id').notNull(),
    supplierId: integer('supplier_id')
      .notNull()
      .references(() => suppliers.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    /**
     * The agency in the conversation too (issue 31): the dispute of an engagement notice is between
     * the supplier, the agency the notice names and the team. Null for the supplier's own threads.
     */
    agencyId: integer('agency_id').references(() => agencyApplications.id, { onDelete: 'set null' }),
    isResolved: boolean('is_resolved').notNull().default(false),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedByUserId: integer('resolved_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdByUserId: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The team member looking after the thread (a team member); null: nobody yet. */
    assigneeUserId: integer('assignee_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Time of the latest message, for ordering. */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Whether the latest message is the team's (false without messages): the team's inbox puts the
     * threads waiting for the team first. Kept by the database's triggers on thread_messages
     * (migration 0042), never written by the app.
     */
    lastMessageIsFromTeam: boolean('last_message_is_from_team').notNull().default(false),
  },
  (table) => [
    index('threads_record_idx').on(table.model, table.recordId),
    index('threads_supplier_idx').on(table.supplierId),
    // The team's inbox: resolved threads, the latest first; open ones waiting for the team first, the longest waiting first.
    index('threads_inbox_idx').on(table.isResolved, table.lastMessageIsFromTeam, table.updatedAt, table.id),
    index('threads_activity_idx').on(table.isResolved, table.updatedAt, table.id),
    // One person's threads, or nobody's: the inbox counts those open or resolved from the index alone.
    index('threads_assignee_status_idx').on(table.assigneeUserId, table.isResolved),
    // The new-thread limit counts a supplier's threads of the last day.
    index('threads_supplier_created_idx').on(table.supplierId, table.createdAt),
  ],
);

export const threadMessages = pgTable(
  'thread_messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    threadId: integer('thread_id')
      .notNull()
      .references(() => threads.id, { onDelete: 'cascade' }),
    authorUserId: integer('author_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Written by the marketplace team (shown as such to the supplier). */
    isFromTeam: boolean('is_from_staff').notNull().default(false),
    /** Written by a person of the thread's agency (issue 31). */
    isFromAgency: boolean('is_from_agency').notNull().default(false),
    content: text('content').notNull(),
    attachmentId: uuid('attachment_id').references(() => uploadedFiles.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('thread_messages_thread_idx').on(table.threadId, table.createdAt)],
);

/**
 * When a team member last read a thread (opened it or its earlier messages): the messages after it
 * are their unread ones. One row per thread and reader; each team member's reading is their own.
 */
export const threadReads = pgTable(
  'thread_reads',
  {
    threadId: integer('thread_id')
      .notNull()
      .references(() => threads.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastReadAt: timestamp('last_read_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.threadId, table.userId] }), index('thread_reads_user_idx').on(table.userId)],
);

/**
 * A supplier's message waiting for a team member's digest (issue 29, item 6): one row per team member
 * and message, written in the message's transaction; the digest job marks the rows it mails
 * (`digestedAt`) in the transaction that queues the mail, so an item is mailed once.
 */
export const threadDigestItems = pgTable(
  'thread_digest_items',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    messageId: integer('message_id')
      .notNull()
      .references(() => threadMessages.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When a digest listed it (or found it read already); null: waiting for the next digest. */
    digestedAt: timestamp('digested_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.messageId] }),
    index('thread_digest_items_message_idx').on(table.messageId),
    index('thread_digest_items_pending_idx').on(table.userId).where(sql`${table.digestedAt} is null`),
  ],
);
