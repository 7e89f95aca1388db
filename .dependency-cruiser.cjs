/**
 * Import rules checked by `npm run lint:imports` (part of `npm test`): no import circle on the
 * server, and the boundaries of docs/ARCHITECTURE.md (common/ imports neither side; the browser
 * never imports the server; the server imports the browser's code only to draw the registration's
 * first step).
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
      name: 'server-imports-app-only-to-draw-the-registration-first-step',
      severity: 'error',
      comment: 'The server draws the registration\'s first step with the app\'s own form (docs/ARCHITECTURE.md); anything else both sides need lives in common/.',
      from: { path: '^server/' },
      to: { path: '^app/', pathNot: '^app/register/(first-step-screen|step-frame)\\.tsx$' },
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
