/**
 * Import rules checked by `npm run lint:imports` (part of `npm test`): no import circle in server/,
 * app/ or common/, and the boundaries of docs/ARCHITECTURE.md (common/ imports neither side; the browser
 * never imports the server; the server imports the browser's code only to draw the registration's
 * first step; a server area imports another only through what that area lends; a browser area never imports the
 * dashboard's or the console's shell).
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'An import circle (type-only imports and lazy import() included) makes modules load in a fragile order and areas inseparable, ' +
        'on the server and in the browser alike. A type two files share lives in its own small file or in the one file that owns it.',
      from: { path: '^(server|app|common)/' },
      to: { circular: true },
    },
    {
      name: 'areas-meet-through-what-they-lend',
      severity: 'error',
      comment:
        'A server area (server/modules/<area>/) imports another area only through the files that area lends, so each area stays a leaf ' +
        '(docs/ARCHITECTURE.md). Any area lends its service.ts (its rules and queries) and, to tests, its test-support.ts or ' +
        'team-test-support.ts. Besides: forms lends registry.ts, validate.ts, validators.ts, catalogue-forms.ts and record-forms.ts ' +
        '(it is the form engine every area saves through); uploads lends read-upload.ts (reading a multipart upload); applications ' +
        'lends workflow.ts (the stages, for the queues); catalogue lends queries.ts (public listings). Never routes, pages or ' +
        'anything else: what two areas need moves to the lending area\'s service.ts, to common/, or to a shared server room.',
      from: { path: '^server/modules/([^/]+)/' },
      to: {
        path: '^server/modules/[^/]+/',
        pathNot: [
          '^server/modules/$1/',
          '^server/modules/[^/]+/(service|test-support|team-test-support)\\.ts$',
          '^server/modules/forms/(registry|validate|validators|catalogue-forms|record-forms)\\.ts$',
          '^server/modules/uploads/read-upload\\.ts$',
          '^server/modules/applications/workflow\\.ts$',
          '^server/modules/catalogue/queries\\.ts$',
        ],
      },
    },
    {
      name: 'reporting-lends-through-its-public-face',
      severity: 'error',
      comment:
        'A browser area is a leaf (docs/ARCHITECTURE.md): the rest of app/ imports app/reporting/ only through what it lends, ' +
        'public.ts (its names and status tags), its paths (reporting-paths.ts, team-reporting-paths.ts) and its routes ' +
        '(reporting-routes.tsx, team-reporting-routes.tsx). What several areas need of its lists lives in app/lib/lists/, never borrowed from reporting.',
      from: { path: '^app/', pathNot: '^app/reporting/' },
      to: { path: '^app/reporting/', pathNot: '^app/reporting/(public\\.ts|(team-)?reporting-paths\\.ts|(team-)?reporting-routes\\.tsx)$' },
    },
    {
      name: 'areas-never-import-the-shells',
      severity: 'error',
      comment:
        'The dashboard (app/dashboard/) and the console (app/console/) are shells: they assemble the routes, paths and side ' +
        'navigation links each area owns (app/<area>/*-paths.ts, *-routes.tsx), so the shells import the areas, never the ' +
        'reverse (docs/ARCHITECTURE.md). What an area needs of a shell (the active supplier, the work queues) lives in app/lib/. ' +
        'The one exception, areas-tests-render-the-shells below, is for tests.',
      from: { path: '^app/[^/]+/', pathNot: ['^app/(dashboard|console)/', '\\.test\\.tsx?$'] },
      to: { path: '^app/(dashboard|console)/' },
    },
    {
      name: 'areas-tests-render-the-shells',
      severity: 'error',
      comment:
        'An area\'s screen test may render its screens in the shell\'s whole route table (createDashboardRoutes in ' +
        'app/dashboard/routes.tsx, createConsoleRoutes in app/console/routes.tsx), to check them as they ship: behind sign-in, ' +
        'in the layout that provides the active supplier, with the redirects and titles of their routes. Nothing else of a shell.',
      from: { path: '^app/[^/]+/.+\\.test\\.tsx?$', pathNot: '^app/(dashboard|console)/' },
      to: { path: '^app/(dashboard|console)/', pathNot: '^app/(dashboard|console)/routes\\.tsx$' },
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
      to: { path: '^app/', pathNot: '^app/registration/(first-step-screen|step-frame)\\.tsx$' },
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
