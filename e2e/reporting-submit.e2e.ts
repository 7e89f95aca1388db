/**
 * Journeys of submitting engagement notices and billing reports (spec §2 `submit`, §3, §4, §8;
 * issue 12): the admin of Kōwhai Digital writes a notice in steps, saves it for later, comes back
 * after signing out, checks the answers and submits it; then a billing report against another
 * notice, where a month already reported is refused on the form, each line headed "Amount 1",
 * "Amount 2" with its "Excluding GST." hint, and its total on check your answers; the team exports
 * both as CSV.
 * Then the failures of spec §8: a source list that fails to load, a notice that fails to load, and
 * a save over a newer one, each said plainly with a way on.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportableNoticeList } from '../common/api/billing-reports';
import type { EngagementNoticeResponse, SaveEngagementNoticeResponse } from '../common/api/engagement-notices';
import type { ServiceListResponse } from '../common/api/applications';
import type { AgencySourceList } from '../common/api/agencies';
import { DUPLICATE_PERIOD_MESSAGE } from '../common/api/billing-reports';
import { SUPPLIER_HEADER } from '../common/constants';
import { ApplyScreen } from './pages/applications-page';
import { Header } from './pages/header';
import { MessagesPanel } from './pages/messages-panel';
import { ReportingDetailsPage, ReportingListPage } from './pages/reporting-pages';
import { expectNoAxeViolations, expectNoSidewaysScroll, launchBrowser, newContext, watchPageErrors } from './support/browser';
import { demo, signInAt, storedAccessToken, supplierApiHeaders } from './support/session';

const NOTICE_TITLE = 'Digital inclusion research';

async function getJson<T>(page: Page, path: string, headers: Record<string, string>): Promise<T> {
  const response = await page.request.get(path, { headers });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as T;
}

describe('submitting engagement notices and billing reports', () => {
  let browser: Browser;
  let page: Page;
  let errors: string[];
  let headers: Record<string, string>;
  let noticeId = 0;

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await (await newContext(browser)).newPage();
    errors = watchPageErrors(page);
    await signInAt(page, '/dashboard/engagement-notices', demo.admin);
    headers = await supplierApiHeaders(page);
  });
  afterAll(() => browser.close());

  it('the admin writes a notice in steps, saves it for later, comes back after signing out, checks the answers and submits it', async () => {
    const [agency] = await getJson<AgencySourceList>(page, '/api/v1/engagement-notice/agency', headers);
    const [service] = await getJson<ServiceListResponse>(page, '/api/v1/service?approved=true', headers);
    expect(agency).toBeDefined();
    expect(service?.label).toMatch(/ - \(catalogue: .+\)$/);

    await page.goto('/dashboard/engagement-notices');
    await page.getByRole('link', { name: 'Submit an engagement notice' }).click();
    let screen = await ApplyScreen.waitFor(page, 'The engagement');
    expect(new URL(page.url()).pathname).toBe('/dashboard/engagement-notices/submit/step/1');
    expect(await screen.stepProgress()).toBe('Step 1 of 2');
    await screen.field('Agency').locator('option', { hasText: agency?.name ?? '' }).waitFor({ state: 'attached' });
    // An agency that is not listed: the help says how it gets there, with the agency form.
    await page.getByText('The agency is not in the list').click();
    expect(await page.getByRole('link', { name: 'agency registration form' }).getAttribute('href')).toBe('/agency-form');
    await expectNoAxeViolations(page);

    // Nothing answered: every question says what it needs, in the order of the page.
    await screen.button('Save and continue').click();
    await page.locator('.error-summary').waitFor();
    expect(await screen.summaryMessages()).toEqual(['Select the agency you are engaged by', 'Enter a title for the engagement', 'Select at least one service']);
    await expectNoAxeViolations(page);

    await screen.field('Agency').selectOption({ label: agency?.name ?? '' });
    await screen.field('Engagement title').fill(NOTICE_TITLE);
    await screen.field('Agency reference (optional)').fill('PO-2026-0415');
    await screen.group('Services').getByLabel(service?.label ?? '', { exact: true }).check();
    await screen.button('Save and continue').click();

    // The first save made the notice: its id is in the address from here on.
    screen = await ApplyScreen.waitFor(page, 'Dates and value');
    const match = /\/engagement-notices\/submit\/(\d+)\/step\/2$/.exec(new URL(page.url()).pathname);
    expect(match, page.url()).not.toBeNull();
    noticeId = Number(match?.[1]);
    expect(await screen.stepProgress()).toBe('Step 2 of 2');
    await screen.enterDate('Start date', { day: '1', month: '3', year: '2026' });
    await screen.enterDate('End date', { day: '28', month: '2', year: '2026' });
    await screen.field('Value').fill('12,500.50');
    await screen.button('Save and continue').click();
    await page.locator('.error-summary').waitFor();
    expect(await screen.summaryMessages()).toEqual(['The end date must be the same as or after the start date']);
    await expectNoAxeViolations(page);
    await screen.enterDate('End date', { day: '30', month: '9', year: '2026' });
    await screen.button('Save and come back later').click();

    await page.getByRole('heading', { level: 1, name: 'Engagement notices' }).waitFor();
    await expect.poll(() => page.getByRole('status').innerText()).toContain('saved as a draft');

    // Signed out and back in, the draft continues where it was left, its answers kept.
    const menu = await new Header(page).openUserMenu(demo.admin.name);
    await menu.getByRole('button', { name: 'Logout of all accounts', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/', { timeout: 20_000 });
    await signInAt(page, `/dashboard/engagement-notices/submit/${String(noticeId)}`, demo.admin);
    headers = await supplierApiHeaders(page);
    screen = await ApplyScreen.waitFor(page, 'Dates and value');
    expect(new URL(page.url()).pathname).toBe(`/dashboard/engagement-notices/submit/${String(noticeId)}/step/2`);
    expect(await screen.field('Value').inputValue()).toBe('12500.50');
    expect(await screen.group('End date').getByLabel('Month', { exact: true }).inputValue()).toBe('9');
    await screen.button('Save and continue').click();

    // Check your answers: labels, not ids; money in dollars; dates as people write them.
    screen = await ApplyScreen.waitFor(page, 'Check your answers');
    const answers = page.locator('.screen');
    // The labels of the chosen agency and services come from their lists.
    await expect.poll(() => answers.innerText()).toContain(service?.label ?? '');
    const text = await answers.innerText();
    expect(text).toContain(agency?.name ?? '');
    expect(text).toContain('$12,500.50');
    expect(text).toContain('1 March 2026');
    expect(text).toContain('30 September 2026');
    await expectNoAxeViolations(page);
    await expectNoSidewaysScroll(page);

    // A change goes to its step and comes straight back.
    await page.getByRole('link', { name: 'Change the engagement' }).click();
    screen = await ApplyScreen.waitFor(page, 'The engagement');
    expect(await screen.field('Engagement title').inputValue()).toBe(NOTICE_TITLE);
    await screen.field('Agency reference (optional)').fill('PO-2026-0416');
    await screen.button('Save and continue').click();
    screen = await ApplyScreen.waitFor(page, 'Check your answers');
    await expect.poll(() => answers.innerText()).toContain('PO-2026-0416');

    await screen.button('Submit engagement notice').click();
    await page.getByRole('heading', { level: 1, name: 'Engagement notice', exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/dashboard/engagement-notices/engagement-notice/${String(noticeId)}`);
    await expect.poll(() => page.locator('body').innerText()).toContain('was submitted');
    const stored = await getJson<EngagementNoticeResponse>(page, `/api/v1/engagement-notice/${String(noticeId)}`, headers);
    expect(stored).toMatchObject({ status: 'submitted', isLocked: true, agency: { id: agency?.id }, services: [{ id: service?.id }] });
    expect(stored.data['dates-and-value']).toMatchObject({ start_date: '2026-03-01', end_date: '2026-09-30', value: 1_250_050 });

    // A submitted notice cannot be reopened for editing: its submission address shows its details.
    await page.goto(`/dashboard/engagement-notices/submit/${String(noticeId)}/step/1`);
    await page.getByRole('heading', { level: 1, name: 'Engagement notice', exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/dashboard/engagement-notices/engagement-notice/${String(noticeId)}`);

    // It is in the list, submitted; its details hold a thread with the team.
    const list = await ReportingListPage.open(page, 'Engagement notices');
    expect(await list.status(NOTICE_TITLE)).toBe('Submitted');
    await list.row(NOTICE_TITLE).getByRole('link', { name: /^View/ }).click();
    const details = await ReportingDetailsPage.waitFor(page, 'Engagement notice', NOTICE_TITLE);
    expect(await details.fact('Agency')).toBe(agency?.name);
    const panel = await MessagesPanel.verifyOnPage(page);
    await panel.startThread('Start date moved', 'The agency has asked us to start two weeks earlier than planned.');
    const thread = panel.thread('Start date moved');
    await thread.waitFor();
    expect(await panel.messages(thread).count()).toBe(1);
    await expectNoAxeViolations(page);

    // Withdrawn with the reason Other, which needs the supplier's own words.
    await page.getByRole('button', { name: 'Withdraw this notice' }).click();
    const withdraw = details.withdrawForm();
    await withdraw.getByLabel('Other', { exact: true }).check();
    await withdraw.getByRole('button', { name: 'Withdraw engagement notice' }).click();
    await expect.poll(() => details.summaryMessages()).toEqual(['Say why you are withdrawing this engagement notice']);
    await withdraw.getByLabel('Tell us why', { exact: true }).fill('The agency paused the research until next financial year.');
    await withdraw.getByRole('button', { name: 'Withdraw engagement notice' }).click();
    await expect.poll(() => details.fact('Status')).toBe('Withdrawn');
    expect(await details.fact('Why it was withdrawn')).toBe('The agency paused the research until next financial year.');
    const withdrawn = await getJson<EngagementNoticeResponse>(page, `/api/v1/engagement-notice/${String(noticeId)}`, headers);
    expect(withdrawn).toMatchObject({ status: 'withdrawn', withdrawnReason: 'other', withdrawnReasonOther: 'The agency paused the research until next financial year.' });
  });

  it('the keyboard alone completes a notice, from the list to its details', async () => {
    const [agency] = await getJson<AgencySourceList>(page, '/api/v1/engagement-notice/agency', headers);
    const title = 'Keyboard only engagement';
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent ?? document.activeElement?.id ?? '');
    /** Tabs until the element is focused (as a person would), then leaves it focused. */
    const tabTo = async (target: ReturnType<Page['locator']>) => {
      for (let presses = 0; presses < 60; presses += 1) {
        if (await target.evaluate((element) => element === document.activeElement)) {
          return;
        }
        await page.keyboard.press('Tab');
      }
      throw new Error(`Tab never reached ${String(target)}; focus is on ${await focused()}`);
    };
    await ReportingListPage.open(page, 'Engagement notices');
    await tabTo(page.getByRole('link', { name: 'Submit an engagement notice' }));
    await page.keyboard.press('Enter');
    let screen = await ApplyScreen.waitFor(page, 'The engagement');
    await screen.field('Agency').locator('option', { hasText: agency?.name ?? '' }).waitFor({ state: 'attached' });

    await tabTo(screen.field('Agency'));
    // A closed select moves through its options with the arrow keys.
    for (let presses = 0; presses < 20 && (await screen.field('Agency').inputValue()) !== String(agency?.id); presses += 1) {
      await page.keyboard.press('ArrowDown');
    }
    expect(await screen.field('Agency').inputValue()).toBe(String(agency?.id));
    await tabTo(screen.field('Engagement title'));
    await page.keyboard.type(title);
    const firstService = screen.group('Services').getByRole('checkbox').first();
    await tabTo(firstService);
    await page.keyboard.press('Space');
    expect(await firstService.isChecked()).toBe(true);
    await tabTo(screen.button('Save and continue'));
    await page.keyboard.press('Enter');

    screen = await ApplyScreen.waitFor(page, 'Dates and value');
    for (const [legend, date] of [
      ['Start date', ['2', '11', '2026']],
      ['End date', ['26', '2', '2027']],
    ] as const) {
      await tabTo(screen.group(legend).getByLabel('Day', { exact: true }));
      for (const part of date) {
        await page.keyboard.type(part);
        await page.keyboard.press('Tab');
      }
    }
    await tabTo(screen.field('Value'));
    await page.keyboard.type('8000');
    await page.keyboard.press('Enter');

    screen = await ApplyScreen.waitFor(page, 'Check your answers');
    await tabTo(screen.button('Submit engagement notice'));
    await page.keyboard.press('Enter');
    const details = await ReportingDetailsPage.waitFor(page, 'Engagement notice', title);
    expect(await details.fact('Status')).toBe('Submitted');
    expect(await details.fact('Value (excluding GST)')).toBe('$8,000.00');
  });

  it('a billing report against another notice: a month already reported is refused on the form; the team exports both as CSV', async () => {
    const notices = await getJson<ReportableNoticeList>(page, '/api/v1/billing-report/engagement-notices', headers);
    // A seeded notice with reports: not the one just submitted.
    const other = notices.find((notice) => notice.id !== noticeId && notice.reportedPeriods.length > 0);
    expect(other, JSON.stringify(notices)).toBeDefined();
    const reported = other?.reportedPeriods[0] ?? '';
    const [reportedYear = '', reportedMonth = ''] = reported.split('-');
    const free = ['2026-01', '2026-02', '2026-03'].find((period) => !other?.reportedPeriods.includes(period)) ?? '';

    await page.goto('/dashboard/billing-reports');
    await page.getByRole('link', { name: 'Submit a billing report' }).click();
    let screen = await ApplyScreen.waitFor(page, 'Engagement and month');
    await screen.field('Engagement notice').locator('option', { hasText: other?.label ?? '' }).waitFor({ state: 'attached' });
    await expectNoAxeViolations(page);
    await screen.field('Engagement notice').selectOption({ label: other?.label ?? '' });
    const month = screen.group('Billing period');
    await month.getByLabel('Month', { exact: true }).fill(String(Number(reportedMonth)));
    await month.getByLabel('Year', { exact: true }).fill(reportedYear);
    await screen.button('Save and continue').click();
    await page.locator('.error-summary').waitFor();
    expect(await screen.summaryMessages()).toEqual([DUPLICATE_PERIOD_MESSAGE]);
    expect(new URL(page.url()).pathname).toBe('/dashboard/billing-reports/submit/step/1');
    await expectNoAxeViolations(page);

    const [freeYear = '', freeMonth = ''] = free.split('-');
    await month.getByLabel('Month', { exact: true }).fill(String(Number(freeMonth)));
    await month.getByLabel('Year', { exact: true }).fill(freeYear);
    await screen.button('Save and continue').click();

    screen = await ApplyScreen.waitFor(page, 'Amounts billed');
    const reportId = Number(/\/billing-reports\/submit\/(\d+)\/step\/2$/.exec(new URL(page.url()).pathname)?.[1]);
    expect(reportId).toBeGreaterThan(0);
    // The services are the chosen notice's.
    const line = page.locator('.array-item').first();
    const serviceSelect = line.getByLabel('Service', { exact: true });
    await serviceSelect.locator('option').nth(1).waitFor({ state: 'attached' });
    await serviceSelect.selectOption({ index: 1 });
    await line.getByLabel('Amount', { exact: true }).fill('-5');
    await screen.button('Save and continue').click();
    await page.locator('.error-summary').waitFor();
    expect((await screen.summaryMessages()).join(' ')).toMatch(/negative/);
    await line.getByLabel('Amount', { exact: true }).fill('4,200');
    // Each line is headed by what it is, numbered (GOV.UK add another), and its amount says it excludes GST.
    expect(await page.getByRole('group', { name: 'Amount 1' }).count()).toBe(1);
    expect(await page.getByText(/Amounts billed-1/).count()).toBe(0);
    const amount = line.getByLabel('Amount', { exact: true });
    const hint = line.getByText('Excluding GST.', { exact: true });
    expect((await amount.getAttribute('aria-describedby'))?.split(' ')).toContain(await hint.getAttribute('id'));
    await page.getByRole('button', { name: 'Add another' }).click();
    const second = page.getByRole('group', { name: 'Amount 2' });
    await second.waitFor();
    await second.getByLabel('Service', { exact: true }).selectOption({ index: 1 });
    await second.getByLabel('Amount', { exact: true }).fill('800.50');
    expect(await second.getByText('Excluding GST.', { exact: true }).count()).toBe(1);
    await expectNoAxeViolations(page);
    await screen.button('Save and continue').click();

    screen = await ApplyScreen.waitFor(page, 'Check your answers');
    await expect.poll(() => page.locator('.screen').innerText()).toContain('$4,200.00');
    expect(await page.locator('.screen').innerText()).toContain('$800.50');
    // The lines' total, after them.
    const total = page.locator('.answers__row').filter({ has: page.locator('dt', { hasText: /^Total$/ }) });
    expect((await total.locator('dd').innerText()).trim()).toBe('$5,000.50');
    await expectNoAxeViolations(page);
    // The keyboard alone submits it: the submit button is reached with Tab and pressed with Enter.
    const submit = screen.button('Submit billing report');
    for (let presses = 0; presses < 40 && !(await submit.evaluate((button) => button === document.activeElement)); presses += 1) {
      await page.keyboard.press('Tab');
    }
    expect(await submit.evaluate((button) => button === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Billing report', exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/dashboard/billing-reports/billing-report/${String(reportId)}`);

    // The team's exports hold the new notice and the new report.
    const teamPage = await (await newContext(browser)).newPage();
    await signInAt(teamPage, '/dashboard/supplier', demo.teamMember);
    const teamHeaders = { Authorization: `Bearer ${await storedAccessToken(teamPage)}` };
    const noticesCsv = await teamPage.request.get('/api/v1/admin/engagement-notices/export.csv', { headers: teamHeaders });
    expect(noticesCsv.status()).toBe(200);
    expect(noticesCsv.headers()['content-type']).toContain('text/csv');
    expect(await noticesCsv.text()).toContain(NOTICE_TITLE);
    const reportsCsv = await teamPage.request.get(`/api/v1/admin/billing-reports/export.csv?period=${free}`, { headers: teamHeaders });
    expect(reportsCsv.status()).toBe(200);
    const reportRows = (await reportsCsv.text()).split('\n');
    expect(reportRows.some((row) => row.includes('5000.50'))).toBe(true);
    await teamPage.context().close();
    expect(errors).toEqual([]);
  });

  it('a supplier with no submitted notice is told what a billing report needs first, and goes on to a notice from there', async () => {
    const memberPage = await (await newContext(browser)).newPage();
    const memberErrors = watchPageErrors(memberPage);
    await signInAt(memberPage, '/dashboard/billing-reports', demo.member);
    await memberPage.getByRole('link', { name: 'Submit a billing report' }).click();
    await memberPage.getByText('You can submit a billing report once you have submitted an engagement notice.').waitFor();
    expect(await memberPage.getByRole('button', { name: 'Save and continue' }).count()).toBe(0);
    await expectNoAxeViolations(memberPage);
    await memberPage.getByRole('link', { name: 'Submit an engagement notice' }).click();
    await ApplyScreen.waitFor(memberPage, 'The engagement');
    expect(new URL(memberPage.url()).pathname).toBe('/dashboard/engagement-notices/submit/step/1');
    expect(memberErrors).toEqual([]);
    await memberPage.context().close();
  });

  it('a source list that fails to load is emptied and says so, and loads again on request (spec §8)', async () => {
    await page.route('**/api/v1/engagement-notice/agency', (route) => route.fulfill({ status: 503, body: '{"error":"unavailable","message":"Down"}' }));
    try {
      await page.goto('/dashboard/engagement-notices/submit/step/1');
      const screen = await ApplyScreen.waitFor(page, 'The engagement');
      const agencyField = page.locator('.form-field').filter({ has: page.getByText('Agency', { exact: true }) }).first();
      await agencyField.getByRole('alert').waitFor();
      expect(await screen.field('Agency').locator('option').count()).toBeLessThanOrEqual(1);
      await expectNoAxeViolations(page);
      await page.unroute('**/api/v1/engagement-notice/agency');
      await agencyField.getByRole('button', { name: 'Try again' }).click();
      await expect.poll(() => screen.field('Agency').locator('option').count()).toBeGreaterThan(1);
    } finally {
      await page.unroute('**/api/v1/engagement-notice/agency');
    }
  });

  it('a notice that fails to load says so with a retry; a save over a newer one offers the latest (spec §8)', async () => {
    // A draft made through the API, as another tab of the same supplier would.
    const form = await getJson<{ key: string; version: number }>(page, '/api/v1/engagement-notice/form', headers);
    const supplierID = Number(headers[SUPPLIER_HEADER]);
    const created = await page.request.post('/api/v1/engagement-notice/save', {
      headers,
      data: { form: { key: form.key, version: form.version }, progress: 1, engagementNotice: { engagement: { title: 'Two tabs' } }, supplierID, status: 'draft' },
    });
    expect(created.status(), await created.text()).toBe(200);
    const { engagementNoticeId, lastEdited } = (await created.json()) as SaveEngagementNoticeResponse;
    const noticeUrl = `**/api/v1/engagement-notice/${String(engagementNoticeId)}`;

    await page.route(noticeUrl, (route) => route.fulfill({ status: 500, body: '{"error":"internal","message":"Internal Server Error"}' }));
    await page.goto(`/dashboard/engagement-notices/submit/${String(engagementNoticeId)}/step/1`);
    await page.getByText('We could not load your engagement notice. Check your connection and try again.').waitFor();
    expect(await page.locator('form').count()).toBe(0);
    await expectNoAxeViolations(page);
    await page.unroute(noticeUrl);
    await page.getByRole('button', { name: 'Try again' }).click();
    const screen = await ApplyScreen.waitFor(page, 'The engagement');
    expect(await screen.field('Engagement title').inputValue()).toBe('Two tabs');

    // The other tab saves first.
    const other = await page.request.post('/api/v1/engagement-notice/save', {
      headers,
      data: { id: engagementNoticeId, lastEdited, form: { key: form.key, version: form.version }, progress: 1, engagementNotice: { engagement: { title: 'Saved in the other tab' } }, supplierID, status: 'draft' },
    });
    expect(other.status(), await other.text()).toBe(200);
    await screen.field('Engagement title').fill('Saved in this tab');
    await screen.button('Save and come back later').click();
    await page.getByText('Someone else saved this engagement notice after you opened it', { exact: false }).waitFor();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Load the latest version of this engagement notice' }).click();
    await expect.poll(() => screen.field('Engagement title').inputValue()).toBe('Saved in the other tab');
    // The failures these journeys made on purpose are the only ones.
    expect(errors.filter((error) => !/status of (409|500|503)/.test(error))).toEqual([]);
  });
});
