/**
 * Fuzzing every API route (issue 14, Prove 2): each route of the server's own route table gets
 * hostile path parameters, query strings and bodies (wrong types, huge strings, NUL and unpaired
 * surrogates, deep nesting, prototype-pollution keys), sent by a caller it lets through, so the
 * input reaches validation and the handler. Never a 5xx, never a stack trace, nothing stored by a
 * refused call, and no object prototype polluted. Seeded and bounded: the same inputs every run.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUPPLIER_HEADER } from '../auth/supplier-context';
import { bearer, createSignedInUser, createSupplierWithMembers } from '../auth/test-support';
import { buildTestApp, type TestContext } from '../test/harness';
import { API_PREFIX, apiRoutes, concretePath, storedCounts } from './route-table-support';

const SEED = 20_261_124;
const RUNS_PER_ROUTE = 12;

/** Strings that have broken servers: NUL, unpaired surrogates, right-to-left overrides, markup, formulas, huge ones. */
const hostileString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom('\u0000', 'a\u0000b', '\uD800', 'x\uDC00y', '\u202Egnp.exe', '<script>alert(1)</script>', '=HYPERLINK("x")', '../../etc/passwd', '%00', '-1', '1e309', 'NaN', ' '),
  fc.integer({ min: 20_000, max: 120_000 }).map((length) => 'a'.repeat(length)),
);

/** Any JSON value, hostile strings at the leaves. */
const hostileValue = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    hostileString,
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.oneof(hostileString, fc.constantFrom('__proto__', 'constructor', 'prototype')), tie('value'), { maxKeys: 4 }),
  ),
})).value;

/** A value nested far deeper than any form: `{"a":{"a":…}}`. */
const deepNesting = fc.integer({ min: 200, max: 2000 }).map((depth) => {
  let value: unknown = 'bottom';
  for (let level = 0; level < depth; level += 1) {
    value = { a: value };
  }
  return value;
});

/** A JSON body as text: prototype-pollution keys survive only in raw JSON, not in a JS object literal. */
const hostileBody = fc.oneof(
  hostileValue.map((value) => JSON.stringify(value)),
  deepNesting.map((value) => JSON.stringify(value)),
  fc.constantFrom(
    '{"__proto__":{"polluted":"yes"}}',
    '{"constructor":{"prototype":{"polluted":"yes"}}}',
    '{"status":"submitted","__proto__":{"isAdmin":true}}',
    '{',
    'null',
    '[]',
    '"just a string"',
    '{"a":"\\u0000"}',
    '{"a":"\\ud800"}',
  ),
);

const hostileQuery = fc
  .dictionary(fc.constantFrom('page', 'status', 'sort', 'order', 'q', 'services', 'referenceId', 'engagementNotice', 'period', 'approved', 'before', 'supplier'), hostileString, { maxKeys: 3 })
  .map((query) => new URLSearchParams(query).toString());

const hostileParam = hostileString.map((text) => encodeURIComponent(text.slice(0, 300)));

/** A stack trace's frames, as Node prints them. */
const STACK_FRAME = /\bat [^\s]+ \(?[^\s]*\.(ts|js|mjs|cjs):\d+/;

describe('fuzzing every API route', () => {
  let context: TestContext;
  let supplierId = 0;
  let supplierCaller: Record<string, string>;
  let teamCaller: Record<string, string>;

  beforeAll(async () => {
    context = await buildTestApp();
    const own = await createSupplierWithMembers(context.database.db);
    supplierId = own.supplierId;
    const admin = await createSignedInUser(context, { suppliers: [{ supplierId, isAdmin: true }] });
    const team = await createSignedInUser(context, { isTeamMember: true });
    supplierCaller = bearer(admin.accessToken, supplierId);
    teamCaller = bearer(team.accessToken);
    // Each person's first call links their sign-in (and audits it): done here, so it is no route's change.
    for (const headers of [supplierCaller, teamCaller]) {
      expect((await context.app.inject({ method: 'GET', url: `${API_PREFIX}/user`, headers })).statusCode).toBe(200);
    }
  });
  afterAll(() => context.close());

  /** A caller each route lets through: the team for its routes, a supplier's admin for the rest (public routes ignore the headers). */
  const callerFor = (path: string) => (path.startsWith('/admin/') ? teamCaller : supplierCaller);

  it('answers every hostile input with a clear refusal or a success: never a 5xx or a stack trace, nothing stored by a refusal', async () => {
    const failures: string[] = [];
    let requests = 0;
    for (const { method, path } of apiRoutes(context)) {
      const hasBody = method === 'POST' || method === 'PUT' || method === 'PATCH';
      const params = path.match(/:[A-Za-z]+/g) ?? [];
      const before = await storedCounts(context);
      const outcome = { successes: 0 };
      const send = async (url: string, body: string | undefined) => {
        requests += 1;
        const response = await context.app.inject({
          method,
          url,
          headers: { ...callerFor(path), ...(body === undefined ? {} : { 'content-type': 'application/json' }), [SUPPLIER_HEADER]: String(supplierId) },
          ...(body === undefined ? {} : { payload: body }),
        });
        const where = `${method} ${path} ${url.slice(0, 120)} ${(body ?? '').slice(0, 120)}`;
        if (response.statusCode >= 500) {
          failures.push(`${where}: ${String(response.statusCode)} ${response.body.slice(0, 200)}`);
        }
        if (STACK_FRAME.test(response.body)) {
          failures.push(`${where}: a stack trace in the answer`);
        }
        if (response.statusCode < 400) {
          outcome.successes += 1;
        }
      };
      await fc.assert(
        fc.asyncProperty(fc.tuple(...params.map(() => hostileParam)), hostileQuery, hasBody ? hostileBody : fc.constant(undefined), async (values, query, body) => {
          let concrete = path;
          params.forEach((param, index) => {
            concrete = concrete.replace(param, values[index] === '' ? 'x' : (values[index] ?? 'x'));
          });
          await send(`${API_PREFIX}${concrete}${query === '' ? '' : `?${query}`}`, body);
        }),
        { seed: SEED, numRuns: RUNS_PER_ROUTE, endOnFailure: true },
      );
      // The route's own address with a hostile body too: its parameters valid, so the body is what is read.
      if (hasBody) {
        await fc.assert(
          fc.asyncProperty(hostileBody, async (body) => {
            await send(`${API_PREFIX}${concretePath(path, supplierId)}`, body);
          }),
          { seed: SEED, numRuns: RUNS_PER_ROUTE, endOnFailure: true },
        );
      }
      if (outcome.successes === 0) {
        expect(await storedCounts(context), `${method} ${path}: refused calls changed stored rows`).toEqual(before);
      }
    }
    expect(failures).toEqual([]);
    expect(requests).toBeGreaterThan(1000);
    // No body reached an object's prototype.
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  }, 600_000);
});
