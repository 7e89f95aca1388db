/**
 * The marketplace team's audit log, /api/v1/admin/audit: the search (supplier, person, action
 * prefix, New Zealand date range; newest first, 50 a page) and its CSV export (streamed,
 * formula-safe). Team only (app.requireTeamMember); the rules are in service.ts.
 */
import { AUDIT_CSV_COLUMNS, AuditExportQuerySchema, AuditListQuerySchema, AuditListResponseSchema } from '../../../common/api/audit';
import { errorResponses } from '../../../common/api/http';
import type { App } from '../../app-type';
import { CsvResponseSchema, sendCsv } from '../../http/csv-reply';
import { exportAuditRecords, listAuditEntries } from './service';

export async function registerTeamAuditRoutes(app: App): Promise<void> {
  const { db } = app.database;
  const guards = [app.authenticate, app.requireTeamMember];
  const tags = ['admin'];

  app.get(
    '/admin/audit',
    {
      preValidation: guards,
      schema: {
        tags,
        summary: 'The audit log, newest first: by supplier, acting person (user id or part of the email), action prefix and New Zealand days',
        querystring: AuditListQuerySchema,
        response: { 200: AuditListResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listAuditEntries(db, request.query),
  );

  app.get(
    '/admin/audit/export.csv',
    {
      preValidation: guards,
      schema: {
        tags,
        summary: 'Downloads the audit entries of the filters (every page) as a CSV file, streamed',
        querystring: AuditExportQuerySchema,
        response: {
          200: CsvResponseSchema,
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request, reply) => {
      // Checks the filters (400) before the answer starts.
      const records = exportAuditRecords(db, request.query);
      return sendCsv(reply, { fileName: 'audit-log.csv', columns: AUDIT_CSV_COLUMNS, records, failureMessage: 'audit log export failed' });
    },
  );
}
