/**
 * Supplier user management for admins of the active supplier (GET/POST /user/users,
 * GET/PUT /user/users/{id}, DELETE /user/invitations/{id}, POST /supplier-user/remove,
 * PUT /user/second-factor-requirement). The invitation links' routes are ../invitations/routes.ts.
 */
import { errorResponses, NoContentResponseSchema } from '../../../common/api/http';
import {
  IdParamsSchema,
  InviteUserRequestSchema,
  PendingInvitationSchema,
  RemoveSupplierUserRequestSchema,
  RemoveSupplierUserResponseSchema,
  SupplierUserSchema,
  SupplierUsersResponseSchema,
  UpdateUserRequestSchema,
} from '../../../common/api/users';
import { SecondFactorRequirementSchema } from '../../../common/api/second-factors';
import type { App } from '../../app-type';
import { supplierActorOf } from '../../auth/actor';
import { getAccessToken } from '../../auth/context';
import {
  findSupplierUser,
  inviteUser,
  listSupplierUsers,
  removeSupplierUser,
  revokeInvitation,
  updateSupplierUser,
} from './service';
import { setSecondFactorRequirement } from './second-factor-requirement';

const routeErrors = errorResponses(400, 401, 403);

export async function registerSupplierUserRoutes(app: App): Promise<void> {
  const dependencies = { db: app.database.db, audit: app.audit, mail: app.mail, config: app.config };
  // requireSupplierAdmin resolves the X-Supplier-Id membership itself and demands the admin flag.
  const adminOnly = [app.authenticate, app.requireSupplierAdmin];

  app.get(
    '/user/users',
    {
      preValidation: adminOnly,
      schema: {
        tags: ['users'],
        summary: "The active supplier's users and pending invitations, by name (admins)",
        response: { 200: SupplierUsersResponseSchema, ...routeErrors },
      },
    },
    async (request) => listSupplierUsers(app.database.db, supplierActorOf(request)),
  );

  app.get(
    '/user/users/:id',
    {
      preValidation: adminOnly,
      schema: {
        tags: ['users'],
        summary: 'One user of the active supplier (admins)',
        params: IdParamsSchema,
        response: { 200: SupplierUserSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => findSupplierUser(app.database.db, supplierActorOf(request), request.params.id),
  );

  app.post(
    '/user/users',
    {
      preValidation: adminOnly,
      schema: {
        tags: ['users'],
        summary: 'Invites a person to the active supplier by email (admins)',
        body: InviteUserRequestSchema,
        response: { 201: PendingInvitationSchema, ...errorResponses(400, 401, 403, 409, 429) },
      },
    },
    async (request, reply) => reply.status(201).send(await inviteUser(dependencies, supplierActorOf(request), request.body)),
  );

  app.put(
    '/user/users/:id',
    {
      preValidation: adminOnly,
      schema: {
        tags: ['users'],
        summary: "Changes a user's admin flag for the active supplier (admins); names are the person's own",
        params: IdParamsSchema,
        body: UpdateUserRequestSchema,
        response: { 200: SupplierUserSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => updateSupplierUser(dependencies, supplierActorOf(request), request.params.id, request.body),
  );

  app.delete(
    '/user/invitations/:id',
    {
      preValidation: adminOnly,
      schema: {
        tags: ['users'],
        summary: 'Revokes a pending invitation of the active supplier (admins)',
        params: IdParamsSchema,
        response: { 204: NoContentResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await revokeInvitation(dependencies, supplierActorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/supplier-user/remove',
    {
      preValidation: adminOnly,
      schema: {
        tags: ['users'],
        summary: 'Removes a user, named by email, from the active supplier (admins)',
        body: RemoveSupplierUserRequestSchema,
        response: { 200: RemoveSupplierUserResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      await removeSupplierUser(dependencies, supplierActorOf(request), request.body.email);
      return { removed: true as const, email: request.body.email };
    },
  );

  app.put(
    '/user/second-factor-requirement',
    {
      preValidation: adminOnly,
      schema: {
        tags: ['users'],
        summary: 'Whether everyone who works for the active supplier must sign in with two-step verification (admins)',
        body: SecondFactorRequirementSchema,
        response: { 200: SecondFactorRequirementSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => setSecondFactorRequirement(dependencies, supplierActorOf(request), getAccessToken(request).usedSecondFactor, request.body),
  );
}
