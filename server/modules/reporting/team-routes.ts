/**
 * The marketplace team's reporting, under /api/v1/admin: every supplier's submitted and withdrawn
 * engagement notices (filters status, agency, supplier, period) and submitted billing reports
 * (filters agency, supplier, notice, period), one of each, and their CSV exports (streamed,
 * formula-safe); the missing billing reports (filters supplier, period); how many mismatches
 * between suppliers' records and agencies' answers there are (issue 31). Team only (app.requireTeamMember).
 */
import {
  BillingReportIdParamsSchema,
  MissingBillingReportListQuerySchema,
  MissingBillingReportListResponseSchema,
  ReportingMismatchesResponseSchema,
  TeamBillingReportListQuerySchema,
  TeamBillingReportListResponseSchema,
  TeamBillingReportSchema,
} from '../../../common/api/billing-reports';
import {
  EngagementNoticeIdParamsSchema,
  TeamEngagementNoticeListQuerySchema,
  TeamEngagementNoticeListResponseSchema,
  TeamEngagementNoticeSchema,
} from '../../../common/api/engagement-notices';
import { errorResponses } from '../../../common/api/http';
import { lastDueBillingPeriod } from '../../../common/reporting/billing-reports';
import { overdueBefore } from '../../../common/working-days';
import type { App } from '../../app-type';
import { CsvResponseSchema, sendCsv } from '../../http/csv-reply';
import { BILLING_REPORT_CSV_COLUMNS, exportBillingReportRecords, getBillingReportForTeam, listBillingReportsForTeam } from './billing-reports';
import {
  ENGAGEMENT_NOTICE_CSV_COLUMNS,
  exportEngagementNoticeRecords,
  getEngagementNoticeForTeam,
  listEngagementNoticesForTeam,
} from './engagement-notices';
import { countMismatches } from './mismatches';
import { listMissingReportsForTeam } from './missing-reports';

export async function registerTeamReportingRoutes(app: App): Promise<void> {
  const { db } = app.database;
  const guards = [app.authenticate, app.requireTeamMember];
  const tags = ['admin'];
  /** The rules' clock, read at each request: notices sent before the review target's start are late for an answer. */
  const clockNow = () => ({ unansweredBefore: overdueBefore(new Date(), app.config.reviewTargetDays) });

  // Engagement notices

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
    async (request) => listEngagementNoticesForTeam(db, request.query, clockNow()),
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
        records: exportEngagementNoticeRecords(db, request.query, clockNow()),
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

  // Billing reports

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
    '/admin/billing-reports/missing',
    {
      preValidation: guards,
      schema: {
        tags,
        summary:
          "Every supplier's missing billing reports: each month up to last month that a submitted engagement notice ran in with no submitted report, the oldest first; by supplier, month",
        querystring: MissingBillingReportListQuerySchema,
        response: { 200: MissingBillingReportListResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listMissingReportsForTeam(db, request.query, lastDueBillingPeriod(new Date())),
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

  app.get(
    '/admin/reporting-mismatches',
    {
      preValidation: guards,
      schema: {
        tags,
        summary: "How many mismatches between suppliers' records and agencies' answers there are: notices unanswered past the review target, reports queried, notices billed over their value, months without a report",
        response: { 200: ReportingMismatchesResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async () => {
      const now = new Date();
      return countMismatches(db, {
        unansweredBefore: overdueBefore(now, app.config.reviewTargetDays),
        reviewTargetDays: app.config.reviewTargetDays,
        through: lastDueBillingPeriod(now),
      });
    },
  );
}
