/**
 * The API reference (issue 32): the page that shows the OpenAPI document, its assets (the renderer
 * in a chunk of its own, never the shared entry's), and what the document says beyond the routes'
 * own schemas: how to sign in, the organisation headers, the security scheme, the error shape and
 * one area tag per operation.
 */
import { existsSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_MOUNT_MODULES } from '../../../common/app-mounts';
import { ErrorResponseSchema } from '../../../common/api/http';
import { API_REFERENCE_PATH, OPENAPI_DOCUMENT_PATH } from '../../../common/site-paths';
import { APP_ENTRY, pageAssetsFromManifest, staticClosure, type Manifest } from '../../pages/assets';
import { projectPath } from '../../project-files';
import { buildTestApp, type TestContext } from '../../test/harness';
import { ApiArea, BEARER_SCHEME } from './openapi-document';

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

const MOUNT_MODULE = APP_MOUNT_MODULES['app__api-reference'];

describe('the API reference page', () => {
  let context: TestContext;
  beforeAll(async () => {
    context = await buildTestApp();
  });
  afterAll(() => context.close());

  const page = (url: string) => context.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });

  it('is served with one h1, a link to the OpenAPI document and the element the reference app mounts on', async () => {
    const response = await page(API_REFERENCE_PATH);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    const main = response.body.slice(response.body.indexOf('<main'), response.body.indexOf('</main>'));
    expect(main.match(/<h1[ >]/g)).toHaveLength(1);
    expect(main).toContain('<h1>API reference</h1>');
    expect(main).toContain(`<a href="${OPENAPI_DOCUMENT_PATH}">the OpenAPI document</a>`);
    expect(main).toMatch(new RegExp(`<div id="app__api-reference" class="app-mount api-reference__mount" data-document-url="${OPENAPI_DOCUMENT_PATH}">`));
  });

  it('keeps the strict Content-Security-Policy of every other page', async () => {
    const [reference, about] = await Promise.all([page(API_REFERENCE_PATH), page('/about')]);
    const csp = String(reference.headers['content-security-policy']);
    expect(csp).toBe(String(about.headers['content-security-policy']));
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

describe('the API reference assets', () => {
  /** A build's manifest in miniature: the entry, and the reference app importing the renderer's chunk. */
  const manifest: Manifest = {
    [APP_ENTRY]: { file: 'assets/main-1.js', css: ['assets/main-1.css'] },
    [MOUNT_MODULE]: { file: 'assets/mount-1.js', css: ['assets/mount-1.css'], imports: ['_swagger-ui.js'] },
    '_swagger-ui.js': { file: 'assets/swagger-ui-1.js' },
  };

  it("names the reference's stylesheet in the page's head, and none of its scripts: they load after the first paint", () => {
    const assets = pageAssetsFromManifest(manifest).apps['app__api-reference'];
    expect(assets?.styles).toEqual(['/assets/mount-1.css']);
    expect(assets?.modules).toEqual([]);
  });

  const manifestFile = projectPath('dist/app/.vite/manifest.json');
  const built = existsSync(manifestFile) ? (JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest) : undefined;

  // Swagger UI's class names are in its code: the real build puts them in the reference's files, never the entry's.
  it.skipIf(built?.[MOUNT_MODULE] === undefined)('keeps the renderer out of the shared entry in the real build', () => {
    const build = built ?? {};
    const entryKeys = staticClosure(build, APP_ENTRY);
    const code = (key: string) => readFileSync(projectPath(`dist/app/${build[key]?.file ?? ''}`), 'utf8');
    const referenceKeys = [...staticClosure(build, MOUNT_MODULE)].filter((key) => !entryKeys.has(key));
    expect(referenceKeys.some((key) => code(key).includes('opblock-summary'))).toBe(true);
    for (const key of entryKeys) {
      expect(code(key), key).not.toContain('opblock-summary');
    }
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
