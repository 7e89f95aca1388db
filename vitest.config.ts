import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['server/**/*.test.{ts,tsx}', 'common/**/*.test.ts', 'app/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    globalSetup: ['server/test/global-setup.ts'],
    setupFiles: ['app/test/testing-library-setup.ts'],
    // Browser-side tests opt in with `// @vitest-environment jsdom`.
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
