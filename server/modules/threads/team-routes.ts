/**
 * The marketplace team's side of threads, /api/v1/admin/threads: the team inbox (every supplier's
 * threads, filtered, with the caller's unread counts), the caller's unread total, one thread and its
 * earlier messages (reading either marks the thread read for the caller), a reply (as the team, with
 * an optional attachment), assignment to a team member and resolving. Team only (users.isTeamMember).
 */
import {
  TeamThreadListQuerySchema,
  TeamThreadListResponseSchema,
  TeamThreadParamsSchema,
  TeamThreadSchema,
  TeamThreadSummarySchema,
  AssignThreadRequestSchema,
  EarlierMessagesQuerySchema,
  EarlierMessagesResponseSchema,
  PostMessageRequestSchema,
  ThreadMessageSchema,
  ThreadSchema,
  UnreadCountResponseSchema,
} from '../../../common/api/threads';
import { errorResponses } from '../../../common/api/http';
import type { App } from '../../app-type';
import { actorOf } from '../../auth/actor';
import { getCurrentUser } from '../../auth/context';
import { assignThread, countUnread, listTeamInbox, markThreadRead } from './inbox';
import { newMessageNotifier } from './notify';
import { getThreadForTeam, listEarlierMessages, postMessage, resolveThread } from './service';

const routeErrors = errorResponses(400, 401, 403, 404);

export async function registerTeamThreadRoutes(app: App): Promise<void> {
  const { db } = app.database;
  const notify = newMessageNotifier(app.mail, { productName: app.config.productName, publicUrl: app.config.publicUrl });
  const guards = [app.authenticate, app.requireTeamMember];
  const tags = ['admin'];

  app.get(
    '/admin/threads',
    {
      preValidation: guards,
      schema: {
        tags,
        summary:
          'The team inbox: threads of all suppliers on every model, by assignee (a team member\'s id, or `none`), model, status (open by default) and supplier; open ones waiting on the team first, oldest first',
        querystring: TeamThreadListQuerySchema,
        response: { 200: TeamThreadListResponseSchema, ...routeErrors },
      },
    },
    async (request) => listTeamInbox(db, getCurrentUser(request).id, request.query),
  );

  app.get(
    '/admin/threads/unread-count',
    {
      preValidation: guards,
      schema: {
        tags,
        summary: 'The caller\'s unread messages in open threads, and how many threads hold them',
        response: { 200: UnreadCountResponseSchema, ...routeErrors },
      },
    },
    async (request) => countUnread(db, getCurrentUser(request).id),
  );

  app.get(
    '/admin/threads/:threadId',
    {
      preValidation: guards,
      schema: {
        tags,
        summary: 'One thread with its messages, supplier and assignee; marks it read for the caller',
        params: TeamThreadParamsSchema,
        response: { 200: TeamThreadSchema, ...routeErrors },
      },
    },
    async (request) => {
      const thread = await getThreadForTeam(db, request.params.threadId);
      await markThreadRead(db, thread.id, getCurrentUser(request).id);
      return thread;
    },
  );

  app.get(
    '/admin/threads/:threadId/messages',
    {
      preValidation: guards,
      schema: {
        tags,
        summary: 'Earlier messages of a thread: the page before message `before`, oldest first; marks the thread read for the caller',
        params: TeamThreadParamsSchema,
        querystring: EarlierMessagesQuerySchema,
        response: { 200: EarlierMessagesResponseSchema, ...routeErrors },
      },
    },
    async (request) => {
      const page = await listEarlierMessages(db, { supplierId: null }, request.params.threadId, request.query.before);
      await markThreadRead(db, request.params.threadId, getCurrentUser(request).id);
      return page;
    },
  );

  app.put(
    '/admin/threads/:threadId/assignee',
    {
      preValidation: guards,
      schema: {
        tags,
        summary: 'Assigns a thread to a team member (`userId`), or unassigns it (`null`); audited',
        params: TeamThreadParamsSchema,
        body: AssignThreadRequestSchema,
        response: { 200: TeamThreadSummarySchema, ...routeErrors },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      return assignThread(db, app.audit, actor, request.params.threadId, request.body.userId);
    },
  );

  app.post(
    '/admin/threads/:threadId/message',
    {
      preValidation: guards,
      schema: {
        tags,
        summary: 'Replies as the marketplace team (reopens a resolved thread)',
        params: TeamThreadParamsSchema,
        body: PostMessageRequestSchema,
        response: { 200: ThreadMessageSchema, ...routeErrors },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const { message } = await postMessage(db, app.audit, actor, { threadId: request.params.threadId }, request.body, notify);
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
        params: TeamThreadParamsSchema,
        response: { 200: ThreadSchema, ...routeErrors },
      },
    },
    async (request) => resolveThread(db, app.audit, actorOf(request), { threadId: request.params.threadId }),
  );
}
