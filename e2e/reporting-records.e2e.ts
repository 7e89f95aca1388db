/**
 * Journeys of the engagement notices and billing reports screens (spec §2, issue 12) as
 * admin@example.com (Kōwhai Digital, whose demo notices are seeded): the notices list, its filter
 * and sort; a submitted notice's details and a message in its thread; withdrawing a notice (with
 * the mouse, then with the keyboard only); deleting a draft after the confirmation; the billing
 * reports of a notice and a report's details; axe on each screen and state; 320 px without
 * sideways scroll. A journey that changes a notice first makes its own through the API, so the
 * seeded notices stay as the other journeys expect them.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EngagementNoticeListResponse, EngagementNoticeResponse, SaveEngagementNoticeResponse } from '../common/api/engagement-notices';
import type { CurrentUserResponse } from '../common/api/user';
import { SUPPLIER_HEADER } from '../common/constants';
import { MessagesPanel } from './pages/messages-panel';
import { ReportingDetailsPage, ReportingListPage } from './pages/reporting-pages';
import { expectNoAxeViolations, expectNoSidewaysScroll, launchBrowser, newContext, watchPageErrors } from './support/browser';
import { demo, signInAt, storedAccessToken } from './support/session';

const SUBMITTED = 'Regional services portal';
const WITHDRAWN = 'Heritage collection search';
const SECOND = 'Council website accessibility uplift';
const DRAFT = 'Student portal discovery';
const SEEDED = [SUBMITTED, SECOND, WITHDRAWN, DRAFT];

/** The supplier's own API calls, as the dashboard makes them: its token and the active supplier. */
class SupplierApi {
  private constructor(
    private readonly page: Page,
    private readonly headers: Record<string, string>,
    private readonly supplierId: number,
  ) {}

  static async of(page: Page): Promise<SupplierApi> {
    const token = await storedAccessToken(page);
    const user = (await (await page.request.get('/api/v1/user', { headers: { Authorization: `Bearer ${token}` } })).json()) as CurrentUserResponse;
    const supplierId = user.activeSupplier?.supplierID ?? 0;
    return new SupplierApi(page, { Authorization: `Bearer ${token}`, [SUPPLIER_HEADER]: String(supplierId) }, supplierId);
  }

  async noticeId(title: string): Promise<number> {
    const response = await this.page.request.get('/api/v1/engagement-notice', { headers: this.headers });
    expect(response.status(), await response.text()).toBe(200);
    const notice = ((await response.json()) as EngagementNoticeListResponse).engagementNotices.find((candidate) => candidate.title === title);
    expect(notice, title).toBeDefined();
    return notice?.id ?? 0;
  }

  async notice(id: number): Promise<EngagementNoticeResponse> {
    const response = await this.page.request.get(`/api/v1/engagement-notice/${String(id)}`, { headers: this.headers });
    expect(response.status(), await response.text()).toBe(200);
    return (await response.json()) as EngagementNoticeResponse;
  }

  /** A new notice on the seeded submitted notice's agency, services, dates and value, under its own title. */
  async createNotice(title: string, status: 'draft' | 'submitted'): Promise<number> {
    const model = await this.notice(await this.noticeId(SUBMITTED));
    const response = await this.page.request.post('/api/v1/engagement-notice/save', {
      headers: this.headers,
      data: {
        form: { key: model.form.key, version: model.form.version },
        progress: model.form.steps.length,
        engagementNotice: { ...model.data, engagement: { ...model.data.engagement, title } },
        supplierID: this.supplierId,
        status,
      },
    });
    expect(response.status(), await response.text()).toBe(200);
    return ((await response.json()) as SaveEngagementNoticeResponse).engagementNoticeId;
  }
}

describe('engagement notices and billing reports', () => {
  let browser: Browser;
  let page: Page;
  let errors: string[];
  let api: SupplierApi;
  const run = Date.now().toString(36);

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await (await newContext(browser)).newPage();
    errors = watchPageErrors(page);
    await signInAt(page, '/dashboard/engagement-notices', demo.admin);
    api = await SupplierApi.of(page);
  });
  afterAll(() => browser.close());

  it('lists the seeded notices, filters them by status and sorts them', async () => {
    const list = await ReportingListPage.open(page, 'Engagement notices');
    await expectNoAxeViolations(page);
    const seededOrder = async () => (await list.names()).filter((name) => SEEDED.includes(name));
    // The most recently edited first.
    expect(await seededOrder()).toEqual([WITHDRAWN, DRAFT, SECOND, SUBMITTED]);
    expect(await list.status(SUBMITTED)).toBe('Submitted');
    expect(await list.status(DRAFT)).toBe('Draft');
    expect(await list.row(SUBMITTED).getByRole('cell').allInnerTexts()).toEqual(
      expect.arrayContaining([expect.stringContaining('2 March 2026'), expect.stringContaining('$480,000.00'), expect.stringContaining('MRD-2026-0117')]),
    );

    await list.select('Show notices with status').selectOption({ label: 'Withdrawn' });
    await page.waitForURL((url) => url.searchParams.get('status') === 'withdrawn');
    // Of the seeded notices only the withdrawn one, and nothing but withdrawn notices (other journeys withdraw their own).
    await expect.poll(seededOrder).toEqual([WITHDRAWN]);
    expect(new Set((await page.locator('.data-table tbody td[data-label="Status"] .status-tag').allInnerTexts()).map((text) => text.trim()))).toEqual(new Set(['Withdrawn']));
    await expectNoAxeViolations(page);

    await list.select('Show notices with status').selectOption({ label: 'Any status' });
    await list.select('Sort by').selectOption({ label: 'Value' });
    await page.waitForURL((url) => url.searchParams.get('sort') === 'value' && !url.searchParams.has('status'));
    await expect.poll(seededOrder).toEqual([WITHDRAWN, SECOND, SUBMITTED, DRAFT]);
    await list.select('Order').selectOption({ label: 'Highest first' });
    await page.waitForURL((url) => url.searchParams.get('order') === 'desc');
    // A draft without a value comes last either way.
    await expect.poll(seededOrder).toEqual([SUBMITTED, SECOND, WITHDRAWN, DRAFT]);
    // The filtered, sorted list is in the URL: a reload keeps it.
    await page.reload();
    await list.waitForList();
    expect(await list.select('Order').inputValue()).toBe('desc');
    expect(await seededOrder()).toEqual([SUBMITTED, SECOND, WITHDRAWN, DRAFT]);
    expect(errors).toEqual([]);
  });

  it("shows a submitted notice's answers, status history and billing, and takes a message", async () => {
    const list = await ReportingListPage.open(page, 'Engagement notices');
    await list.row(SUBMITTED).getByRole('link', { name: /^View/ }).click();
    const details = await ReportingDetailsPage.waitFor(page, 'Engagement notice', SUBMITTED);
    expect(await details.fact('Status')).toBe('Submitted');
    expect(await details.fact('Agency reference')).toBe('MRD-2026-0117');
    expect(await details.fact('Start date')).toBe('2 March 2026');
    expect(await details.fact('Value (excluding GST)')).toBe('$480,000.00');
    expect(await details.history().allInnerTexts()).toEqual([expect.stringMatching(/^Started as a draft\s+5 March 2026/), expect.stringMatching(/^Submitted\s+6 March 2026/)]);
    // Six monthly reports of the seed.
    await page.getByText('$236,553.00 billed in 6 billing reports against a value of $480,000.00.').waitFor();
    await page.getByRole('heading', { level: 3, name: 'The engagement' }).waitFor();
    await page.getByRole('heading', { level: 3, name: 'Dates and value' }).waitFor();
    expect(await page.getByRole('button', { name: 'Withdraw this notice' }).count()).toBe(1);

    const panel = await MessagesPanel.verifyOnPage(page);
    await expectNoAxeViolations(page);
    const title = `Invoice question ${run}`;
    await panel.startThread(title, 'Should the September report include the travel costs?');
    await panel.thread(title).waitFor();
    expect(await panel.messages(panel.thread(title)).allInnerTexts()).toEqual([expect.stringContaining('Should the September report include the travel costs?')]);
    await expectNoAxeViolations(page);
    expect(errors).toEqual([]);
  });

  it('withdraws a notice with the reason Other, which needs words of its own', async () => {
    const title = `Withdrawn with a reason ${run}`;
    const id = await api.createNotice(title, 'submitted');
    await page.goto(`/dashboard/engagement-notices/engagement-notice/${String(id)}`);
    const details = await ReportingDetailsPage.waitFor(page, 'Engagement notice', title);
    await page.getByRole('button', { name: 'Withdraw this notice' }).click();
    const form = details.withdrawForm();
    await expect.poll(() => form.getByRole('heading', { name: 'Withdraw this engagement notice' }).evaluate((heading) => heading === document.activeElement)).toBe(true);
    await expectNoAxeViolations(page);

    await form.getByRole('button', { name: 'Withdraw engagement notice' }).click();
    expect(await details.summaryMessages()).toEqual(['Select why you are withdrawing this engagement notice']);
    await form.getByLabel('Other', { exact: true }).check();
    await form.getByRole('button', { name: 'Withdraw engagement notice' }).click();
    await expect.poll(() => details.summaryMessages()).toEqual(['Say why you are withdrawing this engagement notice']);
    await expect.poll(() => page.evaluate(() => document.activeElement?.classList.contains('error-summary') ?? false)).toBe(true);
    expect(await form.locator('.form-field__error').innerText()).toContain('Say why you are withdrawing this engagement notice');
    await expectNoAxeViolations(page);
    // The summary's link moves to the text box.
    await form.locator('.error-summary').getByRole('link').click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName ?? '')).toBe('TEXTAREA');

    await form.getByLabel('Tell us why', { exact: true }).fill('The agency folded the work into its panel contract.');
    await form.getByRole('button', { name: 'Withdraw engagement notice' }).click();
    await page.getByText(`You withdrew the engagement notice ‘${title}’.`).waitFor();
    await expect.poll(() => details.fact('Status')).toBe('Withdrawn');
    expect(await details.fact('Why it was withdrawn')).toBe('The agency folded the work into its panel contract.');
    expect(await details.history().last().innerText()).toMatch(/^Withdrawn/);
    expect(await page.getByRole('button', { name: 'Withdraw this notice' }).count()).toBe(0);
    await expectNoAxeViolations(page);
    expect((await api.notice(id)).status).toBe('withdrawn');
    expect(errors).toEqual([]);
  });

  it('withdraws a notice with the keyboard only', async () => {
    const title = `Withdrawn by keyboard ${run}`;
    const id = await api.createNotice(title, 'submitted');
    await page.goto(`/dashboard/engagement-notices/engagement-notice/${String(id)}`);
    const details = await ReportingDetailsPage.waitFor(page, 'Engagement notice', title);
    const isFocused = (name: string) => page.evaluate((text) => document.activeElement?.textContent.trim() === text, name);
    for (let presses = 0; presses < 80 && !(await isFocused('Withdraw this notice')); presses += 1) {
      await page.keyboard.press('Tab');
    }
    expect(await isFocused('Withdraw this notice')).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => isFocused('Withdraw this engagement notice')).toBe(true);
    // Into the radios: the first reason; Space chooses it.
    await page.keyboard.press('Tab');
    await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.type)).toBe('radio');
    await page.keyboard.press('Space');
    expect(await details.withdrawForm().getByLabel('The agency cancelled the engagement').isChecked()).toBe(true);
    await page.keyboard.press('Tab');
    await expect.poll(() => isFocused('Withdraw engagement notice')).toBe(true);
    await page.keyboard.press('Enter');
    await page.getByText(`You withdrew the engagement notice ‘${title}’.`).waitFor();
    await expect.poll(() => details.fact('Status')).toBe('Withdrawn');
    expect(await details.fact('Why it was withdrawn')).toBe('The agency cancelled the engagement');
    expect(errors).toEqual([]);
  });

  it('deletes a draft only after the confirmation, keeping it on Cancel', async () => {
    const title = `Draft to delete ${run}`;
    await api.createNotice(title, 'draft');
    const list = await ReportingListPage.open(page, 'Engagement notices', '?status=draft');
    await list.row(title).getByRole('button', { name: /^Delete/ }).click();
    const dialog = page.getByRole('alertdialog', { name: `Delete the draft engagement notice ‘${title}’?` });
    await dialog.waitFor();
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Keep engagement notice' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await list.row(title).count()).toBe(1);

    await list.row(title).getByRole('button', { name: /^Delete/ }).click();
    await dialog.getByRole('button', { name: 'Delete engagement notice' }).click();
    await list.message().filter({ hasText: `The draft engagement notice ‘${title}’ was deleted.` }).waitFor();
    await expect.poll(() => list.row(title).count()).toBe(0);
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName ?? '')).toBe('H1');
    await expectNoAxeViolations(page);
    expect(errors).toEqual([]);
  });

  it("lists a notice's billing reports and shows a report's details", async () => {
    const id = await api.noticeId(SUBMITTED);
    await page.goto(`/dashboard/engagement-notices/engagement-notice/${String(id)}`);
    await ReportingDetailsPage.waitFor(page, 'Engagement notice', SUBMITTED);
    await page.getByRole('link', { name: 'See the billing reports for this notice' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard/billing-reports' && url.searchParams.get('engagementNotice') === String(id));
    const list = new ReportingListPage(page, 'Billing reports');
    await list.waitForList();
    await page.locator('.reporting-filter-note', { hasText: `Showing the billing reports for the engagement notice ${SUBMITTED}.` }).waitFor();
    await expect.poll(() => list.names()).toEqual(Array.from({ length: 6 }, () => SUBMITTED));
    expect(await list.select('Show reports for').inputValue()).toBe(String(id));
    await expectNoAxeViolations(page);

    await list.select('Sort by').selectOption({ label: 'Billing period' });
    await page.waitForURL((url) => url.searchParams.get('sort') === 'billingPeriod');
    const periods = () => page.locator('.data-table tbody td[data-label="Billing period"]').allInnerTexts();
    await expect.poll(periods).toEqual(['April 2026', 'May 2026', 'June 2026', 'July 2026', 'August 2026', 'September 2026']);

    await list.row(SUBMITTED).first().getByRole('link', { name: /^View/ }).click();
    const details = await ReportingDetailsPage.waitFor(page, 'Billing report', `${SUBMITTED}, April 2026`);
    expect(await details.fact('Billing period')).toBe('April 2026');
    expect(await details.fact('Total amount (excluding GST)')).toBe('$36,300.50');
    expect(await details.fact('Status')).toBe('Submitted');
    await page.getByRole('table', { name: 'Amounts billed for each service, excluding GST' }).getByRole('cell', { name: '$24,500.00' }).waitFor();
    await MessagesPanel.verifyOnPage(page);
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: SUBMITTED, exact: false }).first().click();
    await ReportingDetailsPage.waitFor(page, 'Engagement notice', SUBMITTED);

    // Clearing the filter shows every report again.
    await page.goto(`/dashboard/billing-reports?engagementNotice=${String(id)}`);
    await list.waitForList();
    await page.getByRole('link', { name: 'Show billing reports for every engagement notice' }).click();
    await page.waitForURL((url) => !url.searchParams.has('engagementNotice'));
    await expect.poll(async () => (await list.names()).length).toBeGreaterThanOrEqual(8);
    expect(errors).toEqual([]);
  });

  it('says plainly when a notice is not among the supplier’s', async () => {
    await page.goto('/dashboard/engagement-notices/engagement-notice/999999');
    await page.getByText("There is no such engagement notice among your supplier's engagement notices.", { exact: false }).waitFor();
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: 'Back to your engagement notices' }).click();
    await new ReportingListPage(page, 'Engagement notices').waitForList();
  });

  it('fits a 320 px wide screen without sideways scrolling', async () => {
    const small = await (await newContext(browser, { width: 320 })).newPage();
    await signInAt(small, '/dashboard/engagement-notices', demo.admin);
    const id = await api.noticeId(SUBMITTED);
    await new ReportingListPage(small, 'Engagement notices').waitForList();
    await expectNoSidewaysScroll(small);
    await small.goto(`/dashboard/engagement-notices/engagement-notice/${String(id)}`);
    await ReportingDetailsPage.waitFor(small, 'Engagement notice', SUBMITTED);
    await MessagesPanel.verifyOnPage(small);
    await expectNoSidewaysScroll(small);
    await small.getByRole('button', { name: 'Withdraw this notice' }).click();
    await small.getByLabel('Other', { exact: true }).check();
    await expectNoSidewaysScroll(small);
    const list = await ReportingListPage.open(small, 'Billing reports', `?engagementNotice=${String(id)}`);
    await expectNoSidewaysScroll(small);
    await list.row(SUBMITTED).first().getByRole('link', { name: /^View/ }).click();
    await ReportingDetailsPage.waitFor(small, 'Billing report');
    await expectNoSidewaysScroll(small);
    await expectNoAxeViolations(small);
    await small.context().close();
  });
});
