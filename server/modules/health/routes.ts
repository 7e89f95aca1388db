/**
 * GET /healthz (liveness): the process is up and the database answers.
 * GET /readyz (readiness): send it requests. The database answers, has every migration this build
 * ships, the job queue is open, and the process is not draining before a stop.
 */
import { Type } from 'typebox';
import type { App } from '../../app-type';
import { migrationsAreApplied } from '../../db/migration-state';

const HealthSchema = Type.Object({ status: Type.String(), database: Type.String() });

const ReadinessSchema = Type.Object({
  status: Type.Union([Type.Literal('ready'), Type.Literal('not ready')]),
  checks: Type.Object({
    database: Type.Union([Type.Literal('ok'), Type.Literal('unavailable')]),
    migrations: Type.Union([Type.Literal('ok'), Type.Literal('behind'), Type.Literal('unknown')]),
    jobQueue: Type.Union([Type.Literal('ok'), Type.Literal('not open')]),
    draining: Type.Boolean(),
  }),
});

export async function registerHealthRoutes(app: App): Promise<void> {
  app.get(
    '/healthz',
    { schema: { hide: true, response: { 200: HealthSchema, 503: HealthSchema } } },
    async (request, reply) => {
      try {
        await app.database.ping();
        return { status: 'ok', database: app.database.driver };
      } catch (error) {
        request.log.error({ err: error }, 'health check: database did not answer');
        return reply.status(503).send({ status: 'unavailable', database: app.database.driver });
      }
    },
  );

  app.get(
    '/readyz',
    { schema: { hide: true, response: { 200: ReadinessSchema, 503: ReadinessSchema } } },
    async (request, reply) => {
      let database: 'ok' | 'unavailable' = 'ok';
      let migrations: 'ok' | 'behind' | 'unknown' = 'unknown';
      try {
        migrations = (await migrationsAreApplied(app.database.db)) ? 'ok' : 'behind';
      } catch (error) {
        database = 'unavailable';
        request.log.error({ err: error }, 'readiness check: database did not answer');
      }
      const checks = { database, migrations, jobQueue: app.jobs.isOpen() ? ('ok' as const) : ('not open' as const), draining: app.readiness.isDraining };
      const ready = checks.database === 'ok' && checks.migrations === 'ok' && checks.jobQueue === 'ok' && !checks.draining;
      return reply.status(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not ready', checks });
    },
  );
}
