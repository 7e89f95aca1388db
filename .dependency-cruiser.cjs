/**
 * Import rules checked by `npm run lint:imports` (part of `npm test`): no import circle in server/,
 * app/ or common/, and the boundaries of docs/ARCHITECTURE.md (common/ imports neither side; the browser
 * never imports the server; the server imports the browser's code only to draw the registration's
 * first step; a server area imports another only through what that area lends; a browser area imports another
 * only through its public face, its paths, routes and public.ts, and never a shell (the dashboard, the agency dashboard, the team app);
 * the browser's shared rooms import no area).
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
      name: 'browser-areas-meet-through-their-public-face',
      severity: 'error',
      comment:
        'A browser area (app/<area>/) is a leaf, as a server area is (docs/ARCHITECTURE.md): it imports the shared rooms ' +
        '(app/lib/ with the form engine app/lib/forms/ and the lists\' kit app/lib/lists/, app/styles/, app/test/ in tests, common/) ' +
        'and of another area only its public face: its paths (*-paths.ts), its routes (*-routes.tsx) or public.ts, which lists ' +
        'what else it lends. Never its screens, hooks or helpers: what two areas need moves to the lender\'s public.ts, or to a ' +
        'named room in app/lib/ when it is generic. The shells (app/dashboard/, app/agency-dashboard/, app/team/) are held to it too, and have ' +
        'their own rules below; the app\'s root files (main.ts, mount-apps.ts) mount each app from its folder.',
      from: { path: '^app/([^/]+)/', pathNot: '^app/(lib|styles|test)/' },
      to: {
        path: '^app/[^/]+/',
        pathNot: [
          '^app/$1/',
          '^app/(lib|styles|test)/',
          '^app/(dashboard|agency-dashboard|team)/',
          '^app/[^/]+/(public\\.ts|[^/]+-paths\\.ts|[^/]+-routes\\.tsx)$',
        ],
      },
    },
    {
      name: 'shared-rooms-import-no-area',
      severity: 'error',
      comment:
        'The shared rooms (app/lib/, app/test/) are what every area may import, so they import no area, shell or app of ' +
        'app/: a room that borrowed from an area would tie every area to it. What a room needs moves into the room.',
      from: { path: '^app/(lib|test)/' },
      to: { path: '^app/', pathNot: '^app/(lib|styles|test)/' },
    },
    {
      name: 'areas-never-import-the-shells',
      severity: 'error',
      comment:
        'The dashboard (app/dashboard/), the agency dashboard (app/agency-dashboard/) and the team app (app/team/) are shells: ' +
        'they assemble the routes, paths and side navigation links each area owns (app/<area>/*-paths.ts, *-routes.tsx), so the ' +
        'shells import the areas, never the reverse (docs/ARCHITECTURE.md). What an area needs of a shell (the active supplier, ' +
        'the active agency, the work queues) lives in app/lib/. ' +
        'The one exception, areas-tests-render-the-shells below, is for tests.',
      from: { path: '^app/[^/]+/', pathNot: ['^app/(dashboard|agency-dashboard|team)/', '\\.test\\.tsx?$'] },
      to: { path: '^app/(dashboard|agency-dashboard|team)/' },
    },
    {
      name: 'areas-tests-render-the-shells',
      severity: 'error',
      comment:
        'An area\'s screen test may render its screens in the shell\'s whole route table (createDashboardRoutes in ' +
        'app/dashboard/routes.tsx, createAgencyDashboardRoutes in app/agency-dashboard/routes.tsx, createTeamRoutes in ' +
        'app/team/routes.tsx), to check them as they ship: behind sign-in, in the layout that provides the active supplier ' +
        'or agency, with the redirects and titles of their routes. Nothing else of a shell.',
      from: { path: '^app/[^/]+/.+\\.test\\.tsx?$', pathNot: '^app/(dashboard|agency-dashboard|team)/' },
      to: { path: '^app/(dashboard|agency-dashboard|team)/', pathNot: '^app/(dashboard|agency-dashboard|team)/routes\\.tsx$' },
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
