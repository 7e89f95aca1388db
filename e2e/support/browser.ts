/**
 * One Chromium per journey file: Debian's /usr/bin/chromium driven by playwright-core (no browser
 * download), with the flags this machine needs, and an axe check every page must pass.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults, RunOptions } from 'axe-core';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, JOURNEY_CHROMIUM_FLAGS } from './chromium';

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
    args: [...CHROMIUM_FLAGS, ...JOURNEY_CHROMIUM_FLAGS],
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

declare global {
  interface Window {
    /** axe-core, once expectNoAxeViolations has put it into the document. */
    axe: { run: (context: Document, options: RunOptions) => Promise<AxeResults> };
  }
}

/** The rules every page is held to: WCAG 2.1 A and AA, and axe's best practices. */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/** axe-core's browser build, evaluated in a page that has not had it yet. */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Fails the test with the list of axe violations (rule, impact, first targets) if there are any.
 * axe is put into a document once and run there directly: @axe-core/playwright's AxeBuilder put its
 * 580 kB into the page again on every check and then compiled it, and a check took 3–4 times as long
 * (300–1,100 against 80–440 ms on the home, directory and insights pages, 2026-12-01), which was two
 * fifths of a journey's time. No page of the portal has a frame, so the page's document is all
 * there is to check.
 */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  if (!(await page.evaluate(() => 'axe' in window))) {
    await page.evaluate(AXE_SOURCE);
  }
  const violations = await page.evaluate(async (tags) => {
    const results = await window.axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return results.violations.map((violation) => ({ id: violation.id, impact: violation.impact, targets: violation.nodes.map((node) => node.target.join(' ')) }));
  }, AXE_TAGS);
  const summary = violations.map((violation) => `${violation.id} (${violation.impact ?? 'n/a'}): ${violation.targets.slice(0, 3).join(', ')}`);
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
      // A failed request names its path, so that a failure says which request it was; a long
      // random segment (a link's token, an interaction's id) reads as :token, the same every run.
      const { url } = message.location();
      const path = message.text().startsWith('Failed to load resource') && url.startsWith('http') ? ` (${new URL(url).pathname.replace(/\/[\w-]{20,}(?=\/|$)/g, '/:token')})` : '';
      errors.push(`console: ${message.text()}${path}`);
    } else if (message.type() === 'warning' && FAILING_WARNINGS.some((warning) => warning.test(message.text()))) {
      errors.push(`console warning: ${message.text()}`);
    }
  });
  return errors;
}
