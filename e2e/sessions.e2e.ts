/**
 * Journey: a person signed in on two browsers opens 'Where you are signed in' from the user menu,
 * sees both (this one marked), signs the other out after a confirmation page, keyboard only, and the
 * other browser is signed out: its next visit asks for a password. Axe and a 320 px phone on the list
 * and the confirmation page.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, expectNoAxeViolations, expectNoSidewaysScroll, launchBrowser, newContext, watchPageErrors } from './support/browser';
import { demo, signInAt } from './support/session';
import { LoginPage } from './pages/login-page';

/** The other browser says it is Firefox on Windows, so the list can tell the two apart. */
const FIREFOX_ON_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:125.0) Gecko/20100101 Firefox/125.0';
const person = demo.nobody;

async function onPhone(page: Page, check: () => Promise<void>): Promise<void> {
  const desktop = page.viewportSize();
  await page.setViewportSize({ width: 320, height: 640 });
  await expectNoSidewaysScroll(page);
  await check();
  if (desktop) {
    await page.setViewportSize(desktop);
  }
}

describe('where you are signed in', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('lists both browsers, signs the other one out after confirming, and that browser is signed out', async () => {
    const otherContext = await browser.newContext({ baseURL: baseUrl(), viewport: { width: 1280, height: 900 }, userAgent: FIREFOX_ON_WINDOWS });
    otherContext.setDefaultTimeout(15_000);
    const other = await otherContext.newPage();
    await signInAt(other, '/user/password', person);

    const page = await (await newContext(browser)).newPage();
    const errors = watchPageErrors(page);
    const header = await signInAt(page, '/user/password', person);
    const menu = await header.openUserMenu(person.name);
    await menu.getByRole('link', { name: 'Where you are signed in' }).click();
    await page.getByRole('heading', { level: 1, name: 'Where you are signed in' }).waitFor();
    expect(await page.title()).toContain('Where you are signed in');

    // Both sign-ins, this one marked; the other named in plain words, with its address.
    const table = page.getByRole('table', { name: 'Browsers and devices signed in to your account' });
    const thisRow = table.getByRole('row').filter({ hasText: '(this device)' });
    const otherRow = table.getByRole('row').filter({ hasText: 'Firefox on Windows' });
    await thisRow.waitFor();
    await otherRow.first().waitFor();
    expect(await otherRow.first().innerText()).toMatch(/\d+\.\d+\.\d+\.\d+|::1/);
    expect(await page.getByRole('main').innerText()).toContain('not a place');
    await expectNoAxeViolations(page);
    await onPhone(page, () => expectNoAxeViolations(page));

    // Keyboard only: the row's link opens the confirmation page.
    await otherRow.first().getByRole('link', { name: /^Sign out/ }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Sign out Firefox on Windows?' }).waitFor();
    await expectNoAxeViolations(page);
    await onPhone(page, () => expectNoAxeViolations(page));
    // Cancel goes back and changes nothing.
    await page.getByRole('link', { name: 'Cancel' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Where you are signed in' }).waitFor();
    await otherRow.first().getByRole('link', { name: /^Sign out/ }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Yes, sign it out' }).focus();
    await page.keyboard.press('Enter');

    // Back on the list, with the news; the other browser is gone from it.
    await page.getByRole('heading', { level: 1, name: 'Where you are signed in' }).waitFor();
    await page.getByRole('status').getByText('Firefox on Windows has been signed out.').waitFor();
    await expect.poll(() => otherRow.count()).toBe(0);
    await expectNoAxeViolations(page);

    // The other browser is signed out: its next page needs a password again.
    await other.goto('/user/sessions');
    await LoginPage.verifyOnPage(other);

    // This one is still signed in.
    await page.reload();
    await thisRow.waitFor();
    expect(errors).toEqual([]);
  }, 120_000);
});
