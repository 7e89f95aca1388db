/**
 * POST /api/v1/account/password: a signed-in person changes their own password on the embedded
 * identity provider (the user app's 'Change your password'). Their current password proves it is
 * them, not someone at an unlocked screen; the sign-in they use stays, and every other one ends
 * unless they answer no to signing out everywhere else (`endOtherSessions: false`). With an external
 * issuer the route answers 404: the issuer manages passwords.
 */
import { errorResponses } from '../../../common/api/http';
import { ChangePasswordRequestSchema, ChangePasswordResponseSchema } from '../../../common/api/users';
import { checkPasswordChange, PASSWORD_MANAGED_ELSEWHERE_MESSAGE, type PasswordChangeProblem } from '../../../common/password-rules';
import type { App } from '../../app-type';
import { changePassword } from '../../auth/accounts';
import { getAccessToken, getCurrentUser } from '../../auth/context';
import { isCommonPassword } from '../../auth/password-policy';
import { AppError, ErrorCode } from '../../errors';

export const CHANGE_PASSWORD_ROUTE = '/account/password';

export const WRONG_CURRENT_PASSWORD_MESSAGE = 'Your current password is not right. Check it and try again.';
export const TOO_MANY_ATTEMPTS_MESSAGE = 'Too many attempts to change your password. Wait a minute, then try again.';

function refuse(problems: PasswordChangeProblem[]): never {
  throw new AppError(ErrorCode.BadRequest, problems.map((problem) => problem.message).join(' '), { problems });
}

export async function registerPasswordChangeRoute(app: App): Promise<void> {
  const dependencies = { db: app.database.db, mail: app.mail, config: app.config };
  // Per person, not per address: a stolen access token must not allow guessing the current password.
  const limitAttempts =
    app.config.loginRateLimit > 0
      ? app.createRateLimit({
          max: app.config.loginRateLimit,
          timeWindow: 60_000,
          keyGenerator: (request) => `change-password:${String(request.currentUser?.id)}`,
        })
      : undefined;

  app.post(
    CHANGE_PASSWORD_ROUTE,
    {
      preValidation: app.authenticate,
      schema: {
        tags: ['user'],
        summary: 'Changes the signed-in person’s password and, unless asked not to, ends their other sign-ins (embedded identity provider only)',
        description:
          'Needs the current password (400 naming `currentPassword` when wrong). The new password follows the sign-up rules ' +
          '(at least 12 characters, not a common password) and must differ from the current one. Rate limited per person (429). ' +
          'Answers 404 with an external issuer.',
        body: ChangePasswordRequestSchema,
        response: { 200: ChangePasswordResponseSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => {
      if (!app.config.oidc.embedded) {
        throw new AppError(ErrorCode.NotFound, PASSWORD_MANAGED_ELSEWHERE_MESSAGE);
      }
      const user = getCurrentUser(request);
      const token = getAccessToken(request);
      if (limitAttempts) {
        const limit = await limitAttempts(request);
        if (!limit.isAllowed && limit.isExceeded) {
          throw new AppError(ErrorCode.TooManyRequests, TOO_MANY_ATTEMPTS_MESSAGE);
        }
      }
      const problems = checkPasswordChange(request.body, isCommonPassword);
      if (problems.length > 0) {
        refuse(problems);
      }
      const outcome = await changePassword(dependencies, {
        accountId: token.sub,
        currentPassword: request.body.currentPassword,
        newPassword: request.body.password,
        keepSessionUid: token.sessionUid,
        endOtherSessions: request.body.endOtherSessions ?? true,
      });
      if (!outcome.isChanged) {
        if (outcome.reason === 'no-account') {
          throw new AppError(ErrorCode.NotFound, PASSWORD_MANAGED_ELSEWHERE_MESSAGE);
        }
        refuse([{ field: 'currentPassword', message: WRONG_CURRENT_PASSWORD_MESSAGE }]);
      }
      await app.audit.record({
        actorUserId: user.id,
        action: 'identity-account.change-password',
        entity: 'user',
        entityId: user.id,
        after: { endedOtherSessions: request.body.endOtherSessions ?? true, endedSessions: outcome.endedSessions },
        requestId: request.id,
      });
      return { endedSessions: outcome.endedSessions };
    },
  );
}
