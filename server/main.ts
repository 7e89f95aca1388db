/**
 * The process: reads the configuration, opens and migrates the database, stores the product's form
 * definitions, seeds demo data when asked, builds the app, listens, runs the background jobs (a
 * worker process, JOB_WORKER), and shuts down cleanly on SIGTERM or SIGINT: first not ready
 * (`/readyz`) for SHUTDOWN_DRAIN_SECONDS while still serving, then no new request or job, the running
 * ones finished (a job still running after a grace period is failed, to be retried), all within
 * SHUTDOWN_TIMEOUT_SECONDS.
 */
import { buildApp } from './app';
import { startTracing, stopTracing } from './tracing/tracing';
import { INSIGHTS_REFRESH_QUEUE } from './modules/insights/routes';
import { OPEN_DATA_BULK_QUEUE, OPEN_DATA_PUBLISH_QUEUE, type BulkJobData } from './modules/open-data/routes';
import { ConfigError, loadConfig } from './config';
import { ensureFormDefinitions } from './db/content/index';
import { openDatabase } from './db/client';
import { DEMO_TEAM_AUTHENTICATOR_KEY } from './seed/demo-second-factors';
import { DEMO_PASSWORD, demoAccounts, seedDemoData } from './seed/index';

async function main(): Promise<void> {
  const config = loadConfig();
  // Before the database opens: its statements are traced from the first.
  startTracing(config.tracing);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    readUrl: config.databaseReadUrl,
    dataDir: config.dataDir,
    poolSize: config.databasePoolSize,
  });
  await database.migrate();
  // Forms are product content: every database needs them, production included.
  await ensureFormDefinitions(database.db);
  const app = await buildApp(config, { database });
  // The job queue opens as the app gets ready: the demo data's mail jobs go in its tables.
  await app.ready();

  if (config.seedDemo && (await seedDemoData(database.db, new Date(), { withMailJobs: true, storage: app.storage }))) {
    app.log.info('seeded demo data into the empty database');
  }
  // What became publishable while no worker ran (and the demo's records) is published at once, not
  // at the schedule's next turn; the day's bulk file is written if there is none yet.
  await app.jobs.send(OPEN_DATA_PUBLISH_QUEUE, {});
  const bulkIfMissing: BulkJobData = { ifMissing: true };
  await app.jobs.send(OPEN_DATA_BULK_QUEUE, bulkIfMissing);
  // The insights page's figures, added up from what is there now (the demo's records included).
  await app.jobs.send(INSIGHTS_REFRESH_QUEUE, {});

  let isShuttingDown = false;
  const shutDown = async (signal: string) => {
    if (isShuttingDown) {
      return;
    }
    isShuttingDown = true;
    // Not ready from now on, while still serving: the load balancer stops sending requests here
    // before the close refuses them.
    app.readiness.startDraining();
    const { drainSeconds, timeoutSeconds } = config.shutdown;
    if (drainSeconds > 0) {
      app.log.info({ signal, drainSeconds }, 'draining: reporting not ready, still serving, before the close');
      await new Promise((resolve) => setTimeout(resolve, drainSeconds * 1000));
    }
    app.log.info({ signal }, 'shutting down: finishing requests and jobs in flight');
    // A request or a job that never ends must not keep the process from stopping.
    setTimeout(() => {
      app.log.error({ timeoutSeconds }, 'shutdown took longer than SHUTDOWN_TIMEOUT_SECONDS: exiting with what is still in flight');
      process.exit(1);
    }, timeoutSeconds * 1000).unref();
    try {
      await app.close();
      await database.close();
      await stopTracing();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void shutDown('SIGTERM'));
  process.once('SIGINT', () => void shutDown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  if (config.jobs.isWorker) {
    app.jobs.startWorking();
  }
  const where = config.databaseUrl
    ? `PostgreSQL (DATABASE_URL${config.databaseReadUrl ? ', lag-tolerant public reads from the standby of DATABASE_READ_URL' : ''})`
    : `embedded PGlite in ${config.dataDir}`;
  // performance.now() counts from the process's start: what a restart costs, imports included.
  const startedIn = (performance.now() / 1000).toFixed(1);
  const lines = [
    `${config.productName} portal: ${config.publicUrl} (listening ${startedIn} s after the process started)`,
    `database: ${where}`,
    `identity provider: ${config.oidc.embedded ? `embedded at ${config.oidc.issuer}` : config.oidc.issuer}`,
  ];
  if (config.seedDemo && config.oidc.embedded) {
    lines.push(`demo accounts (password "${DEMO_PASSWORD}"):`);
    for (const account of demoAccounts) {
      lines.push(`  ${account.email.padEnd(22)} ${account.name}: ${account.role}`);
    }
    lines.push(`demo authenticator app key (the team's second step): ${DEMO_TEAM_AUTHENTICATOR_KEY}`);
  }
  process.stdout.write(`\n${lines.join('\n')}\n\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(
    error instanceof ConfigError ? `Configuration error: ${error.message}\n` : `Failed to start: ${String(error)}\n`,
  );
  if (!(error instanceof ConfigError) && error instanceof Error && error.stack) {
    process.stderr.write(`${error.stack}\n`);
  }
  process.exit(1);
});
