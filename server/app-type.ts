/**
 * The type of the Fastify instance every module registers on, with what `buildApp` decorates it
 * with. In a file of its own so that modules can name it without importing `app.ts`, which imports
 * them (no import circle).
 */
import type { FastifyBaseLogger, FastifyInstance, RawServerDefault } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AuditLog } from './audit';
import type { Config } from './config';
import type { DatabaseHandle } from './db/client';
import type { JobQueue } from './jobs/job-queue';
import type { Mailer } from './mail/mailer';
import type { MailQueue } from './mail/mail-queue';
import type { Storage } from './storage/storage';
import type { Readiness } from './modules/health/readiness';
import type { PortalMetrics } from './metrics/metrics';

export type App = FastifyInstance<RawServerDefault, IncomingMessage, ServerResponse, FastifyBaseLogger, TypeBoxTypeProvider>;

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: DatabaseHandle;
    audit: AuditLog;
    /** Sends a message now: the mail job's way out. Areas queue mail with `mail` instead. */
    mailer: Mailer;
    /** Queues a message in the change's transaction (server/mail/mail-queue.ts). */
    mail: MailQueue;
    jobs: JobQueue;
    storage: Storage;
    /** What the people who run the portal watch (`/metrics`). */
    metrics: PortalMetrics;
    /** Whether the process takes requests: not once it is draining before a stop (`/readyz`). */
    readiness: Readiness;
  }
}
