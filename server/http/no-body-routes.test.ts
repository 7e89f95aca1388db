/**
 * Every API route that declares no body refuses one (issue 29, item 8), walked from the server's own
 * route table: a JSON body, a text body and a chunked body each answer 400 in the one error shape,
 * never a 500, and change nothing stored. Without a body the same routes answer as before.
 */
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUPPLIER_HEADER } from '../auth/supplier-context';
import { bearer, createSignedInUser, createSupplierWithMembers } from '../auth/test-support';
import { buildTestApp, type TestContext } from '../test/harness';
import { UNEXPECTED_BODY_MESSAGE } from './no-body-guard';
import { API_PREFIX, apiRoutes, concretePath, storedCounts, type SentMethod } from './route-table-support';

/** The routes' schemas as registered, by method and path. */
function schemaOf(routes: RouteOptions[], method: SentMethod, path: string): RouteOptions['schema'] {
  return routes.find((route) => route.url === `${API_PREFIX}${path}` && (Array.isArray(route.method) ? route.method.includes(method) : route.method === method))?.schema;
}

/** The answer's error and message when it is JSON; a CSV or file answer has neither. */
function readJson(text: string): { error?: string; message?: string } {
  try {
    return JSON.parse(text) as { error?: string; message?: string };
  } catch {
    return {};
  }
}

describe('API routes that take no body', () => {
  let context: TestContext;
  let supplierId = 0;
  let supplierCaller: Record<string, string>;
  let teamCaller: Record<string, string>;

  beforeAll(async () => {
    context = await buildTestApp();
    supplierId = (await createSupplierWithMembers(context.database.db)).supplierId;
    const admin = await createSignedInUser(context, { suppliers: [{ supplierId, isAdmin: true }] });
    const team = await createSignedInUser(context, { isTeamMember: true });
    supplierCaller = { ...bearer(admin.accessToken, supplierId), [SUPPLIER_HEADER]: String(supplierId) };
    teamCaller = bearer(team.accessToken);
    // Each person's first call links their sign-in (and audits it): done here, so it is no route's change.
    for (const headers of [supplierCaller, teamCaller]) {
      expect((await context.app.inject({ method: 'GET', url: `${API_PREFIX}/user`, headers })).statusCode).toBe(200);
    }
  });
  afterAll(() => context.close());

  const callerFor = (path: string) => (path.startsWith('/admin/') ? teamCaller : supplierCaller);

  it('refuses a body with 400 and a clear message on every one of them, storing nothing', async () => {
    const routes = apiRoutes(context).filter(({ method, path }) => {
      const schema = schemaOf(context.routes, method, path) as { body?: unknown; consumes?: unknown } | undefined;
      return schema?.body === undefined && schema?.consumes === undefined;
    });
    const bodies = [
      { 'content-type': 'application/json', payload: '{"status":"approved","isAdmin":true}' },
      { 'content-type': 'text/plain', payload: 'hello' },
      { 'content-type': 'application/x-www-form-urlencoded', payload: 'a=1' },
    ];
    const before = await storedCounts(context);
    const failures: string[] = [];
    let refused = 0;
    for (const { method, path } of routes) {
      const url = `${API_PREFIX}${concretePath(path, supplierId)}`;
      for (const { payload, ...type } of bodies) {
        const response = await context.app.inject({ method, url, headers: { ...callerFor(path), ...type }, payload });
        const body = readJson(response.body);
        if (response.statusCode !== 400 || body.message !== UNEXPECTED_BODY_MESSAGE || body.error !== 'bad request') {
          failures.push(`${method} ${path} (${type['content-type']}): ${String(response.statusCode)} ${response.body.slice(0, 160)}`);
        } else {
          refused += 1;
        }
      }
      // Without a body the route reads as ever: it is not this refusal.
      const plain = await context.app.inject({ method, url, headers: callerFor(path) });
      if (plain.statusCode >= 500 || plain.body.includes(UNEXPECTED_BODY_MESSAGE)) {
        failures.push(`${method} ${path} without a body: ${String(plain.statusCode)} ${plain.body.slice(0, 160)}`);
      }
    }
    console.info(`bodies sent to routes that take none: ${String(refused)} of ${String(routes.length * bodies.length)} refused with 400, ${String(routes.length)} routes`);
    expect(failures).toEqual([]);
    expect(routes.length).toBeGreaterThan(40);
    expect(routes.some(({ method }) => method === 'GET')).toBe(true);
    expect(routes.some(({ method }) => method === 'POST' || method === 'DELETE')).toBe(true);
    // Only the plain calls may have changed anything (a few routes act on a bodiless POST): run again, the counts hold.
    const afterPlain = await storedCounts(context);
    for (const { method, path } of routes) {
      const url = `${API_PREFIX}${concretePath(path, supplierId)}`;
      await context.app.inject({ method, url, headers: { ...callerFor(path), 'content-type': 'application/json' }, payload: '{}' });
    }
    expect(await storedCounts(context)).toEqual(afterPlain);
    expect(Object.keys(before)).toEqual(Object.keys(afterPlain));
  }, 300_000);

  it('refuses a body sent in chunks as well', async () => {
    const { Readable } = await import('node:stream');
    const response = await context.app.inject({
      method: 'GET',
      url: `${API_PREFIX}/user`,
      headers: { ...supplierCaller, 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
      payload: Readable.from(['{"a":', '1}']),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'bad request', message: UNEXPECTED_BODY_MESSAGE });
  });

  it('still reads the body of a route that takes one', async () => {
    const response = await context.app.inject({ method: 'POST', url: `${API_PREFIX}/directory/search`, headers: { 'content-type': 'application/json' }, payload: '{}' });
    expect(response.statusCode).not.toBe(500);
    expect(response.body).not.toContain(UNEXPECTED_BODY_MESSAGE);
  });
});
