import { count } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, invitations, oidcPayloads, applications, threadMessages, threads, users } from '../db/schema/index';
import { UNEXPECTED_BODY_MESSAGE } from './no-body-guard';
import { buildTestApp, type TestContext } from '../test/harness';
import {
  bearer,
  browserRequest,
  buildAuthorizationRequest,
  CookieJar,
  createSignedInUser,
  createSupplierWithMembers,
  followRedirects,
} from '../auth/test-support';
import { findUnsafeText, UNSAFE_TEXT_MESSAGE } from './input-guard';
import { AUTH_CALLBACK_PATH } from '../../common/page-data';

describe('findUnsafeText', () => {
  it('finds NUL and unpaired surrogates in strings, keys and nested values, and names the path', () => {
    expect(findUnsafeText({ title: 'Kōwhai 😀 ok', list: ['a', { b: 'c' }] }, 'body')).toBeUndefined();
    expect(findUnsafeText({ title: 'a\u0000b' }, 'body')).toBe('body.title');
    expect(findUnsafeText({ title: 'a\ud800b' }, 'body')).toBe('body.title');
    expect(findUnsafeText({ title: 'end\ud83d' }, 'body')).toBe('body.title');
    expect(findUnsafeText({ title: '\ude00start' }, 'body')).toBe('body.title');
    expect(findUnsafeText({ answers: { step: { field: ['ok', 'x\u0000'] } } }, 'body')).toBe('body.answers.step.field.1');
    expect(findUnsafeText({ answers: { 'bad\u0000key': 'fine' } }, 'body')).toBe('body.answers');
    expect(findUnsafeText('plain\u0000text', 'body')).toBe('body');
    expect(findUnsafeText(Buffer.from([0, 0xd8]), 'body')).toBeUndefined();
    expect(findUnsafeText(undefined, 'body')).toBeUndefined();
  });

  it('walks deep input without recursion', () => {
    let deep: unknown = 'x\u0000';
    for (let level = 0; level < 100_000; level += 1) {
      deep = [deep];
    }
    expect(findUnsafeText(deep, 'body')).toMatch(/^body(\.0)+$/);
  });
});

const SENT_METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

describe('the input guard on every route', () => {
  let context: TestContext;
  let headers: Record<string, string>;

  const storedCounts = async () => {
    const { db } = context.database;
    const tables = { threads, threadMessages, auditLog, invitations, applications, users, oidcPayloads };
    const counts: Record<string, number> = {};
    for (const [name, table] of Object.entries(tables)) {
      const [row] = await db.select({ value: count() }).from(table);
      counts[name] = row?.value ?? -1;
    }
    return counts;
  };

  /** A 400 from the guard: the one error shape naming the field (HTML pages for the sign-in routes). */
  const expectRefused = (response: LightMyRequestResponse, what: string, part: 'querystring' | 'body') => {
    expect(response.statusCode, `${what}: ${response.body.slice(0, 300)}`).toBe(400);
    if (String(response.headers['content-type']).startsWith('application/json')) {
      expect(response.json(), what).toMatchObject({
        error: 'bad request',
        details: [{ field: expect.stringMatching(new RegExp(`^${part}\\.`)) as string, message: UNSAFE_TEXT_MESSAGE }],
      });
    }
  };

  beforeAll(async () => {
    context = await buildTestApp();
    // A team member and an admin of a supplier: every guard a route has would let these requests through.
    const { supplierId } = await createSupplierWithMembers(context.database.db);
    const signedIn = await createSignedInUser(context, { isTeamMember: true, suppliers: [{ supplierId, isAdmin: true }] });
    headers = bearer(signedIn.accessToken, supplierId);
  });
  afterAll(() => context.close());

  it('answers 400 naming the field, on every route, to a NUL or a lone surrogate in the query or the body, and stores nothing', async () => {
    const before = await storedCounts();
    const routes = context.routes.flatMap((route) => {
      // HEAD twins answer as their GET; the catch-all provider routes also take TRACE and QUERY, which inject cannot send.
      const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter((method) => SENT_METHODS.has(method));
      // Any value fits a parameter: the guard answers before the route's schema reads it.
      const url = route.url.replace(/:[A-Za-z]+/g, '1').replace(/\*$/, 'x');
      const schema = route.schema as { body?: unknown; consumes?: unknown } | undefined;
      // An API route that declares no body refuses any body before it is read (no-body-guard.ts).
      const refusesBody = route.url.startsWith('/api/v1/') && schema?.body === undefined && schema?.consumes === undefined;
      return methods.map((method) => ({ method, url, refusesBody }));
    });
    expect(routes.length).toBeGreaterThan(40);
    expect(routes).toContainEqual({ method: 'PUT', url: '/api/v1/supplier-registration', refusesBody: false });

    for (const { method, url, refusesBody } of routes) {
      const what = `${method} ${url}`;
      const request = { method: method as 'GET', headers };
      expectRefused(await context.app.inject({ ...request, url: `${url}?q=a%00b` }), `${what} NUL in the query`, 'querystring');
      if (['POST', 'PUT', 'PATCH', 'DELETE'].includes(method)) {
        for (const text of ['"a\\u0000b"', '"a\\ud800b"', '"\\udfff"']) {
          const payload = `{"title":${text},"content":"fine","nested":{"list":["ok",${text}]}}`;
          const response = await context.app.inject({ ...request, url, payload, headers: { ...headers, 'content-type': 'application/json' } });
          // The provider under /oidc reads its own bodies (the query is guarded, above); elsewhere the guard answers.
          if (url.startsWith('/oidc')) {
            expect(response.statusCode, what).toBeLessThan(500);
          } else if (refusesBody) {
            expect(response.statusCode, what).toBe(400);
            expect(response.json(), what).toMatchObject({ error: 'bad request', message: UNEXPECTED_BODY_MESSAGE });
          } else {
            expectRefused(response, `${what} ${text} in the body`, 'body');
          }
        }
      }
    }
    expect(await storedCounts()).toEqual(before);
  });

  it('refuses a NUL in the sign-in form and in /oidc/auth?login_hint', async () => {
    const before = await storedCounts();
    const hinted = await context.app.inject({ method: 'GET', url: '/oidc/auth?login_hint=a%00b' });
    expect(hinted.statusCode).toBe(400);
    expect(hinted.json()).toMatchObject({ details: [{ field: 'querystring.login_hint', message: UNSAFE_TEXT_MESSAGE }] });

    const authorization = buildAuthorizationRequest(context.config, { scope: 'openid profile email' });
    const jar = new CookieJar();
    const first = await browserRequest(context.app, jar, { method: 'GET', url: authorization.path });
    const stop = await followRedirects(context.app, context.config, jar, first, authorization.path);
    expect(stop.kind).toBe('page');
    const loginPath = `${stop.kind === 'page' ? stop.path : ''}/login`;
    // A form cannot carry a lone surrogate (percent-decoding gives U+FFFD); a NUL it can.
    const posted = await browserRequest(context.app, jar, { method: 'POST', url: loginPath, form: { email: 'a\u0000b@example.test', password: 'secret' } });
    expect(posted.statusCode).toBe(400);
    expect(posted.headers['content-type']).toContain('text/html');
    expect(posted.body).toContain('Some text contains invisible control characters. Go back');
    const nulName = await browserRequest(context.app, jar, {
      method: 'POST',
      url: loginPath,
      form: { 'e\u0000mail': 'someone@example.test', password: 'secret' },
    });
    expect(nulName.statusCode).toBe(400);
    // The provider parses its own token requests: a code or refresh token with a NUL finds nothing.
    for (const body of ['grant_type=authorization_code&code=a%00b', 'grant_type=refresh_token&refresh_token=a%00b']) {
      const token = await context.app.inject({
        method: 'POST',
        url: '/oidc/token',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `${body}&client_id=${context.config.oidc.clientId}&redirect_uri=${encodeURIComponent(`${context.config.publicUrl}${AUTH_CALLBACK_PATH}`)}&code_verifier=${authorization.codeVerifier}`,
      });
      expect(token.statusCode, body).toBe(400);
      expect(token.json(), body).toMatchObject({ error: 'invalid_grant' });
    }
    const counts = await storedCounts();
    // The authorization request above stored its interaction; the refused ones stored nothing more.
    expect({ ...counts, oidcPayloads: before.oidcPayloads }).toEqual(before);
  });
});
