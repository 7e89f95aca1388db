/**
 * `npm start`'s first step: builds the browser apps only when the build is missing or older than
 * what it is built from, so a restart does not spend seconds rebuilding what has not changed.
 * The inputs are the app's and the shared code's folders and the files that change what Vite
 * emits (its config, the dependencies' lock file, the TypeScript settings). `npm run build`
 * always builds.
 */
import { spawnSync } from 'node:child_process';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** Written last by every `vite build` (vite.config.ts: `manifest: true`). */
const BUILT_MANIFEST = 'dist/app/.vite/manifest.json';
const INPUT_FOLDERS = ['app', 'common'];
const INPUT_FILES = ['vite.config.ts', 'package-lock.json', 'tsconfig.json'];

async function modifiedAt(file: string): Promise<number | null> {
  try {
    return (await stat(file)).mtimeMs;
  } catch {
    return null;
  }
}

/** The latest modification time of any file under `folder`. */
async function newestIn(folder: string): Promise<number> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  const times = await Promise.all(
    entries.filter((entry) => entry.isFile()).map((entry) => modifiedAt(path.join(entry.parentPath, entry.name))),
  );
  return Math.max(0, ...times.map((time) => time ?? 0));
}

/** Why the apps need building, or null when the build is newer than every input. */
export async function reasonToBuild(root: string): Promise<string | null> {
  const builtAt = await modifiedAt(path.join(root, BUILT_MANIFEST));
  if (builtAt === null) {
    return 'no build yet';
  }
  const newestFolders = await Promise.all(INPUT_FOLDERS.map((folder) => newestIn(path.join(root, folder))));
  const newestFiles = await Promise.all(INPUT_FILES.map((file) => modifiedAt(path.join(root, file))));
  const newest = Math.max(...newestFolders, ...newestFiles.map((time) => time ?? 0));
  return newest > builtAt ? 'sources changed since the last build' : null;
}

const isMain = process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const reason = await reasonToBuild(ROOT);
  if (reason === null) {
    process.stdout.write('browser apps: up to date, not rebuilt\n');
  } else {
    process.stdout.write(`browser apps: building (${reason})\n`);
    const build = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
    process.exitCode = build.status ?? 1;
  }
}
