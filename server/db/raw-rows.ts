/** The rows of a statement written in SQL (`db.execute`): both drivers answer `{ rows }`, which drizzle types as unknown. */
import type { SQL } from 'drizzle-orm';
import type { Database } from './client';

export async function selectRows<Row>(db: Database, statement: SQL): Promise<Row[]> {
  const result: unknown = await db.execute(statement);
  const rows = (result as { rows?: unknown }).rows;
  return Array.isArray(rows) ? (rows as Row[]) : [];
}
