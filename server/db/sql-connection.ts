/**
 * A plain `executeSql(text, values)` connection over the portal's database, for a library that
 * writes its own SQL with `$1`-style parameters: the job queue (pg-boss's `db` option). Two kinds:
 *
 * - `sqlConnectionOfClient`: the database itself (a PGlite instance or a PostgreSQL pool), for the
 *   queue's own work. PGlite's `query()` refuses several statements in one string, which pg-boss
 *   sends (its schema, its locked maintenance) always without parameters, so those go to `exec()`.
 * - `sqlConnectionOf(tx)`: a drizzle transaction (or database), so a job is created in the same
 *   transaction as the change that causes it and commits or rolls back with it.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';

export interface SqlResult {
  rows: Record<string, unknown>[];
}

export interface SqlConnection {
  executeSql(text: string, values?: unknown[]): Promise<SqlResult>;
}

/** The database's own connection: PGlite (one session) or a PostgreSQL pool. */
export function sqlConnectionOfClient(client: PGlite | pg.Pool): SqlConnection {
  if ('exec' in client) {
    return {
      async executeSql(text, values) {
        if (values === undefined || values.length === 0) {
          const results = await client.exec(text);
          return { rows: (results.at(-1)?.rows ?? []) };
        }
        const result = await client.query<Record<string, unknown>>(text, values);
        return { rows: result.rows };
      },
    };
  }
  return {
    async executeSql(text, values) {
      const result = await client.query<Record<string, unknown>>(text, values);
      // Several statements in one string answer one result each; the last is the one asked for.
      const last = Array.isArray(result) ? (result as pg.QueryResult<Record<string, unknown>>[]).at(-1) : result;
      return { rows: last?.rows ?? [] };
    },
  };
}

/** A quoted part of a statement, where `$n` is text: '…' (with '' inside), "…", or $tag$…$tag$. */
const QUOTED_OR_PLACEHOLDER = /'(?:[^']|'')*'|"(?:[^"]|"")*"|(\$[A-Za-z_]*\$)[\s\S]*?\1|\$(\d+)/g;

/**
 * `text` with `$n` parameters as a drizzle statement: each placeholder outside quotes becomes a
 * bound parameter holding `values[n - 1]` unchanged (an array stays one array parameter, as the
 * SQL expects).
 */
export function positionalSql(text: string, values: readonly unknown[]): SQL {
  const chunks: SQL[] = [];
  let last = 0;
  for (const match of text.matchAll(QUOTED_OR_PLACEHOLDER)) {
    if (match[2] === undefined) {
      continue;
    }
    const position = Number(match[2]);
    if (position < 1 || position > values.length) {
      throw new Error(`The statement uses $${position} but was given ${values.length} values.`);
    }
    chunks.push(sql.raw(text.slice(last, match.index)), sql`${sql.param(values[position - 1])}`);
    last = match.index + match[0].length;
  }
  chunks.push(sql.raw(text.slice(last)));
  return sql.join(chunks);
}

/** A connection that runs in `db`: inside a transaction when `db` is one. One statement per call. */
export function sqlConnectionOf(db: { execute(query: SQL): PromiseLike<unknown> }): SqlConnection {
  return {
    async executeSql(text, values = []) {
      const result = (await db.execute(positionalSql(text, values))) as SqlResult;
      return { rows: result.rows };
    },
  };
}
