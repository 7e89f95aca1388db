/**
 * The marketplace team's side of threads, /api/v1/admin/threads: open threads of all suppliers,
 * one thread, its earlier messages, a reply (as the team) and resolving. Staff only (users.isStaff); screens come later.
 */
import type { FastifyRequest } from 'fastify';
import {
  AdminThreadListQuerySchema,
  AdminThreadListResponseSchema,
  AdminThreadParamsSchema,
  AdminThreadSchema,
  EarlierMessagesQuerySchema,
  EarlierMessagesResponseSchema,
  PostMessageRequestSchema,
  ThreadMessageSchema,
  ThreadSchema,
} from '../../../common/api/threads';
import { errorResponses } from '../../../common/api/http';
import type { App } from '../../app-type';
import { getCurrentUser } from '../../auth/context';
import { notifyNewMessage } from './notify';
import { getThreadForStaff, listEarlierMessages, listOpenThreads, postMessage, resolveThread, type ThreadActor } from './service';

const routeErrors = errorResponses(400, 401, 403, 404);

function staffActor(request: FastifyRequest): ThreadActor {
  return { userId: getCurrentUser(request).id, supplierId: null, isStaff: true, requestId: request.id };
}

export async function registerTeamThreadRoutes(app: App): Promise<void> {
  const { db } = app.database;
  const guards = [app.authenticate, app.requireStaff];
  const tags = ['admin'];

  app.get(
    '/admin/threads',
    {
      preValidation: guards,
      schema: {
        tags,
        summary: 'Open threads of all suppliers, latest activity first',
        querystring: AdminThreadListQuerySchema,
        response: { 200: AdminThreadListResponseSchema, ...routeErrors },
      },
    },
    async (request) => listOpenThreads(db, request.query.page ?? 1),
  );

  app.get(
    '/admin/threads/:threadId',
    {
      preValidation: guards,
      schema: {
        tags,
        summary: 'One thread with its messages and supplier',
        params: AdminThreadParamsSchema,
        response: { 200: AdminThreadSchema, ...routeErrors },
      },
    },
    async (request) => getThreadForStaff(db, request.params.threadId),
  );

  app.get(
    '/admin/threads/:threadId/messages',
    {
      preValidation: guards,
      schema: {
        tags,
        summary: 'Earlier messages of a thread: the page before message `before`, oldest first',
        params: AdminThreadParamsSchema,
        querystring: EarlierMessagesQuerySchema,
        response: { 200: EarlierMessagesResponseSchema, ...routeErrors },
      },
    },
    async (request) => listEarlierMessages(db, { supplierId: null }, request.params.threadId, request.query.before),
  );

  app.post(
    '/admin/threads/:threadId/message',
    {
      preValidation: guards,
      schema: {
        tags,
        summary: 'Replies as the marketplace team (reopens a resolved thread)',
        params: AdminThreadParamsSchema,
        body: PostMessageRequestSchema,
        response: { 200: ThreadMessageSchema, ...routeErrors },
      },
    },
    async (request) => {
      const actor = staffActor(request);
      const { message, thread } = await postMessage(db, app.audit, actor, { threadId: request.params.threadId }, request.body);
      await notifyNewMessage(
        db,
        app.mailer,
        request.log,
        { productName: app.config.productName, publicUrl: app.config.publicUrl },
        {
          threadTitle: thread.title,
          supplierId: thread.supplierId,
          createdByUserId: thread.createdByUserId,
          isFromStaff: true,
          authorUserId: actor.userId,
        },
      );
      return message;
    },
  );

  app.put(
    '/admin/threads/:threadId/resolve',
    {
      preValidation: guards,
      schema: {
        tags,
        summary: 'Marks a thread resolved',
        params: AdminThreadParamsSchema,
        response: { 200: ThreadSchema, ...routeErrors },
      },
    },
    async (request) => resolveThread(db, app.audit, staffActor(request), { threadId: request.params.threadId }),
  );
}
