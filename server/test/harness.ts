/**
 * Builds the real app on a fresh database for one test file: PGlite cloned from the run's migrated
 * template by default, a database cloned on the PostgreSQL server when DATABASE_URL is set.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { RouteOptions } from 'fastify';
import { buildApp } from '../app';
import type { App } from '../app-type';
import { loadConfig, type Config } from '../config';
import type { DatabaseHandle } from '../db/client';
import { listOutbox, type OutboxEntry } from '../mail/index';
import { createTestDatabase } from './database';

export { createTestDatabase };

/** The configuration tests run with: quiet logs, no demo data, the embedded provider on a fixed URL. */
export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    // Tests that read the log lines parse them.
    LOG_FORMAT: 'json',
    PUBLIC_URL: 'http://localhost:3999',
    SEED_DEMO: 'false',
    // Tests run the queued jobs when they choose (`runQueuedJobs`), not on a worker's timer.
    JOB_WORKER: 'false',
    ...env,
  });
}

export interface TestContext {
  app: App;
  database: DatabaseHandle;
  config: Config;
  /** Every route the app registered, in order (HEAD twins included). */
  routes: RouteOptions[];
  /** Runs every job due now (mail queued by the requests so far, …) as a worker would; answers how many ran. */
  runQueuedJobs(): Promise<number>;
  /** Sends the mail queued so far (runs the due jobs), then lists the outbox, newest first. */
  deliverMail(): Promise<OutboxEntry[]>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Adds test-only routes before the app is ready (e.g. a page or route of a mechanism no area uses yet). */
  beforeReady?: (app: App) => void | Promise<void>;
  /** Receives the app's log lines (set LOG_LEVEL in `env` too: tests are silent by default). */
  logStream?: { write(line: string): void };
}

export async function buildTestApp(env: Record<string, string> = {}, options: TestAppOptions = {}): Promise<TestContext> {
  // Outbox mail and uploads land in a folder of this test's own, removed on close.
  const dataDir = await mkdtemp(path.join(tmpdir(), 'marketplace-test-'));
  const config = testConfig({ DATA_DIR: dataDir, ...env });
  const database = await createTestDatabase();
  const routes: RouteOptions[] = [];
  const app = await buildApp(config, {
    database,
    onRoute: (route) => routes.push(route),
    ...(options.logStream ? { logStream: options.logStream } : {}),
  });
  await options.beforeReady?.(app);
  await app.ready();
  return {
    app,
    database,
    config,
    routes,
    runQueuedJobs: () => app.jobs.runDueJobs(),
    async deliverMail() {
      await app.jobs.runDueJobs();
      return listOutbox(config.mail.outboxDir);
    },
    async close() {
      await app.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Processes of one deployment, as apps on one database: `start` builds another (a process started,
 * or restarted after a change it reads at start); `close` closes them all, then the database.
 */
export interface OneDatabase {
  database: DatabaseHandle;
  config: Config;
  start(): Promise<App>;
  /** Stops one (a process stopped before a restart). */
  stop(app: App): Promise<void>;
  close(): Promise<void>;
}

export async function appsOnOneDatabase(env: Record<string, string> = {}): Promise<OneDatabase> {
  const config = testConfig(env);
  const database = await createTestDatabase();
  const apps: App[] = [];
  return {
    database,
    config,
    async start() {
      const app = await buildApp(config, { database });
      await app.ready();
      apps.push(app);
      return app;
    },
    async stop(app) {
      apps.splice(apps.indexOf(app), 1);
      await app.close();
    },
    async close() {
      for (const app of apps) {
        await app.close();
      }
      await database.close();
    },
  };
}
