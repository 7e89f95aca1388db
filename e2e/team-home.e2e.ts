/**
 * The team app's home (issue 13, item 1): a team member who signs in from the home page lands
 * on the team's app, which counts the work waiting in each queue and links to it; the header links
 * to the team's app; the page passes axe and fits a phone.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LoginPage } from './pages/login-page';
import { expectNoAxeViolations, expectNoSidewaysScroll, launchBrowser, newContext, watchPageErrors } from './support/browser';
import { demo } from './support/session';

describe('the team console home', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('is where a team member lands after signing in from the home page, with every queue counted and linked', async () => {
    const page = await (await newContext(browser, { width: 320 })).newPage();
    const errors = watchPageErrors(page);
    await page.goto('/');
    await page.getByRole('banner').getByRole('button', { name: 'Login', exact: true }).click();
    await (await LoginPage.verifyOnPage(page)).signIn(demo.teamMember.email);
    await page.waitForURL((url) => url.pathname === '/admin', { timeout: 20_000 });
    await page.getByRole('heading', { level: 1, name: 'Team console' }).waitFor();

    const table = page.getByRole('table');
    await table.waitFor();
    const labels = await table.getByRole('rowheader').getByRole('link').allInnerTexts();
    expect(labels).toEqual(expect.arrayContaining(['Supplier registrations', 'Agency registrations', 'Messages waiting for a reply']));
    // The demo has a registration waiting.
    const registrations = table.getByRole('row').filter({ has: page.getByRole('link', { name: 'Supplier registrations' }) });
    expect(await registrations.getByRole('cell').first().innerText()).not.toBe('None');
    await expectNoAxeViolations(page);
    await expectNoSidewaysScroll(page);

    // The header links to the team's app; a queue opens its screen.
    expect(await page.getByRole('banner').getByRole('link', { name: 'Team console' }).getAttribute('href')).toBe('/admin');
    await registrations.getByRole('link', { name: 'Supplier registrations' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/registrations');
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(errors).toEqual([]);
  });

  it("tells a supplier's person it is for the team, and sends them to their dashboard", async () => {
    const page = await (await newContext(browser)).newPage();
    await page.goto('/admin');
    await (await LoginPage.verifyOnPage(page)).signIn(demo.member.email);
    await page.getByText('This console is for the', { exact: false }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Team console' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Go to your dashboard' }).getAttribute('href')).toBe('/dashboard');
    await expectNoAxeViolations(page);
  });
});
