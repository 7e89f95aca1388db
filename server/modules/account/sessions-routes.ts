/**
 * GET /api/v1/account/sessions, DELETE /api/v1/account/sessions/{sessionID} and
 * POST /api/v1/account/sessions/end-others: the signed-in person's own sign-ins ('Your account' →
 * 'Where you are signed in'). With an external issuer the list says it is managed elsewhere and the
 * two ends answer 404: the portal cannot see that issuer's sessions.
 */
import {
  EndSessionsResponseSchema,
  SESSION_NOT_FOUND_MESSAGE,
  SESSIONS_MANAGED_ELSEWHERE_MESSAGE,
  SignInSessionParamsSchema,
  SignInSessionsResponseSchema,
} from '../../../common/api/account-sessions';
import { errorResponses } from '../../../common/api/http';
import type { App } from '../../app-type';
import { getAccessToken, getCurrentUser } from '../../auth/context';
import { AppError, ErrorCode } from '../../errors';
import type { FastifyRequest } from 'fastify';
import { endOtherSignIns, endSignIn, listSignIns, type SessionOwner } from './sessions-service';

export const SIGN_IN_AGAIN_MESSAGE = 'Sign out, sign in again, then try again.';

function ownerOf(request: FastifyRequest): SessionOwner {
  const token = getAccessToken(request);
  return { accountId: token.sub, currentSessionUid: token.sessionUid, userId: getCurrentUser(request).id, requestId: request.id };
}

export async function registerSessionRoutes(app: App): Promise<void> {
  const { db } = app.database;
  const refuseUnlessManagedHere = () => {
    if (!app.config.oidc.embedded) {
      throw new AppError(ErrorCode.NotFound, SESSIONS_MANAGED_ELSEWHERE_MESSAGE);
    }
  };

  app.get(
    '/account/sessions',
    {
      preValidation: app.authenticate,
      schema: {
        tags: ['user'],
        summary: 'The signed-in person’s own sign-ins: device, address, when signed in and last used',
        description: 'This device first, then the most recently used. With an external issuer `isManagedHere` is false and the list is empty.',
        response: { 200: SignInSessionsResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      if (!app.config.oidc.embedded) {
        return { isManagedHere: false, sessions: [] };
      }
      return { isManagedHere: true, sessions: await listSignIns(db, ownerOf(request)) };
    },
  );

  app.delete(
    '/account/sessions/:sessionID',
    {
      preValidation: app.authenticate,
      schema: {
        tags: ['user'],
        summary: 'Ends one of the signed-in person’s own sign-ins: its access tokens stop working at once',
        description: '404 when the person has no such sign-in (another person’s, or already ended); nothing changes then.',
        params: SignInSessionParamsSchema,
        response: { 200: EndSessionsResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      refuseUnlessManagedHere();
      const ended = await endSignIn(db, app.audit, ownerOf(request), request.params.sessionID);
      if (!ended) {
        throw new AppError(ErrorCode.NotFound, SESSION_NOT_FOUND_MESSAGE);
      }
      return { endedSessions: 1 };
    },
  );

  app.post(
    '/account/sessions/end-others',
    {
      preValidation: app.authenticate,
      schema: {
        tags: ['user'],
        summary: 'Ends every sign-in of the signed-in person but the one making the request',
        response: { 200: EndSessionsResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      refuseUnlessManagedHere();
      const owner = ownerOf(request);
      const { currentSessionUid } = owner;
      if (currentSessionUid === undefined) {
        // A token that does not name its session cannot say which sign-in to keep.
        throw new AppError(ErrorCode.BadRequest, SIGN_IN_AGAIN_MESSAGE);
      }
      return { endedSessions: await endOtherSignIns(db, app.audit, { ...owner, currentSessionUid }) };
    },
  );
}
