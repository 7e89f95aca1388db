import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { uploadedFiles } from './files';
import { suppliers } from './suppliers';
import { users } from './users';

export const registrationStatuses = ['pending', 'approved', 'declined'] as const;
export type RegistrationStatus = (typeof registrationStatuses)[number];

/**
 * A business's public registration (spec §3 "Public registration application"), waiting for the
 * marketplace team. It belongs to no supplier: approving it creates one (`createdSupplierId`).
 * Business numbers are kept as digits; one pending registration per number (partial unique indexes).
 */
export const supplierRegistrations = pgTable(
  'supplier_registrations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    referenceId: text('reference_id').notNull(),
    status: text('status', { enum: registrationStatuses }).notNull().default('pending'),
    /** The form version the answers were given on (`form_definitions`). */
    formKey: text('form_key').notNull(),
    formVersion: integer('form_version').notNull(),
    answers: jsonb('answers').$type<Record<string, unknown>>().notNull(),
    tradingName: text('trading_name').notNull(),
    nzbn: text('nzbn'),
    abn: text('abn'),
    acn: text('acn'),
    registrantName: text('registrant_name').notNull(),
    registrantEmail: text('registrant_email').notNull(),
    financialStatementId: uuid('financial_statement_id').references(() => uploadedFiles.id, { onDelete: 'set null' }),
    /** The supplier approving it created. */
    createdSupplierId: integer('created_supplier_id').references(() => suppliers.id, { onDelete: 'set null' }),
    declineReasons: text('decline_reasons'),
    decidedByUserId: integer('decided_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('supplier_registrations_reference_key').on(table.referenceId),
    index('supplier_registrations_status_created_idx').on(table.status, table.createdAt),
    uniqueIndex('supplier_registrations_pending_nzbn_key').on(table.nzbn).where(sql`status = 'pending'`),
    uniqueIndex('supplier_registrations_pending_abn_key').on(table.abn).where(sql`status = 'pending'`),
    uniqueIndex('supplier_registrations_pending_acn_key').on(table.acn).where(sql`status = 'pending'`),
  ],
);
