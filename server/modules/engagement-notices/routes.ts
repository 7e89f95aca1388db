/**
 * The supplier's engagement notices (spec §2 /engagement-notices, §7): the list, one notice, save
 * or submit, withdraw, delete a draft. The approved agencies' source list is the agencies area's
 * (GET /engagement-notice/agency) and the services' is GET /service?approved=true. Another
 * supplier's notice answers 404.
 */
import {
  EngagementNoticeIdParamsSchema,
  EngagementNoticeListQuerySchema,
  EngagementNoticeListResponseSchema,
  EngagementNoticeResponseSchema,
  SaveEngagementNoticeRequestSchema,
  SaveEngagementNoticeResponseSchema,
  WithdrawEngagementNoticeRequestSchema,
} from '../../../common/api/engagement-notices';
import { ENGAGEMENT_NOTICE_FORM_KEY } from '../../../common/engagement-notices';
import { FormDefinitionResponseSchema } from '../../../common/api/forms';
import { errorResponses, NoContentResponseSchema } from '../../../common/api/http';
import type { App } from '../../app-type';
import { supplierActorOf } from '../../auth/actor';
import { getSupplierContext } from '../../auth/context';
import { newRecordForm } from '../forms/record-forms';
import {
  deleteEngagementNotice,
  getEngagementNotice,
  listEngagementNotices,
  saveEngagementNotice,
  withdrawEngagementNotice,
} from './service';

export async function registerEngagementNoticesModule(app: App): Promise<void> {
  const { db } = app.database;
  const supplierOnly = { preValidation: [app.authenticate, app.requireSupplier] };
  const tags = ['engagement-notices'];

  app.get(
    '/engagement-notice',
    {
      ...supplierOnly,
      schema: {
        tags,
        summary: "The active supplier's engagement notices, a page at a time; by status, sorted",
        querystring: EngagementNoticeListQuerySchema,
        response: { 200: EngagementNoticeListResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listEngagementNotices(db, getSupplierContext(request).supplierId, request.query),
  );

  app.get(
    '/engagement-notice/form',
    {
      ...supplierOnly,
      schema: {
        tags,
        summary: 'The form a new engagement notice is written on (its latest version)',
        response: { 200: FormDefinitionResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async () => newRecordForm(db, ENGAGEMENT_NOTICE_FORM_KEY),
  );

  app.get(
    '/engagement-notice/:id',
    {
      ...supplierOnly,
      schema: {
        tags,
        summary: 'One of the active supplier\u2019s engagement notices: its answers, form, status history and what was billed against it',
        params: EngagementNoticeIdParamsSchema,
        response: { 200: EngagementNoticeResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => getEngagementNotice(db, getSupplierContext(request).supplierId, request.params.id),
  );

  app.post(
    '/engagement-notice/save',
    {
      ...supplierOnly,
      schema: {
        tags,
        summary: 'Saves a draft (status draft) or submits (status submitted: checked in full, then locked) an engagement notice',
        body: SaveEngagementNoticeRequestSchema,
        response: { 200: SaveEngagementNoticeResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => saveEngagementNotice(db, app.audit, supplierActorOf(request), request.body),
  );

  app.post(
    '/engagement-notice/withdraw/:id',
    {
      ...supplierOnly,
      schema: {
        tags,
        summary: 'Withdraws a submitted engagement notice, with a reason from the list (and its text for Other)',
        params: EngagementNoticeIdParamsSchema,
        body: WithdrawEngagementNoticeRequestSchema,
        response: { 200: EngagementNoticeResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => withdrawEngagementNotice(db, app.audit, supplierActorOf(request), request.params.id, request.body),
  );

  app.delete(
    '/engagement-notice/:id',
    {
      ...supplierOnly,
      schema: {
        tags,
        summary: 'Deletes one of the active supplier\u2019s engagement notices while it is a draft',
        params: EngagementNoticeIdParamsSchema,
        response: { 204: NoContentResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await deleteEngagementNotice(db, app.audit, supplierActorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
