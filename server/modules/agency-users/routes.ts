/**
 * An agency's people, for the admins of the active agency (issue 31): GET/POST /agency/users,
 * PUT/DELETE /agency/users/{id}, DELETE /agency/invitations/{id}.
 */
import { AgencyUserSchema, AgencyUsersResponseSchema } from '../../../common/api/agency-users';
import { errorResponses, NoContentResponseSchema } from '../../../common/api/http';
import { IdParamsSchema, InviteUserRequestSchema, PendingInvitationSchema, UpdateUserRequestSchema } from '../../../common/api/users';
import type { App } from '../../app-type';
import { agencyActorOf } from '../../auth/actor';
import { inviteAgencyUser, listAgencyUsers, removeAgencyUser, revokeAgencyInvitation, updateAgencyUser } from './service';

export async function registerAgencyUserRoutes(app: App): Promise<void> {
  const dependencies = { db: app.database.db, audit: app.audit, mail: app.mail, config: app.config };
  // requireAgencyAdmin resolves the X-Agency-Id membership itself and demands the admin flag.
  const adminOnly = [app.authenticate, app.requireAgencyAdmin];

  app.get(
    '/agency/users',
    {
      preValidation: adminOnly,
      schema: {
        tags: ['agency users'],
        summary: "The active agency's people and pending invitations, by name (admins)",
        response: { 200: AgencyUsersResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listAgencyUsers(app.database.db, agencyActorOf(request)),
  );

  app.post(
    '/agency/users',
    {
      preValidation: adminOnly,
      schema: {
        tags: ['agency users'],
        summary: 'Invites a person to the active agency by email (admins)',
        body: InviteUserRequestSchema,
        response: { 201: PendingInvitationSchema, ...errorResponses(400, 401, 403, 409, 429) },
      },
    },
    async (request, reply) => reply.status(201).send(await inviteAgencyUser(dependencies, agencyActorOf(request), request.body)),
  );

  app.put(
    '/agency/users/:id',
    {
      preValidation: adminOnly,
      schema: {
        tags: ['agency users'],
        summary: "Changes a person's admin flag for the active agency (admins)",
        params: IdParamsSchema,
        body: UpdateUserRequestSchema,
        response: { 200: AgencyUserSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => updateAgencyUser(dependencies, agencyActorOf(request), request.params.id, request.body),
  );

  app.delete(
    '/agency/users/:id',
    {
      preValidation: adminOnly,
      schema: {
        tags: ['agency users'],
        summary: 'Removes a person from the active agency (admins); the last admin stays',
        params: IdParamsSchema,
        response: { 204: NoContentResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await removeAgencyUser(dependencies, agencyActorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/agency/invitations/:id',
    {
      preValidation: adminOnly,
      schema: {
        tags: ['agency users'],
        summary: 'Revokes a pending invitation of the active agency (admins)',
        params: IdParamsSchema,
        response: { 204: NoContentResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await revokeAgencyInvitation(dependencies, agencyActorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
