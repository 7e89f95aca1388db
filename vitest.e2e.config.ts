import os from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * How many journey files run side by side, each worker with its own server and browser: one unless
 * JOURNEY_WORKERS asks for more (up to the cores there are). The journeys are bound by the CPU: on
 * this 2-core machine four files took 346 s with two workers and 353 s with one (2026-12-01), but
 * with two each step took 1.85 times as long, and the slowest steps ran into their time limits. All
 * 47 files took 942 s with two workers and 866 s with one (2026-12-03; the two-worker run shared the
 * machine with two minutes of unit tests): every file passed, but no faster.
 * Always one when E2E_DATABASE_URL names a database: there is one database, so one server.
 */
const journeyWorkers = process.env.E2E_DATABASE_URL
  ? 1
  : Math.max(1, Math.min(os.availableParallelism(), Number(process.env.JOURNEY_WORKERS ?? 1) || 1));

/**
 * The slowest journey files, longest first (rough durations on a 2-core machine). Without a results
 * cache (a clean clone, CI) Vitest orders files by size, so with several workers these often started
 * last and left the others idle at the end of the run; starting them first keeps every worker busy.
 */
const slowestJourneys = [
  'e2e/small-screens.e2e.ts', // ~216 s
  'e2e/accessibility.e2e.ts', // ~177 s
  'e2e/team-reporting.e2e.ts', // ~100 s
  'e2e/public-pages.e2e.ts', // ~70 s
];

/** Vitest's own order (cached durations, else size), with the files above moved to the front. */
class SlowestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => {
      const relativePath = path.relative(this.ctx.config.root, file.moduleId);
      const index = slowestJourneys.indexOf(relativePath.split(path.sep).join('/'));
      return index === -1 ? slowestJourneys.length : index;
    };
    // Array.prototype.sort is stable: the rest keep the base order.
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

// Browser journeys: one server per worker for the run (demo data, real identity provider, see
// e2e/support/global-setup.ts), one Chromium per file.
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/support/global-setup.ts'],
    environment: 'node',
    fileParallelism: journeyWorkers > 1,
    maxWorkers: journeyWorkers,
    // Two minutes: the longest journeys take 40–50 s alone on a 2-core machine and about twice that
    // beside another journey on a slow day (a clean-clone run of 2026-11-29 timed two out at one minute).
    testTimeout: 120_000,
    // expect.poll waits for the page to catch up with the server; Vitest's default of 1 s is shorter
    // than a save and a refetch take on a busy 2-core machine.
    expect: { poll: { timeout: 10_000, interval: 100 } },
    hookTimeout: 120_000,
    pool: 'forks',
    sequence: { sequencer: SlowestFirstSequencer },
  },
});
