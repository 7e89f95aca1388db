/** The embedded provider end to end: discovery, sign-in, tokens, refresh, sign-out, rate limit. */
import type { FastifyRequest } from 'fastify';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../test/harness';
import { serializeRequestForLog } from '../logging';
import { BAD_CREDENTIALS_MESSAGE } from './interaction-routes';
import { SIGNED_OUT_MESSAGE } from './verify-token';
import {
  CookieJar,
  bearer,
  browserRequest,
  buildAuthorizationRequest,
  createIdentityAccount,
  createSignedInUser,
  followRedirects,
  refreshTokens,
  requestRefresh,
  signIn,
} from './test-support';

describe('the embedded identity provider', () => {
  let context: TestContext;
  beforeAll(async () => {
    context = await buildTestApp({ LOGIN_RATE_LIMIT: '3' });
  });
  afterAll(() => context.close());

  it('publishes discovery with absolute URLs on the configured issuer', async () => {
    const response = await context.app.inject({
      method: 'GET',
      url: '/oidc/.well-known/openid-configuration',
      // Whatever host a request names, the document speaks of the configured public address.
      headers: { host: '127.0.0.1:9999' },
    });
    expect(response.statusCode).toBe(200);
    const document = response.json<Record<string, unknown>>();
    expect(document.issuer).toBe(context.config.oidc.issuer);
    expect(document.authorization_endpoint).toBe('http://localhost:3999/oidc/auth');
    expect(document.token_endpoint).toBe('http://localhost:3999/oidc/token');
    expect(document.jwks_uri).toBe('http://localhost:3999/oidc/jwks');
    expect(document.end_session_endpoint).toBe('http://localhost:3999/oidc/session/end');
    expect(document.code_challenge_methods_supported).toEqual(['S256']);
    expect(document.response_types_supported).toEqual(['code']);
    expect(document.grant_types_supported).toEqual(['authorization_code', 'refresh_token']);

    const jwks = await context.app.inject({ method: 'GET', url: '/oidc/jwks' });
    const keys = jwks.json<{ keys: Record<string, unknown>[] }>().keys;
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
    expect(keys[0]).not.toHaveProperty('d');
  });

  it('allows the portal origin, and only it, to call the token endpoint from the browser', async () => {
    const preflight = (origin: string) =>
      context.app.inject({
        method: 'OPTIONS',
        url: '/oidc/token',
        headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
      });
    const allowed = await preflight('http://localhost:3999');
    expect(allowed.headers['access-control-allow-origin']).toBe('http://localhost:3999');

    const account = await createIdentityAccount(context.database.db);
    const { refreshToken } = await signIn(context, account.email);
    const fromPortal = await context.app.inject({
      method: 'POST',
      url: '/oidc/token',
      headers: { origin: 'http://localhost:3999', 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken, client_id: context.config.oidc.clientId }).toString(),
    });
    expect(fromPortal.statusCode).toBe(200);
    expect(fromPortal.headers['access-control-allow-origin']).toBe('http://localhost:3999');

    const fromElsewhere = await context.app.inject({
      method: 'POST',
      url: '/oidc/token',
      headers: { origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: 'x', client_id: context.config.oidc.clientId }).toString(),
    });
    expect(fromElsewhere.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('signs in with the authorization code flow and issues a JWT access token the API accepts', async () => {
    const email = 'Pat.Lee@Example.test';
    const account = await createIdentityAccount(context.database.db, { email, name: 'Pat Lee' });
    // The form accepts the email in any case.
    const tokens = await signIn(context, email.toLowerCase(), account.password);

    expect(decodeProtectedHeader(tokens.accessToken)).toMatchObject({ alg: 'RS256', typ: 'at+jwt' });
    const claims = decodeJwt(tokens.accessToken);
    expect(claims).toMatchObject({
      iss: context.config.oidc.issuer,
      aud: context.config.oidc.audience,
      sub: account.id,
      email,
      name: 'Pat Lee',
      client_id: context.config.oidc.clientId,
    });
    expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(context.config.oidc.accessTokenTtl);
    // Profile claims are in the ID token, so the apps need no userinfo call.
    expect(decodeJwt(tokens.idToken)).toMatchObject({ sub: account.id, email, name: 'Pat Lee', aud: context.config.oidc.clientId });
    expect(tokens.refreshToken).not.toBe('');

    const response = await context.app.inject({ method: 'GET', url: '/api/v1/user', headers: bearer(tokens.accessToken) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ user: { email, name: 'Pat Lee', isTeamMember: false }, activeSupplier: null, suppliers: [] });
  });

  it('renders an accessible sign-in page under the strict CSP', async () => {
    const jar = new CookieJar();
    const authorization = buildAuthorizationRequest(context.config);
    const first = await browserRequest(context.app, jar, { method: 'GET', url: authorization.path });
    const stop = await followRedirects(context.app, context.config, jar, first, authorization.path);
    expect(stop.kind).toBe('page');
    if (stop.kind !== 'page') {
      return;
    }
    const page = stop.response;
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("form-action 'self'");
    expect(page.body).toContain('<h1>Sign in</h1>');
    expect(page.body).toContain(`<title>Sign in — ${context.config.productName}</title>`);
    // The header's app is told this is the sign-in page, so it offers no Login here.
    expect(page.body).toContain('data-is-sign-in-page="true"');
    expect(page.body).toMatch(/<label[^>]*for="email"[^>]*>Email<\/label>/);
    expect(page.body).toMatch(/<label[^>]*for="password"[^>]*>Password<\/label>/);
    // HTML attribute names are case-insensitive (React writes `autoComplete`).
    expect(page.body).toMatch(/<input[^>]*id="email"[^>]*autocomplete="username"/i);
    expect(page.body).toMatch(/<input[^>]*id="password"[^>]*autocomplete="current-password"/i);
    expect(page.body).toMatch(/<button[^>]*type="submit"[^>]*>Sign in<\/button>/);
    // A person without an account, or without their password, is told what to do and whom to ask.
    expect(page.body).toContain('<h2>If you do not have an account</h2>');
    expect(page.body).toContain('<h2>If you have forgotten your password</h2>');
    // A new business registers online, as the home page and the about page say.
    expect(page.body).toContain('<a href="/register/start">supplier registration form</a>');
    expect(page.body).toContain(`href="mailto:${context.config.teamContact.email}"`);
    // No executable inline script (the page-data JSON block is data).
    const executable = page.body.replace(/<script type="application\/json"[^>]*>[^<]*<\/script>/g, '');
    expect(executable).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>[^<]/);
    expect(page.body).not.toMatch(/\sstyle=|<style/);
    expect(page.body).not.toMatch(/\son[a-z]+=/);
  });

  it('shows an error summary for bad credentials, keeps the email and issues no code', async () => {
    const account = await createIdentityAccount(context.database.db);
    const jar = new CookieJar();
    const authorization = buildAuthorizationRequest(context.config);
    const first = await browserRequest(context.app, jar, { method: 'GET', url: authorization.path, remoteAddress: '10.9.9.1' });
    const stop = await followRedirects(context.app, context.config, jar, first, authorization.path, '10.9.9.1');
    if (stop.kind !== 'page') {
      throw new Error('expected the sign-in page');
    }
    for (const [email, password] of [
      [account.email, 'wrong password'],
      ['nobody@example.test', account.password],
    ] as const) {
      const response = await browserRequest(context.app, jar, {
        method: 'POST',
        url: `${stop.path}/login`,
        form: { email, password },
        remoteAddress: '10.9.9.1',
      });
      expect(response.statusCode).toBe(401);
      expect(response.headers.location).toBeUndefined();
      expect(response.body).toContain('role="alert"');
      expect(response.body).toContain(BAD_CREDENTIALS_MESSAGE);
      expect(response.body).toContain(`value="${email}"`);
      expect(response.body).toContain(`<title>Error: Sign in — ${context.config.productName}</title>`);
      expect(response.body).toContain('data-title="Sign in"');
      expect(response.body).not.toContain(password);
    }

    const empty = await browserRequest(context.app, jar, { method: 'POST', url: `${stop.path}/login`, form: { email: '', password: '' }, remoteAddress: '10.9.9.2' });
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain('Enter your email address.');
    expect(empty.body).toContain('Enter your password.');
    expect(empty.body).toContain('aria-invalid="true"');
  });

  it('limits sign-in attempts per client address with a readable 429 page', async () => {
    const jar = new CookieJar();
    const authorization = buildAuthorizationRequest(context.config);
    const first = await browserRequest(context.app, jar, { method: 'GET', url: authorization.path });
    const stop = await followRedirects(context.app, context.config, jar, first, authorization.path);
    if (stop.kind !== 'page') {
      throw new Error('expected the sign-in page');
    }
    const attempt = (remoteAddress: string) =>
      browserRequest(context.app, jar, {
        method: 'POST',
        url: `${stop.path}/login`,
        form: { email: 'guess@example.test', password: 'guess' },
        remoteAddress,
      });
    for (let index = 0; index < 3; index += 1) {
      expect((await attempt('10.8.8.8')).statusCode).toBe(401);
    }
    const limited = await attempt('10.8.8.8');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['content-type']).toContain('text/html');
    expect(limited.headers['retry-after']).toBeDefined();
    expect(limited.body).toContain('role="alert"');
    expect(limited.body).toContain('Too many sign-in attempts');
    expect(limited.body).toContain('value="guess@example.test"');
    // Another address is not affected.
    expect((await attempt('10.8.8.9')).statusCode).toBe(401);
    // The people who run the portal see the address limited (/metrics).
    expect((await context.app.metrics.expose()).split('\n')).toContain('portal_sign_ins_refused_total{outcome="rate-limited"} 1');
  });

  it('answers an expired or foreign sign-in page with a page, not a crash', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/interaction/not-a-real-uid', headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('This sign-in has expired');
    const posted = await context.app.inject({
      method: 'POST',
      url: '/interaction/not-a-real-uid/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=a%40b.test&password=x',
      remoteAddress: '10.7.7.7',
    });
    expect(posted.statusCode).toBe(400);
    const badUid = await context.app.inject({ method: 'GET', url: '/interaction/%3Cscript%3E' });
    expect(badUid.statusCode).toBe(404);
    expect(badUid.body).not.toContain('<script>');
  });

  it('renders provider errors as a portal page without internals', async () => {
    const response = await context.app.inject({
      method: 'GET',
      url: '/oidc/auth?client_id=unknown-client&response_type=code&scope=openid',
      headers: { accept: 'text/html' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('We could not complete your sign-in');
    expect(response.body).not.toMatch(/at .*\.js:\d+/);
  });

  it('requires PKCE', async () => {
    const query = new URLSearchParams({
      client_id: context.config.oidc.clientId,
      redirect_uri: `${context.config.publicUrl}/auth/callback`,
      response_type: 'code',
      scope: 'openid',
    });
    const response = await context.app.inject({ method: 'GET', url: `/oidc/auth?${query.toString()}` });
    expect(response.statusCode).toBe(303);
    expect(new URL(String(response.headers.location)).searchParams.get('error')).toBe('invalid_request');
  });

  it('renews with the refresh token, rotating it, and refuses the used one', async () => {
    const { refreshToken, accessToken } = await createSignedInUser(context);
    const renewed = await refreshTokens(context.app, context.config, refreshToken);
    expect(renewed.refreshToken).not.toBe('');
    expect(renewed.refreshToken).not.toBe(refreshToken);
    expect(renewed.accessToken).not.toBe(accessToken);
    expect(decodeJwt(renewed.accessToken)).toMatchObject({ aud: context.config.oidc.audience });
    const api = await context.app.inject({ method: 'GET', url: '/api/v1/user', headers: bearer(renewed.accessToken) });
    expect(api.statusCode).toBe(200);

    const reused = await requestRefresh(context.app, context.config, refreshToken);
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('signs out in one step from the portal and ends the provider session', async () => {
    const account = await createIdentityAccount(context.database.db);
    const { idToken, refreshToken, accessToken, jar } = await signIn(context, account.email);
    const readUser = () => context.app.inject({ method: 'GET', url: '/api/v1/user', headers: bearer(accessToken) });
    expect((await readUser()).statusCode).toBe(200);

    // While signed in, prompt=none signs in silently.
    const silent = buildAuthorizationRequest(context.config, { prompt: 'none' });
    const silentStop = await followRedirects(
      context.app,
      context.config,
      jar,
      await browserRequest(context.app, jar, { method: 'GET', url: silent.path }),
      silent.path,
    );
    expect(silentStop.kind === 'callback' && silentStop.url.searchParams.get('code')).toBeTruthy();

    const endQuery = new URLSearchParams({ id_token_hint: idToken, post_logout_redirect_uri: `${context.config.publicUrl}/`, state: 'bye' });
    const endPage = await browserRequest(context.app, jar, { method: 'GET', url: `/oidc/session/end?${endQuery.toString()}` });
    expect(endPage.statusCode).toBe(200);
    // A real form the page submits itself through a same-origin script (no inline script).
    expect(endPage.body).toContain('data-auto-submit="true"');
    expect(endPage.body).toContain('<script src="/auth/sign-out.js" defer="">');
    const signOutButton = /<button([^>]*)>Sign out<\/button>/.exec(endPage.body)?.[1] ?? '';
    expect(signOutButton).toContain('name="logout"');
    expect(signOutButton).toContain('value="yes"');
    expect(String(endPage.headers['content-security-policy'])).not.toContain('unsafe-inline');
    const script = await context.app.inject({ method: 'GET', url: '/auth/sign-out.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toContain('javascript');

    const action = /<form[^>]*data-auto-submit[^>]*action="([^"]+)"/.exec(endPage.body)?.[1];
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(endPage.body)?.[1];
    expect(action).toBe('http://localhost:3999/oidc/session/end/confirm');
    const confirmed = await browserRequest(context.app, jar, {
      method: 'POST',
      url: '/oidc/session/end/confirm',
      form: { xsrf: xsrf ?? '', logout: 'yes' },
    });
    expect(confirmed.statusCode).toBe(303);
    expect(confirmed.headers.location).toBe('http://localhost:3999/?state=bye');

    const after = buildAuthorizationRequest(context.config, { prompt: 'none' });
    const afterStop = await followRedirects(
      context.app,
      context.config,
      jar,
      await browserRequest(context.app, jar, { method: 'GET', url: after.path }),
      after.path,
    );
    expect(afterStop.kind).toBe('callback');
    if (afterStop.kind === 'callback') {
      expect(afterStop.url.searchParams.get('error')).toBe('login_required');
    }
    // Refresh tokens end with the session, and so does the access token, long before its expiry.
    expect((await requestRefresh(context.app, context.config, refreshToken)).statusCode).toBe(400);
    const refused = await readUser();
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ error: 'unauthorized', message: SIGNED_OUT_MESSAGE });
  });

  it('revokes a refresh token at /oidc/token/revocation (RFC 7009)', async () => {
    const discovery = await context.app.inject({ method: 'GET', url: '/oidc/.well-known/openid-configuration' });
    const endpoint = discovery.json<{ revocation_endpoint?: string }>().revocation_endpoint;
    expect(endpoint).toBe('http://localhost:3999/oidc/token/revocation');
    const account = await createIdentityAccount(context.database.db);
    const { refreshToken } = await signIn(context, account.email);
    const revoked = await context.app.inject({
      method: 'POST',
      url: '/oidc/token/revocation',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ token: refreshToken, token_type_hint: 'refresh_token', client_id: context.config.oidc.clientId }).toString(),
    });
    expect(revoked.statusCode).toBe(200);
    expect((await requestRefresh(context.app, context.config, refreshToken)).statusCode).toBe(400);
  });

  it('asks for confirmation when sign-out does not come with a valid ID token', async () => {
    const account = await createIdentityAccount(context.database.db);
    const { jar } = await signIn(context, account.email);
    const endPage = await browserRequest(context.app, jar, { method: 'GET', url: `/oidc/session/end?client_id=${context.config.oidc.clientId}` });
    expect(endPage.statusCode).toBe(200);
    expect(endPage.body).toContain('Do you want to sign out');
    expect(endPage.body).not.toContain('data-auto-submit');
    expect(endPage.body).not.toContain('sign-out.js');
  });

  it('signs out without an inline script when the provider session is already gone', async () => {
    const jar = new CookieJar();
    const query = new URLSearchParams({ client_id: context.config.oidc.clientId, post_logout_redirect_uri: `${context.config.publicUrl}/` });
    const endPage = await browserRequest(context.app, jar, { method: 'GET', url: `/oidc/session/end?${query.toString()}` });
    expect(endPage.statusCode).toBe(200);
    expect(endPage.body).toContain('data-auto-submit="true"');
    expect(endPage.body).not.toMatch(/<script>/);
    const csp = String(endPage.headers['content-security-policy']);
    expect(csp).not.toContain('sha256-');
    expect(csp).toContain("script-src 'self'");
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(endPage.body)?.[1] ?? '';
    const confirmed = await browserRequest(context.app, jar, { method: 'POST', url: '/oidc/session/end/confirm', form: { xsrf, logout: 'yes' } });
    expect(confirmed.statusCode).toBe(303);
    expect(confirmed.headers.location).toBe('http://localhost:3999/');
  });

  it('shows a signed-out page when sign-out has nowhere to return to', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/oidc/session/end/success', headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<h1>You have signed out</h1>');
  });

  it('keeps ID tokens and codes out of the request log', () => {
    const request = {
      method: 'GET',
      url: '/oidc/session/end?id_token_hint=eyJhbGciOi.secret.part&state=kept&post_logout_redirect_uri=http%3A%2F%2Flocalhost%3A3999%2F',
      host: 'localhost:3999',
      ip: '10.0.0.1',
      socket: { remotePort: 1234 },
    } as unknown as FastifyRequest;
    const logged = serializeRequestForLog(request);
    expect(logged.url).toBe('/oidc/session/end?id_token_hint=redacted&state=kept&post_logout_redirect_uri=http%3A%2F%2Flocalhost%3A3999%2F');
  });

  it('lets the person cancel the sign-in', async () => {
    const jar = new CookieJar();
    const authorization = buildAuthorizationRequest(context.config);
    const first = await browserRequest(context.app, jar, { method: 'GET', url: authorization.path });
    const stop = await followRedirects(context.app, context.config, jar, first, authorization.path);
    if (stop.kind !== 'page') {
      throw new Error('expected the sign-in page');
    }
    const aborted = await browserRequest(context.app, jar, { method: 'POST', url: `${stop.path}/abort`, form: {} });
    const end = await followRedirects(context.app, context.config, jar, aborted, `${stop.path}/abort`);
    expect(end.kind === 'callback' && end.url.searchParams.get('error')).toBe('access_denied');
  });
});
