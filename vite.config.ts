/**
 * Builds the browser apps: one entry (`app/main.ts`, no index.html: the server renders the pages)
 * and one lazily loaded chunk per app. The server reads `dist/app/.vite/manifest.json` to link the
 * entry's script and stylesheet, and serves `dist/app/assets/*` at `/assets/` (server/pages/assets.ts).
 *
 * `npm run dev` runs the server on :3000 loading modules from this dev server on :5173 (hot reload),
 * so the dev server names itself as the origin of its files and allows the portal's origin by CORS.
 */
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const DEV_SERVER_PORT = 5173;
const devServerOrigin = `http://localhost:${DEV_SERVER_PORT}`;
/** The portal's address in development (server/config.ts: PUBLIC_URL, default http://localhost:3000). */
const portalOrigin = (process.env.PUBLIC_URL ?? 'http://localhost:3000').replace(/\/+$/, '');

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist/app',
    emptyOutDir: true,
    manifest: true,
    // Pages run under `style-src 'self'` and `font-src 'self'`: keep every asset a file, never a data: URL.
    assetsInlineLimit: 0,
    // A lazily loaded chunk's scripts are not announced with `<link rel="modulepreload">` elements
    // added as it is imported: Chromium takes about 1 ms to add each, and a dashboard screen's
    // route added 36 in the task that draws it (a long task on a phone). The browser fetches them
    // as it reads the chunk's imports; an app's own chunks are named in the page's head by the
    // server (server/pages/assets.ts). Stylesheets of lazily loaded chunks are still added.
    modulePreload: { resolveDependencies: () => [] },
    rolldownOptions: {
      input: 'app/main.ts',
      output: {
        entryFileNames: 'assets/[name]-[hash].js',
        chunkFileNames: 'assets/[name]-[hash].js',
        assetFileNames: 'assets/[name]-[hash][extname]',
      },
    },
  },
  server: {
    port: DEV_SERVER_PORT,
    strictPort: true,
    origin: devServerOrigin,
    cors: { origin: portalOrigin },
  },
});
