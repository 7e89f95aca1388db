/**
 * Import rules checked by `npm run lint:imports` (part of `npm test`): no import circle on the
 * server, and the boundaries of docs/ARCHITECTURE.md (common/ imports neither side; the browser
 * never imports the server).
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular-server',
      severity: 'error',
      comment: 'An import circle on the server (type-only imports included) makes modules load in a fragile order and areas inseparable.',
      from: { path: '^server/' },
      to: { circular: true },
    },
    {
      name: 'common-imports-neither-side',
      severity: 'error',
      from: { path: '^common/' },
      to: { path: '^(server|app)/' },
    },
    {
      name: 'app-never-imports-server',
      severity: 'error',
      from: { path: '^app/' },
      to: { path: '^server/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    exclude: { path: '(^|/)(node_modules|dist)/' },
  },
};
