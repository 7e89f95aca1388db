/**
 * The static-site widgets of spec §2 in a real browser: hash-driven tabs, the side navigation
 * toggle, equal-height groups, the dismissible site notice, the FAQ accordion's search, the
 * cookies-disabled message, and the home page's live figures.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCORDION_SEARCH_MIN_LENGTH, GLOBAL_ALERT_COOKIE_MAX_AGE_S } from '../common/constants';
import { CataloguePage } from './pages/catalogue-page';
import { expectNoAxeViolations, launchBrowser, newContext, watchPageErrors } from './support/browser';

const COOKIES_OFF = 'Cookies are turned off in your browser. Turn them on to sign in and to keep your choices.';

describe('static-site widgets', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  async function freshPage(width?: number): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
    const context = await newContext(browser, width === undefined ? {} : { width });
    const page = await context.newPage();
    return { context, page, errors: watchPageErrors(page) };
  }

  describe('tabs', () => {
    const selectedTab = (page: Page) => page.getByRole('tab', { selected: true }).innerText();
    const hash = (page: Page) => page.evaluate(() => window.location.hash);

    it('select by click and by arrow keys, and put the panel in the hash', async () => {
      const { page, errors } = await freshPage();
      await page.goto('/');
      const tablist = page.getByRole('tablist', { name: 'How it works' });
      await tablist.waitFor();
      expect(await selectedTab(page)).toBe('For agencies');
      expect(await page.getByRole('tabpanel').count()).toBe(1);

      await page.getByRole('tab', { name: 'For suppliers' }).click();
      expect(await selectedTab(page)).toBe('For suppliers');
      expect(await hash(page)).toBe('#how-suppliers');
      expect(await page.getByRole('tabpanel', { name: 'For suppliers' }).isVisible()).toBe(true);
      expect(await page.locator('#how-agencies').isHidden()).toBe(true);

      await page.keyboard.press('ArrowLeft');
      expect(await selectedTab(page)).toBe('For agencies');
      expect(await page.getByRole('tab', { name: 'For agencies' }).evaluate((tab) => tab === document.activeElement)).toBe(true);
      expect(await hash(page)).toBe('#how-agencies');
      await page.keyboard.press('ArrowLeft');
      expect(await selectedTab(page)).toBe('For suppliers');
      await page.keyboard.press('Home');
      expect(await selectedTab(page)).toBe('For agencies');
      // Tab leaves the tablist for the selected panel.
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('how-agencies');
      await expectNoAxeViolations(page);
      expect(errors).toEqual([]);
    });

    it('follow the hash on load and on hashchange (also the back button)', async () => {
      const { page } = await freshPage();
      await page.goto('/#how-suppliers');
      await page.getByRole('tablist').waitFor();
      expect(await selectedTab(page)).toBe('For suppliers');
      await page.evaluate(() => {
        window.location.hash = 'how-agencies';
      });
      await expect.poll(() => selectedTab(page)).toBe('For agencies');
      await page.goBack();
      await expect.poll(() => selectedTab(page)).toBe('For suppliers');
    });
  });

  describe('side navigation toggle', () => {
    it('at 375 px: hidden behind a button that opens and closes it, by mouse and keyboard', async () => {
      const { page } = await freshPage(375);
      await page.goto('/catalogues/cloud-services');
      const catalogue = await CataloguePage.verifyOnPage(page, 'Cloud Services');
      await catalogue.sideNavToggle.waitFor();
      expect(await catalogue.sideNavToggle.getAttribute('aria-expanded')).toBe('false');
      expect(await catalogue.sideNav.isHidden()).toBe(true);

      await catalogue.sideNavToggle.click();
      expect(await catalogue.sideNavToggle.getAttribute('aria-expanded')).toBe('true');
      expect(await catalogue.sideNav.isVisible()).toBe(true);
      await expectNoAxeViolations(page);
      await catalogue.sideNavToggle.click();
      expect(await catalogue.sideNav.isHidden()).toBe(true);

      await catalogue.sideNavToggle.focus();
      await page.keyboard.press('Enter');
      expect(await catalogue.sideNav.isVisible()).toBe(true);
      await page.keyboard.press('Tab');
      await page.keyboard.press('Escape');
      expect(await catalogue.sideNav.isHidden()).toBe(true);
      expect(await catalogue.sideNavToggle.evaluate((button) => button === document.activeElement)).toBe(true);
    });

    it('at 1024 px: always open, the button hidden; opens when the window grows', async () => {
      const { page } = await freshPage(1024);
      await page.goto('/catalogues/cloud-services');
      const catalogue = await CataloguePage.verifyOnPage(page, 'Cloud Services');
      expect(await catalogue.sideNav.isVisible()).toBe(true);
      expect(await catalogue.sideNavToggle.isHidden()).toBe(true);
      await page.setViewportSize({ width: 375, height: 900 });
      await catalogue.sideNavToggle.waitFor();
      expect(await catalogue.sideNav.isHidden()).toBe(true);
      await page.setViewportSize({ width: 1024, height: 900 });
      await catalogue.sideNavToggle.waitFor({ state: 'hidden' });
      expect(await catalogue.sideNav.isVisible()).toBe(true);
    });
  });

  describe('equal-height groups', () => {
    const cardHeights = (page: Page) =>
      page.locator('[data-equal-height] > *').evaluateAll((cards) => cards.map((card) => Math.round(card.getBoundingClientRect().height)));
    const minHeights = (page: Page) =>
      page.locator('[data-equal-height] > *').evaluateAll((cards) => cards.map((card) => (card as HTMLElement).style.minHeight));

    it('make every card of a group as tall as the tallest from 768 px, and reset below', async () => {
      const { page } = await freshPage(1024);
      await page.goto('/sales-channels');
      await expect.poll(async () => new Set(await cardHeights(page)).size).toBe(1);
      const cards = await cardHeights(page);
      expect(cards.length).toBeGreaterThanOrEqual(3);
      expect((await minHeights(page)).every((value) => value.endsWith('px'))).toBe(true);

      await page.setViewportSize({ width: 375, height: 900 });
      await expect.poll(async () => (await minHeights(page)).every((value) => value === '')).toBe(true);
      await page.setViewportSize({ width: 800, height: 900 });
      await expect.poll(async () => new Set(await cardHeights(page)).size).toBe(1);
    });
  });

  describe('site notice', () => {
    it('is dismissed for a month: the cookie is set, and reloads and other pages leave it out', async () => {
      const { context, page } = await freshPage();
      await page.goto('/');
      const notice = page.getByRole('region', { name: 'Site notice' });
      await notice.waitFor();
      const dismiss = notice.getByRole('button', { name: 'Dismiss this notice' });
      await dismiss.click();
      await notice.waitFor({ state: 'detached' });
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('main-content');

      const cookie = (await context.cookies()).find((entry) => entry.name === 'global-alert-dismissed');
      expect(cookie?.path).toBe('/');
      expect(cookie?.sameSite).toBe('Lax');
      const lifetime = (cookie?.expires ?? 0) - Date.now() / 1000;
      expect(lifetime).toBeGreaterThan(GLOBAL_ALERT_COOKIE_MAX_AGE_S - 120);
      expect(lifetime).toBeLessThanOrEqual(GLOBAL_ALERT_COOKIE_MAX_AGE_S + 5);
      expect(lifetime / 86_400).toBeCloseTo(30, 0);

      const reloaded = await page.reload();
      expect(await reloaded?.text()).not.toContain('data-global-alert=');
      expect(await notice.count()).toBe(0);
      await page.goto('/help/faq');
      expect(await notice.count()).toBe(0);

      const other = await freshPage();
      await other.page.goto('/help/faq');
      await other.page.getByRole('region', { name: 'Site notice' }).waitFor();
    });
  });

  describe('FAQ accordion search', () => {
    it('shows every question below 3 characters, filters from 3, and says when none match', async () => {
      const { page, errors } = await freshPage();
      await page.goto('/help/faq');
      const search = page.getByLabel('Search the questions');
      const questions = page.locator('.accordion__heading:visible');
      const total = await page.locator('.accordion__heading').count();
      expect(total).toBeGreaterThanOrEqual(10);
      expect(await questions.count()).toBe(total);

      await search.fill('ap'.slice(0, ACCORDION_SEARCH_MIN_LENGTH - 1));
      expect(await questions.count()).toBe(total);
      await search.fill('app');
      await expect.poll(() => questions.count()).toBeLessThan(total);
      const shown = await questions.allInnerTexts();
      expect(shown.length).toBeGreaterThan(0);
      expect(await page.getByRole('status').innerText()).toMatch(/questions? match(es)? "app"/);

      await search.fill('cookies');
      expect(await questions.allInnerTexts()).toContain('Why does the site need cookies?');

      await search.fill('zebra crossing');
      await expect.poll(() => questions.count()).toBe(0);
      expect(await page.getByRole('status').innerText()).toBe('No questions match "zebra crossing"');
      await expectNoAxeViolations(page);

      await search.fill('');
      expect(await questions.count()).toBe(total);
      // Keyboard: the first question opens with Enter.
      const first = page.locator('.accordion__button').first();
      await first.focus();
      await page.keyboard.press('Enter');
      expect(await first.getAttribute('aria-expanded')).toBe('true');
      expect(await page.locator('.accordion__panel').first().isVisible()).toBe(true);
      expect(errors).toEqual([]);
    });
  });

  describe('cookies-disabled message', () => {
    it('is absent when cookies work', async () => {
      const { page } = await freshPage();
      await page.goto('/');
      await page.getByRole('tablist').waitFor();
      expect(await page.getByText(COOKIES_OFF).count()).toBe(0);
    });

    it('shows on every page in an alert when the browser blocks cookies', async () => {
      const context = await newContext(browser);
      await context.addInitScript(() => {
        // A browser that blocks cookies: writes are dropped, nothing can be read, and it says so.
        Object.defineProperty(Document.prototype, 'cookie', { configurable: true, get: () => '', set: () => undefined });
        Object.defineProperty(Navigator.prototype, 'cookieEnabled', { configurable: true, get: () => false });
      });
      const page = await context.newPage();
      for (const path of ['/', '/sales-channels/digital-and-ict', '/help/faq']) {
        await page.goto(path);
        const alert = page.getByRole('alert').filter({ hasText: COOKIES_OFF });
        await alert.waitFor();
        expect((await alert.innerText()).trim(), path).toBe(COOKIES_OFF);
      }
      await expectNoAxeViolations(page);
    });

    it('shows when a test cookie cannot be set although the browser claims cookies are on', async () => {
      const context = await newContext(browser);
      await context.addInitScript(() => {
        Object.defineProperty(Document.prototype, 'cookie', { configurable: true, get: () => '', set: () => undefined });
      });
      const page = await context.newPage();
      await page.goto('/about');
      await page.getByRole('alert').filter({ hasText: COOKIES_OFF }).waitFor();
    });
  });

  describe('home page figures', () => {
    it('show live counts of approved suppliers, services and catalogues, without non-breaking spaces', async () => {
      const { page } = await freshPage();
      await page.goto('/');
      const blocks = page.locator('.stat-block-wrapper');
      expect(await blocks.count()).toBe(3);
      const texts = (await blocks.allTextContents()).map((text) => text.trim());
      expect(texts.join(' ')).not.toContain('\u00a0');
      const [suppliers, services, catalogues] = texts.map((text) => Number(/^\d+/.exec(text)?.[0] ?? Number.NaN));
      expect(texts[0]).toMatch(/approved suppliers?$/);
      expect(texts[1]).toMatch(/services? offered$/);
      expect(texts[2]).toMatch(/catalogues?$/);
      expect(suppliers).toBeGreaterThan(0);

      // The counts agree with what the catalogue pages list.
      await page.goto('/sales-channels');
      const perChannel = await page.locator('.card__meta').allInnerTexts();
      expect(perChannel.reduce((sum, text) => sum + Number.parseInt(text, 10), 0)).toBe(catalogues);
      let serviceTotal = 0;
      for (const href of await page.locator('.card h3 a').evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''))) {
        await page.goto(href);
        const perCatalogue = await page.locator('.card__meta').allInnerTexts();
        serviceTotal += perCatalogue.reduce((sum, text) => sum + Number.parseInt(text, 10), 0);
      }
      // Services offered by at least one approved supplier: some, and no more than the catalogues hold.
      expect(services).toBeGreaterThan(0);
      expect(services).toBeLessThanOrEqual(serviceTotal);
    });
  });
});
