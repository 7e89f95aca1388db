/**
 * The supplier side of threads (spec §7): GET/POST /{model}/{id}/thread,
 * POST /{model}/{id}/thread/{threadId}/message and PUT /{model}/{id}/thread/{threadId}/resolve, plus
 * GET /{model}/{id}/thread/{threadId}/messages?before= for the earlier messages of a long thread,
 * registered once per model of the registry (models.ts); an unknown model has no route (404).
 */
import {
  CreateThreadRequestSchema,
  EarlierMessagesQuerySchema,
  EarlierMessagesResponseSchema,
  PostMessageRequestSchema,
  SupplierThreadListQuerySchema,
  SupplierThreadListResponseSchema,
  ThreadListQuerySchema,
  ThreadListResponseSchema,
  ThreadMessageSchema,
  ThreadParamsSchema,
  ThreadRecordParamsSchema,
  ThreadSchema,
  UnreadCountResponseSchema,
} from '../../../common/api/threads';
import { errorResponses } from '../../../common/api/http';
import type { App } from '../../app-type';
import { supplierActorOf } from '../../auth/actor';
import { getCurrentUser, getSupplierContext } from '../../auth/context';
import { THREAD_MODEL_NAMES } from './models';
import { countUnread, listSupplierThreads, markThreadsRead } from './inbox';
import { threadDigestJobKind } from './digest';
import { newMessageNotifier } from './notify';
import { createThread, listEarlierMessages, listThreads, postMessage, resolveThread } from './service';

const routeErrors = errorResponses(400, 401, 403, 404);
const postErrors = errorResponses(400, 401, 403, 404, 429);

export async function registerThreadModule(app: App): Promise<void> {
  const { db } = app.database;
  const guards = [app.authenticate, app.requireSupplier];
  const notify = newMessageNotifier(app.mail, { productName: app.config.productName, publicUrl: app.config.publicUrl });
  app.jobs.define(
    threadDigestJobKind(
      { db, mail: app.mail, log: app.log, productName: app.config.productName, publicUrl: app.config.publicUrl },
      app.config.jobs.threadDigestSchedule,
    ),
  );

  app.get(
    '/messages',
    {
      preValidation: guards,
      schema: {
        tags: ['threads'],
        summary: "The active supplier's message threads on every record, open ones first, with the caller's unread messages in each",
        querystring: SupplierThreadListQuerySchema,
        response: { 200: SupplierThreadListResponseSchema, ...routeErrors },
      },
    },
    async (request) => listSupplierThreads(db, getSupplierContext(request).supplierId, getCurrentUser(request).id, request.query.page ?? 1),
  );

  app.get(
    '/messages/unread-count',
    {
      preValidation: guards,
      schema: {
        tags: ['threads'],
        summary: "The caller's unread messages in the active supplier's open threads, for the dashboard's navigation",
        response: { 200: UnreadCountResponseSchema, ...routeErrors },
      },
    },
    async (request) => countUnread(db, getCurrentUser(request).id, getSupplierContext(request).supplierId),
  );

  for (const model of THREAD_MODEL_NAMES) {
    const base = `/${model}/:id/thread`;
    const tags = ['threads'];

    app.get(
      base,
      {
        preValidation: guards,
        schema: {
          tags,
          summary: `Threads of a ${model} record of the active supplier, newest first, a page at a time`,
          params: ThreadRecordParamsSchema,
          querystring: ThreadListQuerySchema,
          response: { 200: ThreadListResponseSchema, ...routeErrors },
        },
      },
      async (request) => {
        const record = { model, recordId: request.params.id };
        const listed = await listThreads(db, record, getSupplierContext(request).supplierId, request.query.page ?? 1);
        // The screen that asks shows the page's threads: their messages are read now.
        await markThreadsRead(db, listed.threads.map((thread) => thread.id), getCurrentUser(request).id);
        return listed;
      },
    );

    app.post(
      base,
      {
        preValidation: guards,
        schema: {
          tags,
          summary: `Opens a thread on a ${model} record with its first message`,
          params: ThreadRecordParamsSchema,
          body: CreateThreadRequestSchema,
          response: { 200: ThreadSchema, ...postErrors },
        },
      },
      async (request) => {
        const actor = supplierActorOf(request);
        const record = { model, recordId: request.params.id };
        const { thread } = await createThread(db, app.audit, actor, record, request.body, notify, app.config.newThreadsPerSupplierPerDay);
        return thread;
      },
    );

    app.post(
      `${base}/:threadId/message`,
      {
        preValidation: guards,
        schema: {
          tags,
          summary: `Appends a message to a thread of a ${model} record (reopens a resolved thread)`,
          params: ThreadParamsSchema,
          body: PostMessageRequestSchema,
          response: { 200: ThreadMessageSchema, ...postErrors },
        },
      },
      async (request) => {
        const actor = supplierActorOf(request);
        const target = { threadId: request.params.threadId, record: { model, recordId: request.params.id } };
        const { message } = await postMessage(db, app.audit, actor, target, request.body, notify);
        return message;
      },
    );

    app.get(
      `${base}/:threadId/messages`,
      {
        preValidation: guards,
        schema: {
          tags,
          summary: `Earlier messages of a thread of a ${model} record: the page before message \`before\`, oldest first`,
          params: ThreadParamsSchema,
          querystring: EarlierMessagesQuerySchema,
          response: { 200: EarlierMessagesResponseSchema, ...routeErrors },
        },
      },
      async (request) => {
        const scope = { record: { model, recordId: request.params.id }, supplierId: getSupplierContext(request).supplierId };
        return listEarlierMessages(db, scope, request.params.threadId, request.query.before);
      },
    );

    app.put(
      `${base}/:threadId/resolve`,
      {
        preValidation: guards,
        schema: {
          tags,
          summary: `Marks a thread of a ${model} record resolved`,
          params: ThreadParamsSchema,
          response: { 200: ThreadSchema, ...routeErrors },
        },
      },
      async (request) => {
        const target = { threadId: request.params.threadId, record: { model, recordId: request.params.id } };
        return resolveThread(db, app.audit, supplierActorOf(request), target);
      },
    );
  }
}
