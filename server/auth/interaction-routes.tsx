/**
 * The embedded provider's sign-in pages, as ordinary Fastify routes outside `/oidc`:
 *   GET  /interaction/:uid         the sign-in form (or, for consent, grants it and moves on)
 *   POST /interaction/:uid/login   checks the email and password (rate limited per client address)
 *   POST /interaction/:uid/create-account  creates an invited person's account and signs them in
 *   POST /interaction/:uid/abort   gives up and returns `access_denied` to the portal
 * A sign-in started from an invitation's link carries its token (`invitation`): the page then
 * creates the invited email's account when it has none, or asks that email to sign in, so the
 * person reaches the dashboard without signing in twice.
 * The provider's short-lived `_interaction` cookie (SameSite=Lax, path `/interaction/:uid`) ties
 * each post to the browser that started the sign-in, which also stops cross-site form posts.
 */
import { randomBytes } from 'node:crypto';
import formbody from '@fastify/formbody';
import type { FastifyContextConfig, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Interaction } from 'oidc-provider';
import { errors, type Provider } from './load-oidc-provider';
import { Type } from 'typebox';
import { isRecord } from '../../common/is-record';
import type { App } from '../app-type';
import { toErrorResponse } from '../errors';
import { identityAccounts } from '../db/schema/index';
import { AppError, ErrorCode } from '../errors';
import { createAccountFromInvitation, describeInvitation } from '../modules/invitations/service';
import { FORGOT_PASSWORD_PATH } from './accounts';
import { CreateAccountPage } from './password-pages';
import { hasSecondFactor } from './second-factor';
import { beginSignInStep } from './second-step';
import { registerSecondStepRoutes, secondStepPath } from './second-step-routes';
import type { PasswordField } from './password-policy';
import { hashPassword, verifyPassword } from './passwords';
import { readCookie } from '../pages/global-alert';
import {
  accountKeyOf,
  claimSignInAttempt,
  clearSignInFailures,
  describeWait,
  deviceCookieFor,
  deviceCookieNameOf,
  deviceKeyOf,
  deviceNonceOf,
} from './sign-in-throttle';
import {
  LoginPage,
  MessagePage,
  sendAuthPage,
  type AuthPageRenderer,
  type LoginField,
  type LoginProblem,
} from './pages';

export const BAD_CREDENTIALS_MESSAGE = 'The email or password is not correct.';
export const TOO_MANY_ATTEMPTS_MESSAGE = 'Too many sign-in attempts from your network. Wait a minute, then try again.';

/** The same whether or not the email has an account: the wait says nothing about who is registered. */
export function accountWaitMessage(seconds: number): string {
  return `There have been too many failed attempts to sign in with this email address. Wait ${describeWait(seconds)}, then try again. If you have forgotten your password, reset it.`;
}

/** The authorization request's parameter carrying an invitation's token (the provider's `extraParams`). */
export const INVITATION_PARAM = 'invitation';
const INVITATION_TOKEN = /^[A-Za-z0-9_-]{43}$/;

const FORM_BODY_LIMIT_BYTES = 16 * 1024;
const UidParamsSchema = Type.Object({ uid: Type.String({ pattern: '^[A-Za-z0-9_-]{1,64}$' }) });

/** The interaction cookie is missing, expired, or belongs to another sign-in. */
class InteractionExpiredError extends Error {}

/** Thrown by the rate limiter; the error handler turns it into the sign-in page with a 429. */
class TooManyAttemptsError extends Error {
  readonly statusCode = 429;
}

interface Credentials {
  email: string;
  password: string;
}

function formField(body: unknown, name: string): string {
  if (typeof body !== 'object' || body === null || !(name in body)) {
    return '';
  }
  const value: unknown = (body as Record<string, unknown>)[name];
  return typeof value === 'string' ? value : '';
}

function readCredentials(body: unknown): Credentials {
  return { email: formField(body, 'email').trim(), password: formField(body, 'password') };
}

/** The invitation token a sign-in was started with, when it is one. */
function invitationTokenOf(interaction: Interaction): string | undefined {
  const token = interaction.params[INVITATION_PARAM];
  return typeof token === 'string' && INVITATION_TOKEN.test(token) ? token : undefined;
}

function uidOf(request: FastifyRequest): string | undefined {
  const { params } = request;
  if (typeof params === 'object' && params !== null && 'uid' in params && typeof params.uid === 'string') {
    return params.uid;
  }
  return undefined;
}

/** The password rules a refused new password broke, as the page shows them. */
function passwordProblemsOf(error: AppError): { field: PasswordField; message: string }[] {
  const problems: unknown = isRecord(error.details) ? error.details.problems : undefined;
  return Array.isArray(problems)
    ? problems.filter((problem): problem is { field: PasswordField; message: string } => isRecord(problem) && (problem.field === 'password' || problem.field === 'confirmPassword') && typeof problem.message === 'string')
    : [];
}

export async function registerInteractionRoutes(app: App, provider: Provider, render: AuthPageRenderer): Promise<void> {
  const { config } = app;
  const { db } = app.database;
  const homeUrl = `${config.publicUrl}/`;

  // Unknown emails are checked against this hash so they cost as much as known ones.
  const dummyHash = hashPassword(randomBytes(32).toString('base64url'));
  dummyHash.catch((error: unknown) => {
    app.log.error({ err: error }, 'could not prepare the sign-in timing guard');
  });

  const loadInteraction = async (request: FastifyRequest, reply: FastifyReply): Promise<Interaction> => {
    let interaction: Interaction;
    try {
      interaction = await provider.interactionDetails(request.raw, reply.raw);
    } catch (error) {
      if (error instanceof errors.SessionNotFound) {
        throw new InteractionExpiredError(error.message);
      }
      throw error;
    }
    if (interaction.uid !== uidOf(request)) {
      throw new InteractionExpiredError('interaction uid does not match the cookie');
    }
    return interaction;
  };

  const sendLoginPage = (
    reply: FastifyReply,
    uid: string,
    options: { email: string; problems?: LoginProblem[]; fieldErrors?: Partial<Record<LoginField, string>>; status?: number },
  ) =>
    sendAuthPage(reply, render, {
      title: options.problems?.length ? 'Error: Sign in' : 'Sign in',
      headerTitle: 'Sign in',
      isSignInPage: true,
      status: options.status ?? 200,
      children: (
        <LoginPage
          productName={config.productName}
          teamContact={config.teamContact}
          action={`/interaction/${uid}/login`}
          abortAction={`/interaction/${uid}/abort`}
          forgotPasswordHref={FORGOT_PASSWORD_PATH}
          email={options.email}
          problems={options.problems ?? []}
          fieldErrors={options.fieldErrors ?? {}}
        />
      ),
    });

  /**
   * The invitation a sign-in was started with, while its link still works: who it is for, and
   * whether that email may create its account here. Null for no invitation, or a spent or unknown one.
   */
  const invitationOf = async (interaction: Interaction) => {
    const token = invitationTokenOf(interaction);
    if (token === undefined) {
      return null;
    }
    try {
      const details = await describeInvitation(db, token, true);
      return details.status === 'valid' ? { token, ...details } : null;
    } catch (error) {
      if (error instanceof AppError && error.code === ErrorCode.NotFound) {
        return null;
      }
      throw error;
    }
  };

  const sendCreateAccountPage = (
    reply: FastifyReply,
    uid: string,
    invitation: { organisationName: string; email: string },
    options: { problems?: { field: PasswordField; message: string }[]; status?: number } = {},
  ) =>
    sendAuthPage(reply, render, {
      title: options.problems?.length ? 'Error: Create your account' : 'Create your account',
      headerTitle: 'Create your account',
      isSignInPage: true,
      status: options.status ?? 200,
      children: (
        <CreateAccountPage
          productName={config.productName}
          organisationName={invitation.organisationName}
          email={invitation.email}
          action={`/interaction/${uid}/create-account`}
          abortAction={`/interaction/${uid}/abort`}
          problems={options.problems ?? []}
        />
      ),
    });

  /** Our only client is the portal itself, so consent is given without asking (first party). */
  const grantConsent = async (interaction: Interaction): Promise<string> => {
    const accountId = interaction.session?.accountId;
    const clientId = interaction.params.client_id;
    if (!accountId || clientId !== config.oidc.clientId) {
      throw new InteractionExpiredError('consent asked without a session or for another client');
    }
    const existing = interaction.grantId ? await provider.Grant.find(interaction.grantId) : undefined;
    const grant = existing ?? new provider.Grant({ accountId, clientId });
    const { details } = interaction.prompt;
    if (details.missingOIDCScope) {
      grant.addOIDCScope(details.missingOIDCScope.join(' '));
    }
    if (details.missingOIDCClaims) {
      grant.addOIDCClaims(details.missingOIDCClaims);
    }
    for (const [resource, scopes] of Object.entries(details.missingResourceScopes ?? {})) {
      grant.addResourceScope(resource, scopes.join(' '));
    }
    return grant.save();
  };

  await app.register(async (scope) => {
    // Form posts are parsed only here; the API stays JSON-only.
    await scope.register(formbody, { bodyLimit: FORM_BODY_LIMIT_BYTES });

    scope.setErrorHandler((error, request, reply) => {
      const uid = uidOf(request);
      if (error instanceof TooManyAttemptsError && uid) {
        request.log.warn({ uid }, 'sign-in rate limit reached');
        return sendLoginPage(reply, uid, {
          email: readCredentials(request.body).email,
          problems: [{ field: 'email', message: TOO_MANY_ATTEMPTS_MESSAGE }],
          status: 429,
        });
      }
      const isExpired = error instanceof InteractionExpiredError;
      const isBadAddress = typeof error === 'object' && error !== null && 'validation' in error;
      if (isExpired || isBadAddress) {
        request.log.info({ reason: error instanceof Error ? error.message : 'invalid' }, 'sign-in page expired or unknown');
        return sendAuthPage(reply, render, {
          title: 'Sign-in expired',
          status: isExpired ? 400 : 404,
          children: (
            <MessagePage heading="This sign-in has expired" homeUrl={homeUrl}>
              <p>Sign-in pages only work for a while, in the browser that opened them. Go back to the portal and sign in again.</p>
            </MessagePage>
          ),
        });
      }
      const { status, body } = toErrorResponse(error);
      if (status < 500) {
        // A request the browser should not have sent (too large, wrong type): say so, keep the 4xx.
        request.log.info({ status, reason: body.message }, 'sign-in request rejected');
        return sendAuthPage(reply, render, {
          title: 'Sign-in problem',
          status,
          children: (
            <MessagePage heading="We could not read that sign-in" homeUrl={homeUrl}>
              <p>{body.message.replace(/\.$/, '')}. Go back to the portal and sign in again.</p>
            </MessagePage>
          ),
        });
      }
      request.log.error({ err: error }, 'sign-in page failed');
      return sendAuthPage(reply, render, {
        title: 'Sign-in problem',
        status: 500,
        children: (
          <MessagePage heading="Something went wrong" homeUrl={homeUrl}>
            <p>We could not sign you in just now. Please try again in a moment.</p>
          </MessagePage>
        ),
      });
    });

    const hidden = { hide: true, params: UidParamsSchema };
    registerSecondStepRoutes(scope, app, { provider, render, loadInteraction, schema: hidden });

    scope.get('/interaction/:uid', { schema: hidden }, async (request, reply) => {
      const interaction = await loadInteraction(request, reply);
      if (interaction.prompt.name === 'consent') {
        const grantId = await grantConsent(interaction);
        const returnTo = await provider.interactionResult(request.raw, reply.raw, { consent: { grantId } }, { mergeWithLastSubmission: true });
        return reply.redirect(returnTo, 303);
      }
      if (interaction.prompt.name !== 'login') {
        throw new InteractionExpiredError(`unexpected prompt ${interaction.prompt.name}`);
      }
      const invitation = await invitationOf(interaction);
      if (invitation?.canCreateAccount) {
        return sendCreateAccountPage(reply, interaction.uid, invitation);
      }
      const hint = invitation?.email ?? interaction.params.login_hint;
      return sendLoginPage(reply, interaction.uid, { email: typeof hint === 'string' ? hint : '' });
    });

    const loginRateLimit: FastifyContextConfig =
      config.loginRateLimit > 0
        ? {
            rateLimit: {
              max: config.loginRateLimit,
              timeWindow: 60_000,
              // After parsing, so the page can keep the typed email.
              hook: 'preHandler',
              errorResponseBuilder: () => {
                app.metrics.countSignIn('rate-limited');
                return new TooManyAttemptsError('too many sign-in attempts');
              },
            },
          }
        : { rateLimit: false };

    scope.post('/interaction/:uid/login', { schema: hidden, config: loginRateLimit }, async (request, reply) => {
      const interaction = await loadInteraction(request, reply);
      if (interaction.prompt.name !== 'login') {
        return reply.redirect(`/interaction/${interaction.uid}`, 303);
      }
      const { email, password } = readCredentials(request.body);
      const fieldErrors: Partial<Record<LoginField, string>> = {};
      if (!email) {
        fieldErrors.email = 'Enter your email address.';
      }
      if (!password) {
        fieldErrors.password = 'Enter your password.';
      }
      const missing = (Object.entries(fieldErrors) as [LoginField, string][]).map(([field, message]) => ({ field, message }));
      if (missing.length > 0) {
        return sendLoginPage(reply, interaction.uid, { email, problems: missing, fieldErrors, status: 400 });
      }

      // Many addresses guessing one account: each failure makes the next try wait longer. The attempt
      // is claimed before the password is checked, from this browser's own budget when it has signed
      // in to the account before (its device cookie), else from the account's, which strangers share.
      const deviceNonce = deviceNonceOf(config.oidc.cookieKeys, email, readCookie(request.headers.cookie, deviceCookieNameOf(email)));
      const budgetKey = deviceNonce === undefined ? accountKeyOf(email) : deviceKeyOf(email, deviceNonce);
      const claim = await claimSignInAttempt(db, budgetKey);
      if (!claim.allowed) {
        request.log.warn({ uid: interaction.uid, wait: claim.waitSeconds, knownDevice: deviceNonce !== undefined }, 'sign-in refused: waiting after failed attempts');
        app.metrics.countSignIn('throttled');
        return sendLoginPage(reply, interaction.uid, {
          email,
          problems: [{ field: 'email', message: accountWaitMessage(claim.waitSeconds) }],
          status: 429,
        });
      }

      const [account] = await db
        .select({ id: identityAccounts.id, passwordHash: identityAccounts.passwordHash })
        .from(identityAccounts)
        .where(sql`lower(${identityAccounts.email}) = lower(${email})`)
        .limit(1);
      const isPasswordCorrect = await verifyPassword(account?.passwordHash ?? (await dummyHash), password);
      if (!account || !isPasswordCorrect) {
        // Never the password; the typed email helps spot guessing against one account. The claim
        // already counted this failure.
        request.log.warn({ email: email.toLowerCase().slice(0, 320), uid: interaction.uid, knownDevice: deviceNonce !== undefined }, 'failed sign-in');
        app.metrics.countSignIn('failed');
        return sendLoginPage(reply, interaction.uid, {
          email,
          problems: [{ field: 'email', message: BAD_CREDENTIALS_MESSAGE }],
          status: 401,
        });
      }

      const needsSecondStep = await hasSecondFactor(db, account.id);
      if (!needsSecondStep) {
        await clearSignInFailures(db, budgetKey);
      }
      if (deviceNonce === undefined) {
        // From now on this browser has its own budget for this account.
        reply.header('set-cookie', deviceCookieFor(config, email));
      }
      if (needsSecondStep) {
        // The password was right; the sign-in now waits for the second step (second-step-routes.tsx).
        // The attempt stays counted until a code is right too, so someone who knows the password
        // cannot try codes five at a time, again and again, faster than the waits allow.
        await beginSignInStep({ db }, { interactionUid: interaction.uid, accountId: account.id, budgetKey });
        return reply.redirect(secondStepPath(interaction.uid), 303);
      }
      request.log.info({ accountId: account.id }, 'signed in');
      const returnTo = await provider.interactionResult(
        request.raw,
        reply.raw,
        { login: { accountId: account.id, amr: ['pwd'] } },
        { mergeWithLastSubmission: false },
      );
      return reply.redirect(returnTo, 303);
    });

    scope.post('/interaction/:uid/create-account', { schema: hidden, config: loginRateLimit }, async (request, reply) => {
      const interaction = await loadInteraction(request, reply);
      const invitation = interaction.prompt.name === 'login' ? await invitationOf(interaction) : null;
      if (!invitation?.canCreateAccount) {
        // Signed in meanwhile, a spent link, or an account made since: the page says what applies now.
        return reply.redirect(`/interaction/${interaction.uid}`, 303);
      }
      let accountId: string;
      try {
        ({ accountId } = await createAccountFromInvitation(
          { db, audit: app.audit },
          invitation.token,
          { password: formField(request.body, 'password'), confirmPassword: formField(request.body, 'confirmPassword') },
          request.id,
        ));
      } catch (error) {
        const problems = error instanceof AppError && error.code === ErrorCode.BadRequest ? passwordProblemsOf(error) : [];
        if (problems.length > 0) {
          return sendCreateAccountPage(reply, interaction.uid, invitation, { problems, status: 400 });
        }
        if (error instanceof AppError && error.code === ErrorCode.Conflict) {
          return reply.redirect(`/interaction/${interaction.uid}`, 303);
        }
        throw error;
      }
      request.log.info({ accountId }, 'created an account from an invitation and signed in');
      const returnTo = await provider.interactionResult(request.raw, reply.raw, { login: { accountId } }, { mergeWithLastSubmission: false });
      return reply.redirect(returnTo, 303);
    });

    scope.post('/interaction/:uid/abort', { schema: hidden }, async (request, reply) => {
      await loadInteraction(request, reply);
      const returnTo = await provider.interactionResult(
        request.raw,
        reply.raw,
        { error: 'access_denied', error_description: 'The person cancelled the sign-in.' },
        { mergeWithLastSubmission: false },
      );
      return reply.redirect(returnTo, 303);
    });
  });
}
