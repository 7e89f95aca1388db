/** Journey: an admin of two suppliers switches between them; the choice is remembered. */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext } from './support/browser';
import { demo, signInAt } from './support/session';

describe('switching supplier', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('moves the check mark and the title, and remembers the choice after a reload', async () => {
    const page = await (await newContext(browser)).newPage();
    const header = await signInAt(page, '/dashboard/supplier', demo.admin);
    let menu = await header.openUserMenu(demo.admin.name);
    const before = await menu.getByRole('heading', { level: 2 }).innerText();
    const other = menu.locator('.supplier-switcher').getByRole('button').filter({ hasNotText: before });
    const otherName = (await other.innerText()).replace('✓', '').trim();

    await other.click();
    await menu.waitFor({ state: 'detached' });
    menu = await header.openUserMenu(demo.admin.name);
    expect(await menu.getByRole('heading', { level: 2 }).innerText()).toBe(otherName);
    expect(await menu.locator('[aria-current="true"]').innerText()).toContain(otherName);
    await page.keyboard.press('Escape');

    await page.reload();
    await header.waitForUser(demo.admin.name);
    menu = await header.openUserMenu(demo.admin.name);
    expect(await menu.getByRole('heading', { level: 2 }).innerText()).toBe(otherName);

    // Switch back with the keyboard alone, so other journeys see the seeded state.
    const original = menu.locator('.supplier-switcher').getByRole('button').filter({ hasText: before });
    await original.focus();
    await page.keyboard.press('Enter');
    await menu.waitFor({ state: 'detached' });
    menu = await header.openUserMenu(demo.admin.name);
    expect(await menu.getByRole('heading', { level: 2 }).innerText()).toBe(before);
  });
});
