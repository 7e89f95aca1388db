/**
 * buildApp(config, dependencies) → the Fastify instance. Registers the cross-cutting plugins, then
 * the identity provider, then each business module, then the page shells. Tests build it too,
 * passing their own database.
 */
import { randomUUID } from 'node:crypto';
import Fastify, { type RouteOptions } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import helmet from '@fastify/helmet';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import { sharedRateLimitStore } from './http/shared-rate-limit-store';
import swagger from '@fastify/swagger';
import { UUID_PATTERN } from '../common/api/uploads';
import { API_PREFIX, OPENAPI_DOCUMENT_PATH } from '../common/site-paths';
import type { App } from './app-type';
import type { Config } from './config';
import type { DatabaseHandle } from './db/client';
import { AppError, ErrorCode, registerErrorHandlers } from './errors';
import { registerAuth } from './auth/index';
import { registerAccountRoutes } from './modules/account/routes';
import { registerSupplierUserRoutes } from './modules/supplier-users/routes';
import { registerAgencyUserRoutes } from './modules/agency-users/routes';
import { registerInvitationRoutes } from './modules/invitations/routes';
import { registerDirectoryModule } from './modules/directory/routes';
import { registerThreadModule } from './modules/threads/routes';
import { registerUploadModule } from './modules/uploads/routes';
import { registerFormsModule } from './modules/forms/routes';
import { registerTeamFormRoutes } from './modules/forms/team-routes';
import { registerSuppliersModule } from './modules/suppliers/routes';
import { registerApplicationsModule } from './modules/applications/routes';
import { registerTeamThreadRoutes } from './modules/threads/team-routes';
import { registerTeamApplicationRoutes } from './modules/applications/team-routes';
import { registerReportingModule } from './modules/reporting/routes';
import { registerListingsModule } from './modules/listings/routes';
import { registerAgencyListingRoutes } from './modules/listings/agency-routes';
import { registerTeamListingRoutes } from './modules/listings/team-routes';
import { registerTeamReportingRoutes } from './modules/reporting/team-routes';
import { registerAgencyReportingRoutes } from './modules/reporting/agency-routes';
import { registerShortlistRoutes } from './modules/shortlists/routes';
import { registerOpenDataPages, registerOpenDataRoutes } from './modules/open-data/routes';
import { createMetrics } from './metrics/metrics';
import { registerMetrics } from './metrics/routes';
import { registerRequestTracing } from './tracing/routes';
import { createReadiness } from './modules/health/readiness';
import { registerHealthRoutes } from './modules/health/routes';
import { registerRegistrationModule } from './modules/registration/routes';
import { registerAgenciesModule } from './modules/agencies/routes';
import { registerTeamAgencyRoutes } from './modules/agencies/team-routes';
import { registerAgencyPages } from './modules/agencies/page-routes';
import { registerTeamRegistrationRoutes } from './modules/registration/team-routes';
import { registerTeamQueueRoutes } from './modules/queues/team-routes';
import { registerNextStepsRoutes } from './modules/next-steps/routes';
import { registerTeamSupplierRoutes } from './modules/suppliers/team-routes';
import { registerTeamAuditRoutes } from './modules/audit/team-routes';
import { registerTeamMemberRoutes } from './modules/team-members/team-routes';
import { registerTeamBackgroundJobRoutes } from './modules/background-jobs/team-routes';
import { registerRegistrationPages } from './modules/registration/page-routes';
import { registerPages, sendNotFoundPage } from './pages/routes';
import { registerContentPages } from './modules/content/routes';
import { registerCataloguePages } from './modules/catalogue/routes';
import { registerListingPages } from './modules/listings/pages';
import { registerTeamCatalogueRoutes } from './modules/catalogue/team-routes';
import { registerDirectoryPage } from './modules/directory/page-routes';
import { openapiOptions } from './modules/api-reference/openapi-document';
import { registerApiReferencePage } from './modules/api-reference/page-routes';
import { registerInsightsPages } from './modules/insights/routes';
import { registerStaticAssets } from './pages/assets';
import { createAuditLog } from './audit';
import { loggerOptions, type LogOutput } from './logging';
import { createMailer, registerDevOutboxRoutes, type Mailer } from './mail/index';
import { createMailQueue, mailJobKind } from './mail/mail-queue';
import { createJobQueue } from './jobs/job-queue';
import { createStorage, type Storage } from './storage/index';
import { registerInputGuard } from './http/input-guard';
import { registerReadAfterWrite } from './http/read-after-write';
import { registerPublicFormToken } from './http/public-form-token';
import { registerSecurityHeaders } from './http/security-headers';
import { refuseUnexpectedBody, registerNoBodyGuard } from './http/no-body-guard';
import { wholeNumberKeyword } from './http/whole-number-keyword';

export interface AppDependencies {
  database: DatabaseHandle;
  /** Created from the configuration (SMTP or the outbox) when not given. */
  mailer?: Mailer;
  /** Created from the configuration (local folder or S3) when not given. */
  storage?: Storage;
  /** Told of every route as it is registered (tests walk the whole route table this way). */
  onRoute?: (route: RouteOptions) => void;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: LogOutput;
}

const REQUEST_ID_PATTERN = new RegExp(UUID_PATTERN);

/** An incoming X-Request-Id worth keeping: one UUID, nothing else. */
export function readRequestId(header: string | string[] | undefined): string | undefined {
  return typeof header === 'string' && REQUEST_ID_PATTERN.test(header) ? header.toLowerCase() : undefined;
}

export const PROXY_WITHOUT_TRUST_WARNING =
  'Requests come through a proxy (X-Forwarded-For) but TRUST_PROXY is off: every client shares the proxy\'s address, so per-address sign-in and form limits apply to all of them together. Set TRUST_PROXY=true behind a trusted proxy.';

/** Largest JSON body the API accepts; uploads have their own limit. */
const BODY_LIMIT_BYTES = 1024 * 1024;

export async function buildApp(config: Config, dependencies: AppDependencies): Promise<App> {
  const app = Fastify({
    logger: loggerOptions(config, dependencies.logStream),
    trustProxy: config.trustProxy,
    bodyLimit: BODY_LIMIT_BYTES,
    // The server names each request; a proxy's X-Request-Id is kept only when it is a UUID, so a
    // client cannot put its own text in the logs, the audit log and the answer.
    requestIdHeader: false,
    genReqId: (request) => readRequestId(request.headers['x-request-id']) ?? randomUUID(),
    // Reject values of the wrong type instead of coercing, and report every failing field; ids and
    // page numbers alone are read from digits too (the whole-number keyword, common/api/http.ts).
    ajv: { customOptions: { coerceTypes: false, allErrors: true, removeAdditional: false }, plugins: [wholeNumberKeyword] },
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.decorate('config', config);
  app.decorate('database', dependencies.database);
  app.decorate('audit', createAuditLog(dependencies.database.db));
  app.decorate('mailer', dependencies.mailer ?? createMailer(config, app.log));
  const metrics = createMetrics();
  app.decorate('metrics', metrics);
  const jobs = createJobQueue({
    database: dependencies.database,
    log: app.log,
    timeoutSeconds: config.jobs.timeoutSeconds,
    isWorker: config.jobs.isWorker,
    metrics,
  });
  app.decorate('jobs', jobs);
  metrics.watchJobQueue(() => jobs.figures());
  metrics.watchDatabasePools(() => dependencies.database.poolFigures());
  app.decorate('readiness', createReadiness());
  jobs.define(
    mailJobKind({
      mailer: app.mailer,
      publicUrl: config.publicUrl,
      retryLimit: config.jobs.mailRetryLimit,
      retryDelaySeconds: config.jobs.mailRetryDelaySeconds,
    }),
  );
  app.decorate('mail', createMailQueue(jobs));
  // The areas define their jobs as they register; the queue opens once all are known, and stops
  // (taking no new job, letting running ones finish) after the last request has been answered.
  app.addHook('onReady', () => jobs.open());
  app.addHook('onClose', () => jobs.stop());
  app.decorate('storage', dependencies.storage ?? (await createStorage(config)));
  // First, so that every route's requests are timed and traced.
  await registerMetrics(app);
  registerRequestTracing(app);

  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  if (!config.trustProxy) {
    // Behind a proxy every client has the proxy's address, so per-address limits would throttle
    // them all together: say so once, the first time a proxy's header shows it.
    let hasWarned = false;
    app.addHook('onRequest', async (request) => {
      if (!hasWarned && request.headers['x-forwarded-for'] !== undefined) {
        hasWarned = true;
        request.log.warn(PROXY_WITHOUT_TRUST_WARNING);
      }
    });
  }

  if (dependencies.onRoute) {
    app.addHook('onRoute', dependencies.onRoute);
  }
  registerErrorHandlers(app);
  // Before any route: NUL and unpaired surrogates answer 400 wherever they are sent.
  registerInputGuard(app);
  await app.register(helmet, {
    // Strict CSP: scripts and styles from our own origin only, no inline script, no eval.
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...(config.viteDevServer ? [config.viteDevServer] : [])],
        // Vite's dev server injects styles as <style> elements; built pages link files only.
        styleSrc: ["'self'", ...(config.viteDevServer ? ["'unsafe-inline'"] : [])],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'", ...connectSources(config)],
        frameSrc: ["'self'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'", ...formActionSources(config)],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
        upgradeInsecureRequests: config.publicUrl.startsWith('https:') ? [] : null,
      },
    },
    // Strict-Transport-Security is set by registerSecurityHeaders, from how each request came.
    hsts: false,
    crossOriginEmbedderPolicy: false,
  });
  registerSecurityHeaders(app);
  await app.register(compress, { encodings: ['br', 'gzip'], threshold: 1024 });
  // Routes opt in to rate limiting (`config: { rateLimit: … }`); nothing is limited globally. The
  // counters are in the database, so every process behind the same address counts together.
  await app.register(rateLimit, { global: false, store: sharedRateLimitStore(dependencies.database.db) });
  // How to sign in, the error shape and the areas' tags: the API reference page reads the same document.
  await app.register(swagger, openapiOptions(app));

  await registerHealthRoutes(app);
  await registerAuth(app);
  registerPublicFormToken(app);
  registerReadAfterWrite(app);
  await app.register(
    async (api) => {
      // API answers carry personal data unless a route says otherwise: no shared or browser cache keeps them.
      api.addHook('onSend', async (_request, reply) => {
        if (!reply.hasHeader('cache-control')) {
          reply.header('cache-control', 'no-store');
        }
      });
      // A route that declares no body refuses one (400) before it is read.
      registerNoBodyGuard(api);
      await registerAccountRoutes(api);
      await registerSupplierUserRoutes(api);
      await registerInvitationRoutes(api);
      await registerAgencyUserRoutes(api);
      await registerDirectoryModule(api);
      await registerThreadModule(api);
      await registerUploadModule(api);
      await registerFormsModule(api);
      await registerTeamFormRoutes(api);
      await registerSuppliersModule(api);
      await registerApplicationsModule(api);
      await registerListingsModule(api);
      await registerTeamThreadRoutes(api);
      await registerTeamApplicationRoutes(api);
      await registerTeamListingRoutes(api);
      await registerAgencyListingRoutes(api);
      await registerRegistrationModule(api);
      await registerAgenciesModule(api);
      await registerTeamAgencyRoutes(api);
      await registerTeamRegistrationRoutes(api);
      await registerTeamQueueRoutes(api);
      await registerTeamSupplierRoutes(api);
      await registerTeamAuditRoutes(api);
      await registerTeamMemberRoutes(api);
      await registerTeamBackgroundJobRoutes(api);
      await registerReportingModule(api);
      await registerTeamReportingRoutes(api);
      await registerAgencyReportingRoutes(api);
      await registerShortlistRoutes(api);
      await registerOpenDataRoutes(api);
      await registerNextStepsRoutes(api);
      await registerTeamCatalogueRoutes(api);
    },
    { prefix: API_PREFIX },
  );
  app.get(OPENAPI_DOCUMENT_PATH, { schema: { hide: true }, onRequest: refuseUnexpectedBody }, () => app.swagger());
  await registerStaticAssets(app);
  await registerPages(app);
  await registerDevOutboxRoutes(app);
  await registerContentPages(app);
  await registerCataloguePages(app);
  await registerListingPages(app);
  await registerDirectoryPage(app);
  await registerOpenDataPages(app);
  await registerInsightsPages(app);
  await registerAgencyPages(app);
  await registerRegistrationPages(app);
  await registerApiReferencePage(app);

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (request.method === 'GET' && !path.startsWith('/api/') && request.headers.accept?.includes('text/html')) {
      return sendNotFoundPage(reply, config.productName);
    }
    throw new AppError(ErrorCode.NotFound, `No route for ${request.method} ${path}`);
  });

  return app;
}

/** An external issuer's origin must be reachable from the page (token endpoint, discovery). */
function connectSources(config: Config): string[] {
  const sources: string[] = [];
  if (!config.oidc.embedded) {
    sources.push(new URL(config.oidc.issuer).origin);
  }
  if (config.viteDevServer) {
    sources.push(config.viteDevServer, config.viteDevServer.replace(/^http/, 'ws'));
  }
  return sources;
}

/** Sign-in and sign-out redirect through the issuer, which may live on another origin. */
function formActionSources(config: Config): string[] {
  return config.oidc.embedded ? [] : [new URL(config.oidc.issuer).origin];
}
