/** Journey: a signed-out visitor who opens a deep dashboard link signs in and lands on that link. */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations, launchBrowser, newContext } from './support/browser';
import { demo, signInAt } from './support/session';
import { LoginPage } from './pages/login-page';

describe('returning to the wanted address after sign-in', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('returns to /dashboard/supplier/edit/financial-viability after signing in', async () => {
    const page = await (await newContext(browser)).newPage();
    await signInAt(page, '/dashboard/supplier/edit/financial-viability?from=link#top', demo.member);
    const url = new URL(page.url());
    expect(url.pathname).toBe('/dashboard/supplier/edit/financial-viability');
    expect(url.search).toBe('?from=link');
  });

  it('shows a clear error on the sign-in page for a wrong password, keeping the email', async () => {
    const page = await (await newContext(browser)).newPage();
    await page.goto('/dashboard');
    const login = await LoginPage.verifyOnPage(page);
    await expectNoAxeViolations(page);
    await login.signIn(demo.member.email, 'not-the-password');
    expect(await login.errorText()).toMatch(/email or password/i);
    expect(await page.getByLabel('Email').inputValue()).toBe(demo.member.email);
    await expectNoAxeViolations(page);
    await login.signIn(demo.member.email);
    await page.waitForURL((url) => url.pathname === '/dashboard/applications');
  });

  it('signs in with the keyboard alone', async () => {
    const page = await (await newContext(browser)).newPage();
    await page.goto('/dashboard/users');
    await LoginPage.verifyOnPage(page);
    await page.getByLabel('Email').focus();
    await page.keyboard.type(demo.admin.email);
    await page.keyboard.press('Tab');
    await page.keyboard.type('demo-password');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/dashboard/users');
  });
});
