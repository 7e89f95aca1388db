/**
 * The marketplace team's application workflow, /api/v1/admin/applications: the list by stage, one
 * application, moving it (TEAM_TRANSITIONS; each move emails the supplier) and deciding on each
 * requested service. Team only (app.requireTeamMember); the rules are in workflow.ts.
 */
import {
  TeamApplicationListQuerySchema,
  TeamApplicationListResponseSchema,
  TeamApplicationSchema,
  TeamApplicationServiceParamsSchema,
  TeamMoveApplicationRequestSchema,
  TeamServiceDecisionRequestSchema,
} from '../../../common/api/team-applications';
import { ApplicationIdParamsSchema } from '../../../common/api/applications';
import { errorResponses } from '../../../common/api/http';
import type { App } from '../../app-type';
import { actorOf } from '../../auth/actor';
import { decideApplicationService, getApplicationForTeam, listApplicationsForTeam, moveApplication } from './workflow';

const routeErrors = errorResponses(400, 401, 403, 404, 409);

export async function registerTeamApplicationRoutes(app: App): Promise<void> {
  const { db } = app.database;
  const deps = { db, audit: app.audit, mail: app.mail, mailContext: { productName: app.config.productName, publicUrl: app.config.publicUrl } };
  const guards = [app.authenticate, app.requireTeamMember];
  const tags = ['admin'];

  app.get(
    '/admin/applications',
    {
      preValidation: guards,
      schema: {
        tags,
        summary: 'Submitted applications (never Incomplete ones) by stage: longest in their current stage first, or with `sort=latest` latest change first',
        querystring: TeamApplicationListQuerySchema,
        response: { 200: TeamApplicationListResponseSchema, ...routeErrors },
      },
    },
    async (request) => listApplicationsForTeam(db, { ...request.query, page: request.query.page ?? 1 }),
  );

  app.get(
    '/admin/applications/:id',
    {
      preValidation: guards,
      schema: {
        tags,
        summary: 'One submitted application with its services and their decisions',
        params: ApplicationIdParamsSchema,
        response: { 200: TeamApplicationSchema, ...routeErrors },
      },
    },
    async (request) => getApplicationForTeam(db, request.params.id),
  );

  app.post(
    '/admin/applications/:id/status',
    {
      preValidation: guards,
      schema: {
        tags,
        summary: 'Moves an application to the next stage or to Declined (with the reasons); emails the supplier',
        params: ApplicationIdParamsSchema,
        body: TeamMoveApplicationRequestSchema,
        response: { 200: TeamApplicationSchema, ...routeErrors },
      },
    },
    async (request) => moveApplication(deps, actorOf(request), request.params.id, request.body),
  );

  app.put(
    '/admin/applications/:id/services/:serviceId',
    {
      preValidation: guards,
      schema: {
        tags,
        summary: 'Grants or declines one requested service while the application is being assessed',
        params: TeamApplicationServiceParamsSchema,
        body: TeamServiceDecisionRequestSchema,
        response: { 200: TeamApplicationSchema, ...routeErrors },
      },
    },
    async (request) =>
      decideApplicationService(deps, actorOf(request), { applicationId: request.params.id, serviceId: request.params.serviceId }, request.body),
  );
}
