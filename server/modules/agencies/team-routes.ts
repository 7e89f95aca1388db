/**
 * The marketplace team's side of agency registration, /api/v1/admin/agencies: the submitted
 * registrations (oldest first), one registration, and the decision (approve, or decline with the
 * reasons, emailed to the agency's contact). Team only; deciding twice answers 409.
 */
import type { FastifyRequest } from 'fastify';
import {
  TeamAgencyListQuerySchema,
  TeamAgencyListResponseSchema,
  TeamAgencyParamsSchema,
  TeamAgencySchema,
  DeclineAgencyRequestSchema,
} from '../../../common/api/agencies';
import { errorResponses } from '../../../common/api/http';
import type { App } from '../../app-type';
import { actorOf } from '../../auth/actor';
import { agencyDepsOf, decideAgency, getAgencyForTeam, listAgenciesForTeam, type AgencyDecision } from './service';

const routeErrors = errorResponses(400, 401, 403, 404, 409);

export async function registerTeamAgencyRoutes(app: App): Promise<void> {
  const deps = agencyDepsOf(app);
  const guards = [app.authenticate, app.requireTeamMember];
  const tags = ['admin'];

  function decide(request: FastifyRequest<{ Params: { id: number } }>, decision: AgencyDecision) {
    return decideAgency(deps, actorOf(request), request.params.id, decision);
  }

  app.get(
    '/admin/agencies',
    {
      preValidation: guards,
      schema: {
        tags,
        summary: 'Agency registrations awaiting a decision (or with the given status), oldest submission first',
        querystring: TeamAgencyListQuerySchema,
        response: { 200: TeamAgencyListResponseSchema, ...routeErrors },
      },
    },
    async (request) => listAgenciesForTeam(app.database.db, { status: request.query.status ?? 'submitted', page: request.query.page ?? 1 }),
  );

  app.get(
    '/admin/agencies/:id',
    {
      preValidation: guards,
      schema: {
        tags,
        summary: 'One submitted agency registration with its answers and decision',
        params: TeamAgencyParamsSchema,
        response: { 200: TeamAgencySchema, ...routeErrors },
      },
    },
    async (request) => getAgencyForTeam(app.database.db, request.params.id),
  );

  app.post(
    '/admin/agencies/:id/approve',
    {
      preValidation: guards,
      schema: {
        tags,
        summary: 'Approves a submitted agency registration; emails its contact',
        params: TeamAgencyParamsSchema,
        response: { 200: TeamAgencySchema, ...routeErrors },
      },
    },
    async (request) => decide(request, { kind: 'approve' }),
  );

  app.post(
    '/admin/agencies/:id/decline',
    {
      preValidation: guards,
      schema: {
        tags,
        summary: 'Declines a submitted agency registration; emails the reasons to its contact',
        params: TeamAgencyParamsSchema,
        body: DeclineAgencyRequestSchema,
        response: { 200: TeamAgencySchema, ...routeErrors },
      },
    },
    async (request) => decide(request, { kind: 'decline', reasons: request.body.reasons }),
  );
}
