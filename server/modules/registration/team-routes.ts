/**
 * The team's registration queue, /api/v1/admin/registrations (team only; the rules are in
 * decide-registration.ts): pending registrations (or those of a given status) oldest first, one registration, approve, decline.
 */
import { errorResponses } from '../../../common/api/http';
import {
  TeamDeclineRegistrationRequestSchema,
  TeamRegistrationListQuerySchema,
  TeamRegistrationListResponseSchema,
  TeamRegistrationParamsSchema,
  TeamRegistrationSchema,
} from '../../../common/api/registration';
import type { App } from '../../app-type';
import { actorOf } from '../../auth/actor';
import { approveRegistration, declineRegistration, getRegistration, listRegistrations } from './decide-registration';

const routeErrors = errorResponses(400, 401, 403, 404, 409);

export async function registerTeamRegistrationRoutes(app: App): Promise<void> {
  const { db } = app.database;
  const deps = { db, audit: app.audit, mail: app.mail, config: app.config };
  const guards = [app.authenticate, app.requireTeamMember];
  const tags = ['admin'];

  app.get(
    '/admin/registrations',
    {
      preValidation: guards,
      schema: {
        tags,
        summary: 'Supplier registrations waiting for a decision (or with the given status), oldest first',
        querystring: TeamRegistrationListQuerySchema,
        response: { 200: TeamRegistrationListResponseSchema, ...routeErrors },
      },
    },
    async (request) => listRegistrations(db, { ...request.query, status: request.query.status ?? 'pending', page: request.query.page ?? 1 }),
  );

  app.get(
    '/admin/registrations/:id',
    {
      preValidation: guards,
      schema: { tags, summary: 'One supplier registration with its answers', params: TeamRegistrationParamsSchema, response: { 200: TeamRegistrationSchema, ...routeErrors } },
    },
    async (request) => getRegistration(db, request.params.id),
  );

  app.post(
    '/admin/registrations/:id/approve',
    {
      preValidation: guards,
      schema: {
        tags,
        summary: 'Approves a pending registration: creates the supplier (an applicant) and invites the registrant as its admin',
        params: TeamRegistrationParamsSchema,
        response: { 200: TeamRegistrationSchema, ...routeErrors },
      },
    },
    async (request) => approveRegistration(deps, actorOf(request), request.params.id),
  );

  app.post(
    '/admin/registrations/:id/decline',
    {
      preValidation: guards,
      schema: {
        tags,
        summary: 'Declines a pending registration and emails the registrant the reasons',
        params: TeamRegistrationParamsSchema,
        body: TeamDeclineRegistrationRequestSchema,
        response: { 200: TeamRegistrationSchema, ...routeErrors },
      },
    },
    async (request) => declineRegistration(deps, actorOf(request), request.params.id, request.body.reasons),
  );
}
