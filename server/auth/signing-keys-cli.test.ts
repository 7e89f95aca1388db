/**
 * `npm run signing-keys` (signing-keys-cli.ts) as an operator runs it, on the embedded database; the
 * rotation itself is proved in signing-key-rotation.test.ts. Not in the PostgreSQL run: the command
 * is the same whatever the database.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client';
import { projectPath } from '../project-files';
import { loadSigningKeys } from './signing-keys';

const run = promisify(execFile);

describe('npm run signing-keys', () => {
  const cli = (args: string[], env: Record<string, string>) =>
    run(process.execPath, ['--import', 'tsx', 'server/auth/signing-keys-cli.ts', ...args], {
      cwd: projectPath('.'),
      env: { ...process.env, DATABASE_URL: '', NODE_ENV: 'development', PORT: '1', ...env },
    }).then(
      ({ stdout }) => ({ code: 0, stdout, stderr: '' }),
      (error: unknown) => {
        const failed = error as { code: number; stdout: string; stderr: string };
        return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
      },
    );

  it('takes a step on the embedded database and says what comes next; refuses a step out of turn', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'signing-keys-'));
    try {
      const database = await openDatabase({ dataDir });
      await database.migrate();
      await loadSigningKeys(database.db);
      await database.close();

      const added = await cli(['add'], { DATA_DIR: dataDir });
      expect(added).toMatchObject({ code: 0, stderr: '' });
      expect(added.stdout).toMatch(/^Added key \S+: .*npm run signing-keys -- sign-with-newest\n$/);
      const removed = await cli(['remove-old'], { DATA_DIR: dataDir });
      expect(removed.code).toBe(1);
      expect(removed.stderr).toContain('run sign-with-newest first');
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
