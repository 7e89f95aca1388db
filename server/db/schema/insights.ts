import { jsonb, pgTable, smallint, timestamp } from 'drizzle-orm/pg-core';

/**
 * The public insights' figures (issue 33), computed by the insights job from the published records
 * and read by the page: adding up years of billing reports takes seconds, reading one row does not.
 * One row (id 1), replaced at each run.
 */
export const insightsFigures = pgTable('insights_figures', {
  id: smallint('id').primaryKey().default(1),
  /** `InsightsFigures` (server/modules/insights/service.ts). */
  figures: jsonb('figures').$type<unknown>().notNull(),
  computedAt: timestamp('computed_at', { withTimezone: true }).notNull(),
});
