/**
 * What the benchmarks' data generators and measurements share: raw statements' rows, whole columns
 * sent as one array parameter each (for `unnest` inserts), batches, and seeded picks.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../server/db/client';

/** The rows of a raw statement. */
export async function rows<T>(db: Database, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}

/** Arrays travel as one bound parameter each (a PostgreSQL array literal), cast in SQL; null elements as NULL. */
function arrayOf(values: readonly (string | null)[], type: string): SQL {
  return sql`${`{${values.map((value) => (value === null ? 'NULL' : `"${value.replace(/["\\]/g, '\\$&')}"`)).join(',')}}`}::${sql.raw(type)}[]`;
}
export const textArray = (values: readonly (string | null)[]) => arrayOf(values, 'text');
export const intArray = (values: readonly number[]) => arrayOf(values.map(String), 'int');
export const bigintArray = (values: readonly (number | null)[]) => arrayOf(values.map((value) => (value === null ? null : String(value))), 'bigint');
export const boolArray = (values: readonly boolean[]) => arrayOf(values.map((value) => (value ? 't' : 'f')), 'boolean');
export const timestampArray = (values: readonly (Date | null)[]) => arrayOf(values.map((value) => (value === null ? null : value.toISOString())), 'timestamptz');

export function* chunks<T>(items: readonly T[], size: number): Generator<T[]> {
  for (let start = 0; start < items.length; start += size) {
    yield items.slice(start, start + size);
  }
}

export function pick<T>(random: () => number, items: readonly T[]): T {
  const item = items[Math.floor(random() * items.length)];
  if (item === undefined) {
    throw new Error('pick from an empty list');
  }
  return item;
}

/** `count` different items, in the order drawn (all of them when there are fewer). */
export function pickDistinct<T>(random: () => number, items: readonly T[], count: number): T[] {
  const left = [...items];
  const picked: T[] = [];
  while (picked.length < count && left.length > 0) {
    picked.push(...left.splice(Math.floor(random() * left.length), 1));
  }
  return picked;
}
