/** The sign-in's second step through the real flow: only after a right password, each code once, few tries. */
import { and, eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { auditLog } from '../db/schema/index';
import { readOutboxMessage } from '../mail/index';
import { buildTestApp, type TestContext } from '../test/harness';
import { FREE_FAILURES } from './sign-in-throttle';
import { AUTHENTICATOR_APP, TOTP_PERIOD_SECONDS, confirmAuthenticatorAppSetUp, startAuthenticatorAppSetUp } from './second-factor';
import { MAX_SECOND_STEP_FAILURES } from './second-step';
import { CookieJar, browserRequest, buildAuthorizationRequest, createIdentityAccount, followRedirects, refreshTokens, signIn, type IdentityAccountFixture } from './test-support';

const codeNow = (secret: string, offsetSteps = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSteps * TOTP_PERIOD_SECONDS });

describe('signing in with two-step verification', () => {
  let context: TestContext;
  beforeAll(async () => {
    // The per-address limit is sign-in.test.ts's business: these tests sign in many times from one address.
    context = await buildTestApp({ LOGIN_RATE_LIMIT: '1000' });
  });
  afterAll(() => context.close());

  const deps = () => ({ db: context.database.db, mail: context.app.mail, audit: context.app.audit, config: context.config });

  /** An account with an app set up a step ago, so the code of the current step is still unused. */
  async function accountWithApp(): Promise<IdentityAccountFixture & { secret: string; recoveryCodes: string[] }> {
    const account = await createIdentityAccount(context.database.db);
    const started = await startAuthenticatorAppSetUp(deps(), account.id);
    const secret = started?.secret ?? '';
    const outcome = await confirmAuthenticatorAppSetUp(
      { ...deps(), now: () => new Date(Date.now() - TOTP_PERIOD_SECONDS * 1000) },
      { accountId: account.id, actorUserId: null, name: 'Phone', code: await codeNow(secret, -1) },
    );
    return { ...account, secret, recoveryCodes: outcome.isSetUp ? outcome.recoveryCodes : [] };
  }

  /** The browser after a right password: on the second step's page, with its path. */
  async function afterPassword(account: IdentityAccountFixture) {
    const jar = new CookieJar();
    const authorization = buildAuthorizationRequest(context.config);
    const first = await browserRequest(context.app, jar, { method: 'GET', url: authorization.path });
    const atLogin = await followRedirects(context.app, context.config, jar, first, authorization.path);
    if (atLogin.kind !== 'page') {
      throw new Error('expected the sign-in page');
    }
    const posted = await browserRequest(context.app, jar, { method: 'POST', url: `${atLogin.path}/login`, form: { email: account.email, password: account.password } });
    const stop = await followRedirects(context.app, context.config, jar, posted, `${atLogin.path}/login`);
    if (stop.kind !== 'page') {
      throw new Error('expected the second step');
    }
    return { jar, stop, interactionPath: atLogin.path };
  }

  it('asks a person with an authenticator app for its code, and the token says how they signed in', async () => {
    const account = await accountWithApp();
    const { stop } = await afterPassword(account);
    expect(stop.path).toMatch(/^\/interaction\/[\w-]+\/second-factor$/);
    expect(stop.response.statusCode).toBe(200);
    expect(stop.response.body).toContain('<h1>Enter the code from your authenticator app</h1>');
    expect(stop.response.body).toMatch(/autocomplete="one-time-code"/i);

    const signedIn = await signIn(context, account.email, account.password, { secondStep: { method: AUTHENTICATOR_APP, code: () => codeNow(account.secret) } });
    expect(decodeJwt(signedIn.accessToken).amr).toEqual(['pwd', 'otp', 'mfa']);
    // The use is audited and mailed to the person, naming the app.
    const [used] = await context.database.db
      .select({ after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.entityId, account.id), eq(auditLog.action, 'second-factor.use')));
    expect(used?.after).toEqual({ kind: AUTHENTICATOR_APP, name: 'Phone' });
    const [mail] = (await context.deliverMail()).filter((entry) => entry.to.includes(account.email) && entry.subject === 'You signed in with two-step verification');
    expect((await readOutboxMessage(context.config.mail.outboxDir, mail?.id ?? ''))?.text).toContain('with a code from your authenticator app “Phone”.');
    // A renewed token keeps it.
    const renewed = await refreshTokens(context.app, context.config, signedIn.refreshToken);
    expect(decodeJwt(renewed.accessToken).amr).toEqual(['pwd', 'otp', 'mfa']);
  });

  it('signs a person without one in with the password alone', async () => {
    const account = await createIdentityAccount(context.database.db);
    const signedIn = await signIn(context, account.email, account.password);
    expect(decodeJwt(signedIn.accessToken).amr).toEqual(['pwd']);
  });

  it('takes a recovery code instead, from its own page', async () => {
    const account = await accountWithApp();
    const { jar, stop } = await afterPassword(account);
    expect(stop.response.body).toContain(`href="${stop.path}?method=recovery-code"`);
    const page = await browserRequest(context.app, jar, { method: 'GET', url: `${stop.path}?method=recovery-code` });
    expect(page.body).toContain('<h1>Enter a recovery code</h1>');
    const signedIn = await signIn(context, account.email, account.password, { secondStep: { method: 'recovery-code', code: () => account.recoveryCodes[0] ?? '' } });
    expect(decodeJwt(signedIn.accessToken).amr).toEqual(['pwd', 'mfa']);
  });

  it('says what is wrong with a code, and after too many asks for the password again', async () => {
    const account = await accountWithApp();
    const { jar, stop, interactionPath } = await afterPassword(account);
    const right = await codeNow(account.secret);
    const wrong = right === '123456' ? '654321' : '123456';
    const empty = await browserRequest(context.app, jar, { method: 'POST', url: stop.path, form: { method: AUTHENTICATOR_APP, code: '' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain('Enter the 6-digit code from your authenticator app.');
    for (let attempt = 1; attempt < MAX_SECOND_STEP_FAILURES; attempt += 1) {
      const refused = await browserRequest(context.app, jar, { method: 'POST', url: stop.path, form: { method: AUTHENTICATOR_APP, code: wrong } });
      expect(refused.statusCode).toBe(401);
      expect(refused.body).toContain('There is a problem');
      expect(refused.body).toContain('The code is not right.');
    }
    const last = await browserRequest(context.app, jar, { method: 'POST', url: stop.path, form: { method: AUTHENTICATOR_APP, code: wrong } });
    expect(last.body).toContain('<h1>Sign in again</h1>');
    // The right code no longer finishes this sign-in: the password is needed again.
    const late = await browserRequest(context.app, jar, { method: 'POST', url: stop.path, form: { method: AUTHENTICATOR_APP, code: right } });
    expect(late.body).toContain('<h1>Sign in again</h1>');
    expect(late.headers.location).toBeUndefined();
    expect(last.body).toContain(`href="${interactionPath}"`);
  });

  it('keeps the password attempt counted until the code is right, so codes cannot be tried five at a time for ever', async () => {
    const account = await accountWithApp();
    const right = await codeNow(account.secret);
    const wrong = right === '123456' ? '654321' : '123456';
    let rounds = 0;
    let lastStatus = 0;
    // The clock stands still, so a busy machine cannot let a wait run out between two rounds.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date() });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    // Someone who knows the password, from a new browser each time, spends each sign-in's tries.
    for (; rounds < 20; rounds += 1) {
      const jar = new CookieJar();
      const authorization = buildAuthorizationRequest(context.config);
      const first = await browserRequest(context.app, jar, { method: 'GET', url: authorization.path });
      const atLogin = await followRedirects(context.app, context.config, jar, first, authorization.path);
      if (atLogin.kind !== 'page') {
        throw new Error('expected the sign-in page');
      }
      const posted = await browserRequest(context.app, jar, { method: 'POST', url: `${atLogin.path}/login`, form: { email: account.email, password: account.password } });
      lastStatus = posted.statusCode;
      if (posted.statusCode !== 303) {
        break;
      }
      for (let attempt = 0; attempt < MAX_SECOND_STEP_FAILURES; attempt += 1) {
        await browserRequest(context.app, jar, { method: 'POST', url: `${atLogin.path}/second-factor`, form: { method: AUTHENTICATOR_APP, code: wrong } });
      }
    }
    // The account's free attempts, then it waits: 6 rounds of 5 codes, where without the count it was all 20.
    expect(lastStatus).toBe(429);
    expect(rounds).toBe(FREE_FAILURES + 1);
  });

  it('cannot be reached, or skipped to, without the right password in that browser', async () => {
    const account = await accountWithApp();
    const jar = new CookieJar();
    const authorization = buildAuthorizationRequest(context.config);
    const first = await browserRequest(context.app, jar, { method: 'GET', url: authorization.path });
    const atLogin = await followRedirects(context.app, context.config, jar, first, authorization.path);
    if (atLogin.kind !== 'page') {
      throw new Error('expected the sign-in page');
    }
    const page = await browserRequest(context.app, jar, { method: 'GET', url: `${atLogin.path}/second-factor` });
    expect(page.statusCode).toBe(303);
    expect(page.headers.location).toBe(atLogin.path);
    const posted = await browserRequest(context.app, jar, { method: 'POST', url: `${atLogin.path}/second-factor`, form: { method: AUTHENTICATOR_APP, code: await codeNow(account.secret) } });
    expect(posted.body).toContain('<h1>Sign in again</h1>');
    // A wrong password never reaches it either.
    const wrongPassword = await browserRequest(context.app, jar, { method: 'POST', url: `${atLogin.path}/login`, form: { email: account.email, password: 'not the password at all' } });
    expect(wrongPassword.statusCode).toBe(401);
    // Another browser cannot use the interaction of this one.
    const stranger = await browserRequest(context.app, new CookieJar(), { method: 'GET', url: `${atLogin.path}/second-factor` });
    expect(stranger.statusCode).toBe(400);
  });
});
