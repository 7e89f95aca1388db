/**
 * The marketplace team's billing reports, /api/v1/admin/billing-reports: every supplier's submitted
 * reports (filters agency, supplier, notice, period), one report, and the CSV export (streamed,
 * formula-safe). Team only (app.requireTeamMember).
 */
import {
  TeamBillingReportListQuerySchema,
  TeamBillingReportListResponseSchema,
  TeamBillingReportSchema,
  BillingReportIdParamsSchema,
} from '../../../common/api/billing-reports';
import { errorResponses } from '../../../common/api/http';
import type { App } from '../../app-type';
import { CsvResponseSchema, sendCsv } from '../../http/csv-reply';
import { BILLING_REPORT_CSV_COLUMNS, exportBillingReportRecords, getBillingReportForTeam, listBillingReportsForTeam } from './service';

export async function registerTeamBillingReportRoutes(app: App): Promise<void> {
  const { db } = app.database;
  const guards = [app.authenticate, app.requireTeamMember];
  const tags = ['admin'];

  app.get(
    '/admin/billing-reports',
    {
      preValidation: guards,
      schema: {
        tags,
        summary: "Every supplier's submitted billing reports, the latest month first; by agency, supplier, notice, month",
        querystring: TeamBillingReportListQuerySchema,
        response: { 200: TeamBillingReportListResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listBillingReportsForTeam(db, request.query),
  );

  app.get(
    '/admin/billing-reports/export.csv',
    {
      preValidation: guards,
      schema: {
        tags,
        summary: 'Downloads the billing reports of the filters (every page) as a CSV file, streamed',
        querystring: TeamBillingReportListQuerySchema,
        response: {
          200: CsvResponseSchema,
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request, reply) =>
      sendCsv(reply, {
        fileName: 'billing-reports.csv',
        columns: BILLING_REPORT_CSV_COLUMNS,
        records: exportBillingReportRecords(db, request.query),
        failureMessage: 'billing reports export failed',
      }),
  );

  app.get(
    '/admin/billing-reports/:id',
    {
      preValidation: guards,
      schema: {
        tags,
        summary: 'One submitted billing report of any supplier',
        params: BillingReportIdParamsSchema,
        response: { 200: TeamBillingReportSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => getBillingReportForTeam(db, request.params.id),
  );
}
