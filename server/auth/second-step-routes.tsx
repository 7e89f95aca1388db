/**
 * The sign-in's second step, registered beside the sign-in form (interaction-routes.tsx), in its
 * scope (form bodies, its error page):
 *   GET  /interaction/:uid/second-factor[?method=…]  asks for the passkey or a code (the person's own kind first)
 *   POST /interaction/:uid/second-factor             checks it and finishes the sign-in
 * Only a sign-in whose password was right reaches it (`beginSignInStep`), in the browser that
 * typed the password (the provider's interaction cookie).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Interaction } from 'oidc-provider';
import type { App } from '../app-type';
import type { Provider } from './load-oidc-provider';
import { MessagePage, sendAuthPage, type AuthPageRenderer } from './pages';
import type { SecondFactorDependencies } from './second-factor';
import { completeSignInStep, passkeyOptionsForSignIn, pendingSignInStep, RECOVERY_CODE_METHOD, type PendingSignInStep, type SecondStepMethod } from './second-step';
import { missingCodeMessage, otherMethodLabel, SecondStepPage, secondStepTitle, wrongCodeMessage } from './second-step-pages';

export const secondStepPath = (uid: string) => `/interaction/${uid}/second-factor`;
const MAX_PASSKEY_ANSWER_LENGTH = 16_384;

/** The method asked for when the person has it (a recovery code always), else their first kind of factor. */
function methodOf(value: unknown, kinds: SecondStepMethod[]): SecondStepMethod {
  const methods: SecondStepMethod[] = [...kinds, RECOVERY_CODE_METHOD];
  return methods.find((method) => method === value) ?? methods[0] ?? RECOVERY_CODE_METHOD;
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

  const sendStepPage = async (
    reply: FastifyReply,
    { uid, method, pending }: { uid: string; method: SecondStepMethod; pending: PendingSignInStep },
    problem?: string,
    status = 200,
  ) => {
    const { kinds } = pending;
    const otherMethods = [...kinds, RECOVERY_CODE_METHOD as SecondStepMethod]
      .filter((other) => other !== method)
      .map((other) => ({ href: `${secondStepPath(uid)}?method=${other}`, label: otherMethodLabel(other, kinds) }));
    // Each passkey page asks with a new challenge (the last one is used up, right or wrong).
    const passkeyOptions = method === 'passkey' ? await passkeyOptionsForSignIn(deps, uid, pending) : undefined;
    return sendAuthPage(reply, render, {
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
          otherMethods={otherMethods}
          problem={problem}
          passkeyOptions={passkeyOptions}
        />
      ),
    });
  };

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
    const pending = interaction.prompt.name === 'login' ? await pendingSignInStep(deps, interaction.uid) : null;
    if (!pending) {
      return reply.redirect(`/interaction/${interaction.uid}`, 303);
    }
    const query = request.query as Record<string, unknown> | undefined;
    return sendStepPage(reply, { uid: interaction.uid, method: methodOf(query?.method, pending.kinds), pending });
  });

  scope.post(secondStepPath(':uid'), { schema }, async (request, reply) => {
    const interaction = await loadInteraction(request, reply);
    if (interaction.prompt.name !== 'login') {
      return reply.redirect(`/interaction/${interaction.uid}`, 303);
    }
    const pending = await pendingSignInStep(deps, interaction.uid);
    if (!pending) {
      return sendStartAgain(reply, interaction.uid);
    }
    const method = methodOf(fieldOf(request.body, 'method'), pending.kinds);
    const page = { uid: interaction.uid, method, pending };
    // A passkey's answer is a JSON document of a few kilobytes; a code is short.
    const code = fieldOf(request.body, 'code').slice(0, method === 'passkey' ? MAX_PASSKEY_ANSWER_LENGTH : 64);
    if (!code) {
      return sendStepPage(reply, page, missingCodeMessage(method), 400);
    }
    const result = await completeSignInStep(deps, { interactionUid: interaction.uid, method, code, requestId: request.id });
    if (result.outcome === 'start-again') {
      request.log.warn({ uid: interaction.uid }, 'second step given up: too many wrong codes or expired');
      return sendStartAgain(reply, interaction.uid);
    }
    if (result.outcome === 'wrong-code') {
      request.log.warn({ uid: interaction.uid, method }, 'wrong second-step code');
      return sendStepPage(reply, page, wrongCodeMessage(method, result.triesLeft), 401);
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
