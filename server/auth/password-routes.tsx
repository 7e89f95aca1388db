/**
 * "Forgot your password?" for the embedded provider (never mounted with an external issuer):
 *   GET  /account/forgot-password          asks for the email
 *   POST /account/forgot-password          sends a reset link if the email has an account; the same answer either way
 *   GET  /account/reset-password/:token    the new-password form, or why the link no longer works
 *   POST /account/reset-password/:token    sets the password, spends the link, ends the account's sessions, and
 *                                          gives the browser a sign-in device cookie for the account
 * The posts are rate limited per client address like sign-in. The token in the path is the only
 * credential, so a cross-site post could do nothing its sender could not do with the link itself.
 */
import formbody from '@fastify/formbody';
import type { FastifyContextConfig, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { MAX_EMAIL_LENGTH } from '../../common/api/users';
import type { App } from '../app-type';
import { toErrorResponse } from '../errors';
import { FORGOT_PASSWORD_PATH, PASSWORD_RESET_QUEUE, RESET_PASSWORD_PATH, isResetTokenValid, passwordResetJobKind, resetPassword } from './accounts';
import { MessagePage, sendAuthPage, type AuthPageRenderer } from './pages';
import { ForgotPasswordPage, ResetLinkSentPage, ResetPasswordPage } from './password-pages';
import { checkNewPassword } from './password-policy';
import { deviceCookieFor } from './sign-in-throttle';

const FORM_BODY_LIMIT_BYTES = 16 * 1024;
export const TOO_MANY_REQUESTS_MESSAGE = 'Too many attempts from your network. Wait a minute, then try again.';
// Any path segment reaches the handler, which answers "this link does not work" for a bad one.
const TokenParamsSchema = Type.Object({ token: Type.String({ maxLength: 200 }) });

class TooManyRequestsError extends Error {
  readonly statusCode = 429;
}

function field(body: unknown, name: string): string {
  if (typeof body !== 'object' || body === null || !(name in body)) {
    return '';
  }
  const value: unknown = (body as Record<string, unknown>)[name];
  return typeof value === 'string' ? value : '';
}

function emailProblem(email: string): string | undefined {
  if (email === '') {
    return 'Enter your email address.';
  }
  if (email.length > MAX_EMAIL_LENGTH || !/^[^\s@]+@[^\s@]+$/.test(email)) {
    return 'Enter an email address in the correct format, like name@example.com.';
  }
  return undefined;
}

export async function registerPasswordRoutes(app: App, render: AuthPageRenderer): Promise<void> {
  const { config } = app;
  const homeUrl = `${config.publicUrl}/`;
  const dependencies = { db: app.database.db, mail: app.mail, config };
  app.jobs.define(passwordResetJobKind(dependencies));

  const sendForgotPage = (reply: FastifyReply, options: { email: string; problem?: string; status?: number }) =>
    sendAuthPage(reply, render, {
      title: options.problem ? 'Error: Reset your password' : 'Reset your password',
      headerTitle: 'Reset your password',
      status: options.status ?? 200,
      children: (
        <ForgotPasswordPage
          productName={config.productName}
          action={FORGOT_PASSWORD_PATH}
          email={options.email}
          problems={options.problem ? [{ field: 'email', message: options.problem }] : []}
        />
      ),
    });

  const sendLinkNotWorking = (reply: FastifyReply) =>
    sendAuthPage(reply, render, {
      title: 'This link does not work',
      status: 404,
      children: (
        <MessagePage heading="This link does not work" homeUrl={homeUrl}>
          <p>Password reset links work once, for 1 hour. This one has been used, has expired, or was not copied in full.</p>
          <p>
            <a href={FORGOT_PASSWORD_PATH}>Ask for a new link</a>
          </p>
        </MessagePage>
      ),
    });

  await app.register(async (scope) => {
    await scope.register(formbody, { bodyLimit: FORM_BODY_LIMIT_BYTES });

    scope.setErrorHandler((error, request: FastifyRequest, reply) => {
      if (error instanceof TooManyRequestsError) {
        request.log.warn('password page rate limit reached');
        if (request.url.startsWith(FORGOT_PASSWORD_PATH)) {
          return sendForgotPage(reply, { email: field(request.body, 'email').trim(), problem: TOO_MANY_REQUESTS_MESSAGE, status: 429 });
        }
      }
      const { status, body } = toErrorResponse(error);
      if (status < 500) {
        // Bad input (control characters, too large, wrong type): say so and keep the 4xx.
        request.log.info({ status, reason: body.message }, 'password page request rejected');
        return sendAuthPage(reply, render, {
          title: 'Problem with your request',
          status,
          children: (
            <MessagePage heading="We could not read that form" homeUrl={homeUrl}>
              <p>{body.message.replace(/\.$/, '')}. Go back and try again.</p>
            </MessagePage>
          ),
        });
      }
      request.log.error({ err: error }, 'password page failed');
      return sendAuthPage(reply, render, {
        title: 'Something went wrong',
        status: 500,
        children: (
          <MessagePage heading="Something went wrong" homeUrl={homeUrl}>
            <p>We could not do that just now. Please try again in a moment.</p>
          </MessagePage>
        ),
      });
    });

    const rateLimit: FastifyContextConfig =
      config.loginRateLimit > 0
        ? {
            rateLimit: {
              max: config.loginRateLimit,
              timeWindow: 60_000,
              hook: 'preHandler',
              errorResponseBuilder: () => new TooManyRequestsError('too many password requests'),
            },
          }
        : { rateLimit: false };
    const hidden = { hide: true };

    scope.get(FORGOT_PASSWORD_PATH, { schema: hidden }, (_request, reply) => sendForgotPage(reply, { email: '' }));

    scope.post(FORGOT_PASSWORD_PATH, { schema: hidden, config: rateLimit }, async (request, reply) => {
      const email = field(request.body, 'email').trim();
      const problem = emailProblem(email);
      if (problem) {
        return sendForgotPage(reply, { email, problem, status: 400 });
      }
      // Queued, whatever the address: the answer takes as long for an address with no account.
      await app.jobs.send(PASSWORD_RESET_QUEUE, { email });
      return sendAuthPage(reply, render, {
        title: 'Check your email',
        children: <ResetLinkSentPage email={email} homeUrl={homeUrl} retryUrl={FORGOT_PASSWORD_PATH} />,
      });
    });

    const resetSchema = { ...hidden, params: TokenParamsSchema };
    const sendResetPage = (reply: FastifyReply, token: string, problems: Parameters<typeof ResetPasswordPage>[0]['problems'] = []) =>
      sendAuthPage(reply, render, {
        title: problems.length > 0 ? 'Error: Choose a new password' : 'Choose a new password',
        headerTitle: 'Choose a new password',
        status: problems.length > 0 ? 400 : 200,
        children: <ResetPasswordPage action={`${RESET_PASSWORD_PATH}/${token}`} problems={problems} />,
      });

    scope.get(`${RESET_PASSWORD_PATH}/:token`, { schema: resetSchema }, async (request, reply) => {
      const { token } = request.params as { token: string };
      if (!(await isResetTokenValid(dependencies, token))) {
        return sendLinkNotWorking(reply);
      }
      return sendResetPage(reply, token);
    });

    scope.post(`${RESET_PASSWORD_PATH}/:token`, { schema: resetSchema, config: rateLimit }, async (request, reply) => {
      const { token } = request.params as { token: string };
      if (!(await isResetTokenValid(dependencies, token))) {
        return sendLinkNotWorking(reply);
      }
      const password = field(request.body, 'password');
      const problems = checkNewPassword(password, field(request.body, 'confirmPassword'));
      if (problems.length > 0) {
        return sendResetPage(reply, token, problems);
      }
      const email = await resetPassword(dependencies, token, password);
      if (email === null) {
        return sendLinkNotWorking(reply);
      }
      request.log.info('password reset');
      // The link proved the mailbox: this browser may now sign in to the account from its own
      // budget, even while strangers' guesses keep the account waiting (sign-in-throttle.ts).
      reply.header('set-cookie', deviceCookieFor(config, email));
      return sendAuthPage(reply, render, {
        title: 'Your password has been changed',
        children: (
          <MessagePage heading="Your password has been changed" homeUrl={homeUrl}>
            <p>Sign in with your new password. You have been signed out everywhere else.</p>
            <p>
              <a className="button" href="/dashboard">
                Sign in
              </a>
            </p>
          </MessagePage>
        ),
      });
    });
  });
}
