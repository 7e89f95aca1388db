/**
 * What the tests that walk every API route share (the authorisation matrix, the fuzzing): the
 * routes as the server registered them, a concrete address for each, and the row counts of every
 * table, which a refused call must leave as they were.
 */
import { count, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
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

/** Row counts of every table but the rate limits' counters. */
export async function storedCounts(context: TestContext): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const [name, table] of Object.entries(schema)) {
    // A refused request still counts towards its address's rate limit: that is the limit working, not stored data.
    if (is(table, PgTable) && table !== schema.rateLimitCounters) {
      const [row] = await context.database.db.select({ value: count() }).from(table);
      counts[name] = row?.value ?? -1;
    }
  }
  return counts;
}
