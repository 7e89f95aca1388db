/**
 * Phones and large screens: no page scrolls sideways at 320 px (WCAG 1.4.10 reflow), and each demo
 * account's first minute (home, sign-in, dashboard, supplier details, users, an apply step with
 * errors) fits and passes axe at 320 px, and the team member's at 1280 px too.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LoginPage } from './pages/login-page';
import { Header } from './pages/header';
import { REGISTER_STEP_PATHS } from './pages/register-page';
import { expectNoAxeViolations, expectNoSidewaysScroll, launchBrowser, newContext, watchPageErrors } from './support/browser';
import { TEAM_MANAGEMENT_SCREENS } from './support/team-screens';
import { AGENCY_DASHBOARD_SCREENS, DASHBOARD_SCREENS } from './support/dashboard-screens';
import { demo, demoBuyer, secondStepIfDemoTeam, signInAt, type DemoAccount } from './support/session';

const PHONE = 320;
const DESKTOP = 1280;

const PUBLIC_PAGES = [
  '/',
  '/about',
  '/help/faq',
  '/privacy',
  '/accessibility',
  '/copyright',
  '/cookies',
  '/open-data',
  '/sales-channels',
  '/sales-channels/digital-and-ict',
  '/catalogues/cloud-services',
  '/services/penetration-testing',
  '/approved-suppliers',
  '/approved-suppliers/1',
  '/insights',
  '/developers/api',
  '/developers/api/team',
  '/admin',
  '/agency-form',
  '/agency-form/step/1',
  '/agency-form/contact',
  '/agency-form/completed',
  '/no-such-page',
  ...REGISTER_STEP_PATHS,
];


/** Waits for the screen's h1 and for its data: no loading line left. */
async function settled(page: Page): Promise<void> {
  await page.getByRole('main').getByRole('heading', { level: 1 }).first().waitFor();
  await expect.poll(() => page.locator('.loading-state').count()).toBe(0);
}

async function checkScreen(page: Page): Promise<void> {
  await settled(page);
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);
}

// Each first minute runs axe on six screens: slower than one journey step on a busy 2-core machine.
const FIRST_MINUTE_TIMEOUT_MS = 150_000;

describe('small screens', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  // One page at 320 px visits every screen of a list, signed in where the list needs it; each screen
  // is a test of its own, so a slow machine spends the time limit per screen, and a failure names it.
  const screenLists: { title: string; screens: readonly string[]; signIn?: [string, DemoAccount]; withAxe: boolean }[] = [
    { title: 'no public page scrolls sideways at 320 px', screens: PUBLIC_PAGES, withAxe: false },
    { title: 'no dashboard screen scrolls sideways at 320 px', screens: DASHBOARD_SCREENS, signIn: [DASHBOARD_SCREENS[0] ?? '/dashboard', demo.admin], withAxe: false },
    {
      title: 'no agency dashboard screen scrolls sideways at 320 px, and each passes axe there',
      screens: AGENCY_DASHBOARD_SCREENS,
      signIn: [AGENCY_DASHBOARD_SCREENS[0] ?? '/agency', demoBuyer],
      withAxe: true,
    },
    {
      title: 'no management screen of the team app scrolls sideways at 320 px, and each passes axe there',
      screens: TEAM_MANAGEMENT_SCREENS,
      signIn: ['/admin', demo.teamMember],
      withAxe: true,
    },
  ];
  for (const { title, screens, signIn, withAxe } of screenLists) {
    describe(title, () => {
      let page: Page;
      beforeAll(async () => {
        page = await (await newContext(browser, { width: PHONE })).newPage();
        if (signIn) {
          await signInAt(page, ...signIn);
        }
      });

      it.each(screens)('%s', async (path) => {
        await page.goto(path);
        if (withAxe) {
          await checkScreen(page);
        } else {
          await settled(page);
          await expectNoSidewaysScroll(page);
        }
      });
    });
  }

  it('the dashboard navigation is one button away on a phone, and open beside the screen on a large one', async () => {
    const page = await (await newContext(browser, { width: PHONE })).newPage();
    await signInAt(page, '/dashboard/supplier', demo.admin);
    await settled(page);
    const nav = page.getByRole('navigation', { name: 'Dashboard' });
    const toggle = nav.getByRole('button', { name: /Dashboard menu/ });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await nav.getByRole('link', { name: 'Applications' }).isVisible()).toBe(false);
    // The h1 is on the first screen, not below the navigation.
    const h1Top = await page.getByRole('main').getByRole('heading', { level: 1 }).evaluate((h1) => h1.getBoundingClientRect().top);
    expect(h1Top).toBeLessThan(500);

    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('true');
    await nav.getByRole('link', { name: 'Applications' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard/applications');
    await settled(page);
    // Following a link closes the menu again (once React has rendered the new route: poll, on a busy machine).
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false');

    await page.setViewportSize({ width: DESKTOP, height: 900 });
    await expect.poll(() => toggle.isVisible()).toBe(false);
    expect(await nav.getByRole('link', { name: 'Users' }).isVisible()).toBe(true);
  });

  // Every account at 320 px; at 1280 px only the team member's, whose first minute passes the one
  // page no other journey checks there (the passkey step): accessibility.e2e.ts checks every other
  // screen of these minutes on a large screen already.
  const accounts: [string, DemoAccount][] = Object.entries(demo);
  const firstMinutes: [number, string, DemoAccount][] = [
    ...accounts.map(([role, account]): [number, string, DemoAccount] => [PHONE, role, account]),
    [DESKTOP, 'teamMember', demo.teamMember],
  ];
  describe('first minutes', () => {
    it.each(firstMinutes)("at %i px, the %s's first minute fits the screen and passes axe", async (width, _role, account) => {
      const page = await (await newContext(browser, { width })).newPage();
      const errors = watchPageErrors(page);

      await page.goto('/');
      await checkScreen(page);

      // Signing in from the header's link, on the provider's page.
      const header = new Header(page);
      const loginButton = header.banner.getByRole('button', { name: 'Login', exact: true });
      await loginButton.click();
      const login = await LoginPage.verifyOnPage(page);
      // Nobody on the sign-in page is asked to sign in again.
      await page.locator('#app__header .header').waitFor();
      expect(await loginButton.count()).toBe(0);
      await expectNoSidewaysScroll(page);
      await expectNoAxeViolations(page);
      await login.signIn(account.email);
      if (account === demo.teamMember) {
        // The team's second step, a page of its own: it fits and passes axe too.
        await page.getByRole('heading', { level: 1, name: 'Use your passkey' }).waitFor();
        await expectNoSidewaysScroll(page);
        await expectNoAxeViolations(page);
      }
      await secondStepIfDemoTeam(page, account.email);
      await header.waitForUser(account.name);
      await page.goto('/dashboard');
      await checkScreen(page);

      for (const path of ['/dashboard/supplier', '/dashboard/users']) {
        await page.goto(path);
        await checkScreen(page);
      }

      // An apply step with errors: continuing without choosing a service.
      await page.goto('/dashboard/applications/apply/services');
      await settled(page);
      const continueButton = page.getByRole('main').getByRole('button', { name: 'Continue' });
      if (await continueButton.count()) {
        await continueButton.click();
        await page.locator('.error-summary').waitFor();
      }
      await checkScreen(page);
      // Only the expected refusals: a person without a supplier is refused its data.
      expect(errors.filter((error) => !/40[34]/.test(error))).toEqual([]);
    }, FIRST_MINUTE_TIMEOUT_MS);
  });
});
