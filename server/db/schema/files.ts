import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { suppliers } from './suppliers';
import { users } from './users';

/**
 * A file a person uploaded. The bytes live in storage under `storageKey`; this row says who may
 * read them: members of `supplierId` and the marketplace team.
 */
export const uploadedFiles = pgTable(
  'uploaded_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The supplier that owns the file; null only for files the marketplace team uploads for itself. */
    supplierId: integer('supplier_id').references(() => suppliers.id, { onDelete: 'cascade' }),
    /** The folder the client named (e.g. `MessageAttachments`). */
    folder: text('folder').notNull(),
    /** The sanitised original name, shown to people and used for downloads. */
    fileName: text('file_name').notNull(),
    /** The type detected from the content, not the name. */
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    storageKey: text('storage_key').notNull().unique(),
    uploadedByUserId: integer('uploaded_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('uploaded_files_supplier_idx').on(table.supplierId)],
);

/**
 * Bytes uploaded through the public registration form, per client address (issue 29, item 5):
 * claimed before the bytes are stored and counted over the last day against
 * REGISTRATION_UPLOAD_BYTES_PER_DAY (`server/modules/registration/upload-budget.ts`). `clientKey`
 * is a hash of the address, never the address itself.
 */
export const uploadByteClaims = pgTable(
  'upload_byte_claims',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    clientKey: text('client_key').notNull(),
    bytes: integer('bytes').notNull(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('upload_byte_claims_client_idx').on(table.clientKey, table.claimedAt), index('upload_byte_claims_claimed_at_idx').on(table.claimedAt)],
);
