/**
 * Opens the database: embedded PGlite in DATA_DIR by default, a PostgreSQL pool when DATABASE_URL
 * is set. Both speak the same dialect and run the same committed migrations. With PostgreSQL, a
 * second pool on a hot standby (DATABASE_READ_URL) serves the reads that tolerate a little lag
 * (`replica`); the HTTP side decides per request which of the two a read goes to
 * (server/http/read-after-write.ts).
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
import { StatementWatch, type StatementListener } from './statement-watch';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

/** A hot standby of the primary, streaming its changes with a lag. */
export interface ReadReplica {
  db: Database;
  /** Whether the standby has replayed the primary's changes up to `position` (a `pg_lsn`, e.g. `0/3000148`). */
  hasReplayed(position: string): Promise<boolean>;
}

export interface DatabaseHandle {
  /** The primary: every write, and every read that must see them. */
  db: Database;
  driver: 'pglite' | 'postgres';
  /** The standby of DATABASE_READ_URL; `undefined` without one, where every read goes to `db`. */
  replica: ReadReplica | undefined;
  /** Where the primary's log has got to (a `pg_lsn`, past every commit so far); what a standby must replay to show them. */
  writePosition(): Promise<string>;
  /** The database's own connection for SQL written elsewhere (the job queue's). */
  sqlConnection: SqlConnection;
  /** Runs the committed migrations; safe to call on every start. */
  migrate(): Promise<void>;
  /** Throws when the database does not answer. */
  ping(): Promise<void>;
  /** The connection pools' use now (`/metrics`): the primary's, and the standby's when there is one; none for PGlite. */
  poolFigures(): PoolFigures[];
  /** Calls `listener` after each statement sent, with its time (`/metrics`); answers how to stop. */
  onStatement(listener: StatementListener): () => void;
  close(): Promise<void>;
}

const migrationsFolder = projectPath('server/db/migrations');

export interface OpenDatabaseOptions {
  /** PostgreSQL connection string; unset for PGlite. */
  databaseUrl?: string | undefined;
  /** A hot standby of `databaseUrl` for reads that tolerate a little lag; PostgreSQL only. */
  readUrl?: string | undefined;
  /** PGlite folder; `undefined` keeps PGlite in memory (tests). */
  dataDir?: string | undefined;
  poolSize?: number;
  /** An already-open PGlite (tests clone a migrated template). */
  pglite?: PGlite;
}

/** One pool's connections at a moment. */
export interface PoolFigures {
  pool: 'primary' | 'replica';
  /** Connections open, in use or idle. */
  open: number;
  idle: number;
  /** Queries waiting for a connection: the pool is too small, or the database too slow. */
  waiting: number;
  max: number;
}

function figuresOf(pool: pg.Pool, name: PoolFigures['pool'], max: number): PoolFigures {
  return { pool: name, open: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max };
}

function openPool(connectionString: string, size: number, watch: StatementWatch, name: PoolFigures['pool']): pg.Pool {
  const pool = new pg.Pool({ connectionString, max: size });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  // A statement is watched where it is sent: the pool's own `query` (which hands its client a
  // callback, left alone), and the clients a transaction takes from the pool.
  watch.watch(pool, name);
  pool.on('connect', (client) => {
    watch.watch(client, name);
  });
  return pool;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  const statements = new StatementWatch();
  const onStatement = (listener: StatementListener) => statements.listen(listener);
  if (options.databaseUrl) {
    const poolSize = options.poolSize ?? 10;
    const pool = openPool(options.databaseUrl, poolSize, statements, 'primary');
    const db = drizzlePostgres(pool, { schema }) as unknown as Database;
    const replicaPool = options.readUrl ? openPool(options.readUrl, poolSize, statements, 'replica') : undefined;
    return {
      db,
      driver: 'postgres',
      replica: replicaPool && {
        db: drizzlePostgres(replicaPool, { schema }) as unknown as Database,
        hasReplayed: async (position) => {
          // Null when the server is not replaying (not a standby, or promoted): it has all it will get.
          const { rows } = await replicaPool.query<{ replayed: boolean | null }>(
            'select pg_last_wal_replay_lsn() >= $1::pg_lsn as replayed',
            [position],
          );
          return rows[0]?.replayed ?? true;
        },
      },
      writePosition: async () => {
        const { rows } = await pool.query<{ position: string }>('select pg_current_wal_insert_lsn()::text as position');
        return rows[0]?.position ?? '0/0';
      },
      sqlConnection: sqlConnectionOfClient(pool),
      migrate: () => migratePostgres(drizzlePostgres(pool, { schema }), { migrationsFolder }),
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      poolFigures: () => [
        figuresOf(pool, 'primary', poolSize),
        ...(replicaPool ? [figuresOf(replicaPool, 'replica', poolSize)] : []),
      ],
      onStatement,
      close: async () => {
        await Promise.all([pool.end(), replicaPool?.end()]);
      },
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
  statements.watch(pglite, 'primary');
  const db = drizzlePglite(pglite, { schema }) as unknown as Database;
  if (options.readUrl) {
    throw new Error('A read replica needs PostgreSQL: set DATABASE_URL as well as DATABASE_READ_URL.');
  }
  return {
    db,
    driver: 'pglite',
    replica: undefined,
    // One process holds the embedded database: there is no standby to catch up.
    writePosition: () => Promise.resolve('0/0'),
    sqlConnection: sqlConnectionOfClient(pglite),
    migrate: () => migratePglite(drizzlePglite(pglite, { schema }), { migrationsFolder }),
    ping: async () => {
      await pglite.query('select 1');
    },
    poolFigures: () => [],
    onStatement,
    close: () => pglite.close(),
  };
}

export { schema };
