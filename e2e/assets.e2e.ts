/** The built apps' files: hashed names, cached for a year, compressed; pages are not cached. */
import { describe, expect, it } from 'vitest';
import { baseUrl } from './support/browser';

async function firstScriptOf(path: string): Promise<string> {
  const html = await (await fetch(`${baseUrl()}${path}`)).text();
  const match = /<script type="module" src="(\/assets\/[^"]+\.js)"/.exec(html);
  if (!match?.[1]) {
    throw new Error(`no module script on ${path}`);
  }
  return match[1];
}

describe('static assets', () => {
  it('serves the entry script with a content hash, a one-year immutable cache and brotli', async () => {
    const script = await firstScriptOf('/');
    expect(script).toMatch(/-[A-Za-z0-9_-]{8,}\.js$/);
    const response = await fetch(`${baseUrl()}${script}`, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toContain('max-age=31536000');
    expect(response.headers.get('cache-control')).toContain('immutable');
    expect(response.headers.get('content-encoding')).toBe('br');
  });

  it('serves gzip to a client that only accepts gzip', async () => {
    const script = await firstScriptOf('/');
    const response = await fetch(`${baseUrl()}${script}`, { headers: { 'accept-encoding': 'gzip' } });
    expect(response.headers.get('content-encoding')).toBe('gzip');
  });

  it('does not let browsers keep pages, and sends the strict policy with them', async () => {
    const response = await fetch(`${baseUrl()}/`);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
  });

  it('answers an unknown asset with 404', async () => {
    const response = await fetch(`${baseUrl()}/assets/not-a-file-abc123.js`);
    expect(response.status).toBe(404);
  });
});
