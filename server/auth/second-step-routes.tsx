/**
 * The sign-in's second step, registered beside the sign-in form (interaction-routes.tsx), in its
 * scope (form bodies, its error page):
 *   GET  /interaction/:uid/second-factor[?method=recovery-code]  asks for the code
 *   POST /interaction/:uid/second-factor                         checks it and finishes the sign-in
 * Only a sign-in whose password was right reaches it (`beginSignInStep`), in the browser that
 * typed the password (the provider's interaction cookie).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Interaction } from 'oidc-provider';
import type { App } from '../app-type';
import type { Provider } from './load-oidc-provider';
import { MessagePage, sendAuthPage, type AuthPageRenderer } from './pages';
import { AUTHENTICATOR_APP, completeSignInStep, pendingSignInStep, type SecondFactorDependencies } from './second-factor';
import { missingCodeMessage, SecondStepPage, secondStepTitle, wrongCodeMessage, type SecondStepMethod } from './second-step-pages';

export const secondStepPath = (uid: string) => `/interaction/${uid}/second-factor`;

function methodOf(value: unknown): SecondStepMethod {
  return value === 'recovery-code' ? 'recovery-code' : AUTHENTICATOR_APP;
}

function fieldOf(body: unknown, name: string): string {
  const value: unknown = typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[name] : undefined;
  return typeof value === 'string' ? value.trim() : '';
}

export interface SecondStepOptions {
  provider: Provider;
  render: AuthPageRenderer;
  loadInteraction: (request: FastifyRequest, reply: FastifyReply) => Promise<Interaction>;
  schema: { hide: boolean; params: unknown };
}

export function registerSecondStepRoutes(scope: FastifyInstance, app: App, { provider, render, loadInteraction, schema }: SecondStepOptions): void {
  const { config } = app;
  const deps: SecondFactorDependencies = { db: app.database.db, mail: app.mail, audit: app.audit, config };

  const sendStepPage = (reply: FastifyReply, uid: string, method: SecondStepMethod, problem?: string, status = 200) =>
    sendAuthPage(reply, render, {
      title: problem ? `Error: ${secondStepTitle(method)}` : secondStepTitle(method),
      headerTitle: 'Sign in',
      isSignInPage: true,
      status,
      children: (
        <SecondStepPage
          productName={config.productName}
          method={method}
          action={secondStepPath(uid)}
          abortAction={`/interaction/${uid}/abort`}
          otherMethodHref={method === AUTHENTICATOR_APP ? `${secondStepPath(uid)}?method=recovery-code` : secondStepPath(uid)}
          problem={problem}
        />
      ),
    });

  /** Too many wrong codes, or too long: the password is asked again (a code alone must never be enough). */
  const sendStartAgain = (reply: FastifyReply, uid: string) =>
    sendAuthPage(reply, render, {
      title: 'Sign in again',
      headerTitle: 'Sign in',
      isSignInPage: true,
      status: 401,
      children: (
        <MessagePage heading="Sign in again" homeUrl={`${config.publicUrl}/`}>
          <p>There were too many wrong codes, or the page was open for too long. For your security, enter your email and password again.</p>
          <p>
            <a href={`/interaction/${uid}`}>Sign in again</a>
          </p>
        </MessagePage>
      ),
    });

  scope.get(secondStepPath(':uid'), { schema }, async (request, reply) => {
    const interaction = await loadInteraction(request, reply);
    if (interaction.prompt.name !== 'login' || !(await pendingSignInStep(deps, interaction.uid))) {
      return reply.redirect(`/interaction/${interaction.uid}`, 303);
    }
    const query = request.query as Record<string, unknown> | undefined;
    return sendStepPage(reply, interaction.uid, methodOf(query?.method));
  });

  scope.post(secondStepPath(':uid'), { schema }, async (request, reply) => {
    const interaction = await loadInteraction(request, reply);
    if (interaction.prompt.name !== 'login') {
      return reply.redirect(`/interaction/${interaction.uid}`, 303);
    }
    const method = methodOf(fieldOf(request.body, 'method'));
    const code = fieldOf(request.body, 'code');
    if (!code) {
      if (!(await pendingSignInStep(deps, interaction.uid))) {
        return sendStartAgain(reply, interaction.uid);
      }
      return sendStepPage(reply, interaction.uid, method, missingCodeMessage(method), 400);
    }
    const result = await completeSignInStep(deps, { interactionUid: interaction.uid, method, code: code.slice(0, 64), requestId: request.id });
    if (result.outcome === 'start-again') {
      request.log.warn({ uid: interaction.uid }, 'second step given up: too many wrong codes or expired');
      return sendStartAgain(reply, interaction.uid);
    }
    if (result.outcome === 'wrong-code') {
      request.log.warn({ uid: interaction.uid, method }, 'wrong second-step code');
      return sendStepPage(reply, interaction.uid, method, wrongCodeMessage(method, result.triesLeft), 401);
    }
    request.log.info({ accountId: result.accountId, method }, 'signed in with a second factor');
    const returnTo = await provider.interactionResult(
      request.raw,
      reply.raw,
      { login: { accountId: result.accountId, amr: result.amr } },
      { mergeWithLastSubmission: false },
    );
    return reply.redirect(returnTo, 303);
  });
}
