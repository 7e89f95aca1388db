/**
 * The supplier's to-do, GET /api/v1/to-do (app.requireSupplier): what needs doing for the active
 * supplier, for the dashboard's first screen. Only the header's supplier, once its membership is checked.
 */
import { errorResponses } from '../../../common/api/http';
import { ToDoResponseSchema } from '../../../common/api/to-do';
import type { App } from '../../app-type';
import { getCurrentUser, getSupplierContext } from '../../auth/context';
import { findSupplierToDo } from './service';

export async function registerToDoRoutes(app: App): Promise<void> {
  const { db } = app.database;

  app.get(
    '/to-do',
    {
      preValidation: [app.authenticate, app.requireSupplier],
      schema: {
        tags: ['to-do'],
        summary: "What needs doing for the active supplier: billing reports due up to last month, applications waiting on it, the caller's unread messages",
        response: { 200: ToDoResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => findSupplierToDo(db, getSupplierContext(request).supplierId, getCurrentUser(request).id, new Date()),
  );
}
