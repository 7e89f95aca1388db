/**
 * An external OpenID Connect issuer instead of the embedded one: a second, independent oidc-provider
 * listening on a real localhost port. The API accepts its tokens (keys found through discovery),
 * rejects the embedded provider's, and mounts no /oidc of its own.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { SignJWT, calculateJwkThumbprint, createLocalJWKSet, exportJWK, generateKeyPair, importJWK, jwtVerify, type JWK } from 'jose';
import { errors, Provider } from './load-oidc-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECOND_FACTOR_REQUIRED_MESSAGE } from '../../common/api/second-factors';
import { users } from '../db/schema/index';
import { buildApp } from '../app';
import type { App } from '../app-type';
import { buildTestApp, testConfig, type TestContext } from '../test/harness';
import { CookieJar, bearer, createIdentityAccount, createUser, signIn, type AuthTestContextWithDatabase } from './test-support';

const AUDIENCE = 'https://marketplace.example/api';
const CLIENT_ID = 'external-portal';
const REDIRECT_URI = 'http://localhost:3999/auth/callback';

/**
 * People of the external issuer. Alice's access tokens carry her email, verified; Bob's carry no
 * email (userinfo has it, verified); Carol's carry her email without saying whether it is verified,
 * and her userinfo does not say either.
 */
const people: Record<string, { email: string; name: string; isVerified?: boolean }> = {
  alice: { email: 'alice@agency.example', name: 'Alice External', isVerified: true },
  bob: { email: 'bob@agency.example', name: 'Bob External', isVerified: true },
  carol: { email: 'carol@agency.example', name: 'Carol External' },
};

/** A person's userinfo: `email_verified` only when the issuer knows. */
function userinfoOf(sub: string | undefined): Record<string, unknown> {
  const { isVerified, ...person } = people[sub ?? ''] ?? { email: '', name: '' };
  return { sub, ...person, ...(isVerified === undefined ? {} : { email_verified: isVerified }) };
}

describe('an external issuer', () => {
  let server: Server;
  let issuer: string;
  let signingKey: JWK;
  let userinfoCalls = 0;
  let api: TestContext;
  let embedded: AuthTestContextWithDatabase;
  const extraApps: App[] = [];

  beforeAll(async () => {
    const { privateKey } = await generateKeyPair('ES256', { extractable: true });
    const jwk = await exportJWK(privateKey);
    signingKey = { ...jwk, kid: await calculateJwkThumbprint(jwk), alg: 'ES256', use: 'sig' };
    const { d: _d, ...publicKey } = signingKey;
    const publicKeys = createLocalJWKSet({ keys: [publicKey] });

    let handle: (req: IncomingMessage, res: ServerResponse) => void = () => undefined;
    server = createServer((req, res) => {
      handle(req, res);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    issuer = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;

    const provider = new Provider(issuer, {
      clients: [
        {
          client_id: CLIENT_ID,
          token_endpoint_auth_method: 'none',
          redirect_uris: [REDIRECT_URI],
          grant_types: ['authorization_code'],
          response_types: ['code'],
          id_token_signed_response_alg: 'ES256',
        },
      ],
      jwks: { keys: [signingKey] },
      cookies: { keys: ['external-test-key'] },
      ttl: { AccessToken: 300, IdToken: 300, Interaction: 600, Session: 3600, Grant: 3600 },
      claims: { openid: ['sub'], profile: ['name'], email: ['email', 'email_verified'] },
      findAccount: (_ctx, sub) => {
        const person = people[sub];
        return Promise.resolve(person ? { accountId: sub, claims: () => userinfoOf(sub) } : undefined);
      },
      extraTokenClaims: (_ctx, token) => {
        const claims: Record<string, unknown> | undefined = {
          alice: { email: people.alice?.email, name: people.alice?.name, email_verified: true },
          carol: { email: people.carol?.email, name: people.carol?.name },
        }[token.accountId ?? ''];
        return Promise.resolve(claims);
      },
      features: {
        resourceIndicators: {
          enabled: true,
          defaultResource: () => Promise.resolve(AUDIENCE),
          useGrantedResource: () => true,
          getResourceServerInfo: (_ctx, indicator) =>
            indicator === AUDIENCE
              ? Promise.resolve({ scope: 'openid profile email', audience: AUDIENCE, accessTokenFormat: 'jwt', accessTokenTTL: 300, jwt: { sign: { alg: 'ES256' } } })
              : Promise.reject(new errors.InvalidTarget()),
        },
      },
    });
    const callback = provider.callback();

    // Like many issuers (Keycloak, Auth0), this one's userinfo accepts its API access tokens;
    // oidc-provider's own refuses tokens with an audience, so the test answers userinfo itself.
    handle = (req, res) => {
      if (req.url === '/me') {
        userinfoCalls += 1;
        const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
        jwtVerify(token, publicKeys, { issuer, audience: AUDIENCE }).then(
          ({ payload }) => {
            res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(userinfoOf(payload.sub)));
          },
          () => res.writeHead(401).end(),
        );
        return;
      }
      void callback(req, res);
    };

    api = await buildTestApp({ OIDC_ISSUER: issuer, OIDC_CLIENT_ID: CLIENT_ID, OIDC_AUDIENCE: AUDIENCE });
    // An embedded-provider portal beside it (on the same database, which changes nothing here).
    embedded = await startApp({});
  });

  async function startApp(env: Record<string, string>): Promise<AuthTestContextWithDatabase> {
    const config = testConfig(env);
    const app = await buildApp(config, { database: api.database });
    await app.ready();
    extraApps.push(app);
    return { app, config, database: api.database };
  }

  afterAll(async () => {
    for (const app of extraApps) {
      await app.close();
    }
    await api.close();
    await new Promise((resolve) => server.close(resolve));
  });

  /** The authorization code flow against the external issuer, over real HTTP, with its dev login pages. */
  async function signInExternally(sub: string): Promise<string> {
    const jar = new CookieJar();
    const send = async (url: string, form?: Record<string, string>) => {
      const path = new URL(url, issuer).pathname;
      const cookie = jar.header(path);
      const response = await fetch(new URL(url, issuer), {
        method: form ? 'POST' : 'GET',
        redirect: 'manual',
        headers: { ...(cookie ? { cookie } : {}), ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
        ...(form ? { body: new URLSearchParams(form).toString() } : {}),
      });
      jar.store(response.headers.getSetCookie());
      await response.arrayBuffer();
      return response;
    };
    const verifier = randomBytes(32).toString('base64url');
    const query = new URLSearchParams({
      client_id: CLIENT_ID,
      redirect_uri: REDIRECT_URI,
      response_type: 'code',
      scope: 'openid profile email',
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
      resource: AUDIENCE,
    });
    let response = await send(`/auth?${query.toString()}`);
    for (let hop = 0; hop < 10; hop += 1) {
      const location = response.headers.get('location');
      if (!location) {
        throw new Error(`external issuer answered ${String(response.status)} without a redirect`);
      }
      if (location.startsWith(REDIRECT_URI)) {
        const code = new URL(location).searchParams.get('code') ?? '';
        const tokens = await fetch(`${issuer}/token`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI, client_id: CLIENT_ID, code_verifier: verifier }),
        });
        const body = (await tokens.json()) as { access_token?: string };
        return body.access_token ?? '';
      }
      const interaction = /^\/interaction\/[^/]+$/.exec(new URL(location, issuer).pathname)?.[0];
      if (interaction) {
        // devInteractions: the login prompt takes any password, then the consent prompt.
        const page = await send(interaction);
        expect(page.status).toBe(200);
        const prompt = jar.has('_session') ? 'consent' : 'login';
        response = await send(interaction, prompt === 'login' ? { prompt, login: sub, password: 'any' } : { prompt });
      } else {
        response = await send(location);
      }
    }
    throw new Error('external sign-in did not finish');
  }

  it('accepts its access tokens and provisions the user from the token claims', async () => {
    const accessToken = await signInExternally('alice');
    const response = await api.app.inject({ method: 'GET', url: '/api/v1/user', headers: bearer(accessToken) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ user: { email: 'alice@agency.example', name: 'Alice External' } });
    const [row] = await api.database.db.select().from(users).where(eq(users.email, 'alice@agency.example'));
    expect(row?.subject).toBe(`${issuer}|alice`);
    expect(userinfoCalls).toBe(0);
  });

  it('links a listed person by the email from userinfo when the token has none, asking once', async () => {
    const listed = await createUser(api.database.db, { email: 'BOB@agency.example', name: 'Bob As Listed' });
    const accessToken = await signInExternally('bob');
    for (let index = 0; index < 3; index += 1) {
      const response = await api.app.inject({ method: 'GET', url: '/api/v1/user', headers: bearer(accessToken) });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ user: { id: listed.id, name: 'Bob As Listed' } });
    }
    expect(userinfoCalls).toBe(1);
  });

  it('does not link by an email the issuer never says is verified (a missing claim is not a yes)', async () => {
    const listed = await createUser(api.database.db, { email: 'carol@agency.example', name: 'Carol As Listed', isTeamMember: true });
    const before = userinfoCalls;
    const accessToken = await signInExternally('carol');
    const response = await api.app.inject({ method: 'GET', url: '/api/v1/user', headers: bearer(accessToken) });
    // Her address is already a listed person's (a team member's here), and nothing proves it is hers.
    expect(response.statusCode).toBe(403);
    expect(userinfoCalls).toBe(before + 1);
    const [row] = await api.database.db.select().from(users).where(eq(users.id, listed.id));
    expect(row?.subject).toBeNull();
  });

  it('accepts `typ: JWT` from an external issuer and answers 403 "session expired" for its expired tokens', async () => {
    const key = await importJWK(signingKey, 'ES256');
    const now = Math.floor(Date.now() / 1000);
    const sign = (exp: number) =>
      new SignJWT({ iss: issuer, aud: AUDIENCE, sub: 'alice', email: people.alice?.email, exp, iat: exp - 300 })
        .setProtectedHeader({ alg: 'ES256', typ: 'JWT', kid: signingKey.kid })
        .sign(key);
    expect((await api.app.inject({ method: 'GET', url: '/api/v1/user', headers: bearer(await sign(now + 300)) })).statusCode).toBe(200);
    const expired = await api.app.inject({ method: 'GET', url: '/api/v1/user', headers: bearer(await sign(now - 600)) });
    expect(expired.statusCode).toBe(403);
    expect(expired.json()).toMatchObject({ error: 'session expired' });
  });

  it('opens the team’s routes only to a sign-in its issuer says used a second factor (amr mfa, or an acr named for it)', async () => {
    await createUser(api.database.db, { email: 'dana@agency.example', name: 'Dana Team', isTeamMember: true });
    const key = await importJWK(signingKey, 'ES256');
    const now = Math.floor(Date.now() / 1000);
    const tokenWith = (claims: Record<string, unknown>) =>
      new SignJWT({ iss: issuer, aud: AUDIENCE, sub: 'dana', email: 'dana@agency.example', email_verified: true, exp: now + 300, iat: now, ...claims })
        .setProtectedHeader({ alg: 'ES256', typ: 'at+jwt', kid: signingKey.kid })
        .sign(key);
    const queues = async (app: App, claims: Record<string, unknown>) =>
      app.inject({ method: 'GET', url: '/api/v1/admin/queues', headers: bearer(await tokenWith(claims)) });

    for (const claims of [{}, { amr: ['pwd'] }, { amr: 'mfa' }, { acr: 'urn:example:mfa' }]) {
      const refused = await queues(api.app, claims);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ error: 'second factor required', message: SECOND_FACTOR_REQUIRED_MESSAGE });
    }
    expect((await queues(api.app, { amr: ['pwd', 'hwk', 'mfa'] })).statusCode).toBe(200);
    const user = await api.app.inject({ method: 'GET', url: '/api/v1/user', headers: bearer(await tokenWith({ amr: ['pwd'] })) });
    expect(user.json()).toMatchObject({ user: { isTeamMember: true }, signedInWithSecondFactor: false });

    // An issuer that says it with `acr`, named in OIDC_MULTI_FACTOR_ACR.
    const byAcr = await buildApp(testConfig({ OIDC_ISSUER: issuer, OIDC_CLIENT_ID: CLIENT_ID, OIDC_AUDIENCE: AUDIENCE, OIDC_MULTI_FACTOR_ACR: 'urn:example:mfa, urn:example:loa3' }), {
      database: api.database,
    });
    extraApps.push(byAcr);
    await byAcr.ready();
    expect((await queues(byAcr, { acr: 'urn:example:loa3' })).statusCode).toBe(200);
    expect((await queues(byAcr, { acr: 'urn:example:loa1' })).statusCode).toBe(403);
  });

  it('rejects tokens of the embedded provider', async () => {
    const account = await createIdentityAccount(embedded.database.db);
    const { accessToken } = await signIn(embedded, account.email);
    const response = await api.app.inject({ method: 'GET', url: '/api/v1/user', headers: bearer(accessToken) });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ error: 'unauthorized' });
  });

  it('mounts neither /oidc nor the sign-in pages', async () => {
    for (const url of ['/oidc/.well-known/openid-configuration', '/oidc/jwks', '/interaction/abc', '/auth/sign-out.js']) {
      expect((await api.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    }
  });

  it('leaves password changes to the issuer: 404 even for its signed-in people', async () => {
    const accessToken = await signInExternally('alice');
    const response = await api.app.inject({
      method: 'POST',
      url: '/api/v1/account/password',
      headers: bearer(accessToken),
      payload: { currentPassword: 'whatever it was', password: 'kettle orchard lantern 42', confirmPassword: 'kettle orchard lantern 42' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json<{ message: string }>().message).toMatch(/organisation’s sign-in service/);
  });

  it('cannot list or end the issuer’s sessions, and says so', async () => {
    const accessToken = await signInExternally('alice');
    const list = await api.app.inject({ method: 'GET', url: '/api/v1/account/sessions', headers: bearer(accessToken) });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual({ isManagedHere: false, sessions: [] });
    for (const request of [
      { method: 'DELETE' as const, url: '/api/v1/account/sessions/AAAAAAAAAAAAAAAAAAAAAA' },
      { method: 'POST' as const, url: '/api/v1/account/sessions/end-others' },
    ]) {
      const response = await api.app.inject({ ...request, headers: bearer(accessToken) });
      expect(response.statusCode).toBe(404);
      expect(response.json<{ message: string }>().message).toMatch(/organisation’s sign-in service/);
    }
  });

  it('answers 503 while the issuer cannot be reached', async () => {
    const unreachable = await startApp({ OIDC_ISSUER: 'http://127.0.0.1:9', OIDC_AUDIENCE: AUDIENCE });
    const token = await new SignJWT({ sub: 'x' }).setProtectedHeader({ alg: 'ES256', typ: 'at+jwt' }).sign(await importJWK(signingKey, 'ES256'));
    const response = await unreachable.app.inject({ method: 'GET', url: '/api/v1/user', headers: bearer(token) });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ error: 'service unavailable' });
  });
});
