/**
 * A fresh, migrated database for one test file: PGlite cloned from the run's template by default,
 * a database cloned from the template on the PostgreSQL server when DATABASE_URL is set.
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { adminConnectionString, templateDatabase, withDatabase } from './postgres';

/** A migrated, empty database of its own. */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl) {
    const prefix = inject('postgresDatabasePrefix');
    const name = `${prefix}${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminConnectionString(databaseUrl) });
    await admin.connect();
    try {
      await admin.query(`CREATE DATABASE ${name} TEMPLATE ${templateDatabase(prefix)}`);
    } finally {
      await admin.end();
    }
    return openDatabase({ databaseUrl: withDatabase(databaseUrl, name), poolSize: 4 });
  }
  const dump = await readFile(inject('pgliteTemplateFile'));
  const pglite = await PGlite.create({ loadDataDir: new Blob([dump]), extensions: { pg_trgm } });
  return openDatabase({ pglite });
}
