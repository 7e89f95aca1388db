/**
 * The team app's home (issue 13, item 1): a team member who signs in from the home page lands
 * on the team's app, which counts the work waiting in each queue and links to it; the header links
 * to the team's app; the page passes axe and fits a phone. A team member signed in without a second
 * factor is asked to set one up (issue 29), and the team's routes refuse them.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LoginPage } from './pages/login-page';
import { expectNoAxeViolations, expectNoSidewaysScroll, launchBrowser, newContext, watchPageErrors } from './support/browser';
import { demo, signInWithDemoTeamPasskey } from './support/session';

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
    await signInWithDemoTeamPasskey(page);
    await page.waitForURL((url) => url.pathname === '/admin', { timeout: 20_000 });
    await page.getByRole('heading', { level: 1, name: 'Team console' }).waitFor();

    const table = page.getByRole('table', { name: 'Work waiting for the team' });
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

  it('counts the reporting mismatches, and opens the billing report the demo agency queried (issue 31)', async () => {
    const page = await (await newContext(browser)).newPage();
    const errors = watchPageErrors(page);
    await page.goto('/admin');
    await (await LoginPage.verifyOnPage(page)).signIn(demo.teamMember.email);
    await signInWithDemoTeamPasskey(page);
    const mismatches = page.getByRole('table', { name: 'Reporting mismatches' });
    await mismatches.waitFor({ timeout: 20_000 });
    const queried = mismatches.getByRole('row').filter({ has: page.getByRole('link', { name: 'Billing reports the agency queried' }) });
    // The demo buyer queried the portal's July report (a journey on the same server may have queried another since).
    expect(Number(await queried.getByRole('cell').innerText())).toBeGreaterThanOrEqual(1);
    await expectNoAxeViolations(page);

    await queried.getByRole('link').click();
    await page.waitForURL((url) => url.pathname === '/admin/billing-reports' && url.searchParams.get('agencyResponse') === 'queried');
    await page.getByRole('heading', { level: 1, name: 'Billing reports' }).waitFor();
    expect(await page.getByRole('combobox', { name: "Agency's answer" }).inputValue()).toBe('queried');
    const rows = page.getByRole('table', { name: 'Billing reports' }).getByRole('row').filter({ has: page.getByRole('rowheader') });
    await rows.first().waitFor();
    const texts = await rows.allInnerTexts();
    expect(texts.some((text) => text.includes('July 2026'))).toBe(true);
    expect(texts.every((text) => text.includes('Queried by the agency'))).toBe(true);
    await page.setViewportSize({ width: 320, height: 640 });
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page);
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

  it('asks a team member signed in with a password alone to set up two-step verification, and opens nothing of the team', async () => {
    const page = await (await newContext(browser)).newPage();
    const errors = watchPageErrors(page);
    await page.goto('/admin');
    await (await LoginPage.verifyOnPage(page)).signIn('newstaff@example.com');
    await page.getByRole('heading', { level: 1, name: 'Use two-step verification to open the console' }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Team console' }).count()).toBe(0);
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 320, height: 640 });
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page);

    // The server says the same to a call made with this sign-in's token.
    const answer = await page.evaluate(async () => {
      const key = Object.keys(window.localStorage).find((name) => name.startsWith('oidc.user:')) ?? '';
      const token = (JSON.parse(window.localStorage.getItem(key) ?? '{}') as { access_token?: string }).access_token ?? '';
      const response = await fetch('/api/v1/admin/queues', { headers: { authorization: `Bearer ${token}` } });
      return { status: response.status, body: (await response.json()) as { error?: string } };
    });
    expect(answer).toMatchObject({ status: 403, body: { error: 'second factor required' } });

    await page.getByRole('link', { name: 'Set up two-step verification' }).click();
    await page.getByRole('heading', { level: 1, name: 'Two-step verification' }).waitFor();
    await page.getByText('Two-step verification is off.').waitFor();
    // The one refusal is the call above, made on purpose.
    expect(errors.filter((error) => !error.includes('403'))).toEqual([]);
  });
});
