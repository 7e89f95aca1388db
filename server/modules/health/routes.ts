/** GET /healthz: the process is up and the database answers. */
import { Type } from 'typebox';
import type { App } from '../../app-type';

const HealthSchema = Type.Object({ status: Type.String(), database: Type.String() });

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
}
