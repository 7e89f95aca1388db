/**
 * A PostgreSQL primary and its hot standby, both started by the test on this machine (issue 33, "Past
 * one machine"): `initdb` makes a cluster of its own (so the machine's own server and its settings
 * are left alone), `pg_basebackup --write-recovery-conf` copies it into a second cluster that
 * streams its changes. Both listen on the loopback address with trust authentication, keep their
 * socket in their own folder, and are stopped and deleted by `stop`. PostgreSQL refuses to run as
 * root: as root, every command runs as the `postgres` user and the folders are given to it. Only
 * the tests in this folder import this file.
 */
import { execFile } from 'node:child_process';
import { appendFile, chown, mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freeLoopbackPort } from '../test/free-port';

const run = promisify(execFile);

export interface PostgresCluster {
  port: number;
  /** The connection string of `database` on this cluster, as the superuser. */
  url(database: string): string;
  /** Runs one statement as the superuser, on `database` (default postgres). */
  query<T extends pg.QueryResultRow>(text: string, database?: string): Promise<T[]>;
  /** Stops it at once (no checkpoint) and deletes its folder. */
  stop(): Promise<void>;
}

export interface PrimaryAndStandby {
  primary: PostgresCluster;
  standby: PostgresCluster;
  /** Stops the standby, then the primary. */
  stop(): Promise<void>;
}

/** The server binaries: PG_BIN, or the newest of Debian's /usr/lib/postgresql/<major>/bin. */
async function binDirectory(): Promise<string> {
  if (process.env.PG_BIN) {
    return process.env.PG_BIN;
  }
  const majors = (await readdir('/usr/lib/postgresql')).filter((name) => /^\d+$/.test(name)).sort((a, b) => Number(b) - Number(a));
  if (majors[0] === undefined) {
    throw new Error('No PostgreSQL server binaries in /usr/lib/postgresql; set PG_BIN to their folder.');
  }
  return `/usr/lib/postgresql/${majors[0]}/bin`;
}

const isRoot = () => process.getuid?.() === 0;

/** The `postgres` user's ids, to give it the clusters' folders when running as root. */
async function postgresUser(): Promise<{ uid: number; gid: number }> {
  const [uid, gid] = await Promise.all([run('id', ['-u', 'postgres']), run('id', ['-g', 'postgres'])]);
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

async function runAsPostgres(binary: string, args: string[]): Promise<void> {
  const [file, fileArgs] = isRoot() ? ['runuser', ['-u', 'postgres', '--', binary, ...args]] : [binary, args];
  try {
    await run(file, fileArgs, { timeout: 120_000 });
  } catch (error) {
    const failed = error as { stderr?: string; stdout?: string; message: string };
    throw new Error(`${path.basename(binary)} failed: ${failed.message}\n${failed.stdout ?? ''}${failed.stderr ?? ''}`);
  }
}

async function ownFolder(prefix: string): Promise<string> {
  const folder = await mkdtemp(path.join(os.tmpdir(), prefix));
  if (isRoot()) {
    const { uid, gid } = await postgresUser();
    await chown(folder, uid, gid);
  }
  return folder;
}

async function startCluster(bin: string, folder: string, port: number): Promise<PostgresCluster> {
  const data = path.join(folder, 'data');
  // -k: the socket in the cluster's own folder, not the machine server's /var/run/postgresql.
  await runAsPostgres(path.join(bin, 'pg_ctl'), ['--pgdata', data, '--log', path.join(folder, 'server.log'), '--wait', '--options', `-p ${port} -k ${folder}`, 'start']);
  const url = (database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`;
  return {
    port,
    url,
    async query<T extends pg.QueryResultRow>(text: string, database = 'postgres') {
      const client = new pg.Client({ connectionString: url(database) });
      await client.connect();
      try {
        return (await client.query<T>(text)).rows;
      } finally {
        await client.end();
      }
    },
    async stop() {
      await runAsPostgres(path.join(bin, 'pg_ctl'), ['--pgdata', data, '--mode', 'immediate', 'stop']).catch(() => undefined);
      await rm(folder, { recursive: true, force: true });
    },
  };
}

/** A new primary (initdb) and a standby streaming from it (pg_basebackup), both running. */
export async function startPrimaryAndStandby(): Promise<PrimaryAndStandby> {
  const bin = await binDirectory();
  const primaryFolder = await ownFolder('marketplace-primary-');
  const primaryData = path.join(primaryFolder, 'data');
  await runAsPostgres(path.join(bin, 'initdb'), ['--pgdata', primaryData, '--username', 'postgres', '--auth', 'trust', '--encoding', 'UTF8', '--locale', 'C.UTF-8', '--no-sync']);
  // Test clusters: nothing to keep through a power cut, so no flushing to disk. initdb's pg_hba
  // already trusts local replication connections.
  await appendFile(
    path.join(primaryData, 'postgresql.conf'),
    ["listen_addresses = '127.0.0.1'", 'wal_level = replica', 'max_wal_senders = 4', 'fsync = off', 'full_page_writes = off', 'shared_buffers = 32MB', ''].join('\n'),
  );
  const primary = await startCluster(bin, primaryFolder, await freeLoopbackPort());

  let standby: PostgresCluster | undefined;
  try {
    const standbyFolder = await ownFolder('marketplace-standby-');
    const standbyData = path.join(standbyFolder, 'data');
    await runAsPostgres(path.join(bin, 'pg_basebackup'), [
      '--host', '127.0.0.1', '--port', String(primary.port), '--username', 'postgres',
      '--pgdata', standbyData, '--write-recovery-conf', '--wal-method', 'stream', '--checkpoint', 'fast', '--no-sync',
    ]);
    // hot_standby is on by default: the standby answers reads while it replays.
    standby = await startCluster(bin, standbyFolder, await freeLoopbackPort());
  } catch (error) {
    await primary.stop();
    throw error;
  }
  const started = standby;
  return {
    primary,
    standby: started,
    async stop() {
      await started.stop();
      await primary.stop();
    },
  };
}

/** Waits until the standby has replayed everything the primary has written so far. */
export async function waitForStandby({ primary, standby }: PrimaryAndStandby, timeoutMs = 30_000): Promise<void> {
  const [{ position } = { position: '0/0' }] = await primary.query<{ position: string }>('select pg_current_wal_insert_lsn()::text as position');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [row] = await standby.query<{ replayed: boolean }>(`select pg_last_wal_replay_lsn() >= '${position}'::pg_lsn as replayed`);
    if (row?.replayed === true) {
      return;
    }
    if (Date.now() > deadline) {
      throw new Error(`the standby did not replay up to ${position} in ${timeoutMs} ms`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
