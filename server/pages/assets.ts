/**
 * The browser apps' files: hashed, long-cached files from `dist/app` (built by Vite), or the Vite
 * dev server's modules when VITE_DEV_SERVER is set (`npm run dev`, hot reload).
 */
import { existsSync, readFileSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { App } from '../app-type';
import { projectPath } from '../project-files';

export const APP_ENTRY = 'app/main.ts';
const distFolder = `${projectPath('dist/app')}/`;
const manifestFile = `${distFolder}.vite/manifest.json`;

export interface PageAssets {
  scripts: string[];
  styles: string[];
}

interface ManifestChunk {
  file: string;
  css?: string[];
}

/** Reads Vite's manifest once; an absent build is reported, not fatal, so API tests need no build. */
export function resolvePageAssets(app: App): PageAssets {
  const devServer = app.config.viteDevServer;
  if (devServer) {
    return { scripts: ['/dev/react-refresh.js', `${devServer}/@vite/client`, `${devServer}/${APP_ENTRY}`], styles: [] };
  }
  if (!existsSync(manifestFile)) {
    app.log.warn('dist/app is missing: run `npm run build` so pages load the apps');
    return { scripts: [], styles: [] };
  }
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  const entry = manifest[APP_ENTRY];
  if (!entry) {
    throw new Error(`${manifestFile} has no entry for ${APP_ENTRY}`);
  }
  return { scripts: [`/${entry.file}`], styles: (entry.css ?? []).map((file) => `/${file}`) };
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
