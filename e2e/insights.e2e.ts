/**
 * The public insights page (issue 32): a visitor opens it from the footer, reads a figure in the
 * words beside a chart and in its table, and downloads a chart's data as CSV; the page has no
 * axe violations on a desktop nor on a 320 px phone, where nothing scrolls sideways.
 */
import { readFile } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessibleOnDesktopAndPhone, launchBrowser, newContext, watchPageErrors } from './support/browser';

describe('the insights page', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('opens from the footer, reads the share going to Māori businesses against the target, and downloads the spend by channel', async () => {
    const page = await (await newContext(browser)).newPage();
    const errors = watchPageErrors(page);
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'Insights: spend and suppliers' }).click();
    await page.waitForURL((url) => url.pathname === '/insights');
    const main = page.getByRole('main');
    expect(await main.getByRole('heading', { level: 1 }).innerText()).toBe('Insights');
    // The header's sections are the spec's: the page is the footer's own.
    expect(await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /Insights/ }).count()).toBe(0);

    // The demo has published engagements: the share is written out, and the table says the same.
    const maori = main.getByRole('figure', { name: /Share going to Māori businesses/ });
    const chart = maori.getByRole('img', { name: /Share going to Māori businesses, against the 8% target/ });
    await chart.waitFor();
    expect(await chart.locator('text').allTextContents()).toContain('Target 8%');
    const table = maori.getByRole('table', { name: 'Published engagements and spend going to Māori businesses' });
    const engagements = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Engagements (number)' }) });
    const cells = await engagements.getByRole('cell').allInnerTexts();
    const share = cells[2] ?? '';
    expect(share).toMatch(/^\d+\.\d%$/);
    expect(cells[3]).toBe('8%');
    expect(await main.locator('p', { hasText: 'went to Māori businesses' }).innerText()).toContain(`${share} went to Māori businesses (target 8%)`);

    // Spend by sales channel: its table, then its CSV with the same channels.
    const spend = main.getByRole('figure', { name: 'Spend by sales channel' });
    const channels = await spend.getByRole('table').getByRole('rowheader').allInnerTexts();
    expect(channels.length).toBeGreaterThan(1);
    const [download] = await Promise.all([page.waitForEvent('download'), spend.getByRole('link', { name: /Download this data as CSV/ }).click()]);
    expect(download.suggestedFilename()).toBe('spend-by-channel.csv');
    const lines = (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '').trim().split(/\r?\n/);
    expect(lines[0]).toBe('Sales channel,Spend (NZD excl. GST),Share (%)');
    expect(lines.slice(1).map((line) => line.replace(/,[^,]*,[^,]*$/, '').replace(/^"|"$/g, ''))).toEqual(channels.map((name) => name.trim()));

    await expectAccessibleOnDesktopAndPhone(page);
    expect(errors).toEqual([]);
  });
});
