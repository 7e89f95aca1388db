/**
 * Supplier user management for admins of the active supplier (GET/POST /user/users,
 * GET/PUT /user/users/{id}, DELETE /user/invitations/{id}, POST /supplier-user/remove) and the
 * user app's invitation links (GET /invitations/{token}, POST /invitations/{token}/accept).
 */
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { ErrorResponseSchema } from '../../../common/api/user';
import {
  AcceptInvitationResponseSchema,
  IdParamsSchema,
  InvitationDetailsResponseSchema,
  InvitationTokenParamsSchema,
  InviteUserRequestSchema,
  PendingInvitationSchema,
  RemoveSupplierUserRequestSchema,
  RemoveSupplierUserResponseSchema,
  SupplierUserSchema,
  SupplierUsersResponseSchema,
  UpdateUserRequestSchema,
} from '../../../common/api/users';
import type { App } from '../../app-type';
import { getCurrentUser, getSupplierContext } from '../../auth/context';
import {
  acceptInvitation,
  describeInvitation,
  findSupplierUser,
  inviteUser,
  listSupplierUsers,
  removeSupplierUser,
  revokeInvitation,
  updateSupplierUser,
  type AdminActor,
} from './service';

const errorResponses = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema };

function adminActor(request: FastifyRequest): AdminActor {
  return { user: getCurrentUser(request), supplier: getSupplierContext(request), requestId: request.id };
}

export async function registerSupplierUserRoutes(app: App): Promise<void> {
  const dependencies = { db: app.database.db, audit: app.audit, mailer: app.mailer, config: app.config };
  // requireSupplierAdmin resolves the X-Supplier-Id membership itself and demands the admin flag.
  const adminOnly = [app.authenticate, app.requireSupplierAdmin];

  app.get(
    '/user/users',
    {
      preValidation: adminOnly,
      schema: {
        tags: ['users'],
        summary: "The active supplier's users and pending invitations, by name (admins)",
        response: { 200: SupplierUsersResponseSchema, ...errorResponses },
      },
    },
    async (request) => listSupplierUsers(app.database.db, adminActor(request)),
  );

  app.get(
    '/user/users/:id',
    {
      preValidation: adminOnly,
      schema: {
        tags: ['users'],
        summary: 'One user of the active supplier (admins)',
        params: IdParamsSchema,
        response: { 200: SupplierUserSchema, 404: ErrorResponseSchema, ...errorResponses },
      },
    },
    async (request) => findSupplierUser(app.database.db, adminActor(request), Number(request.params.id)),
  );

  app.post(
    '/user/users',
    {
      preValidation: adminOnly,
      schema: {
        tags: ['users'],
        summary: 'Invites a person to the active supplier by email (admins)',
        body: InviteUserRequestSchema,
        response: { 201: PendingInvitationSchema, 409: ErrorResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => reply.status(201).send(await inviteUser(dependencies, adminActor(request), request.body)),
  );

  app.put(
    '/user/users/:id',
    {
      preValidation: adminOnly,
      schema: {
        tags: ['users'],
        summary: "Edits a user's name and admin flag for the active supplier (admins)",
        params: IdParamsSchema,
        body: UpdateUserRequestSchema,
        response: { 200: SupplierUserSchema, 404: ErrorResponseSchema, 409: ErrorResponseSchema, ...errorResponses },
      },
    },
    async (request) => updateSupplierUser(dependencies, adminActor(request), Number(request.params.id), request.body),
  );

  app.delete(
    '/user/invitations/:id',
    {
      preValidation: adminOnly,
      schema: {
        tags: ['users'],
        summary: 'Revokes a pending invitation of the active supplier (admins)',
        params: IdParamsSchema,
        response: { 204: Type.Null(), 404: ErrorResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      await revokeInvitation(dependencies, adminActor(request), Number(request.params.id));
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
        response: { 200: RemoveSupplierUserResponseSchema, 404: ErrorResponseSchema, 409: ErrorResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      await removeSupplierUser(dependencies, adminActor(request), request.body.email);
      return { removed: true as const, email: request.body.email };
    },
  );

  app.get(
    '/invitations/:token',
    {
      // Public: the confirmation screen shows whom the link is for before the person signs in.
      schema: {
        tags: ['users'],
        summary: 'What an invitation link is for, and whether it still works',
        params: InvitationTokenParamsSchema,
        response: { 200: InvitationDetailsResponseSchema, 400: ErrorResponseSchema, 404: ErrorResponseSchema },
      },
    },
    async (request) => describeInvitation(app.database.db, request.params.token),
  );

  app.post(
    '/invitations/:token/accept',
    {
      // No X-Supplier-Id: the person is not a member of the supplier yet.
      preValidation: app.authenticate,
      schema: {
        tags: ['users'],
        summary: 'Accepts an invitation for the signed-in user, whose email must be the invited one',
        params: InvitationTokenParamsSchema,
        response: { 200: AcceptInvitationResponseSchema, 404: ErrorResponseSchema, 409: ErrorResponseSchema, ...errorResponses },
      },
    },
    async (request) => acceptInvitation(dependencies, getCurrentUser(request), request.params.token, request.id),
  );
}
