import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SECURITY_TOKEN_HEADER } from '../../../common/public-form';
import { suppliers } from '../../db/schema/index';
import { FOREIGN_TOKEN_MESSAGE, MISSING_TOKEN_MESSAGE, TOO_MANY_REQUESTS_MESSAGE } from '../../http/public-form-token';
import { buildPublicFormTestApp, openPublicForm, type PublicFormVisitor } from '../../http/public-form-test-support';
import { UNSAFE_TEXT_MESSAGE } from '../../http/input-guard';
import type { TestContext } from '../../test/harness';
import { TOO_MANY_CHECKS_MESSAGE } from './routes';

const REGISTERED_NZBN = '9429041525746';
const UNKNOWN_NZBN = '9429052479366';
const WRONG_CHECK_DIGIT_NZBN = '9429041525747';
const REGISTERED_ABN = '51824753556';
const REGISTERED_ACN = '005499981';

describe('GET /api/v1/check-supplier', () => {
  let context: TestContext;
  let visitor: PublicFormVisitor;

  const check = (query: string, headers: Record<string, string> = visitor.headers) =>
    context.app.inject({ method: 'GET', url: `/api/v1/check-supplier?${query}`, headers });

  beforeAll(async () => {
    context = await buildPublicFormTestApp();
    await context.database.db.insert(suppliers).values([
      { tradingName: 'Kererū Works', legalName: 'Kereru Works Limited', status: 'approved', nzbn: REGISTERED_NZBN, email: 'hello@kereru.example' },
      { tradingName: 'Wattle Co', legalName: 'Wattle Co Pty Ltd', status: 'applicant', abn: REGISTERED_ABN, details: { acn: REGISTERED_ACN } },
    ]);
    visitor = await openPublicForm(context.app);
  });
  afterAll(() => context.close());

  it('answers 403 without a token, or with another session\'s, and 200 with the visitor\'s own', async () => {
    const missing = await check(`nzbn=${REGISTERED_NZBN}`, { cookie: visitor.cookie });
    expect(missing.statusCode).toBe(403);
    expect(missing.json()).toEqual({ error: 'forbidden', message: MISSING_TOKEN_MESSAGE });

    const other = await openPublicForm(context.app);
    const foreign = await check(`nzbn=${REGISTERED_NZBN}`, { cookie: visitor.cookie, [SECURITY_TOKEN_HEADER]: other.token });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toEqual({ error: 'forbidden', message: FOREIGN_TOKEN_MESSAGE });

    const own = await check(`nzbn=${REGISTERED_NZBN}`);
    expect(own.statusCode).toBe(200);
  });

  it('says a seeded supplier\'s NZBN is registered, with spaces too, and nothing else about it', async () => {
    const response = await check(`nzbn=${REGISTERED_NZBN}`);
    expect(response.json()).toStrictEqual({ registered: true });
    expect(response.body).toBe('{"registered":true}');
    expect((await check('nzbn=9429%200415%202574%206')).json()).toStrictEqual({ registered: true });
  });

  it('says a valid NZBN nobody holds is not registered', async () => {
    const response = await check(`nzbn=${UNKNOWN_NZBN}`);
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('{"registered":false}');
  });

  it('checks Australian businesses by ABN or ACN', async () => {
    expect((await check('abn=51%20824%20753%20556')).json()).toStrictEqual({ registered: true });
    expect((await check(`acn=${REGISTERED_ACN}`)).json()).toStrictEqual({ registered: true });
    expect((await check('abn=53004085616')).json()).toStrictEqual({ registered: false });
    expect((await check('acn=000000019')).json()).toStrictEqual({ registered: false });
  });

  it('answers 400 naming the field to a wrong check digit or format, without touching the database', async () => {
    const select = vi.spyOn(context.database.db, 'select');
    try {
      for (const [query, field] of [
        [`nzbn=${WRONG_CHECK_DIGIT_NZBN}`, 'querystring.nzbn'],
        ['nzbn=12345', 'querystring.nzbn'],
        ['nzbn=9429041525746x', 'querystring.nzbn'],
        ['abn=51824753557', 'querystring.abn'],
        ['acn=005499982', 'querystring.acn'],
      ] as const) {
        const response = await check(query);
        expect(response.statusCode, query).toBe(400);
        expect(response.json(), query).toMatchObject({ error: 'bad request', details: [{ field, message: expect.stringMatching(/^Enter a valid/) as string }] });
      }
      expect(select).not.toHaveBeenCalled();
    } finally {
      select.mockRestore();
    }
  });

  it('answers 400 to no number, two numbers, an empty one or an unknown parameter', async () => {
    for (const query of ['', `nzbn=${REGISTERED_NZBN}&abn=${REGISTERED_ABN}`, 'nzbn=', `nzbn=${REGISTERED_NZBN}&name=Kererū`, `nzbn=${'9'.repeat(41)}`]) {
      const response = await check(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json(), query).toMatchObject({ error: 'bad request', details: expect.any(Array) as unknown[] });
    }
  });

  it('answers 400 from the input guard to a NUL or an invalid UTF-16 sequence in the query', async () => {
    const nul = await check('nzbn=9429%0041525746');
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toMatchObject({ details: [{ field: 'querystring.nzbn', message: UNSAFE_TEXT_MESSAGE }] });
    // Percent-encoded surrogate halves: refused by the guard or, decoded as U+FFFD, by the number's check.
    const surrogate = await check('nzbn=%ED%A0%80');
    expect(surrogate.statusCode).toBe(400);
    expect(surrogate.json()).toMatchObject({ details: [{ field: 'querystring.nzbn' }] });
  });

  it('is in the OpenAPI description with its query, answer and error responses', async () => {
    const document = (await context.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json<{
      paths: Record<string, { get?: { parameters?: { name: string; in: string }[]; responses: Record<string, unknown> } }>;
    }>();
    const operation = document.paths['/api/v1/check-supplier']?.get;
    const named = (place: string) => (operation?.parameters ?? []).filter((parameter) => parameter.in === place).map((parameter) => parameter.name);
    expect(named('query').sort()).toEqual(['abn', 'acn', 'nzbn']);
    // The page's security token, which every public form post carries (the API reference documents it).
    expect(named('header')).toEqual(['X-SECURITY-TOKEN']);
    expect(Object.keys(operation?.responses ?? {}).sort()).toEqual(['200', '400', '403', '429']);
    expect(JSON.stringify(operation?.responses['200'])).toContain('registered');
  });
});

describe('the rate limits of check-supplier', () => {
  let context: TestContext;
  afterAll(() => context.close());

  it('answers 429 after the per-address limit, per client address, and after the per-number limit, per number', async () => {
    context = await buildPublicFormTestApp({ PUBLIC_FORM_RATE_LIMIT: '4', CHECK_SUPPLIER_NUMBER_RATE_LIMIT: '2' });
    const visitor = await openPublicForm(context.app);
    const check = (nzbn: string, remoteAddress: string) =>
      context.app.inject({ method: 'GET', url: `/api/v1/check-supplier?nzbn=${nzbn}`, headers: visitor.headers, remoteAddress });

    // One address walking through numbers: the per-address limit.
    const walked = ['9429041525746', '9429052479366', '9429059326069', '9429035838081'];
    for (const nzbn of walked) {
      expect((await check(nzbn, '198.51.100.1')).statusCode, nzbn).toBe(200);
    }
    const limited = await check('9429000000000', '198.51.100.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ error: 'too many requests', message: TOO_MANY_REQUESTS_MESSAGE });

    // Many addresses on one number: the per-number limit (the number above was checked once).
    expect((await check('9429041525746', '198.51.100.2')).statusCode).toBe(200);
    const perNumber = await check('9429041525746', '198.51.100.3');
    expect(perNumber.statusCode).toBe(429);
    expect(perNumber.json()).toEqual({ error: 'too many requests', message: TOO_MANY_CHECKS_MESSAGE });
    // The same number written with spaces is the same number.
    expect((await check('9429%200415%202574%206', '198.51.100.4')).statusCode).toBe(429);
    // Another number from a fresh address is still answered.
    expect((await check('9429052479366', '198.51.100.5')).statusCode).toBe(200);
  });
});
