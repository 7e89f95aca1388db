/**
 * One Chromium per journey file: Debian's /usr/bin/chromium driven by playwright-core (no browser
 * download), with the flags this machine needs, and an axe check every page must pass.
 */
import { AxeBuilder } from '@axe-core/playwright';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium';

/** The server of this journey worker (e2e/support/global-setup.ts starts one per worker). */
export function baseUrl(): string {
  const baseUrls = inject('baseUrls');
  const worker = Number(process.env.VITEST_POOL_ID ?? 1);
  const url = baseUrls[worker - 1];
  if (!url) {
    throw new Error('no journey server: run the journeys with `npm run test:e2e`');
  }
  return url;
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [...CHROMIUM_FLAGS],
  });
}

export async function newContext(browser: Browser, options: { width?: number } = {}): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: baseUrl(),
    viewport: { width: options.width ?? 1280, height: 900 },
  });
  context.setDefaultTimeout(15_000);
  return context;
}

/**
 * Fails the test with the list of axe violations (rule, impact, first target) if there are any.
 * axe runs in the page itself (legacy mode): the default opens a blank page for each check to merge
 * the results of cross-origin frames, which no page of the portal has, and loads axe into it again,
 * which made a check take about twice as long (700 against 400 ms on a home page, 2026-11-30).
 */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .setLegacyMode(true)
    .analyze();
  const summary = results.violations.map(
    (violation) => `${violation.id} (${violation.impact ?? 'n/a'}): ${violation.nodes.map((node) => node.target.join(' ')).slice(0, 3).join(', ')}`,
  );
  expect(summary, `axe violations on ${page.url()}`).toEqual([]);
}

/**
 * Fails unless the page fits its window's width (WCAG 1.4.10 reflow): nothing scrolls sideways.
 * The message names the innermost elements that stick out, which is where to look.
 */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => {
    const width = window.innerWidth;
    const sticksOut = (element: Element) => element.getBoundingClientRect().right > width + 0.5;
    // The innermost elements that stick out: their ancestors only stick out because of them.
    const offenders = [...document.querySelectorAll('body *')]
      .filter((element) => sticksOut(element) && ![...element.children].some(sticksOut))
      .slice(0, 5)
      .map((element) => `${element.tagName.toLowerCase()}.${[...element.classList].join('.')} to ${Math.round(element.getBoundingClientRect().right)}px`);
    return { scrollWidth: document.documentElement.scrollWidth, width, offenders };
  });
  expect(overflow.scrollWidth, `sideways scroll on ${page.url()}: ${overflow.offenders.join(', ')}`).toBeLessThanOrEqual(overflow.width);
}

/** No axe violations on the page as it is, nor on a 320 px phone, where nothing scrolls sideways either. */
export async function expectAccessibleOnDesktopAndPhone(page: Page): Promise<void> {
  await expectNoAxeViolations(page);
  const desktop = page.viewportSize();
  await page.setViewportSize({ width: 320, height: 640 });
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);
  if (desktop) {
    await page.setViewportSize(desktop);
  }
}

/**
 * Console warnings a journey fails on as on errors: React Router's, that a routed app's first load
 * has nothing to show while its screen's chunk loads (issue 27: every dashboard load logged it).
 */
const FAILING_WARNINGS: readonly RegExp[] = [/HydrateFallback/];

/**
 * Collects console errors, the warnings of FAILING_WARNINGS and failed same-origin requests so a
 * journey can assert there were none.
 */
export function watchPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') {
      errors.push(`console: ${message.text()}`);
    } else if (message.type() === 'warning' && FAILING_WARNINGS.some((warning) => warning.test(message.text()))) {
      errors.push(`console warning: ${message.text()}`);
    }
  });
  return errors;
}
