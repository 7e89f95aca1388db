/**
 * The journey of issue 27 item 6, "Nobody has a to-do list": the admin of Kōwhai Digital opens the
 * dashboard and sees what needs doing, a billing report due among it; follows it to a report whose
 * notice and month are already chosen, submits it, and the item is gone while the next month stays.
 * The team sees the same months in its missing billing reports, narrowed to the supplier and to one
 * month. Axe on every screen, and at 320 px no sideways scroll. The notice is the journey's own,
 * made through the supplier's API, over months no other record covers (December 2025, January 2026).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApplyScreen } from './pages/applications-page';
import { expectNoAxeViolations, expectNoSidewaysScroll, launchBrowser, newContext, watchPageErrors } from './support/browser';
import { sendNotice } from './support/engagement-notices';
import { demo, signInAt } from './support/session';

const SUPPLIER = 'Kōwhai Digital';
function panel(page: Page) {
  return page.getByRole('region', { name: 'What needs doing' });
}

function dueLink(page: Page, month: string, title: string) {
  return panel(page).getByRole('link', { name: `Submit a billing report for ${month}: ${title}`, exact: true });
}

describe('what needs doing, and the missing billing reports', () => {
  let browser: Browser;
  let page: Page;
  let errors: string[];
  let noticeId = 0;
  const title = `Next steps journey notice ${Date.now().toString(36)}`;

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await (await newContext(browser)).newPage();
    errors = watchPageErrors(page);
    await signInAt(page, '/dashboard/billing-reports', demo.admin);
    // December 2025 to January 2026: months no other record covers.
    noticeId = await sendNotice(page, title, { start_date: '2025-12-01', end_date: '2026-01-30' });
  });
  afterAll(() => browser.close());

  it('the supplier sees a report due on its first screen, submits it from there, and it is no longer due', async () => {
    await page.goto('/dashboard');
    await page.waitForURL('**/dashboard/applications');
    await dueLink(page, 'December 2025', title).waitFor();
    await dueLink(page, 'January 2026', title).waitFor();
    await expectNoAxeViolations(page);

    await dueLink(page, 'December 2025', title).click();
    let screen = await ApplyScreen.waitFor(page, 'Engagement and month');
    expect(new URL(page.url()).pathname).toBe('/dashboard/billing-reports/submit/step/1');
    // The notice and the month are already chosen.
    const notice = screen.field('Engagement notice');
    await notice.locator('option', { hasText: title }).waitFor({ state: 'attached' });
    expect(await notice.inputValue()).toBe(String(noticeId));
    const month = page.getByRole('group', { name: /Billing period/ });
    expect(await month.getByLabel('Month', { exact: true }).inputValue()).toBe('12');
    expect(await month.getByLabel('Year', { exact: true }).inputValue()).toBe('2025');
    await expectNoAxeViolations(page);
    await screen.button('Save and continue').click();

    screen = await ApplyScreen.waitFor(page, 'Amounts billed');
    const line = page.locator('.array-item').first();
    const service = line.getByLabel('Service', { exact: true });
    await service.locator('option').nth(1).waitFor({ state: 'attached' });
    await service.selectOption({ index: 1 });
    await line.getByLabel('Amount', { exact: true }).fill('1,250');
    await screen.button('Save and continue').click();

    screen = await ApplyScreen.waitFor(page, 'Check your answers');
    await screen.button('Submit billing report').click();
    await page.getByRole('heading', { level: 1, name: 'Billing report', exact: true }).waitFor();

    // Back on the first screen: December is done, January still due.
    await page.goto('/dashboard');
    await dueLink(page, 'January 2026', title).waitFor();
    expect(await dueLink(page, 'December 2025', title).count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('the panel fits a 320 px screen', async () => {
    const narrow = await (await newContext(browser, { width: 320 })).newPage();
    await signInAt(narrow, '/dashboard/applications', demo.admin);
    await dueLink(narrow, 'January 2026', title).waitFor();
    await expectNoSidewaysScroll(narrow);
    await expectNoAxeViolations(narrow);
    await narrow.context().close();
  });

  it('the team lists the missing reports, narrowed to the supplier and to a month, at 1280 and 320 px', async () => {
    for (const width of [1280, 320]) {
      const team = await (await newContext(browser, { width })).newPage();
      const teamErrors = watchPageErrors(team);
      await signInAt(team, '/admin/missing-billing-reports', demo.teamMember);
      await team.getByRole('heading', { level: 1, name: 'Missing billing reports' }).waitFor();
      const mine = team.getByRole('row').filter({ has: team.getByRole('rowheader', { name: title }) });
      // The oldest month first: the journey's January is on the first page; its December was reported.
      await mine.first().waitFor();
      expect(await mine.count()).toBe(1);
      expect(await mine.innerText()).toContain('January 2026');
      await expectNoAxeViolations(team);
      if (width === 320) {
        await expectNoSidewaysScroll(team);
      }

      await mine.getByRole('link', { name: new RegExp(`^${SUPPLIER}`) }).click();
      await team.getByText(`Supplier: ${SUPPLIER}`).waitFor();
      await team.getByLabel('Billing period', { exact: true }).selectOption({ label: 'January 2026' });
      await team.waitForURL((url) => url.searchParams.get('period') === '2026-01');
      await team.getByText(/^\d+ missing billing reports? for January 2026$/).waitFor();
      await mine.first().waitFor();
      await expectNoAxeViolations(team);

      // A month with nothing missing says so, with the way back to the whole list.
      await team.getByLabel('Billing period', { exact: true }).selectOption({ label: 'December 2025' });
      await team.locator('.empty-state').waitFor();
      await expectNoAxeViolations(team);
      expect(teamErrors).toEqual([]);
      await team.context().close();
    }
  });
});
