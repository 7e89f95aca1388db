/**
 * A backup that restores (issue 34): a portal with demo data and activity (a thread opened and a
 * message carrying an uploaded file) is backed up with `npm run backup`'s command, restored with
 * `npm run restore`'s into an empty database and an empty DATA_DIR, and started there. Every record
 * and file is found, and the demo admin signs in with their password. On PostgreSQL
 * (`npm run test:db`) the backup is taken while the portal serves; the embedded database
 * (`npm test`) is backed up stopped, as it must be, and a backup of a running one is refused.
 */
import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import type { Thread, ThreadMessage } from '../../common/api/threads';
import type { CurrentUserResponse } from '../../common/api/user';
import type { BackupManifest } from '../backup/backup';
import {
  DEMO_PASSWORD,
  callApi,
  createScratchDatabase,
  signInOverHttp,
  startServer,
  uploadTextFile,
  type ApiCaller,
  type ScratchDatabase,
  type ServerProcess,
} from './support';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const databaseUrl = process.env.DATABASE_URL;
const run = promisify(execFile);

/** `npm run backup -- <folder>` or `npm run restore -- <folder>`, with the portal's environment. */
function backupCommand(command: 'backup' | 'restore', folder: string, env: Record<string, string>) {
  return run(process.execPath, ['--import', 'tsx', 'server/backup/cli.ts', command, folder], { cwd: ROOT, env: { ...process.env, LOG_LEVEL: 'warn', ...env } });
}

const sha256 = (bytes: string | Buffer) => createHash('sha256').update(bytes).digest('hex');

describe(`a backup of the ${databaseUrl ? 'PostgreSQL' : 'embedded'} database and the files, restored into an empty portal`, () => {
  const folders: string[] = [];
  const scratches: ScratchDatabase[] = [];
  const servers: ServerProcess[] = [];
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.kill()));
    await Promise.all(scratches.map((scratch) => scratch.drop()));
    await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
  });
  const newFolder = async (name: string) => {
    const folder = await mkdtemp(path.join(os.tmpdir(), `marketplace-${name}-`));
    folders.push(folder);
    return folder;
  };

  it('finds every record and file, and the sign-in works', async () => {
    const [sourceDir, targetDir, backupParent] = [await newFolder('source'), await newFolder('target'), await newFolder('backup')];
    const backupFolder = path.join(backupParent, 'portal-backup');
    const [sourceDatabase, targetDatabase] = databaseUrl ? [await createScratchDatabase(databaseUrl), await createScratchDatabase(databaseUrl)] : [];
    scratches.push(...[sourceDatabase, targetDatabase].flatMap((scratch) => (scratch ? [scratch] : [])));
    const source = await startServer({ dataDir: sourceDir, ...(sourceDatabase ? { databaseUrl: sourceDatabase.url } : {}) });
    servers.push(source);
    const sourceEnv = { DATA_DIR: sourceDir, DATABASE_URL: sourceDatabase?.url ?? '', PORT: String(source.port) };

    // Activity: a thread, and a message carrying an uploaded file.
    const tokens = await signInOverHttp(source, 'admin@example.com', DEMO_PASSWORD);
    const me = await callApi<CurrentUserResponse>(source.baseUrl, { accessToken: tokens.accessToken }, 'GET', '/user');
    const supplierId = me.body.suppliers.find((supplier) => supplier.tradingName === 'Kōwhai Digital')?.supplierID ?? 0;
    const caller: ApiCaller = { accessToken: tokens.accessToken, supplierId };
    const tag = randomBytes(4).toString('hex');
    const thread = await callApi<Thread>(source.baseUrl, caller, 'POST', `/supplier/${String(supplierId)}/thread`, { title: `Backup ${tag}`, content: `Before the backup ${tag}` });
    expect(thread.status).toBe(200);
    const fileContent = `Kept by the backup ${tag}\n${randomBytes(1024).toString('base64')}\n`;
    const uploaded = await uploadTextFile(source.baseUrl, caller, `backup-${tag}.txt`, fileContent);
    const fileId = uploaded.body.files?.[0]?.id ?? '';
    const message = await callApi<ThreadMessage>(source.baseUrl, caller, 'POST', `/supplier/${String(supplierId)}/thread/${String(thread.body.id)}/message`, { content: `With a file ${tag}`, attachment: fileId });
    expect(message.status).toBe(200);

    if (databaseUrl) {
      // PostgreSQL: backed up while the portal serves.
      await backupCommand('backup', backupFolder, sourceEnv);
    } else {
      // The embedded database is refused while the portal holds it, then backed up stopped.
      const refused = await backupCommand('backup', backupFolder, sourceEnv).then(
        () => '',
        (error: unknown) => String((error as { stderr?: string }).stderr),
      );
      expect(refused).toContain('stop it first');
      await source.stop();
      await backupCommand('backup', backupFolder, sourceEnv);
    }
    const manifest = JSON.parse(await readFile(path.join(backupFolder, 'manifest.json'), 'utf8')) as BackupManifest;
    expect(manifest).toMatchObject({ format: 1, database: databaseUrl ? 'postgres' : 'pglite' });
    expect(manifest.files).toBeGreaterThanOrEqual(2);

    const targetEnv = { DATA_DIR: targetDir, DATABASE_URL: targetDatabase?.url ?? '', PORT: '1' };
    const { stdout } = await backupCommand('restore', backupFolder, targetEnv);
    expect(stdout).toContain('Restored the backup');
    // A second restore over it is refused: nothing already there is overwritten.
    const again = await backupCommand('restore', backupFolder, targetEnv).then(
      () => '',
      (error: unknown) => String((error as { stderr?: string }).stderr),
    );
    expect(again).toMatch(/already (has tables|holds)/);

    // At the same address as before: the identity provider's issuer, which the users' sign-ins are tied to, is that address.
    const restored = await startServer({ dataDir: targetDir, publicUrl: source.publicUrl, ...(targetDatabase ? { databaseUrl: targetDatabase.url } : {}) });
    servers.push(restored);
    // The sign-in works on the restored portal: the accounts and their passwords came back.
    const signedIn = await signInOverHttp(restored, 'admin@example.com', DEMO_PASSWORD);
    const onRestored: ApiCaller = { accessToken: signedIn.accessToken, supplierId };
    const threads = await callApi<{ threads: Thread[] }>(restored.baseUrl, onRestored, 'GET', `/supplier/${String(supplierId)}/thread`);
    expect(threads.status, JSON.stringify(threads.body)).toBe(200);
    const restoredThread = threads.body.threads.find((candidate) => candidate.id === thread.body.id);
    expect(restoredThread?.title).toBe(`Backup ${tag}`);
    expect(restoredThread?.messages.map((item) => item.content)).toEqual(expect.arrayContaining([`Before the backup ${tag}`, `With a file ${tag}`]));
    const file = await fetch(`${restored.baseUrl}/api/v1/files/${fileId}`, {
      headers: { authorization: `Bearer ${signedIn.accessToken}`, 'x-supplier-id': String(supplierId) },
    });
    expect(file.status).toBe(200);
    expect(sha256(Buffer.from(await file.arrayBuffer()))).toBe(sha256(fileContent));
    // The demo data came back too: the supplier and its people.
    const people = await callApi<CurrentUserResponse>(restored.baseUrl, onRestored, 'GET', '/user');
    expect(people.body.suppliers.map((supplier) => supplier.tradingName)).toContain('Kōwhai Digital');
  }, 240_000);
});
