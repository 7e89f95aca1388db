import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const supplierStatuses = ['applicant', 'approved', 'inactive'] as const;
export type SupplierStatus = (typeof supplierStatuses)[number];

/** A company that applies to the marketplace and, once approved, lists services. */
export const suppliers = pgTable('suppliers', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  tradingName: text('trading_name').notNull(),
  legalName: text('legal_name').notNull(),
  /** applicant: applying; approved: listed in the directory; inactive: no dashboard access. */
  status: text('status', { enum: supplierStatuses }).notNull().default('applicant'),
  nzbn: text('nzbn'),
  abn: text('abn'),
  email: text('email'),
  phone: text('phone'),
  website: text('website'),
  summary: text('summary'),
  city: text('city'),
  state: text('state'),
  country: text('country'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
