/**
 * The marketplace team's engagement notices, /api/v1/admin/engagement-notices: every supplier's
 * submitted and withdrawn notices (filters status, agency, supplier, period), one notice, and the
 * CSV export (streamed, formula-safe). Staff only (app.requireStaff).
 */
import { Readable, pipeline } from 'node:stream';
import { stringify } from 'csv-stringify';
import { Type } from 'typebox';
import {
  AdminEngagementNoticeListQuerySchema,
  AdminEngagementNoticeListResponseSchema,
  AdminEngagementNoticeSchema,
  EngagementNoticeIdParamsSchema,
} from '../../../common/api/engagement-notices';
import { errorResponses } from '../../../common/api/http';
import type { App } from '../../app-type';
import { attachmentDisposition } from '../../http/content-disposition';
import {
  ENGAGEMENT_NOTICE_CSV_COLUMNS,
  exportEngagementNoticeRecords,
  getEngagementNoticeForStaff,
  listEngagementNoticesForStaff,
} from './service';

export async function registerTeamEngagementNoticeRoutes(app: App): Promise<void> {
  const { db } = app.database;
  const guards = [app.authenticate, app.requireStaff];
  const tags = ['admin'];

  app.get(
    '/admin/engagement-notices',
    {
      preValidation: guards,
      schema: {
        tags,
        summary: "Every supplier's submitted and withdrawn engagement notices, the latest change first; by status, agency, supplier, month",
        querystring: AdminEngagementNoticeListQuerySchema,
        response: { 200: AdminEngagementNoticeListResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listEngagementNoticesForStaff(db, request.query),
  );

  app.get(
    '/admin/engagement-notices/export.csv',
    {
      preValidation: guards,
      schema: {
        tags,
        summary: 'Downloads the engagement notices of the filters (every page) as a CSV file, streamed',
        querystring: AdminEngagementNoticeListQuerySchema,
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
      const csv = stringify({ header: true, columns: [...ENGAGEMENT_NOTICE_CSV_COLUMNS], bom: true });
      pipeline(Readable.from(exportEngagementNoticeRecords(db, request.query)), csv, (error) => {
        if (error) {
          request.log.error({ err: error }, 'engagement notices export failed');
        }
      });
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', attachmentDisposition('engagement-notices.csv'))
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );

  app.get(
    '/admin/engagement-notices/:id',
    {
      preValidation: guards,
      schema: {
        tags,
        summary: 'One engagement notice of any supplier (not a draft), with its answers and what was billed',
        params: EngagementNoticeIdParamsSchema,
        response: { 200: AdminEngagementNoticeSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => getEngagementNoticeForStaff(db, request.params.id),
  );
}
