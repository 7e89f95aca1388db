/**
 * Journey of the team app's audit log (issue 13 item 7) as staff@example.com: the log filtered
 * to one supplier (Kōwhai Digital, chosen by name) and today's New Zealand date, only that
 * supplier's entries shown, and the CSV exported through the screen's control and read back: its
 * header row and that supplier's rows only. The entries are the journey's own: admin@example.com
 * starts a draft engagement notice for each of their two suppliers and deletes it, so the data is
 * left as it was. Then the filter form's and the API's refusals in the error summary; axe on each state.
 */
import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_CSV_COLUMNS } from '../common/api/audit';
import type { SaveEngagementNoticeResponse } from '../common/api/engagement-notices';
import type { CurrentUserResponse } from '../common/api/user';
import { SUPPLIER_HEADER } from '../common/constants';
import { parseCsv } from '../server/modules/directory/test-support';
import { expectNoAxeViolations, launchBrowser, newContext, watchPageErrors } from './support/browser';
import { demo, signInAt, storedAccessToken } from './support/session';

const SUPPLIER = 'Kōwhai Digital';

/** Today's day in New Zealand, yyyy-mm-dd: the day the journey's entries are written on there. */
function newZealandToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Auckland', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
}

/** A draft engagement notice started and deleted for the supplier: two audit entries, nothing left behind. */
async function startAndDeleteDraft(page: Page, token: string, supplierId: number, title: string): Promise<void> {
  const headers = { Authorization: `Bearer ${token}`, [SUPPLIER_HEADER]: String(supplierId) };
  const form = (await (await page.request.get('/api/v1/engagement-notice/form', { headers })).json()) as { key: string; version: number };
  const saved = await page.request.post('/api/v1/engagement-notice/save', {
    headers,
    data: { form: { key: form.key, version: form.version }, progress: 1, engagementNotice: { engagement: { title } }, supplierID: supplierId, status: 'draft' },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const { engagementNoticeId } = (await saved.json()) as SaveEngagementNoticeResponse;
  const deleted = await page.request.delete(`/api/v1/engagement-notice/${String(engagementNoticeId)}`, { headers });
  expect(deleted.status(), await deleted.text()).toBeLessThan(300);
}

/** The first line of a cell of every row, by its column's label (what only screen readers hear comes after). */
async function column(page: Page, label: string): Promise<string[]> {
  const texts = await page.locator(`.data-table tbody td[data-label="${label}"]`).allInnerTexts();
  return texts.map((text) => (text.split('\n')[0] ?? '').trim());
}

async function fillDate(page: Page, legend: string, isoDate: string): Promise<void> {
  const [year = '', month = '', day = ''] = isoDate.split('-');
  const group = page.getByRole('group', { name: legend, exact: true });
  await group.getByLabel('Day').fill(String(Number(day)));
  await group.getByLabel('Month').fill(String(Number(month)));
  await group.getByLabel('Year').fill(year);
}

describe('the team console: the audit log', () => {
  let browser: Browser;
  let teamMember: Page;
  let kowhai: number;
  let supplierAdmin: { page: Page; token: string };
  const today = newZealandToday();
  const title = `Audit journey ${Date.now().toString(36)}`;

  beforeAll(async () => {
    browser = await launchBrowser();
    const supplier = await (await newContext(browser)).newPage();
    await signInAt(supplier, '/dashboard/engagement-notices', demo.admin);
    const token = await storedAccessToken(supplier);
    const user = (await (await supplier.request.get('/api/v1/user', { headers: { Authorization: `Bearer ${token}` } })).json()) as CurrentUserResponse;
    kowhai = user.suppliers.find((candidate) => candidate.tradingName === SUPPLIER)?.supplierID ?? 0;
    const other = user.suppliers.find((candidate) => candidate.tradingName !== SUPPLIER)?.supplierID ?? 0;
    expect(kowhai).toBeGreaterThan(0);
    expect(other).toBeGreaterThan(0);
    await startAndDeleteDraft(supplier, token, kowhai, title);
    await startAndDeleteDraft(supplier, token, other, title);
    supplierAdmin = { page: supplier, token };

    teamMember = await (await newContext(browser)).newPage();
    await signInAt(teamMember, '/admin/audit', demo.teamMember);
  });
  afterAll(() => browser.close());

  it('filters to one supplier and a day, shows only its entries, and exports them as CSV', async () => {
    const errors = watchPageErrors(teamMember);
    await teamMember.goto('/admin/audit');
    await teamMember.getByRole('heading', { level: 1, name: 'Audit log' }).waitFor();
    await teamMember.locator('.data-table').waitFor();
    await expectNoAxeViolations(teamMember);

    // The supplier is chosen by its name, once the names have loaded.
    const supplierSelect = teamMember.getByLabel('Supplier', { exact: true });
    await supplierSelect.locator('option', { hasText: SUPPLIER }).waitFor({ state: 'attached' });
    await supplierSelect.selectOption({ label: SUPPLIER });
    await fillDate(teamMember, 'From', today);
    await fillDate(teamMember, 'To', today);
    await teamMember.getByRole('button', { name: 'Apply filters' }).click();
    await teamMember.waitForURL((url) => url.searchParams.get('supplier') === String(kowhai) && url.searchParams.get('from') === today && url.searchParams.get('to') === today);

    // Until the filtered page arrives the unfiltered one, which names other suppliers, is still shown.
    await expect.poll(async () => new Set(await column(teamMember, 'What it concerned'))).toEqual(new Set([SUPPLIER]));
    expect(await column(teamMember, 'Action')).toEqual(expect.arrayContaining(['Engagement notice started', 'Engagement notice deleted']));
    await teamMember.getByText(/entr(y|ies) match these filters/).waitFor();
    // The form shows what the URL holds.
    expect(await supplierSelect.locator('option:checked').innerText()).toBe(SUPPLIER);
    await expectNoAxeViolations(teamMember);

    const [download] = await Promise.all([teamMember.waitForEvent('download'), teamMember.getByRole('button', { name: 'Export as CSV' }).click()]);
    expect(download.suggestedFilename()).toBe('audit-log.csv');
    const text = await readFile(await download.path(), 'utf8');
    const [header, ...rows] = parseCsv(text.replace(/^\uFEFF/, '')).filter((row) => row.some((cell) => cell !== ''));
    expect(header).toEqual([...AUDIT_CSV_COLUMNS]);
    const supplierIndex = AUDIT_CSV_COLUMNS.indexOf('Supplier');
    const supplierIdIndex = AUDIT_CSV_COLUMNS.indexOf('Supplier id');
    const actionIndex = AUDIT_CSV_COLUMNS.indexOf('Action');
    expect(rows.length).toBeGreaterThanOrEqual(2);
    expect(new Set(rows.map((row) => row[supplierIndex]))).toEqual(new Set([SUPPLIER]));
    expect(new Set(rows.map((row) => row[supplierIdIndex]))).toEqual(new Set([String(kowhai)]));
    expect(rows.map((row) => row[actionIndex])).toEqual(expect.arrayContaining(['engagement-notice.create', 'engagement-notice.delete']));
    expect(errors).toEqual([]);
  });

  it('links from elsewhere to one supplier, and clears its filters', async () => {
    await teamMember.goto(`/admin/audit?supplier=${String(kowhai)}&action=engagement-notice.`);
    await teamMember.locator('.data-table').waitFor();
    await expect.poll(async () => new Set(await column(teamMember, 'What it concerned'))).toEqual(new Set([SUPPLIER]));
    expect(await teamMember.getByLabel('Action', { exact: true }).locator('option:checked').innerText()).toBe('Any of these');
    await teamMember.getByRole('link', { name: 'Clear filters' }).click();
    await teamMember.waitForURL((url) => url.pathname === '/admin/audit' && url.search === '');
    // The URL changes first; the form follows it as the screen draws the unfiltered list.
    await expect.poll(() => teamMember.getByLabel('Supplier', { exact: true }).inputValue()).toBe('');
  });

  it('turns the pages with Next and Previous, each starting from the entry the last one ended at', async () => {
    // More than a page of entries: the demo's own and drafts started and deleted (two entries each).
    for (let draft = 0; draft < 25; draft += 1) {
      await startAndDeleteDraft(supplierAdmin.page, supplierAdmin.token, kowhai, `${title} ${String(draft)}`);
    }
    const errors = watchPageErrors(teamMember);
    await teamMember.goto('/admin/audit');
    await teamMember.locator('.data-table').waitFor();
    const rows = () => teamMember.locator('.data-table tbody tr').allInnerTexts();
    const firstPage = await rows();
    expect(firstPage).toHaveLength(50);
    const pages = teamMember.getByRole('navigation', { name: 'Pages of audit log entries' });
    await pages.getByRole('link', { name: 'Next page' }).click();
    await teamMember.waitForURL((url) => url.searchParams.get('page') === '2' && url.searchParams.get('after') !== null);
    await pages.getByText('Page 2', { exact: false }).waitFor();
    await expect.poll(async () => (await rows())[0]).not.toBe(firstPage[0]);
    await expectNoAxeViolations(teamMember);

    await pages.getByRole('link', { name: 'Previous page' }).focus();
    await teamMember.keyboard.press('Enter');
    await teamMember.waitForURL((url) => url.searchParams.get('page') === null && url.searchParams.get('before') !== null);
    await expect.poll(() => rows()).toEqual(firstPage);
    expect(await pages.getByRole('link', { name: 'Previous page' }).count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('names what is wrong with the dates in the error summary, the form’s checks and the API’s alike', async () => {
    await teamMember.goto('/admin/audit');
    await teamMember.locator('.data-table').waitFor();
    await fillDate(teamMember, 'From', '2027-02-30');
    await teamMember.getByRole('group', { name: 'To', exact: true }).getByLabel('Month').fill('3');
    await teamMember.getByRole('button', { name: 'Apply filters' }).click();
    const summary = teamMember.getByRole('alert').filter({ hasText: 'There is a problem' });
    await summary.waitFor();
    expect(await summary.getByRole('link').allInnerTexts()).toEqual(['From date must be a real date', 'To date must include a day and year']);
    // Nothing was applied: the URL is as it was.
    expect(new URL(teamMember.url()).search).toBe('');
    await expectNoAxeViolations(teamMember);
    await summary.getByRole('link', { name: 'From date must be a real date' }).click();
    expect(await teamMember.evaluate(() => document.activeElement?.id)).toBe('audit-from-day');

    // A range that ends before it starts, typed into the address: the API's 400 names its field.
    await teamMember.goto('/admin/audit?from=2027-03-02&to=2027-03-01');
    await teamMember.getByRole('alert').filter({ hasText: 'There is a problem' }).waitFor();
    await teamMember.getByText('Change the filters to see the entries.').waitFor();
    await expectNoAxeViolations(teamMember);
  });
});
