/**
 * The supplier's reporting (spec §2 /engagement-notices and /billing-reports, §7). Engagement
 * notices: the list, one notice, save or submit, withdraw, delete a draft; the approved agencies'
 * source list is the agencies area's (GET /engagement-notice/agency) and the services' is
 * GET /service?approved=true. Billing reports: the list, one report, save or submit, delete a
 * draft, and the form's source lists (the supplier's submitted notices, and the services of one of
 * them or of all of them). Another supplier's notice or report answers 404.
 */
import { billingReminderJobKind } from './reminders';
import {
  BillingReportIdParamsSchema,
  BillingReportListQuerySchema,
  BillingReportListResponseSchema,
  BillingReportResponseSchema,
  BillingReportServicesQuerySchema,
  NoticeServiceListSchema,
  ReportableNoticeListSchema,
  SaveBillingReportRequestSchema,
  SaveBillingReportResponseSchema,
} from '../../../common/api/billing-reports';
import {
  EngagementNoticeIdParamsSchema,
  EngagementNoticeListQuerySchema,
  EngagementNoticeListResponseSchema,
  EngagementNoticeResponseSchema,
  SaveEngagementNoticeRequestSchema,
  SaveEngagementNoticeResponseSchema,
  WithdrawEngagementNoticeRequestSchema,
} from '../../../common/api/engagement-notices';
import { ConfidentialityRequestSchema } from '../../../common/api/confidentiality';
import { FormDefinitionResponseSchema } from '../../../common/api/forms';
import { errorResponses, NoContentResponseSchema } from '../../../common/api/http';
import { BILLING_REPORT_FORM_KEY } from '../../../common/reporting/billing-reports';
import { ENGAGEMENT_NOTICE_FORM_KEY } from '../../../common/reporting/engagement-notices';
import type { App } from '../../app-type';
import { supplierActorOf } from '../../auth/actor';
import { getSupplierContext } from '../../auth/context';
import { newRecordForm } from '../forms/record-forms';
import { deleteBillingReport, getBillingReport, listBillingReports, saveBillingReport } from './billing-reports';
import {
  deleteEngagementNotice,
  getEngagementNotice,
  listEngagementNotices,
  listNoticeServices,
  listReportableNotices,
  saveEngagementNotice,
  setSupplierConfidentiality,
  withdrawEngagementNotice,
} from './engagement-notices';

export async function registerReportingModule(app: App): Promise<void> {
  const { db } = app.database;
  app.jobs.define(
    billingReminderJobKind(
      { db, mail: app.mail, log: app.log, productName: app.config.productName, publicUrl: app.config.publicUrl },
      app.config.jobs.billingReminderSchedule,
    ),
  );
  const supplierOnly = { preValidation: [app.authenticate, app.requireSupplier] };
  const noticeTags = ['engagement-notices'];
  const reportTags = ['billing-reports'];

  // Engagement notices

  app.get(
    '/engagement-notice',
    {
      ...supplierOnly,
      schema: {
        tags: noticeTags,
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
        tags: noticeTags,
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
        tags: noticeTags,
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
        tags: noticeTags,
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
        tags: noticeTags,
        summary: 'Withdraws a submitted engagement notice, with a reason from the list (and its text for Other)',
        params: EngagementNoticeIdParamsSchema,
        body: WithdrawEngagementNoticeRequestSchema,
        response: { 200: EngagementNoticeResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => withdrawEngagementNotice(db, app.audit, supplierActorOf(request), request.params.id, request.body),
  );

  app.post(
    '/engagement-notice/confidentiality/:id',
    {
      ...supplierOnly,
      schema: {
        tags: noticeTags,
        summary: 'Keeps a sent engagement notice out of open data with a reason, or lets it be published, until the agency confirms it',
        params: EngagementNoticeIdParamsSchema,
        body: ConfidentialityRequestSchema,
        response: { 200: EngagementNoticeResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => setSupplierConfidentiality(db, app.audit, supplierActorOf(request), request.params.id, request.body),
  );

  app.delete(
    '/engagement-notice/:id',
    {
      ...supplierOnly,
      schema: {
        tags: noticeTags,
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

  // Billing reports

  app.get(
    '/billing-report',
    {
      ...supplierOnly,
      schema: {
        tags: reportTags,
        summary: "The active supplier's billing reports, a page at a time; by status or notice, sorted",
        querystring: BillingReportListQuerySchema,
        response: { 200: BillingReportListResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listBillingReports(db, getSupplierContext(request).supplierId, request.query),
  );

  app.get(
    '/billing-report/engagement-notices',
    {
      ...supplierOnly,
      schema: {
        tags: reportTags,
        summary: "The source list of notices: the active supplier's submitted (not withdrawn) engagement notices, with the months already reported",
        response: { 200: ReportableNoticeListSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => listReportableNotices(db, getSupplierContext(request).supplierId),
  );

  app.get(
    '/billing-report/services',
    {
      ...supplierOnly,
      schema: {
        tags: reportTags,
        summary:
          'The source list of services: those of one of the active supplier\u2019s engagement notices, or without engagementNotice those of all its submitted ones (what a billing report can be about)',
        querystring: BillingReportServicesQuerySchema,
        response: { 200: NoticeServiceListSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => listNoticeServices(db, getSupplierContext(request).supplierId, request.query.engagementNotice ?? null),
  );

  app.get(
    '/billing-report/form',
    {
      ...supplierOnly,
      schema: {
        tags: reportTags,
        summary: 'The form a new billing report is written on (its latest version)',
        response: { 200: FormDefinitionResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async () => newRecordForm(db, BILLING_REPORT_FORM_KEY),
  );

  app.get(
    '/billing-report/:id',
    {
      ...supplierOnly,
      schema: {
        tags: reportTags,
        summary: 'One of the active supplier\u2019s billing reports: its answers, form and status history',
        params: BillingReportIdParamsSchema,
        response: { 200: BillingReportResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => getBillingReport(db, getSupplierContext(request).supplierId, request.params.id),
  );

  app.post(
    '/billing-report/save',
    {
      ...supplierOnly,
      schema: {
        tags: reportTags,
        summary: 'Saves a draft (status draft) or submits (status submitted: checked in full, then locked) a billing report',
        body: SaveBillingReportRequestSchema,
        response: { 200: SaveBillingReportResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => saveBillingReport(db, app.audit, supplierActorOf(request), request.body),
  );

  app.delete(
    '/billing-report/:id',
    {
      ...supplierOnly,
      schema: {
        tags: reportTags,
        summary: 'Deletes one of the active supplier\u2019s billing reports while it is a draft',
        params: BillingReportIdParamsSchema,
        response: { 204: NoContentResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await deleteBillingReport(db, app.audit, supplierActorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
