/**
 * The team app's work queues, GET /api/v1/admin/queues (team only): what waits for the marketplace
 * team in each queue, its oldest item's age and how many items are past REVIEW_TARGET_DAYS.
 */
import { errorResponses } from '../../../common/api/http';
import { WorkQueuesResponseSchema } from '../../../common/api/queues';
import type { App } from '../../app-type';
import { listWorkQueues } from './service';

export async function registerTeamQueueRoutes(app: App): Promise<void> {
  const { db } = app.database;

  app.get(
    '/admin/queues',
    {
      preValidation: [app.authenticate, app.requireTeamMember],
      schema: {
        tags: ['admin'],
        summary: 'The team\'s work queues: each with its count, its oldest item\'s age and the items past the review target (REVIEW_TARGET_DAYS working days)',
        response: { 200: WorkQueuesResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async () => listWorkQueues(db, new Date(), app.config.reviewTargetDays),
  );
}
