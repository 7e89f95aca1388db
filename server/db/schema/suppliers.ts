import { sql, type SQL } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { catalogues, services } from './catalogue';

export const supplierStatuses = ['applicant', 'approved', 'inactive', 'suspended'] as const;
export type SupplierStatus = (typeof supplierStatuses)[number];

/**
 * Statuses whose users may not use the dashboard: they get the 'not attached to an active
 * supplier' answer of spec §2, as if they belonged to no supplier.
 */
export const supplierStatusesWithoutDashboard = ['inactive', 'suspended'] as const satisfies readonly SupplierStatus[];

/** A business number's digits (older rows may hold spaces), as the unique indexes compare them. */
export function businessNumberDigits(value: SQL): SQL {
  return sql`regexp_replace(${value}, '[^0-9]', '', 'g')`;
}

/**
 * A company that applies to the marketplace and, once approved, lists services. A business number
 * (NZBN, ABN, ACN) belongs to one supplier: unique by its digits (migration 0024).
 */
export const suppliers = pgTable(
  'suppliers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tradingName: text('trading_name').notNull(),
    legalName: text('legal_name').notNull(),
    /**
     * The trading name folded as the directory folds text (lower case, no macrons): the team's list
     * is sorted and searched by it. Worked out by the database on every write, so a list never folds
     * every name to sort it (issue 33).
     */
    sortKey: text('sort_key').generatedAlwaysAs(sql`directory_fold(trading_name)`),
    /**
     * applicant: applying; approved: listed in the directory; inactive: no dashboard access;
     * suspended: by the marketplace team, out of the directory and the dashboard until reinstated.
     */
    status: text('status', { enum: supplierStatuses }).notNull().default('applicant'),
    /** The status a suspension replaced, which reinstating restores; null unless suspended. */
    statusBeforeSuspension: text('status_before_suspension', { enum: supplierStatuses }),
    /** The team's reason for the suspension, which the supplier's people read; null unless suspended. */
    suspensionReason: text('suspension_reason'),
    nzbn: text('nzbn'),
    abn: text('abn'),
    email: text('email'),
    phone: text('phone'),
    website: text('website'),
    summary: text('summary'),
    city: text('city'),
    state: text('state'),
    country: text('country'),
    /** The catalogue the supplier first applied to (spec §3 initial_catalogue). */
    initialCatalogueId: integer('initial_catalogue_id').references(() => catalogues.id, { onDelete: 'set null' }),
    /**
     * The answers of the supplier details form (common/supplier-details/form.ts) other than those
     * kept in columns above (names, NZBN, ABN, and the registered address's city, state, country).
     */
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    /** The supplier's admins ask everyone who works for it to sign in with a second factor (issue 29). */
    requireSecondFactor: boolean('require_second_factor').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('suppliers_nzbn_key')
      .on(businessNumberDigits(sql`${table.nzbn}`))
      .where(sql`${businessNumberDigits(sql`${table.nzbn}`)} <> ''`),
    uniqueIndex('suppliers_abn_key')
      .on(businessNumberDigits(sql`${table.abn}`))
      .where(sql`${businessNumberDigits(sql`${table.abn}`)} <> ''`),
    uniqueIndex('suppliers_acn_key')
      .on(businessNumberDigits(sql`${table.details}->>'acn'`))
      .where(sql`${businessNumberDigits(sql`${table.details}->>'acn'`)} <> ''`),
    // The team's list of suppliers: by folded trading name, and searched by part of either name (issue 33).
    index('suppliers_team_order_idx').using('btree', sql`${table.sortKey} COLLATE "C"`, table.id),
    // The team's list of one status is counted from the index alone, not by reading every supplier.
    index('suppliers_status_idx').on(table.status),
    index('suppliers_team_search_idx').using('gin', table.sortKey.op('gin_trgm_ops'), sql`directory_fold(${table.legalName}) gin_trgm_ops`),
  ],
);

/** A supplier's listing of a service; published listings appear in the public directory. */
export const supplierServices = pgTable(
  'supplier_services',
  {
    supplierId: integer('supplier_id')
      .notNull()
      .references(() => suppliers.id, { onDelete: 'cascade' }),
    serviceId: integer('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'restrict' }),
    publishedAt: timestamp('published_at', { withTimezone: true }),
  },
  (table) => [primaryKey({ columns: [table.supplierId, table.serviceId] }), index('supplier_services_service_idx').on(table.serviceId)],
);
