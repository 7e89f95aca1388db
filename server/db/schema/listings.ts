import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { SERVICE_LISTING_STATUS_CODES } from '../../../common/listings/service-listings';
import { applications } from './applications';
import { services } from './catalogue';
import { suppliers } from './suppliers';
import { users } from './users';

/**
 * A supplier's listing of one service it was granted (issue 30): the working copy of the answers by
 * step of the stored `service-listing` form version, its review status, and which published
 * version is live. One per supplier and service. The live answers are the row of
 * `service_listing_versions` numbered `published_version`; the working copy may run ahead of it
 * while a change waits for review, and the live version stays public meanwhile.
 */
export const serviceListings = pgTable(
  'service_listings',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    supplierId: integer('supplier_id')
      .notNull()
      .references(() => suppliers.id, { onDelete: 'cascade' }),
    serviceId: integer('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'restrict' }),
    /** The application whose grant of the service asked for this listing; null once that application is gone. */
    applicationId: integer('application_id').references(() => applications.id, { onDelete: 'set null' }),
    formVersion: integer('form_version').notNull(),
    /** The working copy: `{ [stepId]: {...} }`. */
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    status: text('status', { enum: SERVICE_LISTING_STATUS_CODES }).notNull().default('draft'),
    /** The team's reasons when it last asked for changes; cleared when the listing is sent again. */
    changesRequested: text('changes_requested'),
    /** The live version's number; null until the listing is first published. */
    publishedVersion: integer('published_version'),
    /** When the team suspended the live listing (an expired certificate, say); null while it may show. */
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastEdited: timestamp('last_edited', { withTimezone: true }).notNull().defaultNow(),
    lastEditedByUserId: integer('last_edited_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    uniqueIndex('service_listings_supplier_service_key').on(table.supplierId, table.serviceId),
    // The team's lists: one status, the longest waiting first (then by id, so a page is picked from the index alone).
    index('service_listings_team_idx').on(table.status, table.submittedAt, table.id),
    index('service_listings_application_idx').on(table.applicationId),
    index('service_listings_service_idx').on(table.serviceId),
  ],
);

/**
 * A published version of a listing, never changed once written: its answers, the form version they
 * were written on, who sent and who approved them, when it went live, and the fields that changed
 * from the version before (by step, `step.field`), which the listing's history shows.
 */
export const serviceListingVersions = pgTable(
  'service_listing_versions',
  {
    listingId: integer('listing_id')
      .notNull()
      .references(() => serviceListings.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    formVersion: integer('form_version').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    changedFields: jsonb('changed_fields').$type<string[]>().notNull().default([]),
    sentByUserId: integer('sent_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    approvedByUserId: integer('approved_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('service_listing_versions_listing_version_key').on(table.listingId, table.version)],
);

/**
 * The reminders sent for a listing document close to its expiry date (issue 30): one row per
 * document, expiry date and reminder (28 or 7 days before), claimed in the transaction that queues
 * its mails, so each goes once whatever runs the job. A document renewed with a new date is a new
 * document to remind about.
 */
export const listingDocumentReminders = pgTable(
  'listing_document_reminders',
  {
    listingId: integer('listing_id')
      .notNull()
      .references(() => serviceListings.id, { onDelete: 'cascade' }),
    fileId: text('file_id').notNull(),
    /** The document's expiry date, yyyy-mm-dd. */
    expiresOn: text('expires_on').notNull(),
    daysBefore: integer('days_before').notNull(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.listingId, table.fileId, table.expiresOn, table.daysBefore] })],
);
