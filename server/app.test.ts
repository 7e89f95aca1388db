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
    const response = await context.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'abc-123' } });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('unsafe-eval');
    expect(response.headers['x-request-id']).toBe('abc-123');
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
