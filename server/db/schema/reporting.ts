import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { BILLING_REPORT_STATUS_CODES } from '../../../common/reporting/billing-reports';
import { ENGAGEMENT_NOTICE_STATUS_CODES } from '../../../common/reporting/engagement-notices';
import { AGENCY_RESPONSE_STATUS_CODES, DISPUTE_REASON_CODES, REPORT_RESPONSE_STATUS_CODES } from '../../../common/reporting/agency-responses';
import { agencyApplications } from './agencies';
import { services } from './catalogue';
import { suppliers } from './suppliers';
import { users } from './users';


/** One entry of a record's status history: the status reached, when (ISO 8601) and by whom. */
export interface StatusHistoryEntry {
  status: string;
  at: string;
  byUserId: number | null;
}

/**
 * An engagement a supplier won (spec §3 "Engagement notice"): the answers by step of the stored
 * `engagement-notice` form version, and copies of the answers lists, filters and the billing
 * reports need (agency, title, reference, dates, value), written by the same save.
 */
export const engagementNotices = pgTable(
  'engagement_notices',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    supplierId: integer('supplier_id')
      .notNull()
      .references(() => suppliers.id, { onDelete: 'cascade' }),
    formVersion: integer('form_version').notNull(),
    /** The answers: `{ [stepId]: {...} }`. */
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    progress: integer('progress').notNull().default(1),
    status: text('status', { enum: ENGAGEMENT_NOTICE_STATUS_CODES }).notNull().default('draft'),
    statusHistory: jsonb('status_history').$type<StatusHistoryEntry[]>().notNull().default([]),
    /** An approved agency (its registration row). */
    agencyId: integer('agency_id').references(() => agencyApplications.id, { onDelete: 'restrict' }),
    title: text('title'),
    reference: text('reference'),
    /** ISO dates (yyyy-mm-dd). */
    startDate: text('start_date'),
    endDate: text('end_date'),
    /** NZD, GST-exclusive, in cents. */
    valueCents: bigint('value_cents', { mode: 'number' }),
    /**
     * What its sent billing reports add up to, in cents: kept by the database's triggers
     * (migration 0041, `reporting_refresh_notices`), never written by the app.
     */
    billedCents: bigint('billed_cents', { mode: 'number' }).notNull().default(0),
    withdrawnReason: text('withdrawn_reason'),
    withdrawnReasonOther: text('withdrawn_reason_other'),
    /** The named agency's answer (issue 31): awaiting, confirmed (final) or disputed. */
    agencyResponse: text('agency_response', { enum: AGENCY_RESPONSE_STATUS_CODES }).notNull().default('awaiting'),
    agencyRespondedAt: timestamp('agency_responded_at', { withTimezone: true }),
    agencyRespondedByUserId: integer('agency_responded_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    disputeReason: text('dispute_reason', { enum: DISPUTE_REASON_CODES as [string, ...string[]] }),
    disputeDetails: text('dispute_details'),
    /**
     * Why the supplier, or the agency, keeps the engagement out of open data (issue 32): null while
     * it has not asked to. Either one keeps the notice and its reports unpublished.
     */
    supplierConfidentialReason: text('supplier_confidential_reason'),
    agencyConfidentialReason: text('agency_confidential_reason'),
    createdByUserId: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    lastEdited: timestamp('last_edited', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('engagement_notices_supplier_idx').on(table.supplierId, table.status),
    index('engagement_notices_status_idx').on(table.status, table.lastEdited),
    // The team's list of every status it sees, the latest change first (read backwards; drafts, few,
    // are passed over by the status in the index, so a deep page reads the index alone), and the
    // notices running in a month: the dates are in the index too, so that filter reads it alone.
    index('engagement_notices_team_list_idx').on(table.lastEdited, table.id, table.status, table.startDate, table.endDate),
    // The agency's list: its sent notices by its answer, the last sent first.
    index('engagement_notices_agency_idx').on(table.agencyId, table.status, table.agencyResponse, table.submittedAt),
    // The team's "billed over its value" mismatch: the few sent notices it finds, the latest change first.
    index('engagement_notices_over_value_idx')
      .on(table.lastEdited, table.id)
      .where(sql`${table.status} = 'submitted' AND ${table.valueCents} IS NOT NULL AND ${table.billedCents} > ${table.valueCents}`),
  ],
);

/**
 * The months a sent engagement notice runs in (its start month through its end month, past and
 * to come) that have no sent billing report yet: one row each, kept by the database's triggers
 * (migration 0041, `reporting_refresh_notices`) as notices and reports change, so that the team's
 * list, the supplier's next steps and the monthly reminder read them instead of working out every
 * notice's months each time. A month is missing once it has ended (missing-reports.ts).
 */
export const missingBillingReports = pgTable(
  'missing_billing_reports',
  {
    engagementNoticeId: integer('engagement_notice_id')
      .notNull()
      .references(() => engagementNotices.id, { onDelete: 'cascade' }),
    supplierId: integer('supplier_id')
      .notNull()
      .references(() => suppliers.id, { onDelete: 'cascade' }),
    /** `yyyy-mm`. */
    billingPeriod: text('billing_period').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.engagementNoticeId, table.billingPeriod] }),
    // The team's list and the reminder: the oldest month first, then by supplier and notice.
    index('missing_billing_reports_period_idx').on(table.billingPeriod, table.supplierId, table.engagementNoticeId),
    // One supplier's, for its next steps and the team's supplier filter.
    index('missing_billing_reports_supplier_idx').on(table.supplierId, table.billingPeriod, table.engagementNoticeId),
  ],
);

/** The services an engagement notice covers (each one the supplier is approved for). */
export const engagementNoticeServices = pgTable(
  'engagement_notice_services',
  {
    engagementNoticeId: integer('engagement_notice_id')
      .notNull()
      .references(() => engagementNotices.id, { onDelete: 'cascade' }),
    serviceId: integer('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'restrict' }),
  },
  (table) => [primaryKey({ columns: [table.engagementNoticeId, table.serviceId] }), index('engagement_notice_services_service_idx').on(table.serviceId)],
);

/**
 * What a supplier billed against one engagement notice in one month (spec §3 "Billing report"):
 * the answers by step of the stored `billing-report` form version, the notice, the period and the
 * total. One report per notice and period (the unique index; a draft without a period yet is not counted).
 */
export const billingReports = pgTable(
  'billing_reports',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    supplierId: integer('supplier_id')
      .notNull()
      .references(() => suppliers.id, { onDelete: 'cascade' }),
    formVersion: integer('form_version').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    progress: integer('progress').notNull().default(1),
    status: text('status', { enum: BILLING_REPORT_STATUS_CODES }).notNull().default('draft'),
    statusHistory: jsonb('status_history').$type<StatusHistoryEntry[]>().notNull().default([]),
    engagementNoticeId: integer('engagement_notice_id').references(() => engagementNotices.id, { onDelete: 'restrict' }),
    /** The month billed, `yyyy-mm`. */
    billingPeriod: text('billing_period'),
    /** The total of the report's amounts: NZD, GST-exclusive, in cents. */
    amountCents: bigint('amount_cents', { mode: 'number' }),
    /** The agency's answer once it confirmed the notice (issue 31): awaiting, confirmed (final) or queried. */
    agencyResponse: text('agency_response', { enum: REPORT_RESPONSE_STATUS_CODES }).notNull().default('awaiting'),
    agencyRespondedAt: timestamp('agency_responded_at', { withTimezone: true }),
    agencyRespondedByUserId: integer('agency_responded_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    queryDetails: text('query_details'),
    createdByUserId: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    lastEdited: timestamp('last_edited', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('billing_reports_notice_period_key').on(table.engagementNoticeId, table.billingPeriod),
    index('billing_reports_supplier_idx').on(table.supplierId, table.status),
    index('billing_reports_period_idx').on(table.billingPeriod),
    // The team's list: the sent reports, the latest month first (read backwards); and by the agency's answer.
    index('billing_reports_team_idx').on(table.status, table.billingPeriod, table.id),
    index('billing_reports_answer_idx').on(table.agencyResponse, table.status, table.billingPeriod, table.id),
  ],
);


/**
 * The monthly billing reminders: one row per supplier and period, claimed (inserted) before the
 * mail goes, so two server processes running the job send each reminder once.
 */
export const billingReminders = pgTable(
  'billing_reminders',
  {
    supplierId: integer('supplier_id')
      .notNull()
      .references(() => suppliers.id, { onDelete: 'cascade' }),
    /** The month reminded about, `yyyy-mm`. */
    billingPeriod: text('billing_period').notNull(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.supplierId, table.billingPeriod] })],
);
