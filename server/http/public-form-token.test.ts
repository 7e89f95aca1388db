import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SECURITY_TOKEN_HEADER } from '../../common/public-form';
import type { TestContext } from '../test/harness';
import { EXPIRED_TOKEN_MESSAGE, FOREIGN_TOKEN_MESSAGE, MISSING_TOKEN_MESSAGE, PUBLIC_FORM_SESSION_COOKIE, TOO_MANY_REQUESTS_MESSAGE } from './public-form-token';
import {
  bodyTokenOf,
  buildPublicFormTestApp,
  openPublicForm,
  sessionCookieOf,
  TEST_PUBLIC_FORM_PAGE,
  TEST_PUBLIC_FORM_POST,
} from './public-form-test-support';

describe('the public form page', () => {
  let context: TestContext;
  beforeAll(async () => {
    context = await buildPublicFormTestApp();
  });
  afterAll(() => context.close());

  it('sets an HttpOnly, SameSite=Lax session cookie and puts the token on the body', async () => {
    const response = await context.app.inject({ method: 'GET', url: TEST_PUBLIC_FORM_PAGE });
    expect(response.statusCode).toBe(200);
    const setCookie = String(response.headers['set-cookie']);
    expect(setCookie).toMatch(new RegExp(`^${PUBLIC_FORM_SESSION_COOKIE}=[A-Za-z0-9_-]{43}; Path=/; HttpOnly; SameSite=Lax$`));
    // When it was issued (seconds, base 36), then the signature.
    expect(bodyTokenOf(response.body)).toMatch(/^[0-9a-z]+\.[A-Za-z0-9_-]{43}$/);
    expect(response.headers['cache-control']).toBe('private, no-store');
  });

  it('keeps the session of a returning visitor: no new cookie, and a token of the same session', async () => {
    const first = await openPublicForm(context.app);
    const again = await context.app.inject({ method: 'GET', url: TEST_PUBLIC_FORM_PAGE, headers: { cookie: first.cookie } });
    expect(sessionCookieOf(again)).toBeUndefined();
    // The new token (issued a second later, maybe, so its signature may differ) belongs to the same session.
    const token = bodyTokenOf(again.body) ?? '';
    const post = await context.app.inject({
      method: 'POST',
      url: TEST_PUBLIC_FORM_POST,
      headers: { 'content-type': 'application/json', cookie: first.cookie, [SECURITY_TOKEN_HEADER]: token },
      payload: '{}',
    });
    expect(post.statusCode).toBe(200);
  });

  it('gives each visitor a different session and token, and a malformed cookie a new one', async () => {
    const one = await openPublicForm(context.app);
    const two = await openPublicForm(context.app);
    expect(two.cookie).not.toBe(one.cookie);
    expect(two.token).not.toBe(one.token);
    const forged = await openPublicForm(context.app, `${PUBLIC_FORM_SESSION_COOKIE}=short`);
    expect(forged.cookie).not.toBe(`${PUBLIC_FORM_SESSION_COOKIE}=short`);
  });

  it('puts no token or session cookie on other pages', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/about' });
    expect(response.statusCode).toBe(200);
    expect(sessionCookieOf(response)).toBeUndefined();
    expect(response.body).not.toContain('data-security-token');
  });
});

describe('the security token on a public form post', () => {
  let context: TestContext;
  beforeAll(async () => {
    context = await buildPublicFormTestApp();
  });
  afterAll(() => context.close());

  const post = (headers: Record<string, string>) =>
    context.app.inject({ method: 'POST', url: TEST_PUBLIC_FORM_POST, headers: { 'content-type': 'application/json', ...headers }, payload: '{}' });

  it('answers 403 in the one error shape without a token, and the handler does not run', async () => {
    const visitor = await openPublicForm(context.app);
    const response = await post({ cookie: visitor.cookie });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: 'forbidden', message: MISSING_TOKEN_MESSAGE });
  });

  it('answers 403 to another session\'s token, a forged token, or a token without its cookie', async () => {
    const visitor = await openPublicForm(context.app);
    const other = await openPublicForm(context.app);
    const attempts: Record<string, string>[] = [
      { cookie: visitor.cookie, [SECURITY_TOKEN_HEADER]: other.token },
      // The last character changed (to one it is not already).
      { cookie: visitor.cookie, [SECURITY_TOKEN_HEADER]: `${visitor.token.slice(0, -1)}${visitor.token.endsWith('A') ? 'B' : 'A'}` },
      { cookie: visitor.cookie, [SECURITY_TOKEN_HEADER]: 'x' },
      { [SECURITY_TOKEN_HEADER]: visitor.token },
    ];
    for (const headers of attempts) {
      const response = await post(headers);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ error: 'forbidden', message: FOREIGN_TOKEN_MESSAGE });
    }
  });

  describe('when the page has been open longer than PUBLIC_FORM_TOKEN_HOURS', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it('answers 403 saying the page has been open too long and to reload it, and the reloaded page\'s token works', async () => {
      const opened = Date.now();
      vi.useFakeTimers({ toFake: ['Date'], now: opened });
      const visitor = await openPublicForm(context.app);
      const ttlMs = context.config.publicForms.tokenTtlSeconds * 1000;
      expect(ttlMs).toBe(24 * 60 * 60 * 1000);

      vi.setSystemTime(opened + ttlMs - 60_000);
      expect((await post(visitor.headers)).statusCode).toBe(200);

      vi.setSystemTime(opened + ttlMs + 2_000);
      const expired = await post(visitor.headers);
      expect(expired.statusCode).toBe(403);
      expect(expired.json()).toEqual({ error: 'forbidden', message: EXPIRED_TOKEN_MESSAGE });
      expect(EXPIRED_TOKEN_MESSAGE).toContain('Reload the page');

      // The way on: the page reloaded in the same browser session gives a token that works.
      const reloaded = await openPublicForm(context.app, visitor.cookie);
      expect(reloaded.cookie).toBe(visitor.cookie);
      expect((await post(reloaded.headers)).statusCode).toBe(200);

      // The time in a token cannot be moved: the signature covers it.
      const [, signature] = visitor.token.split('.');
      const moved = { ...visitor.headers, [SECURITY_TOKEN_HEADER]: `${Math.floor(Date.now() / 1000).toString(36)}.${signature ?? ''}` };
      expect((await post(moved)).json()).toEqual({ error: 'forbidden', message: FOREIGN_TOKEN_MESSAGE });
    });
  });

  it('lets the visitor\'s own token through', async () => {
    const visitor = await openPublicForm(context.app);
    const response = await post(visitor.headers);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ saved: true });
  });

  it('refuses a NUL in the body with 400 before the token check', async () => {
    const response = await context.app.inject({
      method: 'POST',
      url: TEST_PUBLIC_FORM_POST,
      headers: { 'content-type': 'application/json' },
      payload: '{"name":"a\\u0000b"}',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'bad request', details: [{ field: 'body.name' }] });
  });
});

describe('the rate limit of public form posts', () => {
  let context: TestContext;
  beforeAll(async () => {
    context = await buildPublicFormTestApp({ PUBLIC_FORM_RATE_LIMIT: '3' });
  });
  afterAll(() => context.close());

  it('answers 429 in the one error shape after the limit, per client address', async () => {
    const visitor = await openPublicForm(context.app);
    const send = (remoteAddress: string) =>
      context.app.inject({
        method: 'POST',
        url: TEST_PUBLIC_FORM_POST,
        remoteAddress,
        headers: { 'content-type': 'application/json', ...visitor.headers },
        payload: '{}',
      });
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect((await send('203.0.113.10')).statusCode).toBe(200);
    }
    const limited = await send('203.0.113.10');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ error: 'too many requests', message: TOO_MANY_REQUESTS_MESSAGE });
    expect(limited.headers['retry-after']).toBeDefined();
    expect((await send('203.0.113.11')).statusCode).toBe(200);
  });
});

describe('the session cookie behind HTTPS', () => {
  let context: TestContext;
  beforeAll(async () => {
    context = await buildPublicFormTestApp({ PUBLIC_URL: 'https://marketplace.example.govt.nz' });
  });
  afterAll(() => context.close());

  it('is Secure', async () => {
    const response = await context.app.inject({ method: 'GET', url: TEST_PUBLIC_FORM_PAGE });
    expect(String(response.headers['set-cookie'])).toMatch(/; HttpOnly; SameSite=Lax; Secure$/);
  });
});
