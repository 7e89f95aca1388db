/**
 * Journey: the demo agency's admin (buyer@example.com, the Ministry for Regional Development) reads
 * its spend (issue 31): what Kōwhai Digital billed it, by supplier, then by month chosen with the
 * keyboard, and downloads every line as CSV. axe and 320 px on the screen. Other journeys of the same
 * server may have answered some reports, so the amounts confirmed are read, not fixed.
 */
import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsv } from './pages/directory-page';
import { expectAccessibleOnDesktopAndPhone, launchBrowser, newContext, watchPageErrors } from './support/browser';
import { demoBuyer, signInAt } from './support/session';

describe("an agency's spend", () => {
  let browser: Browser;
  let page: Page;
  let errors: string[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await (await newContext(browser)).newPage();
    errors = watchPageErrors(page);
    await signInAt(page, '/agency/engagement-notices', demoBuyer);
  });
  afterAll(() => browser.close());

  const table = () => page.getByRole('table', { name: /^Spend by / });
  const rowTexts = async () => (await table().getByRole('row').allInnerTexts()).slice(1);

  it('opens from the side navigation with what each supplier billed and the total', async () => {
    await page.getByRole('navigation', { name: 'Agency dashboard' }).getByRole('link', { name: 'Spend' }).click();
    await page.getByRole('heading', { level: 1, name: 'Spend' }).waitFor();
    await page.getByRole('table', { name: 'Spend by supplier' }).waitFor();
    const rows = await rowTexts();
    expect(rows[0]).toContain('Kōwhai Digital');
    expect(rows.at(-1)).toMatch(/^Total/);
    await expectAccessibleOnDesktopAndPhone(page);
  });

  it('shows the spend by month, chosen with the keyboard, the latest month first', async () => {
    const select = page.getByRole('combobox', { name: 'Show spend by' });
    await select.focus();
    // Each arrow press is a change of the list's address; focus stays on the select for the next one.
    await page.keyboard.press('ArrowDown');
    await page.waitForURL((url) => url.searchParams.get('by') === 'service');
    await page.keyboard.press('ArrowDown');
    await page.waitForURL((url) => url.searchParams.get('by') === 'month');
    expect(await select.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.getByRole('table', { name: 'Spend by month' }).waitFor();
    const months = (await table().getByRole('rowheader').allInnerTexts()).filter((text) => text !== 'Total');
    // The demo's reports run from April to October 2026.
    expect(months[0]).toBe('October 2026');
    expect(months).toContain('April 2026');
    await expectAccessibleOnDesktopAndPhone(page);
  });

  it('downloads every line of every report as CSV', async () => {
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download as CSV' }).click()]);
    expect(download.suggestedFilename()).toBe('spend.csv');
    const [header, ...rows] = parseCsv((await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, ''));
    expect(header).toEqual(['Month', 'Supplier', 'Engagement', 'Agency reference', 'Service', 'Amount (NZD excl. GST)', "Agency's answer"]);
    expect(rows.some((row) => row[0] === '2026-07' && row[2] === 'Regional services portal' && row[6] === 'Queried by the agency')).toBe(true);
    expect(errors).toEqual([]);
  });
});
