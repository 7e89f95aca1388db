/**
 * The marketplace team's engagement notices, /api/v1/admin/engagement-notices: every supplier's
 * submitted and withdrawn notices (filters status, agency, supplier, period), one notice, and the
 * CSV export (streamed, formula-safe). Team only (app.requireTeamMember).
 */
import {
  TeamEngagementNoticeListQuerySchema,
  TeamEngagementNoticeListResponseSchema,
  TeamEngagementNoticeSchema,
  EngagementNoticeIdParamsSchema,
} from '../../../common/api/engagement-notices';
import { errorResponses } from '../../../common/api/http';
import type { App } from '../../app-type';
import { CsvResponseSchema, sendCsv } from '../../http/csv-reply';
import {
  ENGAGEMENT_NOTICE_CSV_COLUMNS,
  exportEngagementNoticeRecords,
  getEngagementNoticeForTeam,
  listEngagementNoticesForTeam,
} from './service';

export async function registerTeamEngagementNoticeRoutes(app: App): Promise<void> {
  const { db } = app.database;
  const guards = [app.authenticate, app.requireTeamMember];
  const tags = ['admin'];

  app.get(
    '/admin/engagement-notices',
    {
      preValidation: guards,
      schema: {
        tags,
        summary: "Every supplier's submitted and withdrawn engagement notices, the latest change first; by status, agency, supplier, month",
        querystring: TeamEngagementNoticeListQuerySchema,
        response: { 200: TeamEngagementNoticeListResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listEngagementNoticesForTeam(db, request.query),
  );

  app.get(
    '/admin/engagement-notices/export.csv',
    {
      preValidation: guards,
      schema: {
        tags,
        summary: 'Downloads the engagement notices of the filters (every page) as a CSV file, streamed',
        querystring: TeamEngagementNoticeListQuerySchema,
        response: {
          200: CsvResponseSchema,
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request, reply) =>
      sendCsv(reply, {
        fileName: 'engagement-notices.csv',
        columns: ENGAGEMENT_NOTICE_CSV_COLUMNS,
        records: exportEngagementNoticeRecords(db, request.query),
        failureMessage: 'engagement notices export failed',
      }),
  );

  app.get(
    '/admin/engagement-notices/:id',
    {
      preValidation: guards,
      schema: {
        tags,
        summary: 'One engagement notice of any supplier (not a draft), with its answers and what was billed',
        params: EngagementNoticeIdParamsSchema,
        response: { 200: TeamEngagementNoticeSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => getEngagementNoticeForTeam(db, request.params.id),
  );
}
