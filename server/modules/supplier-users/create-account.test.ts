/** 'Create your account' from an invitation link: the embedded provider's account for the invited email. */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createIdentityAccount, signIn, uniqueEmail } from '../../auth/test-support';
import { COMMON_PASSWORD_MESSAGE, MISMATCH_MESSAGE, TOO_SHORT_MESSAGE } from '../../auth/password-policy';
import { identityAccounts } from '../../db/schema/index';
import { buildTestApp, type TestContext } from '../../test/harness';
import { createSupplierWithAdmin, expectError, readInvitationEmail, type SupplierWithAdmin } from './test-support';

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

  // Each post from its own client address: the route is rate limited per address (tested below).
  let addresses = 0;
  const nextAddress = () => {
    addresses += 1;
    return `10.20.${String(Math.floor(addresses / 250))}.${String(addresses % 250)}`;
  };
  const createAccount = (token: string, password: string, confirmPassword = password, remoteAddress = nextAddress()) =>
    context.app.inject({ method: 'POST', url: `/api/v1/invitations/${token}/account`, payload: { password, confirmPassword }, remoteAddress });

  const accountsFor = (email: string) =>
    context.database.db.select().from(identityAccounts).where(sql`lower(${identityAccounts.email}) = lower(${email})`);

  it('creates the account for the invited email; the person signs in and accepts', async () => {
    const { email, token } = await invite();
    const before = await context.app.inject({ method: 'GET', url: `/api/v1/invitations/${token}` });
    expect(before.json()).toMatchObject({ status: 'valid', canCreateAccount: true });

    const created = await createAccount(token, NEW_PASSWORD);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({ email });
    const [account] = await accountsFor(email);
    expect(account).toMatchObject({ name: 'Nova Newcomer' });
    expect(account?.passwordHash).toMatch(/^\$argon2id\$/);

    const after = await context.app.inject({ method: 'GET', url: `/api/v1/invitations/${token}` });
    expect(after.json()).toMatchObject({ status: 'valid', canCreateAccount: false });

    const { accessToken } = await signIn(context, email, NEW_PASSWORD);
    const accepted = await context.app.inject({ method: 'POST', url: `/api/v1/invitations/${token}/accept`, headers: bearer(accessToken) });
    expect(accepted.statusCode).toBe(200);
    const overview = await context.app.inject({ method: 'GET', url: '/api/v1/user', headers: bearer(accessToken) });
    // The link proved the address: the portal user is linked, not refused as unverified.
    expect(overview.json()).toMatchObject({ user: { email }, activeSupplier: { supplierID: supplier.supplierId } });
  });

  it('refuses a short, a common or a mismatched password with the rule, and creates nothing', async () => {
    const { email, token } = await invite();
    const short = await createAccount(token, 'short pass');
    expectError(short, 400, 'bad request');
    expect(short.json()).toMatchObject({ message: TOO_SHORT_MESSAGE, details: { problems: [{ field: 'password', message: TOO_SHORT_MESSAGE }] } });
    const common = await createAccount(token, 'Password1234');
    expectError(common, 400, 'bad request');
    expect(common.json()).toMatchObject({ message: COMMON_PASSWORD_MESSAGE });
    const mismatch = await createAccount(token, NEW_PASSWORD, `${NEW_PASSWORD}!`);
    expect(mismatch.json()).toMatchObject({ message: MISMATCH_MESSAGE, details: { problems: [{ field: 'confirmPassword' }] } });
    expect(await accountsFor(email)).toEqual([]);
  });

  it('an email that already has an account gets no second one (409), whatever its letter case', async () => {
    const email = uniqueEmail('existing');
    await createIdentityAccount(context.database.db, { email: email.toUpperCase() });
    const { token } = await invite(email);
    const details = await context.app.inject({ method: 'GET', url: `/api/v1/invitations/${token}` });
    expect(details.json()).toMatchObject({ canCreateAccount: false });
    const response = await createAccount(token, NEW_PASSWORD);
    expectError(response, 409, 'conflict');
    expect(response.json()).toMatchObject({ details: { status: 'account' } });
    expect(await accountsFor(email)).toHaveLength(1);
  });

  it('expired, used and unknown links create nothing', async () => {
    const expired = await invite();
    await context.database.db.execute(sql`update invitations set expires_at = now() - interval '1 minute' where id = ${expired.id}`);
    const refused = await createAccount(expired.token, NEW_PASSWORD);
    expectError(refused, 409, 'conflict');
    expect(refused.json()).toMatchObject({ details: { status: 'expired' } });
    expect(await accountsFor(expired.email)).toEqual([]);

    const used = await invite();
    await context.database.db.execute(sql`update invitations set accepted_at = now() where id = ${used.id}`);
    const usedDetails = await context.app.inject({ method: 'GET', url: `/api/v1/invitations/${used.token}` });
    expect(usedDetails.json()).toMatchObject({ status: 'used', canCreateAccount: false });
    expect((await createAccount(used.token, NEW_PASSWORD)).json()).toMatchObject({ details: { status: 'used' } });
    expect(await accountsFor(used.email)).toEqual([]);

    expectError(await createAccount('A'.repeat(43), NEW_PASSWORD), 404, 'not found');
  });

  it('is rate limited per client address like sign-in', async () => {
    const { token } = await invite();
    const address = nextAddress();
    for (let attempt = 0; attempt < context.config.loginRateLimit; attempt += 1) {
      expect((await createAccount(token, 'short', 'short', address)).statusCode).toBe(400);
    }
    const limited = await createAccount(token, NEW_PASSWORD, NEW_PASSWORD, address);
    expectError(limited, 429, 'too many requests');
    expect(limited.json<{ message: string }>().message).toMatch(/Wait a minute/);
    expect((await createAccount(token, 'short', 'short')).statusCode).toBe(400);
  });

  it('bad input is a clear 400, never a 500', async () => {
    const { email, token } = await invite();
    const post = (payload: unknown) =>
      context.app.inject({ method: 'POST', url: `/api/v1/invitations/${token}/account`, payload: payload as object, remoteAddress: nextAddress() });
    expectError(await post({ password: `${NEW_PASSWORD}\u0000`, confirmPassword: `${NEW_PASSWORD}\u0000` }), 400, 'bad request');
    expectError(await post({ password: `${NEW_PASSWORD}\ud800`, confirmPassword: `${NEW_PASSWORD}\ud800` }), 400, 'bad request');
    const huge = 'x'.repeat(5000);
    expectError(await post({ password: huge, confirmPassword: huge }), 400, 'bad request');
    const long = 'long words '.repeat(30);
    expect((await post({ password: long, confirmPassword: long })).statusCode).toBe(400);
    expectError(await post({ password: NEW_PASSWORD }), 400, 'bad request');
    expectError(await post({ password: 42, confirmPassword: 42 }), 400, 'bad request');
    expect(await accountsFor(email)).toEqual([]);
    const [row] = await context.database.db.select().from(identityAccounts).where(eq(identityAccounts.email, email));
    expect(row).toBeUndefined();
  });
});

describe('creating an account with an external issuer', () => {
  it('is off: 404, and invitations never offer it', async () => {
    const context = await buildTestApp({ OIDC_ISSUER: 'http://127.0.0.1:9/issuer' });
    try {
      const response = await context.app.inject({
        method: 'POST',
        url: `/api/v1/invitations/${'A'.repeat(43)}/account`,
        payload: { password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
      });
      expectError(response, 404, 'not found');
      expect((await context.app.inject({ method: 'GET', url: '/account/forgot-password' })).statusCode).toBe(404);
      expect((await context.app.inject({ method: 'GET', url: `/account/reset-password/${'A'.repeat(43)}` })).statusCode).toBe(404);
    } finally {
      await context.close();
    }
  });
});
