/**
 * Backups that restore (issue 34): the database and the uploaded files, into one folder, and back
 * into an empty portal. PostgreSQL with its own tools (`pg_dump --format=custom`, `pg_restore`),
 * consistent while the portal serves. The embedded PGlite as a copy of its data folder, which is
 * consistent only while no process holds it: the portal must be stopped. Files in the local folder
 * (`$DATA_DIR/uploads`) are copied; object storage (S3) is left to the bucket's own versioning.
 */
import { execFile } from 'node:child_process';
import { cp, mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import type { Config } from '../config';
import { portalAnswers } from '../db/embedded-in-use';
import { latestShippedMigration } from '../db/migration-state';

const run = promisify(execFile);

/** What the folder holds, written last: a folder without it is an unfinished backup. */
export interface BackupManifest {
  format: 1;
  createdAt: string;
  database: 'postgres' | 'pglite';
  /** The newest migration the database had: a restore needs a portal at least this new. */
  latestMigration: string;
  /** Files copied from the local folder; `null` when they are in object storage. */
  files: number | null;
}

const MANIFEST = 'manifest.json';
const POSTGRES_DUMP = 'database.dump';
const PGLITE_COPY = 'database';
const FILES = 'files';

export class BackupError extends Error {}

/** Folders of DATA_DIR that are not the embedded database's: the files (copied apart) and the development outbox. */
const NOT_THE_DATABASE = new Set(['uploads', 'outbox']);

async function isEmptyOrMissing(folder: string): Promise<boolean> {
  try {
    return (await readdir(folder)).length === 0;
  } catch {
    return true;
  }
}

async function countFiles(folder: string): Promise<number> {
  try {
    const entries = await readdir(folder, { recursive: true, withFileTypes: true });
    return entries.filter((entry) => entry.isFile()).length;
  } catch {
    return 0;
  }
}

/** Whether a PostgreSQL database has any of the portal's tables. */
async function postgresHasTables(databaseUrl: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ count: string }>(
      "select count(*) as count from information_schema.tables where table_schema in ('public', 'drizzle', 'pgboss')",
    );
    return Number(rows[0]?.count ?? 0) > 0;
  } finally {
    await client.end();
  }
}

/** Writes a backup of the configured portal into `folder` (created; must be empty). */
export async function createBackup(config: Config, folder: string): Promise<BackupManifest> {
  if (!(await isEmptyOrMissing(folder))) {
    throw new BackupError(`${folder} is not empty: name a new folder for the backup.`);
  }
  await mkdir(folder, { recursive: true });
  if (config.databaseUrl) {
    await run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${path.join(folder, POSTGRES_DUMP)}`, `--dbname=${config.databaseUrl}`]);
  } else {
    if (await portalAnswers(config)) {
      throw new BackupError(`The portal is running on port ${String(config.port)}: stop it first. The embedded database is only consistent when no process holds it.`);
    }
    await cp(config.dataDir, path.join(folder, PGLITE_COPY), {
      recursive: true,
      filter: (source) => !NOT_THE_DATABASE.has(path.relative(config.dataDir, source).split(path.sep)[0] ?? ''),
    });
  }
  let files: number | null = null;
  if (config.storage.driver === 'local') {
    await mkdir(path.join(folder, FILES), { recursive: true });
    if (!(await isEmptyOrMissing(config.storage.directory))) {
      await cp(config.storage.directory, path.join(folder, FILES), { recursive: true });
    }
    files = await countFiles(path.join(folder, FILES));
  }
  const manifest: BackupManifest = {
    format: 1,
    createdAt: new Date().toISOString(),
    database: config.databaseUrl ? 'postgres' : 'pglite',
    latestMigration: latestShippedMigration().tag,
    files,
  };
  await writeFile(path.join(folder, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

/** Restores the backup in `folder` into the configured portal, whose database and files must be empty. */
export async function restoreBackup(config: Config, folder: string): Promise<BackupManifest> {
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(await readFile(path.join(folder, MANIFEST), 'utf8')) as BackupManifest;
  } catch {
    throw new BackupError(`${folder} holds no finished backup (no ${MANIFEST}).`);
  }
  const target = config.databaseUrl ? 'postgres' : 'pglite';
  if (manifest.database !== target) {
    throw new BackupError(`This backup is of a ${manifest.database === 'postgres' ? 'PostgreSQL' : 'embedded'} database; restore it into the same kind (set or unset DATABASE_URL).`);
  }
  if (config.storage.driver === 'local' && manifest.files !== null && !(await isEmptyOrMissing(config.storage.directory))) {
    throw new BackupError(`${config.storage.directory} already holds files: restore into an empty portal.`);
  }
  if (config.databaseUrl) {
    if (await postgresHasTables(config.databaseUrl)) {
      throw new BackupError('The database of DATABASE_URL already has tables: restore into an empty database (createdb).');
    }
    await run('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', `--dbname=${config.databaseUrl}`, path.join(folder, POSTGRES_DUMP)]);
  } else {
    if (await stat(path.join(config.dataDir, 'PG_VERSION')).then(() => true, () => false)) {
      throw new BackupError(`${config.dataDir} already holds a database: restore into an empty DATA_DIR.`);
    }
    await cp(path.join(folder, PGLITE_COPY), config.dataDir, { recursive: true });
  }
  if (config.storage.driver === 'local' && manifest.files !== null) {
    await mkdir(config.storage.directory, { recursive: true });
    await cp(path.join(folder, FILES), config.storage.directory, { recursive: true });
  }
  return manifest;
}
