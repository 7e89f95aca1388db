import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { FINISHED_APPLICATION_STATUSES } from '../../../common/application-stages';
import { services } from './catalogue';
import { suppliers } from './suppliers';
import { users } from './users';

/**
 * A version of a form definition (ARCHITECTURE.md "forms"): `steps` holds `{ id, title, schema,
 * uiSchema }` per step. Versions are never changed once stored; a new version is a new row, and a
 * record started on a version keeps it.
 */
export const formDefinitions = pgTable(
  'form_definitions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** `application` for the common steps, `catalogue-<slug>` for a catalogue's own questions. */
    key: text('key').notNull(),
    version: integer('version').notNull(),
    title: text('title').notNull(),
    steps: jsonb('steps').$type<unknown[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('form_definitions_key_version_idx').on(table.key, table.version)],
);

export const applicationStatuses = [
  'incomplete',
  'submitted',
  'pre_assessment',
  'in_progress',
  'granted',
  'listing_validation',
  'published',
  'declined',
] as const;
export type ApplicationStatusCode = (typeof applicationStatuses)[number];

/** A supplier's application for services (spec §3 "Supplier application", §4 status stages). */
export const applications = pgTable(
  'applications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** Human-readable, unique, e.g. `MP-7KQ4-X2HD`. */
    referenceId: text('reference_id').notNull().unique(),
    supplierId: integer('supplier_id')
      .notNull()
      .references(() => suppliers.id, { onDelete: 'cascade' }),
    /** The versions of the form definitions it was started on: `[{ key, version }]`. */
    formVersions: jsonb('form_versions').$type<{ key: string; version: number }[]>().notNull(),
    /** The answers: `{ services, termsAccepted, answers: { [stepId]: {...} } }`. */
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    status: text('status', { enum: applicationStatuses }).notNull().default('incomplete'),
    /** The step the supplier reached (spec §4: starts at 1). */
    progress: integer('progress').notNull().default(1),
    /** When each status was reached: `{ [status]: ISO 8601 }`. */
    statusTimestamps: jsonb('status_timestamps').$type<Record<string, string>>().notNull().default({}),
    createdByUserId: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastEdited: timestamp('last_edited', { withTimezone: true }).notNull().defaultNow(),
    /**
     * When it reached its current stage: its `statusTimestamps` entry for its status, else its last
     * change (rows older than the timestamps). Kept by a trigger (migration 0044), since the text's
     * cast to a time is not immutable and so cannot be generated; the work queue sorts by it.
     */
    stageSince: timestamp('stage_since', { withTimezone: true }).notNull().defaultNow(),
    /** Published or declined: nothing more happens to it, so the work queue puts it after the rest. */
    isFinished: boolean('is_finished').generatedAlwaysAs(sql.raw(`status IN (${FINISHED_APPLICATION_STATUSES.map((status) => `'${status}'`).join(', ')})`)),
  },
  (table) => [
    index('applications_supplier_idx').on(table.supplierId),
    // The team's lists (issue 33): the work queue (what waits, longest in its stage first), one
    // status in that order, and the latest changes; the incomplete ones are the suppliers' own.
    index('applications_work_queue_idx').on(table.isFinished, table.stageSince, table.id).where(sql`status <> 'incomplete'`),
    index('applications_status_stage_idx').on(table.status, table.stageSince, table.id),
    index('applications_latest_idx').on(table.lastEdited, table.id).where(sql`status <> 'incomplete'`),
  ],
);

const applicationServiceStatuses = ['requested', 'granted', 'declined'] as const;
export type ApplicationServiceStatus = (typeof applicationServiceStatuses)[number];

/** A service an application asks for, and the team's decision on it (spec §3 servicesWithStatus). */
export const applicationServices = pgTable(
  'application_services',
  {
    applicationId: integer('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    serviceId: integer('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'restrict' }),
    status: text('status', { enum: applicationServiceStatuses }).notNull().default('requested'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** The team's reasons for declining the service, which the supplier reads; null unless declined. */
    declineReason: text('decline_reason'),
  },
  (table) => [primaryKey({ columns: [table.applicationId, table.serviceId] })],
);
