/**
 * What the tests that walk every API route share (the authorisation matrix, the fuzzing): the
 * routes as the server registered them, a concrete address for each, and the row counts of every
 * table, which a refused call must leave as they were.
 */
import { is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { selectRows } from '../db/raw-rows';
import * as schema from '../db/schema/index';
import type { TestContext } from '../test/harness';

export const API_PREFIX = '/api/v1';
export type SentMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const SENT_METHODS = new Set<string>(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);
/** Ids no record has: an allowed call reaches its handler and finds nothing. */
export const PLACEHOLDER_ID = '987654321';
const PLACEHOLDER_TOKEN = 'A'.repeat(43);

/** Every API route, by method and path as registered (the /api/v1 prefix left out). */
export function apiRoutes(context: TestContext): { method: SentMethod; path: string }[] {
  return context.routes.flatMap((route) => {
    const methods = (Array.isArray(route.method) ? route.method : [route.method]) as string[];
    return route.url.startsWith(`${API_PREFIX}/`)
      ? methods.filter((method) => SENT_METHODS.has(method)).map((method) => ({ method: method as SentMethod, path: route.url.slice(API_PREFIX.length) }))
      : [];
  });
}

/** The route's path with its parameters filled: the supplier's own id, a well-formed token, a real form, placeholder ids. */
export function concretePath(path: string, supplierId: number): string {
  return path
    .replace(':supplierID', String(supplierId))
    .replace(':token', PLACEHOLDER_TOKEN)
    .replace(':key', 'supplier-details')
    .replace(':version', '1')
    .replace(/:[A-Za-z]+/g, PLACEHOLDER_ID);
}

/** Every table whose rows a refused call must leave as they were. */
const WATCHED_TABLES: [string, PgTable][] = Object.entries(schema as Record<string, unknown>).flatMap(([name, table]) =>
  // A refused request still counts towards its address's rate limit: that is the limit working, not stored data.
  is(table, PgTable) && table !== schema.rateLimitCounters ? [[name, table] as [string, PgTable]] : [],
);

/**
 * Row counts of every table but the rate limits' counters, in one statement: the matrix counts
 * before and after each of about a thousand refusals, and a statement per table made that most of
 * its minute.
 */
export async function storedCounts(context: TestContext): Promise<Record<string, number>> {
  const columns = WATCHED_TABLES.map(([name, table]) => sql`(SELECT count(*) FROM ${table})::integer AS ${sql.identifier(name)}`);
  const [row] = await selectRows<Record<string, number>>(context.database.db, sql`SELECT ${sql.join(columns, sql`, `)}`);
  return row ?? {};
}
