import os from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Two projects in one run. The server's tests (with `common/` and `scripts/`) share their workers'
 * module cache (`isolate: false`): each file builds its own app on its own cloned database, so
 * nothing is shared between files but imported code, and importing the whole server once per
 * worker instead of once per file saves most of a minute. The browser's tests keep a fresh module
 * graph per file, since many of them mock modules.
 * A worker per core: Vitest's default leaves one core to itself, which on a 2-core machine means one
 * test file at a time and the other core left to Vitest's own light work.
 */
export default defineConfig({
  test: {
    testTimeout: 20_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: os.availableParallelism(),
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          include: ['server/**/*.test.{ts,tsx}', 'common/**/*.test.ts', 'scripts/**/*.test.ts'],
          globalSetup: ['server/test/global-setup.ts'],
          environment: 'node',
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'app',
          include: ['app/**/*.test.{ts,tsx}'],
          setupFiles: ['app/test/testing-library-setup.ts'],
          // Browser-side tests opt in with `// @vitest-environment jsdom`.
          environment: 'node',
        },
      },
    ],
  },
});
