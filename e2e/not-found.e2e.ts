/** Journey: a wrong address shows a not-found screen, in the dashboard without signing in. */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations, launchBrowser, newContext } from './support/browser';
import { LoginPage } from './pages/login-page';

describe('not-found screens', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('shows the server not-found page for an unknown page, with a way home', async () => {
    const page = await (await newContext(browser)).newPage();
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('Page not found');
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await page.waitForURL((url) => url.pathname === '/');
  });

  it('shows the dashboard not-found screen for an unknown dashboard path, without asking to sign in', async () => {
    const page = await (await newContext(browser)).newPage();
    await page.goto('/dashboard/this/does/not/exist');
    const heading = page.getByRole('heading', { level: 1 });
    await heading.waitFor();
    expect(await heading.innerText()).toMatch(/not found/i);
    expect(new URL(page.url()).pathname).toBe('/dashboard/this/does/not/exist');
    await expectNoAxeViolations(page);
  });

  it('shows the user app not-found screen for an unknown user path', async () => {
    const page = await (await newContext(browser)).newPage();
    await page.goto('/user/nothing-here');
    const heading = page.getByRole('heading', { level: 1 });
    await heading.waitFor();
    expect(await heading.innerText()).toMatch(/not found/i);
    await expectNoAxeViolations(page);
  });

  it('asks a signed-out visitor to sign in for a real dashboard path', async () => {
    const page = await (await newContext(browser)).newPage();
    await page.goto('/dashboard/engagement-notices');
    await LoginPage.verifyOnPage(page);
  });
});
