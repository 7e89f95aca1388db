import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

/**
 * The database tests, for a second run against a PostgreSQL server (`DATABASE_URL=… npm run
 * test:db`): the test files that open a database through the harness in `server/test/` or start
 * servers on the one DATABASE_URL names. The rest (pure rules, page drawing, storage, mail, the
 * start-up on PGlite) cannot differ between PGlite and PostgreSQL, so `npm run test:unit` runs
 * them once.
 */
const DATABASE_TEST = /from '[./]+\/test\/(harness|database)'|process\.env\.DATABASE_URL/;

const databaseTestFiles = readdirSync('server', { recursive: true, encoding: 'utf8' })
  .map((file) => path.join('server', file))
  .filter((file) => /\.test\.tsx?$/.test(file) && DATABASE_TEST.test(readFileSync(file, 'utf8')));

export default defineConfig({
  test: {
    include: databaseTestFiles,
    globalSetup: ['server/test/global-setup.ts'],
    environment: 'node',
    // As the server project of vitest.config.ts: each file has its own database, and shares only imported code.
    isolate: false,
    testTimeout: 20_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
