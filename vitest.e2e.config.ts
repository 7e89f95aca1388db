import { defineConfig } from 'vitest/config';
import { JOURNEY_WORKERS } from './e2e/support/journey-workers';

// Browser journeys: one server per worker for the run (demo data, real identity provider, see
// e2e/support/global-setup.ts), one Chromium per file, JOURNEY_WORKERS files side by side.
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/support/global-setup.ts'],
    environment: 'node',
    fileParallelism: JOURNEY_WORKERS > 1,
    maxWorkers: JOURNEY_WORKERS,
    testTimeout: 60_000,
    // expect.poll waits for the page to catch up with the server; Vitest's default of 1 s is shorter
    // than a save and a refetch take on a busy 2-core machine.
    expect: { poll: { timeout: 10_000, interval: 100 } },
    hookTimeout: 120_000,
    pool: 'forks',
  },
});
