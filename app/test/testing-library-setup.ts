/**
 * Every test file's set-up (vitest.config.ts `setupFiles`): in the browser tests, Testing Library's
 * `findBy…` and `waitFor` wait up to 5 s, not its default 1 s. A screen's first render imports its
 * modules, which on a busy 2-core CI machine can take longer than a second; a wait that passes
 * sooner returns sooner, so only a real failure costs the time.
 */
if (typeof document !== 'undefined') {
  const { configure } = await import('@testing-library/react');
  configure({ asyncUtilTimeout: 5_000 });
}

export {};
