/**
 * Runs once per test run: migrates one template database that every test file clones, so each
 * file starts from an empty, migrated database (holding the product's form definitions) in well
 * under a second.
 * PGlite: a dumped data folder in a temporary file. PostgreSQL (DATABASE_URL set): a template database.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client';
import { ensureFormDefinitions } from '../db/content/index';
import { installJobQueue } from '../jobs/job-queue';
import { adminConnectionString, runDatabasePrefix, templateDatabase, withDatabase } from './postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplateFile: string;
    /** On PostgreSQL, the prefix of this run's databases (its template and each file's clone). */
    postgresDatabasePrefix: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl) {
    const prefix = runDatabasePrefix(process.pid);
    const admin = new pg.Client({ connectionString: adminConnectionString(databaseUrl) });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${templateDatabase(prefix)} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${templateDatabase(prefix)}`);
    await admin.end();
    const template = await openDatabase({ databaseUrl: withDatabase(databaseUrl, templateDatabase(prefix)) });
    await template.migrate();
    await ensureFormDefinitions(template.db);
    await installJobQueue(template);
    await template.close();
    project.provide('pgliteTemplateFile', '');
    project.provide('postgresDatabasePrefix', prefix);
    return async () => {
      const cleanup = new pg.Client({ connectionString: adminConnectionString(databaseUrl) });
      await cleanup.connect();
      const { rows } = await cleanup.query<{ datname: string }>(
        `SELECT datname FROM pg_database WHERE starts_with(datname, $1)`,
        [prefix],
      );
      for (const row of rows) {
        await cleanup.query(`DROP DATABASE IF EXISTS ${row.datname} WITH (FORCE)`);
      }
      await cleanup.end();
    };
  }

  const folder = await mkdtemp(path.join(os.tmpdir(), 'marketplace-test-'));
  const pglite = await PGlite.create({ extensions: { pg_trgm } });
  const template = await openDatabase({ pglite });
  await template.migrate();
  await ensureFormDefinitions(template.db);
  await installJobQueue(template);
  const dump = await pglite.dumpDataDir('gzip');
  const file = path.join(folder, 'template.tar.gz');
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  await pglite.close();
  project.provide('pgliteTemplateFile', file);
  project.provide('postgresDatabasePrefix', '');
  return () => rm(folder, { recursive: true, force: true });
}
