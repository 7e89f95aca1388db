/**
 * The supplier's billing reports (spec §2 /billing-reports, §7): the list, one report, save or
 * submit, delete a draft, and the form's source lists: the supplier's submitted notices and the
 * services of one of them (or of all of them). Another supplier's report or notice answers 404.
 */
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
import { BILLING_REPORT_FORM_KEY } from '../../../common/billing-reports';
import { FormDefinitionResponseSchema } from '../../../common/api/forms';
import { errorResponses, NoContentResponseSchema } from '../../../common/api/http';
import type { App } from '../../app-type';
import { supplierActorOf } from '../../auth/actor';
import { getSupplierContext } from '../../auth/context';
import { listNoticeServices, listReportableNotices } from '../engagement-notices/service';
import { newRecordForm } from '../forms/record-forms';
import { deleteBillingReport, getBillingReport, listBillingReports, saveBillingReport } from './service';

export async function registerBillingReportsModule(app: App): Promise<void> {
  const { db } = app.database;
  const supplierOnly = { preValidation: [app.authenticate, app.requireSupplier] };
  const tags = ['billing-reports'];

  app.get(
    '/billing-report',
    {
      ...supplierOnly,
      schema: {
        tags,
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
        tags,
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
        tags,
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
        tags,
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
        tags,
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
        tags,
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
        tags,
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
