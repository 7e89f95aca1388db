/**
 * The API reference (issues 32 and 33): the pages that show the OpenAPI document, drawn on the
 * server (a first page on how to use the API, a page of operations per area), the document in
 * words, and what the document says beyond the routes' own schemas: how to sign in, the
 * organisation headers, the security scheme, the error shape and one area tag per operation.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorResponseSchema } from '../../../common/api/http';
import { API_REFERENCE_PATH, OPENAPI_DOCUMENT_PATH } from '../../../common/site-paths';
import { buildTestApp, type TestContext } from '../../test/harness';
import { ApiArea, BEARER_SCHEME } from './openapi-document';
import { Markdown } from './page-routes';
import { fieldsOf, referenceAreas, typeInWords } from './reference-model';

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
}
interface Operation {
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: Parameter[];
  responses: Record<string, { description: string }>;
}
interface OpenapiDocument {
  info: { title: string; description?: string };
  tags?: { name: string; description?: string }[];
  components: {
    securitySchemes?: Record<string, { type: string; scheme?: string; bearerFormat?: string }>;
    schemas?: Record<string, { type?: string; properties?: Record<string, unknown>; required?: string[] }>;
  };
  paths: Record<string, Record<string, Operation>>;
}

describe('the API reference pages', () => {
  let context: TestContext;
  beforeAll(async () => {
    context = await buildTestApp();
  });
  afterAll(() => context.close());

  const page = (url: string) => context.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
  const mainOf = (html: string) => html.slice(html.indexOf('<main'), html.indexOf('</main>'));

  it('says how to use the API, links the OpenAPI document and each area’s page, and loads no script of its own', async () => {
    const response = await page(API_REFERENCE_PATH);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    const main = mainOf(response.body);
    expect(main.match(/<h1[ >]/g)).toHaveLength(1);
    expect(main).toContain('<h1>API reference</h1>');
    expect(main).toContain(`<a href="${OPENAPI_DOCUMENT_PATH}">the OpenAPI document</a>`);
    // The document's own text, its CommonMark drawn as HTML.
    expect(main).toContain('<h3>Signing in</h3>');
    expect(main).toContain('<code>Authorization: Bearer &lt;access token&gt;</code>');
    for (const [slug, name] of [['public', 'Public'], ['team', 'Team'], ['open-data', 'Open data']]) {
      expect(main).toMatch(new RegExp(`<a href="${API_REFERENCE_PATH}/${slug}">${name} operations</a> \\(\\d+ operations\\)`));
    }
    expect(main).not.toContain('app-mount');
  });

  it('shows each operation of an area folded, with its parameters, body fields and answers', async () => {
    const response = await page(`${API_REFERENCE_PATH}/public`);
    expect(response.statusCode).toBe(200);
    const main = mainOf(response.body);
    expect(main).toContain('<h1>Public operations</h1>');
    const search = main.slice(main.indexOf('<code class="api-operation__path">/api/v1/directory/search</code>'));
    const operation = search.slice(0, search.indexOf('</details>'));
    expect(main.slice(0, main.indexOf('<code class="api-operation__path">/api/v1/directory/search</code>'))).toMatch(/<details class="api-operation"><summary class="api-operation__summary"><span class="api-operation__method api-operation__method--post">POST<\/span>\s*$/);
    expect(operation).toContain('Listed suppliers (approved, with a published listing)');
    expect(operation).toContain('Needs no sign-in.');
    expect(operation).toMatch(/<code class="api-fields__name">keyword<\/code> <span class="api-fields__type">text<\/span>/);
    expect(operation).toMatch(/<code class="api-fields__name">results\[\]\.title<\/code> <span class="api-fields__type">text, required<\/span>/);
    expect(operation).toMatch(/<strong>400<\/strong> <span>Bad request: the input is not valid/);
  });

  it('names what a signed-in area’s operations need, and answers an unknown area with the not-found page', async () => {
    const supplier = mainOf((await page(`${API_REFERENCE_PATH}/supplier`)).body);
    expect(supplier).toContain('Needs a signed-in person’s access token.');
    expect(supplier).toMatch(/<code class="api-fields__name">X-Supplier-Id<\/code> <span class="api-fields__type">header, text, required<\/span>/);
    const unknown = await page(`${API_REFERENCE_PATH}/nowhere`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('Page not found');
  });

  it('keeps the strict Content-Security-Policy of every other page', async () => {
    const [reference, area, about] = await Promise.all([page(API_REFERENCE_PATH), page(`${API_REFERENCE_PATH}/team`), page('/about')]);
    const csp = String(reference.headers['content-security-policy']);
    expect(csp).toBe(String(about.headers['content-security-policy']));
    expect(String(area.headers['content-security-policy'])).toBe(csp);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('unsafe-eval');
  });

  it('is linked from the footer of every page', async () => {
    for (const url of ['/', '/about', '/approved-suppliers', '/no-such-page']) {
      const html = (await page(url)).body;
      const footer = html.slice(html.indexOf('<footer'), html.indexOf('</footer>'));
      expect(footer, url).toContain(`<a href="${API_REFERENCE_PATH}">API reference</a>`);
    }
  });
});

describe('the reference in words', () => {
  it('shows HTML in the document’s text as text', () => {
    expect(renderToStaticMarkup(<Markdown inline text={'Takes a list of <ids> and `<code>`'} />)).toBe('<span>Takes a list of &lt;ids&gt; and <code>&lt;code&gt;</code></span>');
  });

  it('says each type as a person would', () => {
    expect(typeInWords({ type: 'string' })).toBe('text');
    expect(typeInWords({ type: 'integer' })).toBe('whole number');
    expect(typeInWords({ type: 'string', format: 'date-time' })).toBe('text (date-time)');
    expect(typeInWords({ type: 'array', items: { type: 'object', properties: {} } })).toBe('list of objects');
    expect(typeInWords({ type: 'string', enum: ['draft', 'sent'] })).toBe('one of "draft", "sent"');
    expect(typeInWords({ anyOf: [{ type: 'integer' }, { type: 'string' }, { type: 'object', nullable: true, enum: [null] }] })).toBe('whole number or text or null');
    expect(typeInWords({ type: 'string', enum: Array.from({ length: 20 }, (_, index) => `v${String(index)}`) })).toBe('one of 20 values');
  });

  it('lists an object’s fields with nested ones by their path, and which are required', () => {
    const fields = fieldsOf({
      type: 'object',
      required: ['results'],
      properties: {
        results: { type: 'array', items: { type: 'object', required: ['id'], properties: { id: { type: 'integer' }, tags: { type: 'array', items: { type: 'string' } } } } },
        note: { anyOf: [{ type: 'object', properties: { text: { type: 'string', description: 'What was said' } } }, { type: 'object', nullable: true, enum: [null] }] },
      },
    });
    expect(fields).toEqual([
      { name: 'results', type: 'list of objects', required: true },
      { name: 'results[].id', type: 'whole number', required: true },
      { name: 'results[].tags', type: 'list of texts', required: false },
      { name: 'note', type: 'object or null', required: false },
      { name: 'note.text', type: 'text', required: false, description: 'What was said' },
    ]);
  });

  it('puts every operation of the document in its area, in the areas’ order', () => {
    const areas = referenceAreas({
      info: { title: 'API', version: '1' },
      tags: [{ name: 'Public', description: 'Open to all' }, { name: 'Team' }, { name: 'Agency' }],
      paths: {
        '/b': { get: { tags: ['Team'], summary: 'B', security: [{ bearer: [] }], responses: { 200: { description: 'Default Response' }, 404: { description: 'Not found' } } } },
        '/a': { post: { tags: ['Team'], summary: 'A post' }, get: { tags: ['Public'], summary: 'A', responses: { 200: { description: 'A CSV', content: { 'text/csv': {} } } } } },
      },
    });
    expect(areas.map((area) => [area.name, area.slug, area.operations.map((operation) => `${operation.method} ${operation.path}`)])).toEqual([
      ['Public', 'public', ['GET /a']],
      // By address, then method; the Agency area has none, so no page.
      ['Team', 'team', ['POST /a', 'GET /b']],
    ]);
    const team = areas[1]?.operations ?? [];
    expect(team.find((operation) => operation.path === '/b')).toMatchObject({ signedIn: true, answers: [{ status: '200', description: 'Done.' }, { status: '404', description: 'Not found' }] });
    expect(areas[0]?.operations[0]?.answers).toEqual([{ status: '200', description: 'A CSV', mediaType: 'text/csv', fields: [] }]);
  });
});

describe('the OpenAPI document', () => {
  let context: TestContext;
  let document: OpenapiDocument;
  beforeAll(async () => {
    context = await buildTestApp();
    document = (await context.app.inject({ method: 'GET', url: OPENAPI_DOCUMENT_PATH })).json<OpenapiDocument>();
  });
  afterAll(() => context.close());

  const operation = (path: string, method: string): Operation => {
    const found = document.paths[path]?.[method];
    if (!found) {
      throw new Error(`no ${method} ${path} in the document`);
    }
    return found;
  };
  const headerNames = (found: Operation) => (found.parameters ?? []).filter((parameter) => parameter.in === 'header').map((parameter) => parameter.name);

  it('says how to sign in, how to choose the organisation and what an error looks like', () => {
    const description = document.info.description ?? '';
    expect(description).toContain('OpenID Connect');
    expect(description).toContain(`${context.config.oidc.issuer}/.well-known/openid-configuration`);
    expect(description).toContain('Authorization: Bearer <access token>');
    expect(description).toContain(context.config.oidc.clientId);
    expect(description).toContain(context.config.oidc.audience);
    expect(description).toContain('X-Supplier-Id');
    expect(description).toContain('X-Agency-Id');
    expect(description).toContain('"error": "<short code>"');
  });

  it('has the bearer security scheme, and the one error shape as a schema', () => {
    expect(document.components.securitySchemes?.[BEARER_SCHEME]).toEqual(expect.objectContaining({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' }));
    const errorSchema = document.components.schemas?.Error;
    expect(errorSchema?.type).toBe('object');
    expect(Object.keys(errorSchema?.properties ?? {}).sort()).toEqual(Object.keys(ErrorResponseSchema.properties).sort());
    expect(errorSchema?.required).toEqual(['error', 'message']);
  });

  it('describes each area with a tag, and puts every operation in exactly one of them', () => {
    const areas: string[] = Object.values(ApiArea);
    expect(document.tags?.map((tag) => tag.name)).toEqual(areas);
    for (const tag of document.tags ?? []) {
      expect(tag.description, tag.name).toBeTruthy();
    }
    for (const [path, methods] of Object.entries(document.paths)) {
      for (const [method, found] of Object.entries(methods)) {
        expect(found.tags?.length, `${method} ${path}`).toBe(1);
        expect(areas, `${method} ${path}`).toContain(found.tags?.[0]);
      }
    }
  });

  it('names the security and the headers each area needs', () => {
    const search = operation('/api/v1/directory/search', 'post');
    expect(search.tags).toEqual([ApiArea.Public]);
    expect(search.security).toBeUndefined();

    const user = operation('/api/v1/user', 'get');
    expect(user.tags).toEqual([ApiArea.Account]);
    expect(user.security).toEqual([{ [BEARER_SCHEME]: [] }]);

    const applications = operation('/api/v1/application', 'get');
    expect(applications.tags).toEqual([ApiArea.Supplier]);
    expect(applications.security).toEqual([{ [BEARER_SCHEME]: [] }]);
    expect(applications.parameters).toContainEqual(expect.objectContaining({ name: 'X-Supplier-Id', in: 'header', required: true }));

    const notices = operation('/api/v1/agency/engagement-notices', 'get');
    expect(notices.tags).toEqual([ApiArea.Agency]);
    expect(headerNames(notices)).toEqual(['X-Agency-Id']);

    const queues = operation('/api/v1/admin/queues', 'get');
    expect(queues.tags).toEqual([ApiArea.Team]);
    expect(queues.security).toEqual([{ [BEARER_SCHEME]: [] }]);
    expect(headerNames(queues)).toEqual([]);

    const registration = operation('/api/v1/supplier-registration', 'post');
    expect(registration.tags).toEqual([ApiArea.Public]);
    expect(headerNames(registration)).toEqual(['X-SECURITY-TOKEN']);
  });

  it('says when each error answer happens', () => {
    const responses = operation('/api/v1/application', 'get').responses;
    expect(responses['401']?.description).toMatch(/^Not signed in/);
    expect(responses['403']?.description).toContain('session expired');
  });

  it('leaves the routes\' own schemas as they were: the document is made from copies', () => {
    const route = context.routes.find((candidate) => candidate.url === '/api/v1/application' && candidate.method === 'GET');
    const schema = route?.schema as { tags?: string[]; headers?: unknown; security?: unknown } | undefined;
    expect(schema?.tags).toEqual(['applications']);
    expect(schema?.headers).toBeUndefined();
    expect(schema?.security).toBeUndefined();
  });
});
