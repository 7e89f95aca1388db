/**
 * Nothing of a sign-in lives in process memory: two app instances on one database share keys,
 * sessions, codes and tokens, and a restarted instance carries on where the old one stopped.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../config';
import type { DatabaseHandle } from '../db/client';
import { appsOnOneDatabase, type OneDatabase } from '../test/harness';
import {
  CookieJar,
  bearer,
  browserRequest,
  buildAuthorizationRequest,
  createIdentityAccount,
  exchangeCode,
  followRedirects,
  refreshTokens,
  signIn,
} from './test-support';

describe('identity state shared through the database', () => {
  let deployment: OneDatabase;
  let database: DatabaseHandle;
  let config: Config;
  const startApp = () => deployment.start();

  beforeAll(async () => {
    deployment = await appsOnOneDatabase();
    ({ database, config } = deployment);
  });
  afterAll(() => deployment.close());

  it('lets two instances started together agree on the signing keys and finish each other’s flows', async () => {
    const [first, second] = await Promise.all([startApp(), startApp()]);
    const firstKeys = (await first.inject({ method: 'GET', url: '/oidc/jwks' })).json<unknown>();
    const secondKeys = (await second.inject({ method: 'GET', url: '/oidc/jwks' })).json<unknown>();
    expect(firstKeys).toEqual(secondKeys);

    const account = await createIdentityAccount(database.db);
    const jar = new CookieJar();
    const authorization = buildAuthorizationRequest(config);
    // The authorization request on one instance…
    const started = await browserRequest(first, jar, { method: 'GET', url: authorization.path });
    const loginPage = await followRedirects(first, config, jar, started, authorization.path);
    if (loginPage.kind !== 'page') {
      throw new Error('expected the sign-in page');
    }
    // …the password on the other…
    const posted = await browserRequest(second, jar, {
      method: 'POST',
      url: `${loginPage.path}/login`,
      form: { email: account.email, password: account.password },
    });
    expect(posted.statusCode).toBe(303);
    // …the redirects back on the first, the code exchanged on the second.
    const callback = await followRedirects(first, config, jar, posted, `${loginPage.path}/login`);
    if (callback.kind !== 'callback') {
      throw new Error('expected the callback');
    }
    const tokens = await exchangeCode(second, config, callback.url.searchParams.get('code') ?? '', authorization.codeVerifier);

    // Either instance accepts the token and renews it.
    expect((await first.inject({ method: 'GET', url: '/api/v1/user', headers: bearer(tokens.accessToken) })).statusCode).toBe(200);
    const renewed = await refreshTokens(first, config, tokens.refreshToken);
    expect((await second.inject({ method: 'GET', url: '/api/v1/user', headers: bearer(renewed.accessToken) })).statusCode).toBe(200);
  });

  it('keeps people signed in across a restart', async () => {
    const before = await startApp();
    const account = await createIdentityAccount(database.db);
    const tokens = await signIn({ app: before, config }, account.email);
    await deployment.stop(before);

    const after = await startApp();
    // The access token from before the restart still works…
    expect((await after.inject({ method: 'GET', url: '/api/v1/user', headers: bearer(tokens.accessToken) })).statusCode).toBe(200);
    // …so does the refresh token…
    const renewed = await refreshTokens(after, config, tokens.refreshToken);
    expect(renewed.accessToken).not.toBe('');
    // …and the provider session: a silent sign-in (prompt=none) succeeds without the password.
    const silent = buildAuthorizationRequest(config, { prompt: 'none' });
    const stop = await followRedirects(
      after,
      config,
      tokens.jar,
      await browserRequest(after, tokens.jar, { method: 'GET', url: silent.path }),
      silent.path,
    );
    expect(stop.kind).toBe('callback');
    if (stop.kind === 'callback') {
      expect(stop.url.searchParams.get('error')).toBeNull();
      const silentTokens = await exchangeCode(after, config, stop.url.searchParams.get('code') ?? '', silent.codeVerifier);
      expect(silentTokens.accessToken).not.toBe('');
    }
  });
});
