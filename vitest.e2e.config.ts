import { defineConfig } from 'vitest/config';

// Browser journeys: one server for the run (demo data, real identity provider), one Chromium per
// file, files one after another (a 2-core machine runs the server and the browser).
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/support/global-setup.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 60_000,
    // expect.poll waits for the page to catch up with the server; Vitest's default of 1 s is shorter
    // than a save and a refetch take on a busy 2-core machine.
    expect: { poll: { timeout: 10_000, interval: 100 } },
    hookTimeout: 120_000,
    pool: 'forks',
  },
});
