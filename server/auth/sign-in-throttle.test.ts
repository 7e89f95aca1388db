/**
 * Per-account sign-in throttling: many addresses guessing one account's password meet growing
 * waits, kept in the database so every server process shares them; the right password then still
 * waits, and a person is never locked out for long.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInFailures } from '../db/schema/index';
import { buildApp } from '../app';
import { buildTestApp, type TestContext } from '../test/harness';
import { accountWaitMessage } from './interaction-routes';
import { FREE_FAILURES, MAX_DELAY_SECONDS, accountKeyOf, delayAfter, describeWait } from './sign-in-throttle';
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

  /** One sign-in attempt from a fresh address (so the per-address limit never applies). */
  async function attempt(app: App, email: string, password: string) {
    const jar = new CookieJar();
    const address = randomAddress();
    const authorization = buildAuthorizationRequest(context.config);
    const first = await browserRequest(app, jar, { method: 'GET', url: authorization.path, remoteAddress: address });
    const stop = await followRedirects(app, context.config, jar, first, authorization.path, address);
    if (stop.kind !== 'page') {
      throw new Error('expected the sign-in page');
    }
    return browserRequest(app, jar, { method: 'POST', url: `${stop.path}/login`, form: { email, password }, remoteAddress: address });
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

  it('refuses even the right password while the account waits, from any address, then lets it in', async () => {
    const account = await createIdentityAccount(context.database.db);
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
});
