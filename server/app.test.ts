import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from './test/harness';

describe('the app', () => {
  let context: TestContext;
  beforeAll(async () => {
    context = await buildTestApp();
  });
  afterAll(() => context.close());

  it('answers /healthz when the database answers', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: context.database.driver });
  });

  it('sends a strict Content-Security-Policy and a request id', async () => {
    const proxyId = '3F2504E0-4F89-41D3-9A0C-0305E82C3301';
    const response = await context.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': proxyId } });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('unsafe-eval');
    // A proxy's UUID is kept, so one request can be followed across both logs.
    expect(response.headers['x-request-id']).toBe(proxyId.toLowerCase());
  });

  it('names requests itself when the client sends anything but a UUID as the request id', async () => {
    for (const sent of ['abc-123', 'x'.repeat(8192), 'Urgent: call 0800 000 000', '3f2504e0-4f89-41d3-9a0c-0305e82c3301-extra']) {
      const response = await context.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': sent } });
      const id = String(response.headers['x-request-id']);
      expect(id).not.toBe(sent);
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    }
  });

  it('tells caches to keep no API answer unless the route says otherwise', async () => {
    const user = await context.app.inject({ method: 'GET', url: '/api/v1/user' });
    expect(user.headers['cache-control']).toBe('no-store');
    const health = await context.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.headers['cache-control']).toBeUndefined();
  });

  it('warns once when a proxy forwards requests while TRUST_PROXY is off', async () => {
    const lines: string[] = [];
    const quiet = await buildTestApp({ LOG_LEVEL: 'warn' }, { logStream: { write: (line) => lines.push(line) } });
    try {
      await quiet.app.inject({ method: 'GET', url: '/healthz' });
      expect(lines.filter((line) => line.includes('TRUST_PROXY is off'))).toHaveLength(0);
      for (let index = 0; index < 3; index += 1) {
        await quiet.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-forwarded-for': '203.0.113.9' } });
      }
      expect(lines.filter((line) => line.includes('TRUST_PROXY is off'))).toHaveLength(1);
    } finally {
      await quiet.close();
    }
  });

  it('answers unknown API routes with the one error shape', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/api/v1/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: 'not found', message: expect.any(String) as string });
  });

  it('answers an unknown page with the HTML not-found page', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/no-such-page', headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('<h1>Page not found</h1>');
  });

  it('rejects malformed JSON with a 400 in the one error shape', async () => {
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/v1/user',
      headers: { 'content-type': 'application/json' },
      payload: '{"broken":',
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(response.json()).toHaveProperty('error');
  });
});

describe('oversized bodies', () => {
  let context: TestContext;
  beforeAll(async () => {
    context = await buildTestApp();
  });
  afterAll(() => context.close());

  it('answers a sign-in form over the body limit with 413 and a readable page', async () => {
    const response = await context.app.inject({
      method: 'POST',
      url: '/interaction/some-id/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `email=${'a'.repeat(2 * 1024 * 1024)}`,
    });
    expect(response.statusCode).toBe(413);
    expect(response.body).toContain('Request body is too large');
  });
});
