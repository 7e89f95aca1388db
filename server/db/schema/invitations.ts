import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { agencyApplications } from './agencies';
import { suppliers } from './suppliers';
import { users } from './users';

/**
 * An invitation for a person to join a supplier or an approved agency (exactly one of the two). Only the SHA-256 of the token is stored, so a
 * database leak does not leak working links; a token works once, until it expires.
 */
export const invitations = pgTable(
  'invitations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    supplierId: integer('supplier_id').references(() => suppliers.id, { onDelete: 'cascade' }),
    /** An approved agency (its registration row), issue 31. */
    agencyId: integer('agency_id').references(() => agencyApplications.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    name: text('name').notNull(),
    isAdmin: boolean('is_admin').notNull().default(false),
    tokenHash: text('token_hash').notNull(),
    invitedByUserId: integer('invited_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedByUserId: integer('accepted_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('invitations_token_hash_key').on(table.tokenHash),
    index('invitations_supplier_email_idx').on(table.supplierId, sql`lower(${table.email})`),
    index('invitations_agency_email_idx').on(table.agencyId, sql`lower(${table.email})`),
    check('invitations_one_organisation', sql`num_nonnulls(${table.supplierId}, ${table.agencyId}) = 1`),
  ],
);
