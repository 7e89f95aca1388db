/**
 * The benchmarks' scratch portal: one database per run on the PostgreSQL server of DATABASE_URL
 * (else the machine's, 127.0.0.1:5432, trust auth), made empty and migrated at the start, with a
 * data folder of its own and the app's configuration for both; dropped at the end, and on Ctrl-C.
 * One per run, so two runs on one server (other worktrees, CI) never drop each other's.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { loadConfig, type Config } from '../server/config';
import { openDatabase, type DatabaseHandle } from '../server/db/client';
import { rows } from './bulk-sql';

const SERVER_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** `connectionString` with another database. */
function withDatabase(connectionString: string, database: string): string {
  const url = new URL(connectionString);
  url.pathname = `/${database}`;
  return url.toString();
}

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: withDatabase(SERVER_URL, 'postgres') });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export interface ScratchPortal {
  config: Config;
  database: DatabaseHandle;
  /** Closes the database, drops it and removes the data folder. */
  close: () => Promise<void>;
}

/**
 * This run's database, named after `name` and the process: `open` makes it afresh with `env` added
 * to the benchmark's settings (no demo data, warnings only; DATABASE_POOL_SIZE passed on if set).
 */
export function scratchDatabase(name: string): { open: (env?: Record<string, string>) => Promise<ScratchPortal> } {
  const database = `${name}_${String(process.pid)}`;
  const drop = () => admin((client) => client.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`));
  process.once('SIGINT', () => {
    console.log('\ninterrupted: dropping the benchmark database');
    drop().then(
      () => process.exit(130),
      () => process.exit(130),
    );
  });
  return {
    open: async (env = {}) => {
      await drop();
      await admin((client) => client.query(`CREATE DATABASE ${database}`));
      const dataDir = await mkdtemp(path.join(os.tmpdir(), `${name}-`));
      const databaseUrl = withDatabase(SERVER_URL, database);
      const config = loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        SEED_DEMO: 'false',
        DATABASE_URL: databaseUrl,
        DATA_DIR: dataDir,
        PUBLIC_URL: 'http://127.0.0.1:3999',
        // The app's own default unless the run asks for another pool size.
        ...(process.env.DATABASE_POOL_SIZE ? { DATABASE_POOL_SIZE: process.env.DATABASE_POOL_SIZE } : {}),
        ...env,
      });
      const handle = await openDatabase({ databaseUrl, poolSize: config.databasePoolSize });
      const close = async () => {
        await handle.close();
        await drop();
        await rm(dataDir, { recursive: true, force: true });
      };
      try {
        await handle.migrate();
        const [server] = await rows<{ version: string }>(handle.db, sql`SELECT version()`);
        console.log(`database: ${server?.version ?? 'unknown'}, pool ${String(config.databasePoolSize)}`);
      } catch (error) {
        await close();
        throw error;
      }
      return { config, database: handle, close };
    },
  };
}
