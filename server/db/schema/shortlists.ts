import { boolean, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { agencyApplications } from './agencies';
import { suppliers } from './suppliers';
import { users } from './users';

/**
 * A buyer's named shortlist of approved suppliers (issue 31): its agency's alone; the person who
 * made it sees it, and every person of the agency once it is shared.
 */
export const shortlists = pgTable(
  'shortlists',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    agencyId: integer('agency_id')
      .notNull()
      .references(() => agencyApplications.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    isShared: boolean('is_shared').notNull().default(false),
    /** Who made it: they alone rename, share or delete it. Null once their account is removed (the agency's admins then may). */
    createdByUserId: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('shortlists_agency_idx').on(table.agencyId, table.updatedAt)],
);

/** A supplier on a shortlist, with the buyer's note about it. */
export const shortlistSuppliers = pgTable(
  'shortlist_suppliers',
  {
    shortlistId: integer('shortlist_id')
      .notNull()
      .references(() => shortlists.id, { onDelete: 'cascade' }),
    supplierId: integer('supplier_id')
      .notNull()
      .references(() => suppliers.id, { onDelete: 'cascade' }),
    note: text('note').notNull().default(''),
    addedByUserId: integer('added_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.shortlistId, table.supplierId] }), index('shortlist_suppliers_supplier_idx').on(table.supplierId)],
);
