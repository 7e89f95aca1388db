import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * When the team retired an item (null: live). A retired item, and everything an item holds once it
 * is retired, leaves public view but keeps its history; the rule is the views of migration
 * 0016_catalogue_live_views (`live_channels`, `live_catalogues`, `live_services`), read through
 * `server/db/live-catalogue.ts`.
 */
const retiredAt = () => timestamp('retired_at', { withTimezone: true });

/** A sales channel groups catalogues (for example "Digital and ICT"). */
export const channels = pgTable('channels', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  slug: text('slug').notNull().unique(),
  title: text('title').notNull(),
  description: text('description').notNull().default(''),
  position: integer('position').notNull().default(0),
  retiredAt: retiredAt(),
});

/** A catalogue groups services within one channel. */
export const catalogues = pgTable(
  'catalogues',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    channelId: integer('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'restrict' }),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    position: integer('position').notNull().default(0),
    retiredAt: retiredAt(),
  },
  (table) => [uniqueIndex('catalogues_slug_key').on(table.slug), index('catalogues_channel_idx').on(table.channelId)],
);

/** A service that suppliers can be approved for and list. */
export const services = pgTable(
  'services',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    catalogueId: integer('catalogue_id')
      .notNull()
      .references(() => catalogues.id, { onDelete: 'restrict' }),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    retiredAt: retiredAt(),
  },
  (table) => [
    uniqueIndex('services_slug_key').on(table.slug),
    index('services_catalogue_idx').on(table.catalogueId),
    // Directory search: full text on the folded title and description; search-sql.ts repeats the
    // expression exactly. directory_fold() comes from migration 0002_directory_search_functions.
    // (No trigram index on titles: the typo test reads this small table whole, see search-sql.ts.)
    index('services_search_document_idx').using(
      'gin',
      sql`(setweight(to_tsvector('english', directory_fold(${table.title})), 'A') || setweight(to_tsvector('english', directory_fold(${table.description})), 'B'))`,
    ),
  ],
);
