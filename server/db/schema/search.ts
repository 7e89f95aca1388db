import { sql } from 'drizzle-orm';
import { customType, index, integer, pgTable, primaryKey, real, text } from 'drizzle-orm/pg-core';
import { suppliers } from './suppliers';

/** PostgreSQL's `tsvector`; read and written only by SQL (the triggers and the search queries). */
const tsvector = customType<{ data: string; driverData: string }>({
  dataType: () => 'tsvector',
});

/**
 * One row per supplier listed in the public directory (approved, with at least one published
 * listing): its full-text document and the ids it can be filtered by. Maintained by the triggers
 * of migration `directory_search_triggers`, never written by application code; see
 * server/modules/directory/README.md.
 */
export const supplierSearch = pgTable(
  'supplier_search',
  {
    supplierId: integer('supplier_id')
      .primaryKey()
      .references(() => suppliers.id, { onDelete: 'cascade' }),
    tradingName: text('trading_name').notNull(),
    /** directory_fold(trading_name): the alphabetical order (compared with COLLATE "C") and the typo-tolerant name match. */
    sortKey: text('sort_key').notNull(),
    /** Published services, and the catalogues and channels they belong to. */
    serviceIds: integer('service_ids').array().notNull(),
    catalogueIds: integer('catalogue_ids').array().notNull(),
    channelIds: integer('channel_ids').array().notNull(),
    /** Trading name (weight A), published service titles (B), summary and catalogue titles (C). */
    document: tsvector('document').notNull(),
    /** Its published services whose listing buyers can read (issue 30): the directory links each to its listing page. */
    listingServiceIds: integer('listing_service_ids').array().notNull().default(sql`'{}'::integer[]`),
  },
  (table) => [
    index('supplier_search_document_idx').using('gin', table.document),
    index('supplier_search_name_trgm_idx').using('gin', table.sortKey.op('gin_trgm_ops')),
    index('supplier_search_services_idx').using('gin', table.serviceIds),
    index('supplier_search_catalogues_idx').using('gin', table.catalogueIds),
    index('supplier_search_channels_idx').using('gin', table.channelIds),
    index('supplier_search_sort_idx').using('btree', sql`${table.sortKey} COLLATE "C"`, table.supplierId),
  ],
);

/**
 * One row per (listed supplier, lexeme of its document) with ts_rank(document, that lexeme): the
 * relevance a one-word search gives the supplier, precomputed so a broad word ('management',
 * matching nearly every supplier) reads its best page in order from an index instead of ranking
 * every match; and one row, rank 0, per lexeme only the summaries and features of its live
 * listings hold (issue 30): listing text finds a supplier, below every other match. Rebuilt with
 * the supplier's supplier_search row by directory_refresh_suppliers (migrations
 * `supplier_search_terms`, `listing_text_in_directory_search`); leaves with it (ON DELETE CASCADE).
 * Never written by application code; see server/modules/directory/README.md.
 */
export const supplierSearchTerms = pgTable(
  'supplier_search_terms',
  {
    supplierId: integer('supplier_id')
      .notNull()
      .references(() => supplierSearch.supplierId, { onDelete: 'cascade' }),
    lexeme: text('lexeme').notNull(),
    /** ts_rank(document, lexeme) as PostgreSQL computes it (real): exactly the search's rank for that one-lexeme query; 0 for a lexeme of listing text only. */
    rank: real('rank').notNull(),
    /** The supplier's sort_key: the tie-break of the directory order, in the index. */
    sortKey: text('sort_key').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.supplierId, table.lexeme] }),
    index('supplier_search_terms_order_idx').using('btree', table.lexeme, table.rank.desc(), sql`${table.sortKey} COLLATE "C"`, table.supplierId),
  ],
);
