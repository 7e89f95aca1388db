/**
 * Per-account sign-in throttling: many addresses guessing one account's password meet growing
 * waits, kept in the database so every server process shares them; the right password then still
 * waits, and a person is never locked out for long.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { signInFailures } from '../db/schema/index';
import { readOutboxMessage } from '../mail/index';
import { FORGOT_PASSWORD_PATH, RESET_PASSWORD_PATH } from './accounts';
import { buildApp } from '../app';
import { buildTestApp, type TestContext } from '../test/harness';
import { accountWaitMessage } from './interaction-routes';
import {
  FREE_FAILURES,
  MAX_DELAY_SECONDS,
  accountKeyOf,
  delayAfter,
  describeWait,
  deviceCookieNameOf,
  deviceKeyOf,
  deviceNonceOf,
  issueDeviceCookieValue,
} from './sign-in-throttle';
import { CookieJar, browserRequest, buildAuthorizationRequest, createIdentityAccount, followRedirects, signIn } from './test-support';
import type { App } from '../app-type';

function randomAddress(): string {
  const [a = 1, b = 1, c = 1] = randomBytes(3);
  return `10.${String(a)}.${String(b)}.${String(c)}`;
}

describe('per-account sign-in throttling', () => {
  let context: TestContext;
  beforeAll(async () => {
    context = await buildTestApp();
  });
  afterAll(() => context.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  /** A sign-in page opened in a browser (a fresh one unless `jar` is given) from a fresh address, ready to post. */
  async function openSignInPage(app: App, jar?: CookieJar) {
    const address = randomAddress();
    // A browser that signed in before asks to sign in again, as it would once its session ended.
    const authorization = buildAuthorizationRequest(context.config, jar ? { prompt: 'login' } : {});
    jar ??= new CookieJar();
    const first = await browserRequest(app, jar, { method: 'GET', url: authorization.path, remoteAddress: address });
    const stop = await followRedirects(app, context.config, jar, first, authorization.path, address);
    if (stop.kind !== 'page') {
      throw new Error('expected the sign-in page');
    }
    return (email: string, password: string) =>
      browserRequest(app, jar, { method: 'POST', url: `${stop.path}/login`, form: { email, password }, remoteAddress: address });
  }

  /** One sign-in attempt from a fresh address (so the per-address limit never applies). */
  async function attempt(app: App, email: string, password: string, jar?: CookieJar) {
    const post = await openSignInPage(app, jar);
    return post(email, password);
  }

  /**
   * Checks the failures so far (one past the free ones) earned a wait, then lengthens it: the first wait is one second, less
   * than a busy machine can take over the next attempt's redirects.
   */
  async function holdTheWait(email: string) {
    const key = accountKeyOf(email);
    const [row] = await context.database.db.select().from(signInFailures).where(eq(signInFailures.accountKey, key));
    expect(row?.failures).toBe(FREE_FAILURES + 1);
    expect(row?.blockedUntil?.getTime()).toBeGreaterThanOrEqual((row?.lastFailureAt.getTime() ?? Infinity) + 1000);
    await context.database.db.update(signInFailures).set({ blockedUntil: new Date(Date.now() + 60_000) }).where(eq(signInFailures.accountKey, key));
  }

  it('waits longer after each failure past the free ones, up to a cap of minutes', () => {
    expect(Array.from({ length: FREE_FAILURES }, (_, index) => delayAfter(index + 1))).toEqual([0, 0, 0, 0, 0]);
    expect([6, 7, 8, 9].map(delayAfter)).toEqual([1, 2, 4, 8]);
    expect(delayAfter(40)).toBe(MAX_DELAY_SECONDS);
    expect(MAX_DELAY_SECONDS).toBeLessThanOrEqual(5 * 60);
    expect([1, 8, 60, 61, 300].map(describeWait)).toEqual(['1 second', '8 seconds', '1 minute', '2 minutes', '5 minutes']);
  });

  /** The count of sign-ins refused for `outcome` in the app's metrics. */
  async function refusedSignIns(outcome: string): Promise<number> {
    const line = (await context.app.metrics.expose()).split('\n').find((candidate) => candidate.startsWith(`portal_sign_ins_refused_total{outcome="${outcome}"}`));
    return Number(line?.split(' ')[1] ?? 0);
  }

  it('refuses even the right password while the account waits, from any address, then lets it in', async () => {
    const account = await createIdentityAccount(context.database.db);
    const [failedBefore, throttledBefore] = [await refusedSignIns('failed'), await refusedSignIns('throttled')];
    for (let index = 0; index < FREE_FAILURES; index += 1) {
      expect((await attempt(context.app, account.email, `wrong ${String(index)}`)).statusCode).toBe(401);
    }
    // The sixth failure earns a wait; during it, the right password from a new address is refused too.
    expect((await attempt(context.app, account.email.toUpperCase(), 'wrong again')).statusCode).toBe(401);
    await holdTheWait(account.email);
    const refused = await attempt(context.app, account.email, account.password);
    expect(refused.statusCode).toBe(429);
    expect(refused.body).toContain('There have been too many failed attempts to sign in with this email address.');
    expect(refused.body).toContain(`value="${account.email}"`);
    // The people who run the portal see it (/metrics): six failures, one refusal while waiting.
    expect([(await refusedSignIns('failed')) - failedBefore, (await refusedSignIns('throttled')) - throttledBefore]).toEqual([FREE_FAILURES + 1, 1]);

    // No address is stored in the clear.
    const rows = await context.database.db.select().from(signInFailures).where(eq(signInFailures.accountKey, accountKeyOf(account.email)));
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(account.email);

    // Once the wait is over the right password signs in, and the count starts again.
    await context.database.db.update(signInFailures).set({ blockedUntil: new Date(Date.now() - 1000) }).where(eq(signInFailures.accountKey, accountKeyOf(account.email)));
    await signIn(context, account.email, account.password);
    expect(await context.database.db.select().from(signInFailures).where(eq(signInFailures.accountKey, accountKeyOf(account.email)))).toEqual([]);
  });

  it('says the same for an email with no account, so the wait reveals nobody', async () => {
    const stranger = `nobody-${randomBytes(4).toString('hex')}@example.test`;
    for (let index = 0; index <= FREE_FAILURES; index += 1) {
      await attempt(context.app, stranger, 'guess');
    }
    await holdTheWait(stranger);
    const refused = await attempt(context.app, stranger, 'guess');
    expect(refused.statusCode).toBe(429);
    expect(refused.body).toContain(accountWaitMessage(1).split(' Wait ')[0] ?? '');
  });

  it('shares the counts between two server processes on one database', async () => {
    const second = await buildApp(context.config, { database: context.database });
    await second.ready();
    try {
      const account = await createIdentityAccount(context.database.db);
      for (let index = 0; index <= FREE_FAILURES; index += 1) {
        const app = index % 2 === 0 ? context.app : second;
        expect((await attempt(app, account.email, 'wrong')).statusCode).toBe(401);
      }
      await holdTheWait(account.email);
      expect((await attempt(second, account.email, account.password)).statusCode).toBe(429);
      expect((await attempt(context.app, account.email, account.password)).statusCode).toBe(429);
    } finally {
      await second.close();
    }
  });

  it('checks at most the free failures and one more when many addresses guess at once, then makes even the right password wait', { timeout: 120_000 }, async () => {
    const account = await createIdentityAccount(context.database.db);
    const guesses = 40;
    const pages = [];
    for (let index = 0; index < guesses; index += 1) {
      pages.push(await openSignInPage(context.app));
    }
    // All at once, each from its own address; the clock stands still, so no wait can end during the
    // burst however slow the machine: only the attempts claimed before the first wait are checked.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const answers = await Promise.all(pages.map((post, index) => post(account.email, `wrong ${String(index)}`)));
    const checked = answers.filter((answer) => answer.statusCode === 401).length;
    const refused = answers.filter((answer) => answer.statusCode === 429).length;
    const rightPassword = await attempt(context.app, account.email, account.password);
    console.info(`burst of ${String(guesses)} wrong guesses: ${String(checked)} checked, ${String(refused)} refused; then the right password answered ${String(rightPassword.statusCode)}`);
    expect(checked + refused).toBe(guesses);
    expect(checked).toBeLessThanOrEqual(FREE_FAILURES + 1);
    expect(rightPassword.statusCode).toBe(429);
  });

  describe('an attacker who guesses each time the wait ends', () => {

    // 26 rounds of three sign-in flows each: minutes on a busy machine.
    it('never keeps the owner out of a browser that has signed in before', { timeout: 180_000 }, async () => {
      const account = await createIdentityAccount(context.database.db);
      // The owner's own browser signs in once, before the attack.
      const ownersBrowser = new CookieJar();
      await signIn(context, account.email, account.password, { jar: ownersBrowser });

      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
      for (let index = 0; index <= FREE_FAILURES; index += 1) {
        expect((await attempt(context.app, account.email, `wrong ${String(index)}`)).statusCode).toBe(401);
      }
      let ownerIn = 0;
      let ownerRefused = 0;
      let strangerBrowserRefused = 0;
      const rounds = 26;
      for (let round = 0; round < rounds; round += 1) {
        // The attacker waits out the wait (the clock jumps to its end), then guesses once more.
        const [row] = await context.database.db.select().from(signInFailures).where(eq(signInFailures.accountKey, accountKeyOf(account.email)));
        vi.setSystemTime(Math.max(Date.now(), row?.blockedUntil?.getTime() ?? 0) + 1000);
        expect((await attempt(context.app, account.email, `guess ${String(round)}`)).statusCode).toBe(401);
        // A browser that never signed in meets the wait the guess earned...
        if ((await attempt(context.app, account.email, account.password)).statusCode === 429) {
          strangerBrowserRefused += 1;
        }
        // ...but the owner's browser keeps its own budget and gets in.
        const owners = await attempt(context.app, account.email, account.password, ownersBrowser);
        if (owners.statusCode === 303) {
          ownerIn += 1;
        } else {
          ownerRefused += 1;
        }
      }
      console.info(`${String(rounds)} rounds of a guess each time the wait ended: the owner's browser got in ${String(ownerIn)} times and was refused ${String(ownerRefused)}; a new browser was refused ${String(strangerBrowserRefused)}`);
      expect(ownerIn).toBe(rounds);
      expect(strangerBrowserRefused).toBe(rounds);
    });

    it('lets the owner in from a new browser once they reset the password by the emailed link', { timeout: 60_000 }, async () => {
      const account = await createIdentityAccount(context.database.db);
      const key = accountKeyOf(account.email);
      // The wait each guess earns is held for a minute, so a slow machine cannot see it end.
      const holdWait = () => context.database.db.update(signInFailures).set({ blockedUntil: new Date(Date.now() + 60_000) }).where(eq(signInFailures.accountKey, key));
      for (let index = 0; index <= FREE_FAILURES; index += 1) {
        expect((await attempt(context.app, account.email, `wrong ${String(index)}`)).statusCode).toBe(401);
      }
      await holdWait();
      // The account waits; a new browser with the right password is refused.
      const newBrowser = new CookieJar();
      expect((await attempt(context.app, account.email, account.password, newBrowser)).statusCode).toBe(429);

      // In that browser the owner asks for a reset link and uses it.
      const address = randomAddress();
      await browserRequest(context.app, newBrowser, { method: 'POST', url: FORGOT_PASSWORD_PATH, form: { email: account.email }, remoteAddress: address });
      const [mail] = (await context.deliverMail()).filter((entry) => entry.to.includes(account.email));
      const message = mail ? await readOutboxMessage(context.config.mail.outboxDir, mail.id) : undefined;
      const link = new RegExp(`${context.config.publicUrl}(${RESET_PASSWORD_PATH}/[A-Za-z0-9_-]{43})`).exec(message?.text ?? '')?.[1] ?? '';
      const newPassword = 'violet harbour tandem 7';
      const reset = await browserRequest(context.app, newBrowser, { method: 'POST', url: link, form: { password: newPassword, confirmPassword: newPassword }, remoteAddress: address });
      expect(reset.body).toContain('Your password has been changed');
      expect(newBrowser.has(deviceCookieNameOf(account.email))).toBe(true);

      // The attacker guesses again as soon as the wait ends; the owner's browser still gets in at once.
      await context.database.db.update(signInFailures).set({ blockedUntil: new Date(Date.now() - 1000) }).where(eq(signInFailures.accountKey, key));
      expect((await attempt(context.app, account.email, 'one more guess')).statusCode).toBe(401);
      await holdWait();
      expect((await attempt(context.app, account.email, newPassword)).statusCode).toBe(429);
      expect((await attempt(context.app, account.email, newPassword, newBrowser)).statusCode).toBe(303);
    });
  });

  it('gives a browser that signed in its own budget, with the same waits, and honours only cookies this portal signed for that account', { timeout: 60_000 }, async () => {
    const account = await createIdentityAccount(context.database.db);
    const other = await createIdentityAccount(context.database.db);
    const browser = new CookieJar();
    await signIn(context, account.email, account.password, { jar: browser });
    const cookieName = deviceCookieNameOf(account.email);
    expect(browser.has(cookieName)).toBe(true);

    // Someone holding that browser's cookie (or the browser itself) meets the waits of its own budget,
    // and the account-wide budget is left alone.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    for (let index = 0; index <= FREE_FAILURES; index += 1) {
      expect((await attempt(context.app, account.email, 'wrong', browser)).statusCode).toBe(401);
    }
    expect((await attempt(context.app, account.email, account.password, browser)).statusCode).toBe(429);
    expect(await context.database.db.select().from(signInFailures).where(eq(signInFailures.accountKey, accountKeyOf(account.email)))).toEqual([]);
    vi.useRealTimers();

    const keys = context.config.oidc.cookieKeys;
    const value = issueDeviceCookieValue(keys, account.email);
    const nonce = deviceNonceOf(keys, account.email, value);
    expect(nonce).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(deviceNonceOf(keys, account.email.toUpperCase(), value)).toBe(nonce);
    // Another account's cookie, one signed with another key, a changed one or garbage: no budget of its own.
    expect(deviceNonceOf(keys, other.email, value)).toBeUndefined();
    expect(deviceNonceOf(['another key'], account.email, value)).toBeUndefined();
    expect(deviceNonceOf(keys, account.email, `${value.slice(0, -1)}${value.endsWith('A') ? 'B' : 'A'}`)).toBeUndefined();
    expect(deviceNonceOf(keys, account.email, `${value}.extra`)).toBeUndefined();
    expect(deviceNonceOf(keys, account.email, undefined)).toBeUndefined();
    // A rotated key list still honours cookies signed with an older key.
    expect(deviceNonceOf(['a newer key', ...keys], account.email, value)).toBe(nonce);
    expect(deviceKeyOf(account.email, nonce ?? '')).not.toBe(accountKeyOf(account.email));
  });
});
