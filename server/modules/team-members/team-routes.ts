/**
 * The marketplace team's roles, /api/v1/admin/team: the team (any team member), adding a person and
 * removing one (team admins only: app.requireTeamAdmin). The rules are in service.ts.
 */
import { errorResponses, NoContentResponseSchema } from '../../../common/api/http';
import { AddTeamMemberRequestSchema, AddTeamMemberResponseSchema, TeamMemberParamsSchema, TeamResponseSchema } from '../../../common/api/team-members';
import type { App } from '../../app-type';
import { actorOf } from '../../auth/actor';
import { getCurrentUser } from '../../auth/context';
import { addTeamMember, listTeamMembers, removeTeamMember } from './service';

export async function registerTeamMemberRoutes(app: App): Promise<void> {
  const { db } = app.database;
  const deps = { db, audit: app.audit, mail: app.mail, config: app.config };
  const tags = ['admin'];

  app.get(
    '/admin/team',
    {
      preValidation: [app.authenticate, app.requireTeamMember],
      schema: {
        tags,
        summary: 'Every member of the marketplace team, by name: team admin or not, since when',
        response: { 200: TeamResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => listTeamMembers(db, getCurrentUser(request).id),
  );

  app.post(
    '/admin/team',
    {
      preValidation: [app.authenticate, app.requireTeamAdmin],
      schema: {
        tags,
        summary: 'Team admins: makes an existing user a team member, or invites a new person by email; 409 if already on the team',
        body: AddTeamMemberRequestSchema,
        response: { 201: AddTeamMemberResponseSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => reply.status(201).send(await addTeamMember(deps, actorOf(request), request.body)),
  );

  app.delete(
    '/admin/team/:userId',
    {
      preValidation: [app.authenticate, app.requireTeamAdmin],
      schema: {
        tags,
        summary: 'Team admins: removes a person from the team (not yourself, not the last team admin: 409)',
        params: TeamMemberParamsSchema,
        response: { 204: NoContentResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await removeTeamMember(deps, actorOf(request), request.params.userId);
      return reply.status(204).send(null);
    },
  );
}
