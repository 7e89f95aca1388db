/**
 * The agency's side of reporting (issue 31), for any person of the active agency: the engagement
 * notices suppliers sent naming it, one with its dispute, and the agency's answer (confirm, or
 * dispute with a reason), and its messages in a dispute; then the billing reports on the engagements
 * it confirmed, answered alike (confirm the amount, or query it); and the agency's spend, with its CSV.
 */
import {
  AgencySpendQuerySchema,
  AgencySpendResponseSchema,
  AgencyBillingReportDetailSchema,
  AgencyReportIdParamsSchema,
  AgencyReportsQuerySchema,
  AgencyReportsResponseSchema,
  QueryReportRequestSchema,
  AgencyNoticeDetailSchema,
  AgencyNoticeIdParamsSchema,
  AgencyNoticeMessageRequestSchema,
  AgencyNoticesQuerySchema,
  AgencyNoticesResponseSchema,
  DisputeNoticeRequestSchema,
} from '../../../common/api/agency-engagements';
import { errorResponses } from '../../../common/api/http';
import type { App } from '../../app-type';
import { agencyActorOf } from '../../auth/actor';
import { CsvResponseSchema, sendCsv } from '../../http/csv-reply';
import { agencySpend, exportAgencySpendRecords, SPEND_CSV_COLUMNS } from './agency-spend';
import { confirmAgencyReport, getAgencyReport, listAgencyReports, postAgencyReportMessage, queryAgencyReport } from './agency-reports';
import { confirmAgencyNotice, disputeAgencyNotice, getAgencyNotice, listAgencyNotices, postAgencyNoticeMessage, setAgencyConfidentiality } from './agency-notices';
import { ConfidentialityRequestSchema } from '../../../common/api/confidentiality';

export async function registerAgencyReportingRoutes(app: App): Promise<void> {
  const dependencies = { db: app.database.db, audit: app.audit, mail: app.mail, config: app.config };
  const memberOnly = [app.authenticate, app.requireAgency];

  app.get(
    '/agency/engagement-notices',
    {
      preValidation: memberOnly,
      schema: {
        tags: ['agency reporting'],
        summary: 'The engagement notices suppliers sent naming the active agency, the last sent first, by its answer if asked',
        querystring: AgencyNoticesQuerySchema,
        response: { 200: AgencyNoticesResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listAgencyNotices(app.database.db, agencyActorOf(request).agencyId, request.query),
  );

  app.get(
    '/agency/engagement-notices/:id',
    {
      preValidation: memberOnly,
      schema: {
        tags: ['agency reporting'],
        summary: "One engagement notice naming the active agency, with the agency's answer and its dispute's messages",
        params: AgencyNoticeIdParamsSchema,
        response: { 200: AgencyNoticeDetailSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => getAgencyNotice(app.database.db, agencyActorOf(request).agencyId, request.params.id),
  );

  app.post(
    '/agency/engagement-notices/:id/confirm',
    {
      preValidation: memberOnly,
      schema: {
        tags: ['agency reporting'],
        summary: 'Confirms the engagement happened as the notice says (final); mailed to the supplier',
        params: AgencyNoticeIdParamsSchema,
        response: { 200: AgencyNoticeDetailSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => confirmAgencyNotice(dependencies, agencyActorOf(request), request.params.id),
  );

  app.post(
    '/agency/engagement-notices/:id/dispute',
    {
      preValidation: memberOnly,
      schema: {
        tags: ['agency reporting'],
        summary: 'Disputes a notice with a reason; opens a conversation with the supplier and the team',
        params: AgencyNoticeIdParamsSchema,
        body: DisputeNoticeRequestSchema,
        response: { 200: AgencyNoticeDetailSchema, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request) => disputeAgencyNotice(dependencies, agencyActorOf(request), request.params.id, request.body),
  );

  app.post(
    '/agency/engagement-notices/:id/confidentiality',
    {
      preValidation: memberOnly,
      schema: {
        tags: ['agency reporting'],
        summary: 'Keeps an engagement out of open data with a reason, or lets it be published, until the agency confirms it',
        params: AgencyNoticeIdParamsSchema,
        body: ConfidentialityRequestSchema,
        response: { 200: AgencyNoticeDetailSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => setAgencyConfidentiality(dependencies, agencyActorOf(request), request.params.id, request.body),
  );

  app.post(
    '/agency/engagement-notices/:id/messages',
    {
      preValidation: memberOnly,
      schema: {
        tags: ['agency reporting'],
        summary: "The agency's message in a disputed notice's conversation",
        params: AgencyNoticeIdParamsSchema,
        body: AgencyNoticeMessageRequestSchema,
        response: { 200: AgencyNoticeDetailSchema, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request) => postAgencyNoticeMessage(dependencies, agencyActorOf(request), request.params.id, request.body.content),
  );

  app.get(
    '/agency/billing-reports',
    {
      preValidation: memberOnly,
      schema: {
        tags: ['agency reporting'],
        summary: "The billing reports on the active agency's confirmed engagements, the latest month first, by its answer or notice if asked",
        querystring: AgencyReportsQuerySchema,
        response: { 200: AgencyReportsResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listAgencyReports(app.database.db, agencyActorOf(request).agencyId, request.query),
  );

  app.get(
    '/agency/billing-reports/:id',
    {
      preValidation: memberOnly,
      schema: {
        tags: ['agency reporting'],
        summary: "One billing report on a confirmed engagement, with its amounts by service, the agency's answer and its query's messages",
        params: AgencyReportIdParamsSchema,
        response: { 200: AgencyBillingReportDetailSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => getAgencyReport(app.database.db, agencyActorOf(request).agencyId, request.params.id),
  );

  app.post(
    '/agency/billing-reports/:id/confirm',
    {
      preValidation: memberOnly,
      schema: {
        tags: ['agency reporting'],
        summary: 'Confirms the amount billed (final); mailed to the supplier',
        params: AgencyReportIdParamsSchema,
        response: { 200: AgencyBillingReportDetailSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => confirmAgencyReport(dependencies, agencyActorOf(request), request.params.id),
  );

  app.post(
    '/agency/billing-reports/:id/query',
    {
      preValidation: memberOnly,
      schema: {
        tags: ['agency reporting'],
        summary: 'Queries the amount billed; opens a conversation with the supplier and the team',
        params: AgencyReportIdParamsSchema,
        body: QueryReportRequestSchema,
        response: { 200: AgencyBillingReportDetailSchema, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request) => queryAgencyReport(dependencies, agencyActorOf(request), request.params.id, request.body),
  );

  app.post(
    '/agency/billing-reports/:id/messages',
    {
      preValidation: memberOnly,
      schema: {
        tags: ['agency reporting'],
        summary: "The agency's message in a queried report's conversation",
        params: AgencyReportIdParamsSchema,
        body: AgencyNoticeMessageRequestSchema,
        response: { 200: AgencyBillingReportDetailSchema, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request) => postAgencyReportMessage(dependencies, agencyActorOf(request), request.params.id, request.body.content),
  );

  app.get(
    '/agency/spend',
    {
      preValidation: memberOnly,
      schema: {
        tags: ['agency reporting'],
        summary: 'What suppliers billed the active agency, by supplier, service or month, and how much of it the agency confirmed',
        querystring: AgencySpendQuerySchema,
        response: { 200: AgencySpendResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => agencySpend(app.database.db, agencyActorOf(request).agencyId, request.query.by ?? 'supplier'),
  );

  app.get(
    '/agency/spend/export.csv',
    {
      preValidation: memberOnly,
      schema: {
        tags: ['agency reporting'],
        summary: "Downloads every line of the billing reports the active agency was billed in (month, supplier, engagement, service, amount, the agency's answer) as a CSV file, streamed",
        response: { 200: CsvResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async (request, reply) =>
      sendCsv(reply, {
        fileName: 'spend.csv',
        columns: SPEND_CSV_COLUMNS,
        records: exportAgencySpendRecords(app.database.db, agencyActorOf(request).agencyId),
        failureMessage: 'agency spend export failed',
      }),
  );
}
