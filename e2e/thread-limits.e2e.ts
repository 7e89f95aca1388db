/**
 * Journey (issue 29, item 6): the thread lists come a page at a time, on the supplier's messages
 * panel and in the team's inbox (the demo data fills more than a page of each), with GOV.UK
 * pagination used from the keyboard; and a supplier that has started its day's new threads is told,
 * on the new-thread form, what to do instead and until when. Axe on each page, and at 320 px.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { SUPPLIER_HEADER } from '../common/constants';
import { Header } from './pages/header';
import { MessagesPanel } from './pages/messages-panel';
import { expectNoAxeViolations, expectNoSidewaysScroll, launchBrowser, newContext, watchPageErrors } from './support/browser';
import { demo, signInAt, storedAccessToken } from './support/session';

/** The demo's oldest thread of Southern Alps Facilities: on the panel's last page. */
const OLDEST_DEMO_THREAD = 'Updating our insurance certificate';
const LIMIT_SUPPLIER = 'Harbourside Consulting';

/** Follows the pagination's Next link from the keyboard: focus it, press Enter. */
async function nextPage(page: Page, pagination: ReturnType<MessagesPanel['pagination']>): Promise<void> {
  const next = pagination.getByRole('link', { name: 'Next page' });
  await next.focus();
  await page.keyboard.press('Enter');
}

describe('paged thread lists and the new-thread limit', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it.each([1280, 320])('pages the supplier’s threads on its record at %i px, newest first, to the oldest on the last page', async (width) => {
    const page = await (await newContext(browser, { width })).newPage();
    const errors = watchPageErrors(page);
    await signInAt(page, '/dashboard/supplier', demo.member);
    const panel = await MessagesPanel.verifyOnPage(page);
    await panel.threadsList().waitFor();
    expect(await panel.threadTitles()).toHaveLength(10);
    const pagination = panel.pagination();
    expect(await pagination.innerText()).toMatch(/Page 1 of \d+/);
    expect(await pagination.getByRole('link', { name: 'Previous page' }).count()).toBe(0);
    await expectNoAxeViolations(page);
    await expectNoSidewaysScroll(page);

    // To the last page: the demo's oldest thread is there, and no Next.
    while ((await pagination.getByRole('link', { name: 'Next page' }).count()) > 0) {
      const before = await pagination.innerText();
      await nextPage(page, pagination);
      await expect.poll(() => pagination.innerText()).not.toBe(before);
      await page.getByText('Loading messages…').waitFor({ state: 'detached' });
    }
    expect(new URL(page.url()).searchParams.get('threads-page')).toMatch(/^\d+$/);
    await panel.thread(OLDEST_DEMO_THREAD).waitFor();
    expect(await pagination.getByRole('link', { name: 'Previous page' }).count()).toBe(1);
    await expectNoAxeViolations(page);
    await expectNoSidewaysScroll(page);
    expect(errors).toEqual([]);
    await page.context().close();
  }, 120_000);

  it.each([1280, 320])('pages the team inbox at %i px: more open threads than a page, the second page from the keyboard', async (width) => {
    const page = await (await newContext(browser, { width })).newPage();
    const errors = watchPageErrors(page);
    await signInAt(page, '/admin/inbox', demo.teamMember);
    await page.getByRole('heading', { level: 1, name: 'Inbox' }).waitFor();
    await page.locator('.data-table').waitFor();
    const pagination = page.getByRole('navigation', { name: 'Pages of threads' });
    expect(await pagination.innerText()).toMatch(/Page 1 of [2-9]/);
    // Whole rows: two suppliers may ask the same question.
    const rows = page.locator('.data-table tbody tr');
    const firstPage = await rows.allInnerTexts();
    expect(firstPage).toHaveLength(25);
    await expectNoAxeViolations(page);
    await expectNoSidewaysScroll(page);

    await nextPage(page, pagination);
    await page.waitForURL((url) => url.searchParams.get('page') === '2');
    await expect.poll(() => pagination.innerText()).toMatch(/Page 2 of/);
    await expect.poll(async () => (await rows.allInnerTexts()).join('|')).not.toBe(firstPage.join('|'));
    const secondPage = await rows.allInnerTexts();
    expect(secondPage.length).toBeGreaterThan(0);
    expect(secondPage.filter((name) => firstPage.includes(name))).toEqual([]);
    await expectNoAxeViolations(page);
    await expectNoSidewaysScroll(page);
    expect(errors).toEqual([]);
    await page.context().close();
  }, 120_000);

  it('says on the new-thread form that the day’s threads are started, what to do instead and until when', async () => {
    const page = await (await newContext(browser)).newPage();
    const header = await signInAt(page, '/dashboard', demo.admin);
    // The supplier the admin acts for before: the journeys after this one in its worker expect it back.
    const bearer = { Authorization: `Bearer ${await storedAccessToken(page)}` };
    const before = (await (await page.request.get('/api/v1/user', { headers: bearer })).json()) as { activeSupplier: { supplierID: number } };
    onTestFinished(async () => {
      const restored = await page.request.get(`/api/v1/user/switch/${String(before.activeSupplier.supplierID)}`, { headers: bearer });
      expect(restored.status()).toBe(200);
      await page.context().close();
    });
    // The admin acts for Harbourside Consulting, which no other journey writes for.
    const menu = await header.openUserMenu(demo.admin.name);
    const option = menu.locator('.supplier-switcher').getByRole('button', { name: new RegExp(LIMIT_SUPPLIER) });
    await option.click();
    await menu.waitFor({ state: 'detached' });
    const again = await new Header(page).openUserMenu(demo.admin.name);
    await expect.poll(() => again.getByRole('heading', { level: 2 }).innerText()).toBe(LIMIT_SUPPLIER);
    await page.keyboard.press('Escape');
    await page.goto('/dashboard/supplier');
    await MessagesPanel.verifyOnPage(page);

    // The day's threads, started through the API as a flood would be.
    const token = await storedAccessToken(page);
    const user = (await (await page.request.get('/api/v1/user', { headers: { Authorization: `Bearer ${token}` } })).json()) as { activeSupplier: { supplierID: number } };
    const supplierId = user.activeSupplier.supplierID;
    const headers = { Authorization: `Bearer ${token}`, [SUPPLIER_HEADER]: String(supplierId) };
    let statuses: number[] = [];
    for (let index = 0; index < 25 && !statuses.includes(429); index += 1) {
      const response = await page.request.post(`/api/v1/supplier/${String(supplierId)}/thread`, { headers, data: { title: `Flood ${String(index)}`, content: 'Another one' } });
      statuses = [...statuses, response.status()];
    }
    expect(statuses.at(-1)).toBe(429);
    const newestFlood = `Flood ${String(statuses.length - 2)}`;

    // From the keyboard: title, message, then the button.
    await page.reload();
    const panel = await MessagesPanel.verifyOnPage(page);
    const form = panel.newThreadForm;
    await form.getByLabel('Title').focus();
    await page.keyboard.type('One more question');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Can we start another thread today?');
    await form.getByRole('button', { name: 'Start thread' }).focus();
    await page.keyboard.press('Enter');
    const alert = form.getByRole('alert');
    await expect.poll(() => alert.innerText()).toMatch(
      /^Your organisation has started 20 new threads in the last 24 hours, the most it can start in a day\. Write in one of your existing threads instead, or start a new thread after \d{1,2} \w+ \d{4}, \d{1,2}:\d{2} (am|pm)\.$/,
    );
    // The draft stays for later.
    expect(await form.getByLabel('Title').inputValue()).toBe('One more question');
    // A reply in an existing thread still goes.
    const existing = panel.thread(newestFlood);
    await existing.waitFor();
    await panel.reply(existing, 'Adding to this thread instead.');
    await expect.poll(() => panel.messages(existing).count()).toBe(2);
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 320, height: 900 });
    await expectNoSidewaysScroll(page);
  }, 120_000);
});
