import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The OCDS releases the portal published (issue 32), immutable once written: the publisher
 * (server/modules/open-data/publisher.ts) appends them one transaction at a time, so `sequence`
 * is the order they became visible in, and the feed pages by it without missing one.
 */
export const openDataReleases = pgTable(
  'open_data_releases',
  {
    sequence: bigint('sequence', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    releaseId: text('release_id').notNull().unique(),
    ocid: text('ocid').notNull(),
    /** What the release says, one per fact ever published (`notice:12`, `report:5:48000`), so publishing again adds nothing. */
    source: text('source').notNull().unique(),
    /** The release's `date`. */
    releasedAt: timestamp('released_at', { withTimezone: true }).notNull(),
    /** When it was written: the feed's Last-Modified. */
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    release: jsonb('release').$type<Record<string, unknown>>().notNull(),
  },
  (table) => [index('open_data_releases_ocid_idx').on(table.ocid, table.sequence)],
);

/**
 * The compiled release of each contracting process of 100 releases or more, kept current by the
 * publisher in the transaction that appends its releases, so its record is read, not compiled,
 * when asked for: a framework's record holds a release for every supplier approved into it. Null until compiled (a process
 * published before this table existed; the publisher compiles those too). A record is read only
 * when `compiled_through` is its newest release's sequence: a release appended by a publisher that
 * did not keep records (the previous release, during a rolling deploy) makes it be compiled afresh.
 */
export const openDataRecords = pgTable(
  'open_data_records',
  {
    ocid: text('ocid').primaryKey(),
    compiledRelease: jsonb('compiled_release').$type<Record<string, unknown>>(),
    /** The sequence of the newest release compiled into it. */
    compiledThrough: bigint('compiled_through', { mode: 'number' }).notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('open_data_records_uncompiled_idx').on(table.ocid).where(sql`${table.compiledRelease} IS NULL`)],
);

/**
 * What changed that the publisher has not looked at yet (issue 33), noted by triggers on the tables
 * the releases are made from (migration 0048): a catalogue, a supplier, an engagement notice or a
 * billing report whose facts may have become publishable. A run publishes only what these rows
 * name and then deletes them, so a run with nothing new reads none of the history. `everything`
 * asks for a run over every fact (the first run, one that failed half-way, the daily run).
 */
export const openDataChanges = pgTable('open_data_changes', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  subject: text('subject', { enum: ['catalogue', 'supplier', 'notice', 'report', 'everything'] }).notNull(),
  subjectId: integer('subject_id').notNull(),
});

/** The daily bulk files of the open data (issue 32): every release up to that day, one release package, gzipped, in the file store. */
export const openDataBulkFiles = pgTable('open_data_bulk_files', {
  /** YYYY-MM-DD, New Zealand time: one file a day, the latest run's. */
  day: text('day').primaryKey(),
  storageKey: text('storage_key').notNull(),
  releaseCount: integer('release_count').notNull(),
  bytes: bigint('bytes', { mode: 'number' }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
