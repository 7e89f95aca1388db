/** Journey: signing out ends the provider session and wipes everything the apps kept. */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext } from './support/browser';
import { demo, signInAt } from './support/session';
import { LoginPage } from './pages/login-page';

describe('signing out', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('returns home signed out, with nothing left in storage, and the next visit asks for a password again', async () => {
    const page = await (await newContext(browser)).newPage();
    const header = await signInAt(page, '/dashboard', demo.member);
    expect(await page.evaluate(() => Object.keys(localStorage).some((key) => key.startsWith('oidc.')))).toBe(true);

    const menu = await header.openUserMenu(demo.member.name);
    await menu.getByRole('button', { name: 'Logout', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/', { timeout: 20_000 });
    await header.expectSignedOut();
    expect(await page.evaluate(() => localStorage.length + sessionStorage.length)).toBe(0);

    // The provider's session ended too: the dashboard asks for a password, not a silent sign-in.
    await page.goto('/dashboard');
    await LoginPage.verifyOnPage(page);
  });

  it('signs an admin of several suppliers out of all accounts', async () => {
    const page = await (await newContext(browser)).newPage();
    const header = await signInAt(page, '/dashboard', demo.admin);
    const menu = await header.openUserMenu(demo.admin.name);
    await menu.getByRole('button', { name: 'Logout of all accounts' }).click();
    await page.waitForURL((url) => url.pathname === '/', { timeout: 20_000 });
    await header.expectSignedOut();
  });
});
