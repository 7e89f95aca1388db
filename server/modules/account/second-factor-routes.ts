/**
 * Two-step verification on 'Your account' (issue 29), for the embedded identity provider's accounts:
 *   GET    /api/v1/account/second-factors                           the person's factors and recovery codes left
 *   POST   /api/v1/account/second-factors/authenticator-app/set-up  a new key for an authenticator app
 *   POST   /api/v1/account/second-factors/authenticator-app         adds the app once a code from it is right
 *   POST   /api/v1/account/second-factors/passkey/set-up            options for the browser to make a passkey
 *   POST   /api/v1/account/second-factors/passkey                   adds the passkey the browser made, once checked
 *   DELETE /api/v1/account/second-factors/{id}                      removes one of the person's own factors
 *   POST   /api/v1/account/recovery-codes                           new recovery codes in place of the old
 * A person only ever reaches their own factors: the account is the token's subject, never an id sent.
 * With an external issuer every route answers 404: that service asks for its own second step.
 */
import QRCode from 'qrcode';
import { errorResponses, NoContentResponseSchema } from '../../../common/api/http';
import {
  AddAuthenticatorAppRequestSchema,
  AddPasskeyRequestSchema,
  AddSecondFactorResponseSchema,
  AuthenticatorAppSetUpResponseSchema,
  factorNameProblem,
  PASSKEY_ALREADY_ADDED_MESSAGE,
  PASSKEY_NOT_ADDED_MESSAGE,
  PASSKEY_SET_UP_EXPIRED_MESSAGE,
  PasskeySetUpResponseSchema,
  RecoveryCodesResponseSchema,
  SECOND_FACTORS_MANAGED_ELSEWHERE_MESSAGE,
  SecondFactorParamsSchema,
  SecondFactorsResponseSchema,
  SET_UP_EXPIRED_MESSAGE,
  setUpCodeProblem,
  WRONG_SET_UP_CODE_MESSAGE,
  type AddAuthenticatorAppField,
  type SecondFactor,
} from '../../../common/api/second-factors';
import type { App } from '../../app-type';
import { getAccessToken, getCurrentUser } from '../../auth/context';
import {
  confirmAuthenticatorAppSetUp,
  listSecondFactors,
  regenerateRecoveryCodes,
  removeSecondFactor,
  startAuthenticatorAppSetUp,
  type SecondFactorDependencies,
  type SecondFactorSummary,
} from '../../auth/second-factor';
import { confirmPasskeySetUp, startPasskeySetUp } from '../../auth/passkeys';
import { AppError, ErrorCode } from '../../errors';

const asFactor = (factor: SecondFactorSummary): SecondFactor => ({
  id: factor.id,
  kind: factor.kind,
  name: factor.name,
  createdAt: factor.createdAt.toISOString(),
  lastUsedAt: factor.lastUsedAt?.toISOString() ?? null,
});

function refuse(problems: { field: AddAuthenticatorAppField | 'response'; message: string }[]): never {
  throw new AppError(ErrorCode.BadRequest, problems.map((problem) => problem.message).join(' '), { problems });
}

export async function registerSecondFactorRoutes(app: App): Promise<void> {
  const deps: SecondFactorDependencies = { db: app.database.db, mail: app.mail, audit: app.audit, config: app.config };
  const tags = ['user'];

  /** The signed-in person's account on the embedded provider (the token's subject). */
  const accountIdOf = (request: Parameters<typeof getAccessToken>[0]): string => {
    if (!app.config.oidc.embedded) {
      throw new AppError(ErrorCode.NotFound, SECOND_FACTORS_MANAGED_ELSEWHERE_MESSAGE);
    }
    return getAccessToken(request).sub;
  };

  app.get(
    '/account/second-factors',
    {
      preValidation: app.authenticate,
      schema: {
        tags,
        summary: 'The signed-in person’s ways to sign in after their password, and how many recovery codes they have left',
        response: { 200: SecondFactorsResponseSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const listed = await listSecondFactors(app.database.db, accountIdOf(request));
      return { factors: listed.factors.map(asFactor), recoveryCodesLeft: listed.recoveryCodesLeft };
    },
  );

  app.post(
    '/account/second-factors/authenticator-app/set-up',
    {
      preValidation: app.authenticate,
      schema: {
        tags,
        summary: 'Starts setting up an authenticator app: a new key, as text and as a QR code, kept for 15 minutes',
        response: { 200: AuthenticatorAppSetUpResponseSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const started = await startAuthenticatorAppSetUp(deps, accountIdOf(request));
      if (!started) {
        throw new AppError(ErrorCode.NotFound, SECOND_FACTORS_MANAGED_ELSEWHERE_MESSAGE);
      }
      const svg = await QRCode.toString(started.uri, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
      return {
        secret: started.secret,
        otpauthUri: started.uri,
        qrCodeImage: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
      };
    },
  );

  app.post(
    '/account/second-factors/authenticator-app',
    {
      preValidation: app.authenticate,
      schema: {
        tags,
        summary: 'Adds the authenticator app being set up, once a code from it is right; the first factor comes with recovery codes',
        description: 'A wrong code or name answers 400 naming the field; a set-up older than 15 minutes answers 409.',
        body: AddAuthenticatorAppRequestSchema,
        response: { 201: AddSecondFactorResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const accountId = accountIdOf(request);
      const name = request.body.name.trim();
      const code = request.body.code.replace(/\s/g, '');
      const problems = [
        { field: 'name' as const, message: factorNameProblem(name) },
        { field: 'code' as const, message: setUpCodeProblem(code) },
      ].filter((problem): problem is { field: AddAuthenticatorAppField; message: string } => problem.message !== undefined);
      if (problems.length > 0) {
        refuse(problems);
      }
      const outcome = await confirmAuthenticatorAppSetUp(deps, { accountId, actorUserId: getCurrentUser(request).id, name, code, requestId: request.id });
      if (!outcome.isSetUp) {
        if (outcome.reason === 'expired') {
          throw new AppError(ErrorCode.Conflict, SET_UP_EXPIRED_MESSAGE);
        }
        refuse([{ field: 'code', message: WRONG_SET_UP_CODE_MESSAGE }]);
      }
      return reply.status(201).send({ factor: asFactor(outcome.factor), recoveryCodes: outcome.recoveryCodes });
    },
  );

  app.post(
    '/account/second-factors/passkey/set-up',
    {
      preValidation: app.authenticate,
      schema: {
        tags,
        summary: 'Starts adding a passkey: the options for the browser’s navigator.credentials.create, kept for 15 minutes',
        response: { 200: PasskeySetUpResponseSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const options = await startPasskeySetUp(deps, accountIdOf(request));
      if (!options) {
        throw new AppError(ErrorCode.NotFound, SECOND_FACTORS_MANAGED_ELSEWHERE_MESSAGE);
      }
      return { options };
    },
  );

  app.post(
    '/account/second-factors/passkey',
    {
      preValidation: app.authenticate,
      schema: {
        tags,
        summary: 'Adds the passkey the browser made, once its answer is checked against the set-up; the first factor comes with recovery codes',
        description: 'A missing name or an answer that cannot be checked answers 400 naming the field; a set-up older than 15 minutes, or used already, answers 409.',
        body: AddPasskeyRequestSchema,
        response: { 201: AddSecondFactorResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const accountId = accountIdOf(request);
      const name = request.body.name.trim();
      const nameProblem = factorNameProblem(name, 'passkey');
      if (nameProblem) {
        refuse([{ field: 'name', message: nameProblem }]);
      }
      const outcome = await confirmPasskeySetUp(deps, { accountId, actorUserId: getCurrentUser(request).id, name, response: request.body.response, requestId: request.id });
      if (!outcome.isSetUp) {
        if (outcome.reason === 'expired') {
          throw new AppError(ErrorCode.Conflict, PASSKEY_SET_UP_EXPIRED_MESSAGE);
        }
        refuse([{ field: 'response', message: outcome.reason === 'already-added' ? PASSKEY_ALREADY_ADDED_MESSAGE : PASSKEY_NOT_ADDED_MESSAGE }]);
      }
      return reply.status(201).send({ factor: asFactor(outcome.factor), recoveryCodes: outcome.recoveryCodes });
    },
  );

  app.delete(
    '/account/second-factors/:id',
    {
      preValidation: app.authenticate,
      schema: {
        tags,
        summary: 'Removes one of the signed-in person’s own second factors (the last one takes the recovery codes with it)',
        params: SecondFactorParamsSchema,
        response: { 204: NoContentResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const removed = await removeSecondFactor(deps, {
        accountId: accountIdOf(request),
        factorId: request.params.id,
        actorUserId: getCurrentUser(request).id,
        requestId: request.id,
      });
      if (!removed) {
        throw new AppError(ErrorCode.NotFound, 'That way to sign in is not on your account. It may have been removed already.');
      }
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/account/recovery-codes',
    {
      preValidation: app.authenticate,
      schema: {
        tags,
        summary: 'New recovery codes in place of the old ones (only with a second factor set up)',
        response: { 200: RecoveryCodesResponseSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const codes = await regenerateRecoveryCodes(deps, { accountId: accountIdOf(request), actorUserId: getCurrentUser(request).id, requestId: request.id });
      if (!codes) {
        throw new AppError(ErrorCode.NotFound, 'Set up an authenticator app or add a passkey first: recovery codes are for when you cannot use them.');
      }
      return { recoveryCodes: codes };
    },
  );
}
