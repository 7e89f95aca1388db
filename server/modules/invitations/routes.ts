/**
 * The user app's invitation links, to a supplier or an agency: GET /invitations/{token} (what the
 * link is for) and POST /invitations/{token}/accept. The embedded provider's sign-in page creates an
 * invited person's account (server/auth/interaction-routes.tsx).
 */
import { errorResponses } from '../../../common/api/http';
import { AcceptInvitationResponseSchema, InvitationDetailsResponseSchema, InvitationTokenParamsSchema } from '../../../common/api/users';
import type { App } from '../../app-type';
import { getCurrentUser } from '../../auth/context';
import { acceptInvitation, describeInvitation } from './service';

export async function registerInvitationRoutes(app: App): Promise<void> {
  const dependencies = { db: app.database.db, audit: app.audit };

  app.get(
    '/invitations/:token',
    {
      // Public: the confirmation screen shows whom the link is for before the person signs in.
      schema: {
        tags: ['users'],
        summary: 'What an invitation link is for, and whether it still works',
        params: InvitationTokenParamsSchema,
        response: { 200: InvitationDetailsResponseSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => describeInvitation(app.database.db, request.params.token, app.config.oidc.embedded),
  );

  app.post(
    '/invitations/:token/accept',
    {
      // No X-Supplier-Id or X-Agency-Id: the person is not a member of the organisation yet.
      preValidation: app.authenticate,
      schema: {
        tags: ['users'],
        summary: 'Accepts an invitation for the signed-in user, whose email must be the invited one',
        params: InvitationTokenParamsSchema,
        response: { 200: AcceptInvitationResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => acceptInvitation(dependencies, getCurrentUser(request), request.params.token, request.id),
  );
}
