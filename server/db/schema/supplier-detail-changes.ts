import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { suppliers } from './suppliers';
import { users } from './users';

export const supplierDetailChangeStatuses = ['pending', 'approved', 'declined', 'withdrawn'] as const;
export type SupplierDetailChangeStatus = (typeof supplierDetailChangeStatuses)[number];

/**
 * A supplier admin's change of the supplier's legal name or business numbers, waiting for the
 * marketplace team's review (issue 29, item 4): the supplier row keeps the approved values, which
 * every public place shows, until the team approves. `before` and `after` hold the changed answers
 * only, by their form keys, numbers as digits. One pending change per supplier, and a number is
 * claimed by one pending change at a time (partial unique indexes).
 */
export const supplierDetailChanges = pgTable(
  'supplier_detail_changes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    supplierId: integer('supplier_id')
      .notNull()
      .references(() => suppliers.id, { onDelete: 'cascade' }),
    status: text('status', { enum: supplierDetailChangeStatuses }).notNull().default('pending'),
    before: jsonb('before').$type<Record<string, string | null>>().notNull(),
    after: jsonb('after').$type<Record<string, string | null>>().notNull(),
    requestedByUserId: integer('requested_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    decidedByUserId: integer('decided_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** The team's reason for declining, which the supplier's people read. */
    decisionReason: text('decision_reason'),
  },
  (table) => [
    uniqueIndex('supplier_detail_changes_pending_supplier_key').on(table.supplierId).where(sql`status = 'pending'`),
    uniqueIndex('supplier_detail_changes_pending_nzbn_key').on(sql`(${table.after}->>'nzbn')`).where(sql`status = 'pending'`),
    uniqueIndex('supplier_detail_changes_pending_abn_key').on(sql`(${table.after}->>'abn')`).where(sql`status = 'pending'`),
    uniqueIndex('supplier_detail_changes_pending_acn_key').on(sql`(${table.after}->>'acn')`).where(sql`status = 'pending'`),
    index('supplier_detail_changes_status_requested_idx').on(table.status, table.requestedAt),
  ],
);
