/**
 * The browser apps' files: hashed, long-cached files from `dist/app` (built by Vite), or the Vite
 * dev server's modules when VITE_DEV_SERVER is set (`npm run dev`, hot reload).
 */
import { existsSync, readFileSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import { APP_MOUNT_MODULES, PUBLIC_APP_MOUNTS, type AppMountId } from '../../common/app-mounts';
import type { App } from '../app-type';
import { projectPath } from '../project-files';

export const APP_ENTRY = 'app/main.ts';
const distFolder = `${projectPath('dist/app')}/`;
const manifestFile = `${distFolder}.vite/manifest.json`;

export interface AppAssets {
  /** The app's chunk and every chunk it imports, for `<link rel="modulepreload">` (none for a public page's app). */
  modules: string[];
  styles: string[];
}

export interface PageAssets {
  scripts: string[];
  styles: string[];
  /** What each app's chunk needs, so a page that mounts it names the files in its head. */
  apps: Partial<Record<AppMountId, AppAssets>>;
}

export interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
}

export type Manifest = Record<string, ManifestChunk>;

/** The manifest keys of `key` and of every chunk it imports statically, at any depth (the files that load with it). */
export function staticClosure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (!seen.has(key) && manifest[key]) {
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) {
      staticClosure(manifest, imported, seen);
    }
  }
  return seen;
}

/**
 * An app's files, less the entry's own (already in the head). Without these links the browser
 * learns of the app's chunks only once the entry has run, and of their imports only after that.
 */
function resolveAppAssets(manifest: Manifest, id: AppMountId, entryKeys: Set<string>): AppAssets | undefined {
  const moduleKey = APP_MOUNT_MODULES[id];
  if (!manifest[moduleKey]) {
    return undefined;
  }
  const keys = [...staticClosure(manifest, moduleKey)].filter((key) => !entryKeys.has(key));
  const chunks = keys.map((key) => manifest[key]).filter((chunk) => chunk !== undefined);
  return {
    modules: PUBLIC_APP_MOUNTS.has(id) ? [] : chunks.map((chunk) => `/${chunk.file}`),
    styles: [...new Set(chunks.flatMap((chunk) => chunk.css ?? []))].map((file) => `/${file}`),
  };
}

/** Reads Vite's manifest once; an absent build is reported, not fatal, so API tests need no build. */
export function resolvePageAssets(app: App): PageAssets {
  const devServer = app.config.viteDevServer;
  if (devServer) {
    return { scripts: ['/dev/react-refresh.js', `${devServer}/@vite/client`, `${devServer}/${APP_ENTRY}`], styles: [], apps: {} };
  }
  if (!existsSync(manifestFile)) {
    app.log.warn('dist/app is missing: run `npm run build` so pages load the apps');
    return { scripts: [], styles: [], apps: {} };
  }
  return pageAssetsFromManifest(JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest);
}

/** The entry's script and stylesheets, and each app's files, as Vite's manifest names them. */
export function pageAssetsFromManifest(manifest: Manifest): PageAssets {
  const entry = manifest[APP_ENTRY];
  if (!entry) {
    throw new Error(`the build's manifest has no entry for ${APP_ENTRY}`);
  }
  const entryKeys = staticClosure(manifest, APP_ENTRY);
  const apps: PageAssets['apps'] = {};
  for (const id of Object.keys(APP_MOUNT_MODULES) as AppMountId[]) {
    const appAssets = resolveAppAssets(manifest, id, entryKeys);
    if (appAssets) {
      apps[id] = appAssets;
    }
  }
  return { scripts: [`/${entry.file}`], styles: (entry.css ?? []).map((file) => `/${file}`), apps };
}

export async function registerStaticAssets(app: App): Promise<void> {
  if (app.config.viteDevServer) {
    const devServer = app.config.viteDevServer;
    // @vitejs/plugin-react needs this preamble before any component; served as a file, not
    // inline, so the Content-Security-Policy stays strict in development too.
    app.get('/dev/react-refresh.js', { schema: { hide: true } }, (_request, reply) =>
      reply
        .type('text/javascript')
        .send(
          `import RefreshRuntime from '${devServer}/@react-refresh';\n` +
            'RefreshRuntime.injectIntoGlobalHook(window);\n' +
            'window.$RefreshReg$ = () => {};\n' +
            'window.$RefreshSig$ = () => (type) => type;\n' +
            'window.__vite_plugin_react_preamble_installed__ = true;\n',
        ),
    );
    return;
  }
  if (!existsSync(`${distFolder}assets`)) {
    return;
  }
  await app.register(fastifyStatic, {
    root: `${distFolder}assets`,
    prefix: '/assets/',
    // File names carry a content hash, so a file never changes: cache it for a year.
    immutable: true,
    maxAge: '365d',
    index: false,
    wildcard: false,
  });
}
