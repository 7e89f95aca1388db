import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/** Every state change made by a person: who, what, when, before and after. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Verb-noun of what happened, e.g. `user.switch-supplier`. */
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    supplierId: integer('supplier_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    requestId: text('request_id'),
  },
  (table) => [
    index('audit_log_entity_idx').on(table.entity, table.entityId),
    // The team's audit search and a supplier's history (server/modules/audit): newest first, within
    // one supplier or person; the id breaks ties, so a page after an entry starts inside the index.
    index('audit_log_at_id_idx').on(table.at, table.id),
    index('audit_log_supplier_at_id_idx').on(table.supplierId, table.at, table.id),
    index('audit_log_actor_at_id_idx').on(table.actorUserId, table.at, table.id),
  ],
);
