/** Every page and dashboard screen passes axe, announces itself and works from the keyboard. */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations, launchBrowser, newContext, watchPageErrors } from './support/browser';
import { TEAM_MANAGEMENT_SCREENS } from './support/team-screens';
import { AGENCY_DASHBOARD_SCREENS, DASHBOARD_SCREENS } from './support/dashboard-screens';
import { REGISTER_STEP_PATHS } from './pages/register-page';
import { demo, demoBuyer, signInAt } from './support/session';

const publicPages = [
  '/',
  '/about',
  '/privacy',
  '/accessibility',
  '/copyright',
  '/cookies',
  '/open-data',
  '/insights',
  '/developers/api',
  '/developers/api/team',
  '/user/confirm/example-token',
  '/agency-form',
  '/agency-form/step/1',
  '/agency-form/step/2',
  '/agency-form/step/3',
  '/agency-form/step/4',
  '/agency-form/contact',
  '/agency-form/completed',
  ...REGISTER_STEP_PATHS,
];

async function expectOneMainHeading(page: Page): Promise<string> {
  const heading = page.getByRole('main').getByRole('heading', { level: 1 });
  await heading.first().waitFor();
  expect(await heading.count()).toBe(1);
  return heading.innerText();
}

describe('accessibility of every page', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  // One page visits every public page: a fresh browser context costs about 2 s a page on a 2-core
  // machine (a new renderer, every script fetched and compiled again), a visit in an open one 0.5 s.
  describe('every public page', () => {
    let page: Page;
    let errors: string[];
    beforeAll(async () => {
      page = await (await newContext(browser)).newPage();
      errors = watchPageErrors(page);
    });

    it.each(publicPages)('%s has one h1 and no axe violations', async (path) => {
      errors.length = 0;
      await page.goto(path);
      await expectOneMainHeading(page);
      await expectNoAxeViolations(page);
      expect(errors, path).toEqual([]);
    });
  });

  // The check itself: a page that breaks rules of each kind it is held to fails it, naming them.
  it('fails a page with an unlabelled field, an image without a text alternative and no main landmark', async () => {
    const page = await (await newContext(browser)).newPage();
    await page.setContent('<!doctype html><html lang="en"><title>Broken</title><body><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw="><input type="text"></body></html>');
    // The failed assertion's actual value is the list of violations, each led by its rule.
    const violations = await expectNoAxeViolations(page).then(
      () => [],
      (error: unknown) => (error as { actual?: string[] }).actual ?? [String(error)],
    );
    expect(violations.map((violation) => violation.split(' ')[0])).toEqual(expect.arrayContaining(['image-alt', 'label', 'landmark-one-main']));
  });

  // /user/confirm/example-token above is refused without a call; a well-formed token asks the server,
  // whose 404 the browser logs, so this one does not check the team's app. The valid, used and revoked
  // states are checked by e2e/users.e2e.ts, which creates real invitations.
  it('the invitation confirmation screen for an unknown link has one h1, says so and has no axe violations', async () => {
    const page = await (await newContext(browser)).newPage();
    await page.goto(`/user/confirm/${'A'.repeat(43)}`);
    expect(await expectOneMainHeading(page)).toBe('Confirm your account');
    await page.getByRole('main').getByText('This invitation link is not valid.', { exact: false }).waitFor();
    await expectNoAxeViolations(page);
  });

  it('offers a skip link as the first tab stop, which moves focus to the main content', async () => {
    const page = await (await newContext(browser)).newPage();
    await page.goto('/about');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    expect(await skip.evaluate((link) => link === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main-content');
  });

  // One signed-in page visits every screen; each screen is a test of its own, so a slow machine
  // spends the time limit per screen, and a failure names the screen.
  describe('every dashboard screen', () => {
    let page: Page;
    let errors: string[];
    beforeAll(async () => {
      page = await (await newContext(browser)).newPage();
      errors = watchPageErrors(page);
      await signInAt(page, '/dashboard', demo.admin);
    });

    it.each(DASHBOARD_SCREENS)('%s has one h1 and no axe violations', async (path) => {
      await page.goto(path);
      const title = await expectOneMainHeading(page);
      expect(title.length, path).toBeGreaterThan(0);
      await expectNoAxeViolations(page);
      expect(errors, path).toEqual([]);
    });

    it('announces an in-app route change in a live region', async () => {
      await page.goto('/dashboard/applications');
      await page.getByRole('navigation', { name: /dashboard/i }).getByRole('link', { name: 'Engagement notices' }).click();
      await page.waitForURL((url) => url.pathname === '/dashboard/engagement-notices');
      await expect.poll(() => page.locator('[aria-live]').allInnerTexts()).toContainEqual(expect.stringContaining('Engagement notices'));
      expect(errors).toEqual([]);
    });
  });

  // The agency dashboard (issue 31) as the demo agency's admin: one signed-in page, one visit a screen.
  describe('every agency dashboard screen', () => {
    let page: Page;
    let errors: string[];
    beforeAll(async () => {
      page = await (await newContext(browser)).newPage();
      errors = watchPageErrors(page);
      await signInAt(page, AGENCY_DASHBOARD_SCREENS[0] ?? '/agency', demoBuyer);
    });

    it.each(AGENCY_DASHBOARD_SCREENS)('%s has one h1 and no axe violations', async (path) => {
      await page.goto(path);
      await expectOneMainHeading(page);
      await expect.poll(() => page.locator('.loading-state').count()).toBe(0);
      await expectNoAxeViolations(page);
      expect(errors, path).toEqual([]);
    });
  });

  describe('every management screen of the team app', () => {
    let page: Page;
    let errors: string[];
    beforeAll(async () => {
      page = await (await newContext(browser)).newPage();
      errors = watchPageErrors(page);
      await signInAt(page, '/admin', demo.teamMember);
    });

    it.each(TEAM_MANAGEMENT_SCREENS)('%s has one h1 and no axe violations', async (path) => {
      await page.goto(path);
      await expectOneMainHeading(page);
      await expect.poll(() => page.locator('.loading-state').count()).toBe(0);
      await expectNoAxeViolations(page);
      expect(errors, path).toEqual([]);
    });
  });

  it('redirects /dashboard/ to applications and the apply and submit roots to their first step', async () => {
    const page = await (await newContext(browser)).newPage();
    await signInAt(page, '/dashboard/', demo.member);
    // The redirect ends once the applications screen's chunk is in (lazy routes).
    await page.waitForURL((url) => url.pathname === '/dashboard/applications');
    await page.goto('/dashboard/applications/apply/ABC-123');
    await page.waitForURL((url) => url.pathname.endsWith('/company-details'));
    await page.goto('/dashboard/engagement-notices/submit/EN-1');
    await page.waitForURL((url) => url.pathname.endsWith('/step/1'));
    await page.goto('/dashboard/billing-reports/submit/BR-1');
    await page.waitForURL((url) => url.pathname.endsWith('/step/1'));
    await page.goto('/dashboard/supplier/edit');
    await page.waitForURL((url) => url.pathname === '/dashboard/supplier/edit/company-details');
  });

  it('keeps the users screens from a member who is not an admin', async () => {
    const page = await (await newContext(browser)).newPage();
    await signInAt(page, '/dashboard/users', demo.member);
    await page.getByText('You need to be an administrator of this supplier to manage its users.').waitFor();
    await expectNoAxeViolations(page);
  });
});
