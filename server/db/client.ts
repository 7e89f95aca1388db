/**
 * Opens the database: embedded PGlite in DATA_DIR by default, a PostgreSQL pool when DATABASE_URL
 * is set. Both speak the same dialect and run the same committed migrations.
 */
import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema/index';
import { projectPath } from '../project-files';
import { sqlConnectionOfClient, type SqlConnection } from './sql-connection';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  db: Database;
  driver: 'pglite' | 'postgres';
  /** The database's own connection for SQL written elsewhere (the job queue's). */
  sqlConnection: SqlConnection;
  /** Runs the committed migrations; safe to call on every start. */
  migrate(): Promise<void>;
  /** Throws when the database does not answer. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = projectPath('server/db/migrations');

export interface OpenDatabaseOptions {
  /** PostgreSQL connection string; unset for PGlite. */
  databaseUrl?: string | undefined;
  /** PGlite folder; `undefined` keeps PGlite in memory (tests). */
  dataDir?: string | undefined;
  poolSize?: number;
  /** An already-open PGlite (tests clone a migrated template). */
  pglite?: PGlite;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    // An idle client losing its connection must not crash the process; the pool replaces it.
    pool.on('error', () => undefined);
    const db = drizzlePostgres(pool, { schema }) as unknown as Database;
    return {
      db,
      driver: 'postgres',
      sqlConnection: sqlConnectionOfClient(pool),
      migrate: () => migratePostgres(drizzlePostgres(pool, { schema }), { migrationsFolder }),
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      close: () => pool.end(),
    };
  }

  let client = options.pglite;
  if (!client) {
    if (options.dataDir) {
      await mkdir(options.dataDir, { recursive: true });
    }
    client = await PGlite.create({ dataDir: options.dataDir, extensions: { pg_trgm } });
  }
  const pglite = client;
  const db = drizzlePglite(pglite, { schema }) as unknown as Database;
  return {
    db,
    driver: 'pglite',
    sqlConnection: sqlConnectionOfClient(pglite),
    migrate: () => migratePglite(drizzlePglite(pglite, { schema }), { migrationsFolder }),
    ping: async () => {
      await pglite.query('select 1');
    },
    close: () => pglite.close(),
  };
}

export { schema };
