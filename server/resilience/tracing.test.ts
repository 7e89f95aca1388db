/**
 * Traces (issue 34), on PGlite in `npm test` and on PostgreSQL in `npm run test:db`: the real server process with OTEL_EXPORTER_OTLP_ENDPOINT pointing at a
 * collector the test starts (OTLP over HTTP, JSON). A public page and a signed-in API call each make
 * a request span named by the route's pattern, the statements they run are its children, and the
 * background jobs of the start have spans of their own. No span carries what people typed or an
 * address's query: not the email of the signed-in person, not a statement's parameters.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, callApi, createScratchDatabase, signInOverHttp, startServer, type ScratchDatabase, type ServerProcess } from './support';

/** PGlite in `npm test`; a PostgreSQL database of its own in `npm run test:db`, whose statements go through pg's pool. */
const databaseUrl = process.env.DATABASE_URL;

interface ExportedSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: { key: string; value: { stringValue?: string; intValue?: string | number } }[];
}

interface TraceExport {
  resourceSpans: { resource: { attributes: ExportedSpan['attributes'] }; scopeSpans: { spans: ExportedSpan[] }[] }[];
}

/** OpenTelemetry's SpanKind.SERVER in OTLP. */
const SERVER_KIND = 2;

describe('traces sent to an OpenTelemetry collector', () => {
  let dataDir: string | undefined;
  let server: ServerProcess | undefined;
  let collector: http.Server | undefined;
  let scratch: ScratchDatabase | undefined;
  afterAll(async () => {
    await server?.kill();
    await scratch?.drop();
    await new Promise((resolve) => (collector ? collector.close(resolve) : resolve(undefined)));
    if (dataDir) {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('has a span for each request by its route, its statements inside it, and the jobs; nothing people typed', async () => {
    const spans: ExportedSpan[] = [];
    const bodies: string[] = [];
    const services = new Set<string>();
    collector = http.createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        bodies.push(body);
        const exported = JSON.parse(body) as TraceExport;
        for (const resource of exported.resourceSpans) {
          services.add(resource.resource.attributes.find((attribute) => attribute.key === 'service.name')?.value.stringValue ?? '');
          spans.push(...resource.scopeSpans.flatMap((scope) => scope.spans));
        }
        response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((resolve) => collector?.listen(0, '127.0.0.1', resolve));
    const { port } = collector.address() as AddressInfo;

    dataDir = await mkdtemp(path.join(os.tmpdir(), 'marketplace-tracing-'));
    scratch = databaseUrl ? await createScratchDatabase(databaseUrl) : undefined;
    server = await startServer({ dataDir, ...(scratch ? { databaseUrl: scratch.url } : {}), env: { OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${String(port)}`, OTEL_SERVICE_NAME: 'portal-under-test' } });
    expect((await fetch(`${server.baseUrl}/about?search=someone%40example.com`)).status).toBe(200);
    const tokens = await signInOverHttp(server, 'admin@example.com', DEMO_PASSWORD);
    expect((await callApi(server.baseUrl, { accessToken: tokens.accessToken }, 'GET', '/user')).status).toBe(200);

    const spanNamed = (name: string) => spans.find((span) => span.name === name && span.kind === SERVER_KIND);
    await expect.poll(() => spanNamed('GET /api/v1/user'), { timeout: 15_000 }).toBeDefined();
    expect(spanNamed('GET /about')).toBeDefined();
    const userSpan = spanNamed('GET /api/v1/user');
    expect(userSpan?.attributes).toContainEqual({ key: 'http.route', value: { stringValue: '/api/v1/user' } });
    // The statements of that request are its children.
    const statements = spans.filter((span) => span.parentSpanId === userSpan?.spanId && span.name.startsWith('db '));
    expect(statements.length).toBeGreaterThan(0);
    expect(statements.every((span) => span.traceId === userSpan?.traceId)).toBe(true);
    // The jobs queued at the start (open data, insights) ran in spans of their own.
    await expect.poll(() => spans.some((span) => span.name.startsWith('job ')), { timeout: 15_000 }).toBe(true);
    expect([...services]).toEqual(['portal-under-test']);

    const everything = bodies.join('\n');
    expect(everything).not.toContain('admin@example.com');
    expect(everything).not.toContain('someone');
    expect(everything).not.toContain(DEMO_PASSWORD);
  }, 120_000);
});
