import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users';

export const agencyApplicationStatuses = ['incomplete', 'submitted', 'approved', 'declined'] as const;
export type AgencyApplicationStatusCode = (typeof agencyApplicationStatuses)[number];

/**
 * An agency's registration (spec §3 "Agency application"): the answers keyed by field, the step
 * the agency reached, and the team's decision. The resume link's id is a random token; only its
 * SHA-256 is stored, so a database leak does not leak working links.
 */
export const agencyApplications = pgTable(
  'agency_applications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    resumeTokenHash: text('resume_token_hash').notNull(),
    /** The version of the `agency` form it was started on. */
    formVersion: integer('form_version').notNull(),
    /** The answers, keyed by field (flat across the steps). */
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    status: text('status', { enum: agencyApplicationStatuses }).notNull().default('incomplete'),
    /** The step to come back to (1 to 4); null until a step is saved. */
    lastStep: integer('last_step'),
    /** Copied from the answers for the team's lists and the engagement notices' source list. */
    agencyName: text('agency_name').notNull().default(''),
    /** Where the resume link and the decision are emailed. */
    contactEmail: text('contact_email').notNull().default(''),
    /** The resume link stops working after this (AGENCY_RESUME_DAYS after the last save). */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedByUserId: integer('decided_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    declineReasons: text('decline_reasons'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastEdited: timestamp('last_edited', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('agency_applications_resume_token_hash_key').on(table.resumeTokenHash),
    index('agency_applications_status_submitted_idx').on(table.status, table.submittedAt),
  ],
);

/**
 * A user's membership of an approved agency (issue 31); `isAdmin` lets them manage the agency's
 * people. `isActive` marks the organisation the person acts for when it is an agency (at most one
 * per person); choosing a supplier clears it, and `users.active_supplier_id` is remembered either way.
 */
export const agencyMemberships = pgTable(
  'agency_memberships',
  {
    agencyId: integer('agency_id')
      .notNull()
      .references(() => agencyApplications.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    isAdmin: boolean('is_admin').notNull().default(false),
    isActive: boolean('is_active').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.agencyId, table.userId] }),
    index('agency_memberships_user_idx').on(table.userId),
    uniqueIndex('agency_memberships_one_active_key').on(table.userId).where(sql`${table.isActive}`),
  ],
);
