/** Journey: each demo account signs in and sees the header exactly as spec §2 "Header" describes. */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations, launchBrowser, newContext, watchPageErrors } from './support/browser';
import { demo, signInAt } from './support/session';
import { NOT_ATTACHED_ERROR } from './pages/header';
import { LoginPage } from './pages/login-page';
import { chunkPath, chunkPathsWith } from './support/built-chunks';

const ADMIN_SUPPLIERS = ['Harbourside Consulting', 'Kōwhai Digital'];

describe('the header for each demo account', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  async function freshPage(): Promise<{ page: Page; errors: string[] }> {
    const page = await (await newContext(browser)).newPage();
    return { page, errors: watchPageErrors(page) };
  }

  it('shows a visitor the Login link and nothing of an account', async () => {
    const { page } = await freshPage();
    await page.goto('/');
    const banner = page.getByRole('banner');
    await banner.getByRole('link', { name: 'Login', exact: true }).or(banner.getByRole('button', { name: 'Login', exact: true })).waitFor();
    expect(await banner.getByRole('link', { name: 'Dashboard', exact: true }).count()).toBe(0);
    expect(await banner.getByText('Welcome to the Marketplace').count()).toBe(1);
    await expectNoAxeViolations(page);
  });

  it('fetches no script for signed-in use on a visitor’s page, until Login is pressed', async () => {
    const { page, errors } = await freshPage();
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') {
        scripts.push(new URL(request.url()).pathname);
      }
    });
    await page.goto('/help/faq', { waitUntil: 'networkidle' });
    // The entry and what it imports, nothing else: not the header app, not the identity client.
    expect(await page.locator('head script[type="module"]').getAttribute('src')).toBe(chunkPath('app/main.ts'));
    expect(scripts.sort()).toEqual(chunkPathsWith('app/main.ts').sort());

    await page.getByRole('banner').getByRole('button', { name: 'Login', exact: true }).click();
    await LoginPage.verifyOnPage(page);
    // The identity client (app/lib/auth.ts), a chunk of its own that loads when asked for.
    expect(scripts).toContain(chunkPath('app/lib/auth.ts'));
    expect(scripts).not.toContain(chunkPath('app/header/mount.tsx'));
    expect(errors).toEqual([]);
  });

  it('draws a signed-in page without the identity client, which loads only to sign out', async () => {
    const { page, errors } = await freshPage();
    const header = await signInAt(page, '/dashboard', demo.admin);
    await page.waitForURL((url) => url.pathname === '/dashboard/applications');
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') {
        scripts.push(new URL(request.url()).pathname);
      }
    });
    await page.goto('/dashboard/users', { waitUntil: 'networkidle' });
    await header.userMenuButton(demo.admin.name).waitFor();
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Users');
    expect(scripts).not.toContain(chunkPath('app/lib/auth.ts'));

    const menu = await header.openUserMenu(demo.admin.name);
    await menu.getByRole('button', { name: 'Logout of all accounts' }).click();
    await page.waitForURL((url) => url.pathname === '/', { timeout: 20_000 });
    expect(scripts).toContain(chunkPath('app/lib/auth.ts'));
    expect(errors).toEqual([]);
  });

  it('keeps a signed-in page still on a phone while its header and screen load: nothing moves once drawn', async () => {
    const page = await (await newContext(browser, { width: 412 })).newPage();
    const errors = watchPageErrors(page);
    await signInAt(page, '/dashboard', demo.admin);
    await page.waitForURL((url) => url.pathname === '/dashboard/applications');
    // The links are remembered for the next page once the header has drawn them.
    await page.getByRole('banner').getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Users' }).waitFor();
    await page.addInitScript(() => {
      const shifts: number[] = [];
      Object.assign(window, { layoutShifts: shifts });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
          if (!entry.hadRecentInput) {
            shifts.push(entry.value);
          }
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    for (const [path, heading] of [
      ['/dashboard/users', 'Users'],
      ['/dashboard/applications', 'Applications'],
    ] as const) {
      await page.goto(path, { waitUntil: 'networkidle' });
      await page.getByRole('heading', { level: 2, name: path.endsWith('users') ? 'Two-step verification' : 'Your applications' }).waitFor();
      expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe(heading);
      // The links wrap to a second line at this width: drawn from memory before the first paint, they never push the page down.
      const shifts = await page.evaluate(() => (window as unknown as { layoutShifts: number[] }).layoutShifts);
      expect(shifts.reduce((sum, value) => sum + value, 0)).toBeLessThan(0.01);
    }
    expect(errors).toEqual([]);
  });

  it('renews a sign-in whose access token expired while the browser was away, then draws the page', async () => {
    const { page, errors } = await freshPage();
    const header = await signInAt(page, '/dashboard', demo.admin);
    await page.waitForURL((url) => url.pathname === '/dashboard/applications');
    // As if the tab had been closed past the access token's lifetime: the stored token has expired.
    const expiredToken = await page.evaluate(() => {
      const key = Object.keys(window.localStorage).find((name) => name.startsWith('oidc.user:')) ?? '';
      const stored = JSON.parse(window.localStorage.getItem(key) ?? '{}') as { access_token: string; expires_at: number };
      window.localStorage.setItem(key, JSON.stringify({ ...stored, expires_at: Math.floor(Date.now() / 1000) - 10 }));
      return stored.access_token;
    });
    await page.goto('/dashboard/users');
    // The renewal shows "Signing you in…" first; on a busy machine it lasts a moment.
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText(), { timeout: 15_000 }).toBe('Users');
    await header.userMenuButton(demo.admin.name).waitFor();
    const renewed = await page.evaluate(() => {
      const key = Object.keys(window.localStorage).find((name) => name.startsWith('oidc.user:')) ?? '';
      const stored = JSON.parse(window.localStorage.getItem(key) ?? '{}') as { access_token: string; expires_at: number };
      return { token: stored.access_token, secondsLeft: stored.expires_at - Date.now() / 1000 };
    });
    expect(renewed.token).not.toBe(expiredToken);
    expect(renewed.secondsLeft).toBeGreaterThan(60);
    expect(errors).toEqual([]);
  });

  it('admin: Dashboard, Supplier details and Users; both suppliers under Switch accounts; Logout of all accounts', async () => {
    const { page, errors } = await freshPage();
    const header = await signInAt(page, '/dashboard', demo.admin);
    // The redirect ends once the applications screen's chunk is in (lazy routes).
    await page.waitForURL((url) => url.pathname === '/dashboard/applications');

    expect(await header.link('Dashboard').getAttribute('href')).toBe('/dashboard');
    expect(await header.link('Supplier details').getAttribute('href')).toBe('/dashboard/supplier');
    expect(await header.link('Users').getAttribute('href')).toBe('/dashboard/users');
    expect(await header.banner.getByRole('link', { name: 'Login', exact: true }).count()).toBe(0);

    const trigger = header.userMenuButton(demo.admin.name);
    expect(await trigger.innerText()).toContain(demo.admin.initials);
    const menu = await header.openUserMenu(demo.admin.name);
    await expectNoAxeViolations(page);
    expect(await menu.getByText(demo.admin.name, { exact: true }).count()).toBe(1);
    expect(await menu.getByText(demo.admin.email, { exact: true }).count()).toBe(1);
    expect(await menu.getByRole('heading', { name: 'Switch accounts' }).count()).toBe(1);

    const options = menu.locator('.supplier-switcher').getByRole('button');
    expect(await options.count()).toBe(2);
    const names = (await options.allInnerTexts()).map((text) => text.replace('✓', '').replace('(active)', '').trim());
    expect(names).toEqual(ADMIN_SUPPLIERS);
    const active = menu.locator('[aria-current="true"]');
    expect(await active.count()).toBe(1);
    const activeText = await active.innerText();
    expect(activeText).toContain('✓');
    const activeName = ADMIN_SUPPLIERS.find((name) => activeText.includes(name));
    expect(activeName).toBeDefined();
    // The menu's title is the active supplier's trading name.
    expect(await menu.getByRole('heading', { level: 2 }).innerText()).toBe(activeName);

    expect(await menu.getByRole('button', { name: 'Logout of all accounts' }).count()).toBe(1);
    expect(await menu.getByRole('button', { name: 'Logout', exact: true }).count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('member: Dashboard and Supplier details, no Users, no Switch accounts, Logout', async () => {
    const { page } = await freshPage();
    const header = await signInAt(page, '/dashboard', demo.member);
    expect(await header.link('Dashboard').count()).toBe(1);
    expect(await header.link('Supplier details').count()).toBe(1);
    expect(await header.link('Users').count()).toBe(0);
    const menu = await header.openUserMenu(demo.member.name);
    expect(await menu.getByRole('heading', { level: 2 }).innerText()).toBe('Southern Alps Facilities');
    expect(await menu.getByText('Switch accounts').count()).toBe(0);
    expect(await menu.getByRole('button', { name: 'Logout', exact: true }).count()).toBe(1);
    expect(await menu.getByText(NOT_ATTACHED_ERROR).count()).toBe(0);
    await expectNoAxeViolations(page);
  });

  for (const account of [demo.nobody, demo.teamMember]) {
    it(`${account.email}: no supplier links, the user's name as title, the not-attached error and what to do next`, async () => {
      const { page } = await freshPage();
      const header = await signInAt(page, '/dashboard/applications', account);
      expect(await header.link('Dashboard').count()).toBe(0);
      expect(await header.link('Supplier details').count()).toBe(0);
      expect(await header.link('Users').count()).toBe(0);
      const trigger = header.userMenuButton(account.name);
      expect(await trigger.innerText()).toContain(account.initials);
      const menu = await header.openUserMenu(account.name);
      expect(await menu.getByRole('heading', { level: 2 }).innerText()).toBe(account.name);
      expect((await menu.getByRole('alert').innerText()).trim()).toBe(NOT_ATTACHED_ERROR);
      expect(await menu.getByRole('button', { name: 'Logout', exact: true }).count()).toBe(1);
      await expectNoAxeViolations(page);
      await page.keyboard.press('Escape');
      // The dashboard says what to do next: ask for an invitation or contact the team; a team member goes to the team's app.
      const main = page.getByRole('main');
      if (account === demo.teamMember) {
        await main.getByRole('link', { name: 'Go to the team console' }).click();
        await page.getByRole('heading', { level: 1, name: 'Team console' }).waitFor();
        expect(new URL(page.url()).pathname).toBe('/admin');
      } else {
        await main.getByRole('heading', { level: 2, name: 'What you can do' }).waitFor();
        expect(await main.getByRole('link', { name: /@/ }).getAttribute('href')).toMatch(/^mailto:/);
      }
      await expectNoAxeViolations(page);
    });
  }

  it('closes the menu on Escape and on an outside click, keeping focus inside while open', async () => {
    const { page } = await freshPage();
    const header = await signInAt(page, '/dashboard', demo.admin);
    const trigger = header.userMenuButton(demo.admin.name);

    const menu = await header.openUserMenu(demo.admin.name);
    // Tab through more stops than the menu has: focus must never leave the dialog.
    for (let step = 0; step < 8; step += 1) {
      await page.keyboard.press('Tab');
      expect(await menu.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    await expect.poll(() => trigger.evaluate((button) => button === document.activeElement)).toBe(true);

    await header.openUserMenu(demo.admin.name);
    await page.mouse.click(5, 600);
    await page.getByRole('dialog').waitFor({ state: 'detached' });
  });
});
