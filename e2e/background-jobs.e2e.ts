/**
 * Journey of the team console's failed mail and jobs (issue 28 item 5), on the demo data's two
 * mails (server/seed/demo-mail-jobs.ts): staff@example.com, a team admin, sees the home's count,
 * opens the list, reads why each failed, retries the failed invitation (which the worker then sends:
 * it reaches the outbox and leaves the list), and cancels the waiting notice from the keyboard after
 * confirming, leaving the empty list; both actions are in the audit log. team@example.com, a plain
 * team member, is told only team admins can see them.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_FAILED_MAIL, DEMO_FAILED_MAIL_REASON, DEMO_WAITING_MAIL, DEMO_WAITING_MAIL_REASON } from '../server/seed/demo-mail-jobs';
import { OutboxPage } from './pages/outbox-page';
import { expectNoAxeViolations, expectNoSidewaysScroll, launchBrowser, newContext, watchPageErrors } from './support/browser';
import { demo, signInAt } from './support/session';

const TEAM_MEMBER = { email: 'team@example.com', name: 'Tama Team' };
const failed = `“${DEMO_FAILED_MAIL.subject}” to ${String(DEMO_FAILED_MAIL.to)}`;
const waiting = `“${DEMO_WAITING_MAIL.subject}” to ${String(DEMO_WAITING_MAIL.to)}`;

function row(page: Page, description: string) {
  return page.getByRole('row').filter({ has: page.getByRole('rowheader').filter({ hasText: description }) });
}

async function cell(page: Page, description: string, label: string): Promise<string> {
  return (await row(page, description).locator(`td[data-label="${label}"]`).innerText()).trim();
}

describe('the team console: failed mail and jobs', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('fits a phone: the list of the demo data\'s mail does not scroll sideways at 320 px', async () => {
    const page = await (await newContext(browser, { width: 320 })).newPage();
    await signInAt(page, '/admin/background-jobs', demo.teamMember);
    await page.getByRole('heading', { level: 1, name: 'Failed mail and jobs' }).waitFor();
    await row(page, failed).waitFor();
    await expectNoSidewaysScroll(page);
  });

  it('a team admin reads why mail failed, retries one, which is then sent, and cancels the other after confirming', async () => {
    const page = await (await newContext(browser)).newPage();
    const errors = watchPageErrors(page);
    await signInAt(page, '/admin', demo.teamMember);
    const panel = page.getByRole('region', { name: 'Mail and background jobs' });
    await panel.getByText('1 failed and 1 waiting to retry.').waitFor();
    await panel.getByRole('link', { name: 'See failed mail and jobs' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/background-jobs');
    await page.getByRole('heading', { level: 1, name: 'Failed mail and jobs' }).waitFor();

    await row(page, failed).waitFor();
    expect(await row(page, failed).getByRole('rowheader').innerText()).toContain('Failed');
    expect(await cell(page, failed, 'Why it failed')).toBe(DEMO_FAILED_MAIL_REASON);
    expect(await cell(page, failed, 'Tries')).toBe('11 of 11');
    expect(await cell(page, failed, 'Next try')).toBe('Not unless you retry it');
    expect(await row(page, waiting).getByRole('rowheader').innerText()).toContain('Waiting to retry');
    expect(await cell(page, waiting, 'Why it failed')).toBe(DEMO_WAITING_MAIL_REASON);
    expect(await cell(page, waiting, 'Tries')).toBe('2 of 11');
    expect(await cell(page, waiting, 'Next try')).toMatch(/^\d{1,2} [A-Z][a-z]+ \d{4}, \d{1,2}:\d{2} [ap]m$/);
    // Neither ids nor queue names are shown.
    const text = await page.locator('.background-jobs-screen').innerText();
    expect(text).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/);
    expect(text).not.toContain('send-mail');
    await expectNoAxeViolations(page);

    // Retry the failed invitation: the worker sends it within seconds.
    await row(page, failed).getByRole('button', { name: `Retry ${failed}` }).click();
    await page.getByRole('status').getByText(`The email ${failed} will be tried again in the next few seconds.`, { exact: false }).waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
    await expect
      .poll(
        async () => {
          await page.reload();
          await page.getByRole('heading', { level: 1, name: 'Failed mail and jobs' }).waitFor();
          await row(page, waiting).waitFor();
          return row(page, failed).count();
        },
        { timeout: 30_000, interval: 1_000 },
      )
      .toBe(0);

    // Cancel the waiting notice from the keyboard: the dialog opens on its safe choice.
    const cancel = row(page, waiting).getByRole('button', { name: `Cancel ${waiting}` });
    await cancel.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('alertdialog', { name: 'Cancel this email?' });
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain(`${waiting} will not be tried again, so it will not be sent.`);
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Keep it');
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await row(page, waiting).count()).toBe(1);
    await cancel.focus();
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    // The dialog opens on its safe choice; from there, one step back is the cancel button.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Keep it');
    await page.keyboard.press('Shift+Tab');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Cancel the email');
    await page.keyboard.press('Enter');
    await page.getByRole('status').getByText(`The email ${waiting} was cancelled: it will not be tried again.`).waitFor();
    await page.getByRole('heading', { level: 2, name: 'No failed or waiting mail or jobs' }).waitFor();
    expect(await page.getByRole('table').count()).toBe(0);
    await expectNoAxeViolations(page);

    // The retried invitation reached the mail's way out, once.
    const outbox = await OutboxPage.open(page);
    await outbox.waitForMessage(String(DEMO_FAILED_MAIL.to), DEMO_FAILED_MAIL.subject);
    expect(await page.getByRole('row').filter({ hasText: String(DEMO_WAITING_MAIL.to) }).filter({ hasText: DEMO_WAITING_MAIL.subject }).count()).toBe(0);

    // Both actions are in the audit log, in plain words.
    await page.goto('/admin/audit?action=background-job.');
    await page.getByRole('heading', { level: 1, name: 'Audit log' }).waitFor();
    await page.getByRole('table').getByText('Failed mail or job tried again').first().waitFor();
    await page.getByRole('table').getByText('Failed mail or job cancelled').first().waitFor();

    await page.goto('/admin');
    await panel.getByText('No email or background job has failed.').waitFor();
    expect(errors).toEqual([]);
  }, 120_000);

  it('a plain team member is told only team admins can see failed mail and jobs', async () => {
    const page = await (await newContext(browser)).newPage();
    const errors = watchPageErrors(page);
    await signInAt(page, '/admin/background-jobs', TEAM_MEMBER);
    await page.getByRole('heading', { level: 1, name: 'Failed mail and jobs' }).waitFor();
    await page.getByText('Only team admins can see failed mail and jobs', { exact: false }).waitFor();
    expect(await page.getByRole('table').count()).toBe(0);
    await expectNoAxeViolations(page);
    await page.goto('/admin');
    await page.getByRole('heading', { level: 1, name: 'Team console' }).waitFor();
    await page.getByRole('table', { name: 'Work waiting for the team' }).waitFor();
    expect(await page.getByRole('region', { name: 'Mail and background jobs' }).count()).toBe(0);
    expect(errors).toEqual([]);
  });
});
