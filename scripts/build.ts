/**
 * Builds what `npm start` runs: the browser apps (Vite, into dist/app) and the server (one
 * esbuild bundle of server/ and common/, into dist/server; the packages stay in node_modules).
 * The server runs from its bundle because loading a few hundred TypeScript files through tsx's
 * loader took most of a restart. `npm run build` builds both; `npm start` passes `--if-stale`,
 * which builds each only when its output is missing or older than what it is built from.
 */
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

export interface BuildTarget {
  name: string;
  /** Written by every build of the target. */
  output: string;
  /** Folders and files whose changes the output must follow. */
  inputFolders: string[];
  inputFiles: string[];
}

/** Files that change what either build emits. */
const SHARED_INPUTS = ['package-lock.json', 'tsconfig.json'];

export const APPS: BuildTarget = {
  name: 'browser apps',
  output: 'dist/app/.vite/manifest.json',
  inputFolders: ['app', 'common'],
  inputFiles: ['vite.config.ts', ...SHARED_INPUTS],
};

export const SERVER: BuildTarget = {
  name: 'server',
  output: 'dist/server/main.js',
  inputFolders: ['server', 'common'],
  inputFiles: ['scripts/build.ts', ...SHARED_INPUTS],
};

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

/** Why the target needs building, or null when its output is newer than every input. */
export async function reasonToBuild(root: string, target: BuildTarget): Promise<string | null> {
  const builtAt = await modifiedAt(path.join(root, target.output));
  if (builtAt === null) {
    return 'no build yet';
  }
  const folders = await Promise.all(target.inputFolders.map((folder) => newestIn(path.join(root, folder))));
  const files = await Promise.all(target.inputFiles.map((file) => modifiedAt(path.join(root, file))));
  const newest = Math.max(...folders, ...files.map((time) => time ?? 0));
  return newest > builtAt ? 'sources changed since the last build' : null;
}

async function buildApps(): Promise<void> {
  const { build } = await import('vite');
  await build({ root: ROOT, logLevel: 'warn' });
}

async function buildServer(): Promise<void> {
  const { build } = await import('esbuild');
  await build({
    absWorkingDir: ROOT,
    entryPoints: ['server/main.ts'],
    outfile: SERVER.output,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    jsx: 'automatic',
    // Stack traces name the source files (`node --enable-source-maps`).
    sourcemap: true,
    logLevel: 'warning',
  });
}

async function main(onlyIfStale: boolean): Promise<void> {
  for (const [target, build] of [
    [APPS, buildApps],
    [SERVER, buildServer],
  ] as const) {
    const reason = onlyIfStale ? await reasonToBuild(ROOT, target) : 'asked to';
    if (reason === null) {
      process.stdout.write(`${target.name}: up to date, not rebuilt\n`);
      continue;
    }
    const started = performance.now();
    await build();
    process.stdout.write(`${target.name}: built (${reason}) in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
  }
}

const isMain = process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  await main(process.argv.includes('--if-stale'));
}
