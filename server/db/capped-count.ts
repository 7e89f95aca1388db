/**
 * Counting a long list's matches only as far as a person pages (issue 33): a count of every one of
 * millions of rows costs more than the page itself, and nobody pages through ten thousand entries.
 * The statement counts the matches up to `limit` past `skipped` (the rows before the page asked
 * for), so the total is exact whenever the list ends within reach, and says when it does not.
 */
import { sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { Database } from './client';

export interface CappedCount {
  /** The matches counted: all of them, or `skipped + limit` when there are more. */
  total: number;
  /** There are more matches than `total`. */
  isCapped: boolean;
}

/** Counts the rows of `matching` (a select of the matches, any columns) up to `skipped + limit`. */
export async function countUpTo(db: Database, matching: PgSelect, { limit, skipped = 0 }: { limit: number; skipped?: number }): Promise<CappedCount> {
  const reach = skipped + limit;
  const counted = matching.limit(reach + 1).as('counted');
  const [row] = await db.select({ total: sql<number>`count(*)::integer` }).from(counted);
  const matches = row?.total ?? 0;
  return { total: Math.min(matches, reach), isCapped: matches > reach };
}
