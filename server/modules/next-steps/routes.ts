/**
 * The supplier's next steps, GET /api/v1/next-steps (app.requireSupplier): what needs doing for the active
 * supplier, for the dashboard's first screen. Only the header's supplier, once its membership is checked.
 */
import { errorResponses } from '../../../common/api/http';
import { NextStepsResponseSchema } from '../../../common/api/next-steps';
import type { App } from '../../app-type';
import { getCurrentUser, getSupplierContext } from '../../auth/context';
import { findSupplierNextSteps } from './service';

export async function registerNextStepsRoutes(app: App): Promise<void> {
  const { db } = app.database;

  app.get(
    '/next-steps',
    {
      preValidation: [app.authenticate, app.requireSupplier],
      schema: {
        tags: ['next-steps'],
        summary: "What needs doing for the active supplier: billing reports due up to last month, applications waiting on it, the caller's unread messages",
        response: { 200: NextStepsResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => findSupplierNextSteps(db, getSupplierContext(request).supplierId, getCurrentUser(request).id, new Date()),
  );
}
