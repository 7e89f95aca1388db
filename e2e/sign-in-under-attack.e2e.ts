/**
 * Journey: someone keeps guessing a person's password from other browsers. The account then makes
 * any browser that has never signed in to it wait, and the sign-in page says so plainly; the
 * person's own browser, which has signed in before, still signs in straight away (its device cookie
 * gives it a budget of its own: server/auth/sign-in-throttle.ts).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations, expectNoSidewaysScroll, launchBrowser, newContext } from './support/browser';
import { demo, signInAt } from './support/session';
import { LoginPage } from './pages/login-page';

const WAIT_MESSAGE = 'There have been too many failed attempts to sign in with this email address.';
const person = demo.nobody;

describe('signing in while someone guesses the password', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  async function freshPage(width?: number): Promise<Page> {
    return (await newContext(browser, width === undefined ? {} : { width })).newPage();
  }

  /** On the sign-in page open in `page`, tries `password`; answers the error shown, or null once signed in. */
  async function submit(page: Page, password: string): Promise<string | null> {
    const login = new LoginPage(page);
    await login.signIn(person.email, password);
    await page.waitForURL((url) => !url.pathname.startsWith('/interaction') || url.pathname.endsWith('/login'));
    return page.url().includes('/interaction/') ? login.errorText() : null;
  }

  /** Opens the sign-in page in `page` and tries `password`. */
  async function tryPassword(page: Page, password: string): Promise<string | null> {
    await page.goto('/dashboard');
    await LoginPage.verifyOnPage(page);
    return submit(page, password);
  }

  it("keeps the person's own browser signing in, while a new browser is asked to wait", { timeout: 180_000 }, async () => {
    // The person signs in once on their own computer, then signs out.
    const own = await freshPage();
    const header = await signInAt(own, '/dashboard', person);
    const menu = await header.openUserMenu(person.name);
    await menu.getByRole('button', { name: 'Logout', exact: true }).click();
    await own.waitForURL((url) => url.pathname === '/', { timeout: 20_000 });

    // Both the person's browser and a browser that never signed in have the sign-in page open.
    await own.goto('/dashboard');
    await LoginPage.verifyOnPage(own);
    const stranger = await freshPage(320);
    await stranger.goto('/dashboard');
    await LoginPage.verifyOnPage(stranger);

    // Someone else guesses until the account waits 8 seconds, waiting out each shorter wait as it comes.
    const attacker = await freshPage();
    let wrong = 0;
    let refusals = 0;
    while (wrong < 9 && refusals < 30) {
      const error = await tryPassword(attacker, `guess number ${String(wrong)}`);
      if (error?.includes(WAIT_MESSAGE)) {
        refusals += 1;
        await attacker.waitForTimeout(1000);
      } else {
        expect(error).toContain('The email or password is not correct.');
        wrong += 1;
      }
    }
    expect(wrong).toBe(9);

    // The browser that never signed in is told to wait, even with the right password, in plain words.
    const error = await submit(stranger, 'demo-password');
    expect(error).toContain(WAIT_MESSAGE);
    expect(error).toMatch(/Wait \d+ seconds?, then try again\. If you have forgotten your password, reset it\./);

    // The person's own browser signs in at once, keyboard only.
    await own.getByLabel('Email').fill(person.email);
    await own.getByLabel('Password', { exact: true }).fill('demo-password');
    await own.getByLabel('Password', { exact: true }).press('Enter');
    await own.waitForURL((url) => !url.pathname.startsWith('/interaction') && !url.pathname.startsWith('/auth/'));
    await header.waitForUser(person.name);

    // The page that asked to wait passes the checks, on a 320 px phone too, and offers a way on.
    expect(await stranger.getByRole('link', { name: 'Forgot your password?' }).count()).toBe(1);
    await expectNoAxeViolations(stranger);
    await expectNoSidewaysScroll(stranger);

    // Once the wait is over, the new browser gets in too (and the account's count starts again).
    let strangerError = await tryPassword(stranger, 'demo-password');
    for (let tries = 0; strangerError !== null && tries < 20; tries += 1) {
      expect(strangerError).toContain(WAIT_MESSAGE);
      await stranger.waitForTimeout(1000);
      strangerError = await tryPassword(stranger, 'demo-password');
    }
    expect(strangerError).toBeNull();
  });
});
