import os from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * How many journey files run side by side, each worker with its own server and browser: two where
 * there are two cores or more, JOURNEY_WORKERS to choose (1 runs them one after another). One when
 * E2E_DATABASE_URL names a database: there is one database, so one server.
 */
const journeyWorkers = process.env.E2E_DATABASE_URL
  ? 1
  : Math.max(1, Math.min(2, Number(process.env.JOURNEY_WORKERS ?? os.availableParallelism()) || 1));

// Browser journeys: one server per worker for the run (demo data, real identity provider, see
// e2e/support/global-setup.ts), one Chromium per file.
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/support/global-setup.ts'],
    environment: 'node',
    fileParallelism: journeyWorkers > 1,
    maxWorkers: journeyWorkers,
    testTimeout: 60_000,
    // expect.poll waits for the page to catch up with the server; Vitest's default of 1 s is shorter
    // than a save and a refetch take on a busy 2-core machine.
    expect: { poll: { timeout: 10_000, interval: 100 } },
    hookTimeout: 120_000,
    pool: 'forks',
  },
});
