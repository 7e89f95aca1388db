/**
 * 'Create your account' from an invitation link: the sign-in the confirmation screen starts carries
 * the invitation's token, and the embedded provider's page creates the invited email's account and
 * signs the person in, in one go; an email that has an account is asked to sign in instead.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CookieJar,
  bearer,
  browserRequest,
  buildAuthorizationRequest,
  createIdentityAccount,
  exchangeCode,
  followRedirects,
  uniqueEmail,
} from '../../auth/test-support';
import { COMMON_PASSWORD_MESSAGE, MISMATCH_MESSAGE, TOO_SHORT_MESSAGE } from '../../auth/password-policy';
import { identityAccounts } from '../../db/schema/index';
import { buildTestApp, type TestContext } from '../../test/harness';
import { createSupplierWithAdmin, readInvitationEmail, type SupplierWithAdmin } from './test-support';

const NEW_PASSWORD = 'kettle lantern orchard 42';

describe('creating an account from an invitation link', () => {
  let context: TestContext;
  let supplier: SupplierWithAdmin;
  beforeAll(async () => {
    context = await buildTestApp();
    supplier = await createSupplierWithAdmin(context, 'Account Makers Ltd');
  });
  afterAll(() => context.close());

  async function invite(email = uniqueEmail('newcomer')) {
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/v1/user/users',
      headers: supplier.headers,
      payload: { name: 'Nova Newcomer', email, isAdmin: false },
    });
    expect(response.statusCode).toBe(201);
    const { token } = await readInvitationEmail(context, email);
    return { email, token, id: response.json<{ id: number }>().id };
  }

  // Each sign-in from its own client address: the page is rate limited per address (tested below).
  let addresses = 0;
  const nextAddress = () => {
    addresses += 1;
    return `10.20.${String(Math.floor(addresses / 250))}.${String(addresses % 250)}`;
  };

  /** Starts sign-in with the invitation, as the confirmation screen does: the page it lands on. */
  async function openSignIn(token: string, remoteAddress = nextAddress()) {
    const jar = new CookieJar();
    const authorization = buildAuthorizationRequest(context.config, { invitation: token });
    const first = await browserRequest(context.app, jar, { method: 'GET', url: authorization.path, remoteAddress });
    const stop = await followRedirects(context.app, context.config, jar, first, authorization.path, remoteAddress);
    if (stop.kind !== 'page') {
      throw new Error('expected a page of the provider');
    }
    const post = (password: string, confirmPassword = password) =>
      browserRequest(context.app, jar, { method: 'POST', url: `${stop.path}/create-account`, form: { password, confirmPassword }, remoteAddress });
    /** Follows the provider to the portal's callback and exchanges the code, as the app does. */
    const finish = async (response: Awaited<ReturnType<typeof post>>) => {
      const end = await followRedirects(context.app, context.config, jar, response, `${stop.path}/create-account`, remoteAddress);
      if (end.kind !== 'callback') {
        throw new Error(`expected the portal's callback, got ${end.path}`);
      }
      return exchangeCode(context.app, context.config, end.url.searchParams.get('code') ?? '', authorization.codeVerifier);
    };
    return { page: stop.response, path: stop.path, post, finish };
  }

  const accountsFor = (email: string) =>
    context.database.db.select().from(identityAccounts).where(sql`lower(${identityAccounts.email}) = lower(${email})`);

  it('creates the account for the invited email and signs the person in at once; they accept and have the supplier', async () => {
    const { email, token } = await invite();
    const before = await context.app.inject({ method: 'GET', url: `/api/v1/invitations/${token}` });
    expect(before.json()).toMatchObject({ status: 'valid', canCreateAccount: true });

    const signIn = await openSignIn(token);
    expect(signIn.page.statusCode).toBe(200);
    expect(signIn.page.body).toContain('<h1>Create your account</h1>');
    expect(signIn.page.body).toContain(email);
    expect(signIn.page.body).toContain('Account Makers Ltd');

    const created = await signIn.post(NEW_PASSWORD);
    expect(created.statusCode).toBe(303);
    const tokens = await signIn.finish(created);
    const [account] = await accountsFor(email);
    expect(account).toMatchObject({ name: 'Nova Newcomer' });
    expect(account?.passwordHash).toMatch(/^\$argon2id\$/);

    const after = await context.app.inject({ method: 'GET', url: `/api/v1/invitations/${token}` });
    expect(after.json()).toMatchObject({ status: 'valid', canCreateAccount: false });
    // The same link again now asks that email to sign in.
    const again = await openSignIn(token);
    expect(again.page.body).toContain('<h1>Sign in</h1>');
    expect(again.page.body).toContain(`value="${email}"`);
    const accepted = await context.app.inject({ method: 'POST', url: `/api/v1/invitations/${token}/accept`, headers: bearer(tokens.accessToken) });
    expect(accepted.statusCode).toBe(200);
    const overview = await context.app.inject({ method: 'GET', url: '/api/v1/user', headers: bearer(tokens.accessToken) });
    // The link proved the address: the portal user is linked, not refused as unverified.
    expect(overview.json()).toMatchObject({ user: { email }, activeSupplier: { supplierID: supplier.supplierId } });

  });

  it('refuses a short, a common or a mismatched password with the rule on the page, and creates nothing', async () => {
    const { email, token } = await invite();
    const signIn = await openSignIn(token);
    const short = await signIn.post('short pass');
    expect(short.statusCode).toBe(400);
    expect(short.body).toContain('Error: Create your account');
    expect(short.body).toContain(TOO_SHORT_MESSAGE);
    const common = await signIn.post('Password1234');
    expect(common.body).toContain(COMMON_PASSWORD_MESSAGE);
    const mismatch = await signIn.post(NEW_PASSWORD, `${NEW_PASSWORD}!`);
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.body).toContain(MISMATCH_MESSAGE);
    expect(await accountsFor(email)).toEqual([]);
    // The page still works after its refusals.
    expect((await signIn.post(NEW_PASSWORD)).statusCode).toBe(303);
    expect(await accountsFor(email)).toHaveLength(1);
  });

  it('an email that already has an account gets no second one, whatever its letter case: the page asks it to sign in', async () => {
    const email = uniqueEmail('existing');
    await createIdentityAccount(context.database.db, { email: email.toUpperCase() });
    const { token } = await invite(email);
    const details = await context.app.inject({ method: 'GET', url: `/api/v1/invitations/${token}` });
    expect(details.json()).toMatchObject({ canCreateAccount: false });
    const signIn = await openSignIn(token);
    expect(signIn.page.body).toContain('<h1>Sign in</h1>');
    const posted = await signIn.post(NEW_PASSWORD);
    expect(posted.statusCode).toBe(303);
    expect(posted.headers.location).toBe(signIn.path);
    expect(await accountsFor(email)).toHaveLength(1);
  });

  it('expired, used, unknown and mangled invitations create nothing: the ordinary sign-in page', async () => {
    const expired = await invite();
    await context.database.db.execute(sql`update invitations set expires_at = now() - interval '1 minute' where id = ${expired.id}`);
    const used = await invite();
    await context.database.db.execute(sql`update invitations set accepted_at = now() where id = ${used.id}`);
    for (const token of [expired.token, used.token, 'A'.repeat(43), 'not a token']) {
      const signIn = await openSignIn(token);
      expect(signIn.page.statusCode).toBe(200);
      expect(signIn.page.body).toContain('<h1>Sign in</h1>');
      expect((await signIn.post(NEW_PASSWORD)).statusCode).toBe(303);
    }
    expect(await accountsFor(expired.email)).toEqual([]);
    expect(await accountsFor(used.email)).toEqual([]);
  });

  it('is rate limited per client address like sign-in', async () => {
    const { email, token } = await invite();
    const address = nextAddress();
    const signIn = await openSignIn(token, address);
    for (let attempt = 0; attempt < context.config.loginRateLimit; attempt += 1) {
      expect((await signIn.post('short')).statusCode).toBe(400);
    }
    const limited = await signIn.post(NEW_PASSWORD);
    expect(limited.statusCode).toBe(429);
    expect(limited.body).toMatch(/Wait a minute/);
    expect(await accountsFor(email)).toEqual([]);
  });

  it('bad input is a clear 400 on the page, never a 500', async () => {
    const { email, token } = await invite();
    const signIn = await openSignIn(token);
    const long = 'long words '.repeat(30);
    // Text no database keeps is refused before the page, by the one input guard.
    const withNul = await signIn.post(`${NEW_PASSWORD}\u0000`);
    expect(withNul.statusCode).toBe(400);
    expect(withNul.body).toContain('We could not read that sign-in');
    for (const [password, confirmPassword] of [
      ['x'.repeat(5000), 'x'.repeat(5000)],
      [long, long],
      [NEW_PASSWORD, ''],
      ['', ''],
    ] as const) {
      const response = await signIn.post(password, confirmPassword);
      expect(response.statusCode, password.slice(0, 20)).toBe(400);
      expect(response.body, password.slice(0, 20)).toContain('Error: Create your account');
    }
    expect(await accountsFor(email)).toEqual([]);
    const [row] = await context.database.db.select().from(identityAccounts).where(eq(identityAccounts.email, email));
    expect(row).toBeUndefined();
  });
});

describe('creating an account with an external issuer', () => {
  it('is off: invitations never offer it, and the password pages answer 404', async () => {
    const context = await buildTestApp({ OIDC_ISSUER: 'http://127.0.0.1:9/issuer' });
    try {
      expect((await context.app.inject({ method: 'GET', url: '/interaction/abc/create-account' })).statusCode).toBe(404);
      expect((await context.app.inject({ method: 'GET', url: '/account/forgot-password' })).statusCode).toBe(404);
      expect((await context.app.inject({ method: 'GET', url: `/account/reset-password/${'A'.repeat(43)}` })).statusCode).toBe(404);
    } finally {
      await context.close();
    }
  });
});
