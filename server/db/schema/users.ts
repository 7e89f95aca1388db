import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { suppliers } from './suppliers';

/** A person who uses the portal. Linked to its identity-provider subject on first sign-in. */
export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    /** `issuer|sub` of the identity that signed in as this user; null until the first sign-in. */
    subject: text('subject'),
    /** The supplier the user last chose; remembered across sessions and devices. */
    activeSupplierId: integer('active_supplier_id').references(() => suppliers.id, { onDelete: 'set null' }),
    /** A member of the marketplace team (back office). */
    isTeamMember: boolean('is_staff').notNull().default(false),
    /** A team member who may add people to the team and remove them (server/modules/team-members). */
    isTeamAdmin: boolean('is_team_admin').notNull().default(false),
    /** When the person joined the marketplace team; null when not on it (or on it before this was kept). */
    teamSince: timestamp('team_since', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('users_email_key').on(sql`lower(${table.email})`),
    uniqueIndex('users_subject_key').on(table.subject),
  ],
);

/** A user's membership of a supplier; `isAdmin` lets them manage the supplier's users. */
export const supplierMemberships = pgTable(
  'supplier_memberships',
  {
    supplierId: integer('supplier_id')
      .notNull()
      .references(() => suppliers.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    isAdmin: boolean('is_admin').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.supplierId, table.userId] }), index('supplier_memberships_user_idx').on(table.userId)],
);
