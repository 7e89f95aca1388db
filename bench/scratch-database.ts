/**
 * The benchmarks' scratch database: one per run on the PostgreSQL server of DATABASE_URL (else the
 * machine's, 127.0.0.1:5432, trust auth), made empty at the start and dropped at the end, so two
 * runs on one server (other worktrees, CI) never drop each other's.
 */
import pg from 'pg';

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

export interface ScratchDatabase {
  /** Its connection string. */
  url: string;
  /** Drops it and makes it again, empty. */
  recreate: () => Promise<void>;
  drop: () => Promise<void>;
}

/** This run's database, named after `name` and the process. */
export function scratchDatabase(name: string): ScratchDatabase {
  const database = `${name}_${String(process.pid)}`;
  const drop = () => admin((client) => client.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`)).then(() => undefined);
  return {
    url: withDatabase(SERVER_URL, database),
    drop,
    recreate: () =>
      admin(async (client) => {
        await client.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
        await client.query(`CREATE DATABASE ${database}`);
      }),
  };
}
