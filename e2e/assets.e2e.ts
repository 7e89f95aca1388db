/**
 * The built apps' files: hashed names, cached for a year, compressed; pages are not cached; and a
 * dashboard screen whose chunk does not load shows the chunk-load error (spec §8) instead of waiting.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, expectNoAxeViolations, launchBrowser, newContext } from './support/browser';
import { chunkPath } from './support/built-chunks';
import { demo, signInAt } from './support/session';

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

describe('a screen whose chunk does not load', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('shows the chunk-load error with a way on, when navigating to it and when opening it, instead of waiting', async () => {
    const page = await (await newContext(browser)).newPage();
    await signInAt(page, '/dashboard', demo.admin);
    await page.getByRole('heading', { level: 1, name: 'Applications' }).waitFor();
    // The Users screen's chunk fails as a dropped connection does (a chunk that never comes is unit-tested: 120 s).
    const usersChunk = chunkPath('app/supplier-users/supplier-users-screen.tsx');
    const refused: string[] = [];
    await page.route(`**${usersChunk}`, async (route) => {
      refused.push(new URL(route.request().url()).pathname);
      await route.abort('failed');
    });

    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Users' }).click();
    const heading = page.getByRole('heading', { level: 1, name: 'This screen could not be loaded' });
    await heading.waitFor();
    // Vite's loader asks for it twice (its modulepreload link, then the import itself).
    expect(new Set(refused)).toEqual(new Set([usersChunk]));
    expect(page.url()).toBe(`${baseUrl()}/dashboard/users`);
    const error = page.getByRole('alert').filter({ hasText: 'This part of the page could not be loaded.' });
    expect(await error.innerText()).toContain('This part of the page could not be loaded. Check your connection, then reload the page.');
    await expectNoAxeViolations(page);

    // Reloading while the chunk still fails: the same error, on the screen's own page.
    refused.length = 0;
    await Promise.all([page.waitForEvent('load'), error.getByRole('button', { name: 'Reload the page' }).click()]);
    await heading.waitFor();
    expect(refused).toContain(usersChunk);

    // Once the chunk loads again, reloading shows the screen.
    await page.unroute(`**${usersChunk}`);
    await page.getByRole('button', { name: 'Reload the page' }).click();
    await page.getByRole('heading', { level: 1, name: 'Users' }).waitFor();
    expect(await heading.count()).toBe(0);
  });
});
