import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IdFilterSchema, IdSchema, MAX_ID } from '../../common/api/http';
import { buildTestApp, type TestContext } from '../test/harness';
import { bearer, createSignedInUser } from '../auth/test-support';
import { readWholeNumber } from './whole-number-keyword';

const ID = { maximum: MAX_ID, isEmptyAny: false };
const FILTER = { maximum: MAX_ID, isEmptyAny: true };

describe('readWholeNumber', () => {
  it('reads numbers and digits as the id, and "" or null as "any" for a filter only', () => {
    expect(readWholeNumber(7, ID)).toBe(7);
    expect(readWholeNumber('7', ID)).toBe(7);
    expect(readWholeNumber(String(MAX_ID), ID)).toBe(MAX_ID);
    expect(readWholeNumber('', FILTER)).toBeNull();
    expect(readWholeNumber(null, FILTER)).toBeNull();
    expect(readWholeNumber('', ID)).toBeUndefined();
    expect(readWholeNumber(null, ID)).toBeUndefined();
  });

  it.each([['abc'], ['1.5'], ['-1'], ['0'], ['01'], [' 1'], ['1 '], ['1e3'], ['0x10'], ['+1'], [String(MAX_ID + 1)], ['9'.repeat(40)], [0], [-1], [1.5], [MAX_ID + 1], [Number.NaN], [Infinity], [true], [[1]], [{}]])(
    'refuses %j',
    (value) => {
      expect(readWholeNumber(value, ID)).toBeUndefined();
      expect(readWholeNumber(value, FILTER)).toBeUndefined();
    },
  );

  it('describes the accepted values for OpenAPI beside the keyword', () => {
    expect(IdSchema).toMatchObject({ anyOf: [{ type: 'integer', minimum: 1, maximum: MAX_ID }, { type: 'string' }] });
    expect(IdFilterSchema).toMatchObject({ anyOf: [{ type: 'integer' }, { type: 'string' }, { type: 'null' }] });
  });
});

describe('ids in paths, queries and bodies of the API', () => {
  let context: TestContext;
  let headers: Record<string, string>;

  beforeAll(async () => {
    context = await buildTestApp();
    headers = bearer((await createSignedInUser(context, { isTeamMember: true })).accessToken);
  });
  afterAll(() => context.close());

  it('reaches the handler as a number from digits in a path or a query', async () => {
    // No such records: the handler looked them up by number and answered 404, or an empty page.
    const thread = await context.app.inject({ method: 'GET', url: '/api/v1/admin/threads/2147483647', headers });
    expect(thread.statusCode).toBe(404);
    const page = await context.app.inject({ method: 'GET', url: '/api/v1/admin/threads?page=3', headers });
    expect(page.json()).toMatchObject({ page: 3, threads: [] });
  });

  it.each([['abc'], ['1.5'], ['-1'], ['0'], ['2147483648'], ['99999999999999999999']])('answers 400 naming the field for the id %j', async (id) => {
    const response = await context.app.inject({ method: 'GET', url: `/api/v1/admin/threads/${id}`, headers });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'bad request',
      message: 'The request is not valid.',
      details: [{ field: 'params.threadId', message: `must be a whole number from 1 to ${MAX_ID}` }],
    });
    const page = await context.app.inject({ method: 'GET', url: `/api/v1/admin/applications?page=${id}`, headers });
    expect(page.statusCode).toBe(400);
    expect(page.json<{ details: unknown }>().details).toEqual([{ field: 'querystring.page', message: 'must be a whole number from 1 to 99999' }]);
  });

  it('documents ids in OpenAPI as a whole number or its digits', async () => {
    const document = (await context.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json<{
      openapi: string;
      paths: Record<string, Record<string, { parameters?: { name: string; in: string; schema: unknown }[] }>>;
    }>();
    expect(document.openapi).toMatch(/^3\./);
    const parameter = document.paths['/api/v1/application/{id}']?.get?.parameters?.find((candidate) => candidate.name === 'id');
    expect(parameter).toMatchObject({ in: 'path', schema: { anyOf: [{ type: 'integer', maximum: MAX_ID }, { type: 'string', pattern: '^[1-9][0-9]*$' }] } });
  });
});
