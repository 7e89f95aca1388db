import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { APPS, SERVER, reasonToBuild } from './build';

describe('reasonToBuild', () => {
  let root: string;
  const at = (minutes: number) => new Date(Date.UTC(2026, 10, 24, 9, minutes));

  async function write(file: string, minutes: number): Promise<void> {
    const full = path.join(root, file);
    await mkdir(path.dirname(full), { recursive: true });
    await writeFile(full, 'x');
    await utimes(full, at(minutes), at(minutes));
  }

  beforeEach(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'build-if-stale-'));
    await write('app/main.ts', 0);
    await write('common/site-paths.ts', 0);
    await write('vite.config.ts', 0);
    await write('package-lock.json', 0);
    await write('tsconfig.json', 0);
    await write('server/app.ts', 0);
    await write('scripts/build.ts', 0);
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  it('builds when there is no build yet', async () => {
    expect(await reasonToBuild(root, APPS)).toBe('no build yet');
  });

  it('does not build when the build is newer than every input', async () => {
    await write('dist/app/.vite/manifest.json', 10);
    expect(await reasonToBuild(root, APPS)).toBeNull();
  });

  it('builds when a file deep in the app, a shared file or the lock file changed after the build', async () => {
    await write('dist/app/.vite/manifest.json', 10);
    await write('app/threads/thread-item.tsx', 11);
    expect(await reasonToBuild(root, APPS)).toBe('sources changed since the last build');

    await write('dist/app/.vite/manifest.json', 12);
    await write('common/api/threads.ts', 13);
    expect(await reasonToBuild(root, APPS)).toBe('sources changed since the last build');

    await write('dist/app/.vite/manifest.json', 14);
    await write('package-lock.json', 15);
    expect(await reasonToBuild(root, APPS)).toBe('sources changed since the last build');
  });

  it('ignores what the build does not read: the server for the apps, the apps for the server', async () => {
    await write('dist/app/.vite/manifest.json', 10);
    await write('dist/server/main.js', 10);
    await write('server/main.ts', 20);
    expect(await reasonToBuild(root, APPS)).toBeNull();
    expect(await reasonToBuild(root, SERVER)).toBe('sources changed since the last build');

    await write('dist/server/main.js', 21);
    await write('app/main.ts', 22);
    expect(await reasonToBuild(root, SERVER)).toBeNull();
    expect(await reasonToBuild(root, APPS)).toBe('sources changed since the last build');
  });
});
