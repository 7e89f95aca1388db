/**
 * Every test file's set-up (vitest.config.ts `setupFiles`): in the browser tests, Testing Library's
 * `findBy…` and `waitFor` wait up to 10 s, not its default 1 s. A screen's first render imports its
 * modules, which on a busy 2-core CI machine can take longer than a second; a wait that passes
 * sooner returns sooner, so only a real failure costs the time (a run of 2026-11-30 with other
 * work on the machine took over 5 s to show a lazily loaded dialog).
 */
if (typeof document !== 'undefined') {
  const { configure } = await import('@testing-library/react');
  configure({ asyncUtilTimeout: 10_000 });
}

export {};
