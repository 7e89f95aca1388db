/**
 * The marketplace team's billing reports, /api/v1/admin/billing-reports: every supplier's submitted
 * reports (filters agency, supplier, notice, period), one report, and the CSV export (streamed,
 * formula-safe). Staff only (app.requireStaff).
 */
import { Readable, pipeline } from 'node:stream';
import { stringify } from 'csv-stringify';
import { Type } from 'typebox';
import {
  AdminBillingReportListQuerySchema,
  AdminBillingReportListResponseSchema,
  AdminBillingReportSchema,
  BillingReportIdParamsSchema,
} from '../../../common/api/billing-reports';
import { errorResponses } from '../../../common/api/http';
import type { App } from '../../app-type';
import { attachmentDisposition } from '../../http/content-disposition';
import { BILLING_REPORT_CSV_COLUMNS, exportBillingReportRecords, getBillingReportForStaff, listBillingReportsForStaff } from './service';

export async function registerTeamBillingReportRoutes(app: App): Promise<void> {
  const { db } = app.database;
  const guards = [app.authenticate, app.requireStaff];
  const tags = ['admin'];

  app.get(
    '/admin/billing-reports',
    {
      preValidation: guards,
      schema: {
        tags,
        summary: "Every supplier's submitted billing reports, the latest month first; by agency, supplier, notice, month",
        querystring: AdminBillingReportListQuerySchema,
        response: { 200: AdminBillingReportListResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listBillingReportsForStaff(db, request.query),
  );

  app.get(
    '/admin/billing-reports/export.csv',
    {
      preValidation: guards,
      schema: {
        tags,
        summary: 'Downloads the billing reports of the filters (every page) as a CSV file, streamed',
        querystring: AdminBillingReportListQuerySchema,
        response: {
          200: {
            description: 'UTF-8 CSV with a byte-order mark, as an attachment',
            content: { 'text/csv': { schema: Type.Unsafe<Readable>({ type: 'string' }) } },
          },
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request, reply) => {
      const csv = stringify({ header: true, columns: [...BILLING_REPORT_CSV_COLUMNS], bom: true });
      pipeline(Readable.from(exportBillingReportRecords(db, request.query)), csv, (error) => {
        if (error) {
          request.log.error({ err: error }, 'billing reports export failed');
        }
      });
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', attachmentDisposition('billing-reports.csv'))
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );

  app.get(
    '/admin/billing-reports/:id',
    {
      preValidation: guards,
      schema: {
        tags,
        summary: 'One submitted billing report of any supplier',
        params: BillingReportIdParamsSchema,
        response: { 200: AdminBillingReportSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => getBillingReportForStaff(db, request.params.id),
  );
}
