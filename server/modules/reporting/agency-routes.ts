/**
 * The agency's side of reporting (issue 31): GET /agency/engagement-notices, the notices suppliers
 * sent naming the active agency, for any of its people.
 */
import { AgencyNoticesQuerySchema, AgencyNoticesResponseSchema } from '../../../common/api/agency-engagements';
import { errorResponses } from '../../../common/api/http';
import type { App } from '../../app-type';
import { agencyActorOf } from '../../auth/actor';
import { listAgencyNotices } from './engagement-notices';

export async function registerAgencyReportingRoutes(app: App): Promise<void> {
  app.get(
    '/agency/engagement-notices',
    {
      preValidation: [app.authenticate, app.requireAgency],
      schema: {
        tags: ['agency reporting'],
        summary: 'The engagement notices suppliers sent naming the active agency, the last sent first',
        querystring: AgencyNoticesQuerySchema,
        response: { 200: AgencyNoticesResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listAgencyNotices(app.database.db, agencyActorOf(request).agencyId, request.query),
  );
}
