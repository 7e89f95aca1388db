/**
 * Journeys of the team app's engagement notices, billing reports and inbox (issue 13) as
 * staff@example.com, each checked from the supplier's side (admin@example.com, Kōwhai Digital) in a
 * second browser context: the notices list filtered by a supplier and by status, a notice's
 * details and the CSV download; the billing reports filtered by month and downloaded; a thread
 * answered with an attachment from the inbox, read by the supplier, then resolved; a reply by the
 * keyboard alone; axe on every screen and state; at 1280 px no word or number of a table (its
 * column names, statuses, amounts, dates, the suppliers' NZBNs) broken over two lines, and at
 * 320 px no sideways scroll. Every record a journey acts on is its own, made through the
 * supplier's API first.
 */
import { readFile } from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SaveBillingReportResponse } from '../common/api/billing-reports';
import type { EngagementNoticeListResponse, EngagementNoticeResponse, SaveEngagementNoticeResponse } from '../common/api/engagement-notices';
import type { FormDefinitionResponse } from '../common/api/forms';
import type { Thread } from '../common/api/threads';
import type { CurrentUserResponse } from '../common/api/user';
import { SUPPLIER_HEADER } from '../common/constants';
import { MessagesPanel, type AttachmentFile } from './pages/messages-panel';
import { expectNoAxeViolations, expectNoSidewaysScroll, launchBrowser, newContext, watchPageErrors } from './support/browser';
import { wordsBrokenInside } from './support/words-whole';
import { demo, signInAt, storedAccessToken } from './support/session';

const SUPPLIER = 'Kōwhai Digital';
/** The seeded submitted notice whose agency, services, dates and value the journey's own notices copy. */
const SEEDED_NOTICE = 'Regional services portal';

/** A 1×1 transparent PNG: recognised as an image by its bytes, as the upload policy wants. */
const PNG_BYTES = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const receipt: AttachmentFile = { name: 'answer.png', mimeType: 'image/png', buffer: PNG_BYTES };

/** The supplier's own API calls, as the dashboard makes them: its token and the active supplier. */
class SupplierApi {
  private constructor(
    private readonly page: Page,
    private readonly headers: Record<string, string>,
    readonly supplierId: number,
  ) {}

  static async of(page: Page): Promise<SupplierApi> {
    const token = await storedAccessToken(page);
    const user = (await (await page.request.get('/api/v1/user', { headers: { Authorization: `Bearer ${token}` } })).json()) as CurrentUserResponse;
    const supplierId = user.activeSupplier?.supplierID ?? 0;
    return new SupplierApi(page, { Authorization: `Bearer ${token}`, [SUPPLIER_HEADER]: String(supplierId) }, supplierId);
  }

  private async json<T>(response: Awaited<ReturnType<Page['request']['get']>>): Promise<T> {
    expect(response.status(), await response.text()).toBe(200);
    return (await response.json()) as T;
  }

  async seededNotice(): Promise<EngagementNoticeResponse> {
    const list = await this.json<EngagementNoticeListResponse>(await this.page.request.get('/api/v1/engagement-notice', { headers: this.headers }));
    const summary = list.engagementNotices.find((candidate) => candidate.title === SEEDED_NOTICE);
    expect(summary, SEEDED_NOTICE).toBeDefined();
    return this.json(await this.page.request.get(`/api/v1/engagement-notice/${String(summary?.id ?? 0)}`, { headers: this.headers }));
  }

  /** A submitted notice like the seeded one under its own title; its id and first service's id. */
  async submitNotice(title: string): Promise<{ id: number; serviceId: number }> {
    const model = await this.seededNotice();
    const saved = await this.json<SaveEngagementNoticeResponse>(
      await this.page.request.post('/api/v1/engagement-notice/save', {
        headers: this.headers,
        data: {
          form: { key: model.form.key, version: model.form.version },
          progress: model.form.steps.length,
          engagementNotice: { ...model.data, engagement: { ...model.data.engagement, title } },
          supplierID: this.supplierId,
          status: 'submitted',
        },
      }),
    );
    return { id: saved.engagementNoticeId, serviceId: model.services[0]?.id ?? 0 };
  }

  async withdrawNotice(id: number): Promise<void> {
    await this.json(
      await this.page.request.post(`/api/v1/engagement-notice/withdraw/${String(id)}`, { headers: this.headers, data: { withdrawnReason: 'not_proceeding' } }),
    );
  }

  async submitReport(noticeId: number, serviceId: number, period: string, amountCents: number): Promise<number> {
    const form = await this.json<FormDefinitionResponse>(await this.page.request.get('/api/v1/billing-report/form', { headers: this.headers }));
    const saved = await this.json<SaveBillingReportResponse>(
      await this.page.request.post('/api/v1/billing-report/save', {
        headers: this.headers,
        data: {
          form: { key: form.key, version: form.version },
          progress: form.steps.length,
          billingReport: {
            engagement: { engagement_notice: noticeId, billing_period: period },
            amounts: { lines: [{ service: serviceId, amount: amountCents }] },
          },
          supplierID: this.supplierId,
          status: 'submitted',
        },
      }),
    );
    return saved.billingReportId;
  }

  /** A thread about the supplier itself, as its messages panel starts one. */
  async startThread(title: string, content: string): Promise<number> {
    const thread = await this.json<Thread>(
      await this.page.request.post(`/api/v1/supplier/${String(this.supplierId)}/thread`, { headers: this.headers, data: { title, content } }),
    );
    return thread.id;
  }
}

/** A team list screen with its rows (or an empty state) shown. */
async function waitForList(page: Page, title: string): Promise<void> {
  await page.getByRole('heading', { level: 1, name: title }).waitFor();
  await page.locator('.data-table, .empty-state, .error-state').first().waitFor();
}

/** The row whose name (its header cell) starts with `name`. */
function row(page: Page, name: string) {
  return page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: new RegExp(`^${escapeRegExp(name)}`) }) });
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

async function fact(page: Page, label: string): Promise<string> {
  const term = page.locator('dt').filter({ hasText: new RegExp(`^${label}$`) });
  return (await page.locator('.facts-list .answers__row').filter({ has: term }).locator('dd').innerText()).trim();
}

/** The text of a cell of every row, by its column's label (its first line: what is read out to screen readers alone comes after). */
async function column(page: Page, label: string): Promise<string[]> {
  const texts = await page.locator(`.data-table tbody td[data-label="${label}"]`).allInnerTexts();
  return texts.map((text) => (text.split('\n')[0] ?? '').trim());
}

async function downloadedText(page: Page): Promise<{ name: string; text: string }> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download as CSV' }).click()]);
  return { name: download.suggestedFilename(), text: await readFile(await download.path(), 'utf8') };
}

describe('the team console: engagement notices, billing reports and the inbox', () => {
  let browser: Browser;
  let teamContext: BrowserContext;
  let teamMember: Page;
  let supplier: Page;
  let api: SupplierApi;
  let pageErrors: string[];
  const run = Date.now().toString(36);
  const noticeTitle = `Console journey notice ${run}`;
  const withdrawnTitle = `Console journey withdrawn ${run}`;
  let notice: { id: number; serviceId: number };

  beforeAll(async () => {
    browser = await launchBrowser();
    supplier = await (await newContext(browser)).newPage();
    await signInAt(supplier, '/dashboard/engagement-notices', demo.admin);
    api = await SupplierApi.of(supplier);
    notice = await api.submitNotice(noticeTitle);
    await api.withdrawNotice((await api.submitNotice(withdrawnTitle)).id);

    teamContext = await newContext(browser);
    teamMember = await teamContext.newPage();
    pageErrors = [];
    teamMember.on('pageerror', (error) => pageErrors.push(error.message));
    await signInAt(teamMember, '/admin/engagement-notices', demo.teamMember);
  });
  afterAll(() => browser.close());

  it('lists every supplier’s notices, filtered by a supplier and by status, and shows one', async () => {
    const errors = watchPageErrors(teamMember);
    await teamMember.goto('/admin/engagement-notices');
    await waitForList(teamMember, 'Engagement notices');
    await row(teamMember, noticeTitle).waitFor();
    await expectNoAxeViolations(teamMember);

    // A supplier's name in a row narrows the list to that supplier.
    await row(teamMember, noticeTitle).getByRole('link', { name: new RegExp(`^${SUPPLIER}`) }).click();
    await teamMember.waitForURL((url) => url.searchParams.get('supplier') === String(api.supplierId));
    await teamMember.getByText(`Supplier: ${SUPPLIER}`).waitFor();
    await expect.poll(async () => new Set(await column(teamMember, 'Supplier'))).toEqual(new Set([SUPPLIER]));
    await expectNoAxeViolations(teamMember);

    // While the changed filter's answer is on its way, the rows in view are marked as updating.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const listApi = '**/api/v1/admin/engagement-notices?*';
    await teamMember.route(listApi, async (route) => {
      if (new URL(route.request().url()).searchParams.get('status') === 'withdrawn') {
        await held;
      }
      await route.continue();
    });
    try {
      await teamMember.getByLabel('Status', { exact: true }).selectOption({ label: 'Withdrawn' });
      await teamMember.getByText('Updating the list…').waitFor();
      expect(await teamMember.locator('.updating-list').getAttribute('aria-busy')).toBe('true');
      await row(teamMember, noticeTitle).waitFor();
      await expectNoAxeViolations(teamMember);
    } finally {
      // Unrouted only once the held request is answered, which the handler must do itself.
      const answered = teamMember.waitForResponse((response) => response.url().includes('/api/v1/admin/engagement-notices?') && new URL(response.url()).searchParams.get('status') === 'withdrawn');
      release();
      await answered;
      await teamMember.unroute(listApi);
    }
    await teamMember.waitForURL((url) => url.searchParams.get('status') === 'withdrawn' && url.searchParams.has('supplier'));
    await row(teamMember, withdrawnTitle).waitFor();
    await teamMember.getByText('Updating the list…').waitFor({ state: 'detached' });
    await expect.poll(async () => new Set(await teamMember.locator('.data-table tbody td[data-label="Status"] .status-tag').allInnerTexts())).toEqual(new Set(['Withdrawn']));
    expect(await row(teamMember, noticeTitle).count()).toBe(0);
    await expectNoAxeViolations(teamMember);

    // Nothing of this supplier ran three years ago: the filtered-empty state says so and how to go back.
    const longAgo = (await teamMember.getByLabel('Engagements running in').locator('option').allInnerTexts()).at(-1) ?? '';
    await teamMember.getByLabel('Engagements running in').selectOption({ label: longAgo });
    await teamMember.getByText('No engagement notices match these filters.').waitFor();
    await expectNoAxeViolations(teamMember);
    // Removing the supplier filter keeps the others.
    expect(await teamMember.getByRole('link', { name: `Remove the filter Supplier: ${SUPPLIER}` }).count()).toBe(1);
    await teamMember.getByRole('link', { name: 'Show every engagement notice' }).click();
    await teamMember.waitForURL((url) => url.search === '');
    await row(teamMember, noticeTitle).waitFor();

    await row(teamMember, noticeTitle).getByRole('link', { name: /^View/ }).click();
    await teamMember.getByRole('heading', { level: 1, name: 'Engagement notice' }).waitFor();
    await teamMember.locator('.reporting-lead', { hasText: noticeTitle }).waitFor();
    expect(await fact(teamMember, 'Supplier')).toBe(SUPPLIER);
    expect(await fact(teamMember, 'Status')).toBe('Submitted');
    expect(await fact(teamMember, 'Value \\(excluding GST\\)')).toBe('$480,000.00');
    await teamMember.getByText("Nothing has been billed against this notice yet. The notice's value is $480,000.00.").waitFor();
    await teamMember.getByRole('heading', { level: 3, name: 'The engagement' }).waitFor();
    // The answers name the agency and services from the notice itself (the supplier's source lists are not the team's).
    const answers = teamMember.getByRole('region', { name: 'Answers as submitted' });
    expect(await answers.innerText()).toContain('Ministry for Regional Development');
    expect(await answers.innerText()).not.toMatch(/Could not be loaded|Not in the list any more/);
    expect(await teamMember.getByRole('list', { name: 'Status history of this engagement notice' }).getByRole('listitem').last().innerText()).toMatch(/^Submitted/);
    await expectNoAxeViolations(teamMember);

    // An address that is no notice (or a draft) says so.
    await teamMember.goto('/admin/engagement-notices/2147483000');
    await teamMember.getByText('There is no submitted engagement notice at this address.', { exact: false }).waitFor();
    await expectNoAxeViolations(teamMember);
    expect(errors.filter((error) => !error.includes('404'))).toEqual([]);
  });

  it('downloads the filtered notices as CSV, and says so when the download fails', async () => {
    await teamMember.goto(`/admin/engagement-notices?supplier=${String(api.supplierId)}`);
    await waitForList(teamMember, 'Engagement notices');
    await row(teamMember, noticeTitle).waitFor();
    const file = await downloadedText(teamMember);
    expect(file.name).toBe('engagement-notices.csv');
    expect(file.text).toContain(noticeTitle);
    expect(file.text).toContain(SUPPLIER);
    expect(file.text).not.toContain('Harbourside Consulting');

    await teamMember.route('**/api/v1/admin/engagement-notices/export.csv*', (route) => route.fulfill({ status: 500, contentType: 'text/html', body: '<h1>Bad gateway</h1>' }));
    try {
      await teamMember.getByRole('button', { name: 'Download as CSV' }).click();
      await teamMember.getByRole('alert').filter({ hasText: 'The CSV file could not be downloaded.' }).waitFor();
      await expectNoAxeViolations(teamMember);
    } finally {
      await teamMember.unroute('**/api/v1/admin/engagement-notices/export.csv*');
    }

    // A list that cannot load says so, with Try again.
    await teamMember.route('**/api/v1/admin/engagement-notices?*', (route) => route.fulfill({ status: 500, contentType: 'text/html', body: 'down' }));
    try {
      await teamMember.goto('/admin/engagement-notices?status=submitted');
      await teamMember.getByText('We could not load the engagement notices.', { exact: false }).waitFor();
      await teamMember.getByRole('button', { name: 'Try again' }).waitFor();
      await expectNoAxeViolations(teamMember);
    } finally {
      await teamMember.unroute('**/api/v1/admin/engagement-notices?*');
    }
  });

  it('lists billing reports of a month, downloads them and shows one with its lines', async () => {
    await api.submitReport(notice.id, notice.serviceId, '2026-06', 123_456);
    const reportTitle = `${noticeTitle}, June 2026`;
    await teamMember.goto('/admin/billing-reports');
    await waitForList(teamMember, 'Billing reports');
    await expectNoAxeViolations(teamMember);

    await teamMember.getByLabel('Billing period').selectOption({ label: 'June 2026' });
    await teamMember.waitForURL((url) => url.searchParams.get('period') === '2026-06');
    await row(teamMember, reportTitle).waitFor();
    await expect.poll(async () => new Set(await column(teamMember, 'Billing period'))).toEqual(new Set(['June 2026']));
    await expectNoAxeViolations(teamMember);

    const file = await downloadedText(teamMember);
    expect(file.name).toBe('billing-reports-2026-06.csv');
    expect(file.text).toContain(noticeTitle);
    // Every report of the file is of June 2026 (its billing period column).
    const reportLines = file.text.trim().split('\n').slice(1);
    expect(reportLines.length).toBeGreaterThan(0);
    expect(reportLines.filter((line) => !line.includes(',2026-06,'))).toEqual([]);

    // The notice's name in a row narrows the list to its reports.
    await row(teamMember, reportTitle).getByRole('link', { name: new RegExp(`^${noticeTitle}`) }).click();
    await teamMember.waitForURL((url) => url.searchParams.get('engagementNotice') === String(notice.id));
    await teamMember.getByText(`Engagement notice: ${noticeTitle}`).waitFor();
    await expectNoAxeViolations(teamMember);

    await row(teamMember, reportTitle).getByRole('link', { name: /^View/ }).click();
    await teamMember.getByRole('heading', { level: 1, name: 'Billing report' }).waitFor();
    await teamMember.locator('.reporting-lead', { hasText: reportTitle }).waitFor();
    expect(await fact(teamMember, 'Supplier')).toBe(SUPPLIER);
    expect(await fact(teamMember, 'Total amount \\(excluding GST\\)')).toBe('$1,234.56');
    const lines = teamMember.getByRole('table', { name: 'Amounts billed for each service, excluding GST' });
    await expect.poll(() => lines.getByRole('rowheader').first().innerText()).not.toBe('A service of the engagement notice');
    expect(await lines.getByRole('cell').first().innerText()).toContain('$1,234.56');
    await expectNoAxeViolations(teamMember);

    // Its notice's screen now counts what was billed.
    await teamMember.getByRole('link', { name: new RegExp(`^${noticeTitle}`) }).click();
    await teamMember.getByText('$1,234.56 billed in 1 billing report against a value of $480,000.00.').waitFor();
  });

  it('answers a supplier’s thread with an attachment from the inbox; the supplier reads it; the team resolves it', async () => {
    const title = `Console inbox question ${run}`;
    await api.startThread(title, 'Which catalogue should our new service go in?');

    await teamMember.goto('/admin/inbox');
    await waitForList(teamMember, 'Inbox');
    const threadRow = row(teamMember, title);
    await threadRow.waitFor();
    expect(await threadRow.locator('td[data-label="Supplier"]').innerText()).toBe(SUPPLIER);
    // What it is about links to the record's screen in the team's app: here, the supplier's page.
    const about = threadRow.locator('td[data-label="About"]').getByRole('link', { name: /^The supplier in general/ });
    expect(new URL(await about.getAttribute('href') ?? '', 'http://x').pathname).toMatch(/^\/admin\/suppliers\/\d+$/);
    expect(await threadRow.locator('td[data-label="Status"]').innerText()).toBe('Open');
    expect(await threadRow.locator('td[data-label="Assigned to"]').innerText()).toBe('Nobody yet');
    // The supplier's first message is new to this team member, in the row and beside Inbox in the navigation.
    expect(await threadRow.getByRole('rowheader').innerText()).toContain('1 unread message');
    const inboxLink = teamMember.getByRole('navigation', { name: 'Team console' }).getByRole('link', { name: /^Inbox/ });
    await expect.poll(() => inboxLink.innerText()).toMatch(/^Inbox\s+\d+/);
    const unreadBefore = Number((await inboxLink.innerText()).replace(/\D/g, ''));
    await expectNoAxeViolations(teamMember);

    await threadRow.getByRole('link', { name: title, exact: true }).click();
    await teamMember.getByRole('heading', { level: 1, name: title }).waitFor();
    expect(await fact(teamMember, 'Supplier')).toBe(SUPPLIER);
    expect(await fact(teamMember, 'Status')).toBe('Open');
    expect(await fact(teamMember, 'Assigned to')).toBe('Nobody yet');
    // Reading it counts it read.
    await expect.poll(async () => Number((await inboxLink.innerText()).replace(/\D/g, ''))).toBe(unreadBefore - 1);

    // The team member takes it on; the inbox then finds it under their name, and no longer under nobody.
    await teamMember.getByLabel('Assign to').selectOption({ label: `You (${demo.teamMember.name})` });
    await teamMember.getByRole('button', { name: 'Assign' }).click();
    await teamMember.getByText(`You assigned “${title}” to ${demo.teamMember.name}.`).waitFor();
    await expect.poll(() => fact(teamMember, 'Assigned to')).toBe(demo.teamMember.name);
    await expectNoAxeViolations(teamMember);
    await teamMember.getByRole('link', { name: 'Back to the inbox' }).click();
    await waitForList(teamMember, 'Inbox');
    await teamMember.getByLabel('Assigned to').selectOption({ label: `You (${demo.teamMember.name})` });
    await expect.poll(() => teamMember.url()).toMatch(/assignee=\d+/);
    // The unfiltered list stays in view until the filtered one arrives: wait for the filtered row.
    await expect.poll(() => row(teamMember, title).locator('td[data-label="Assigned to"]').innerText()).toBe(demo.teamMember.name);
    expect(await row(teamMember, title).getByRole('rowheader').innerText()).not.toContain('unread');
    await teamMember.getByLabel('Assigned to').selectOption({ label: 'Nobody yet' });
    await expect.poll(() => teamMember.url()).toContain('assignee=none');
    await expect.poll(() => row(teamMember, title).count()).toBe(0);
    await expectNoAxeViolations(teamMember);
    await teamMember.getByLabel('Assigned to').selectOption({ label: 'Anyone or nobody' });
    await row(teamMember, title).getByRole('link', { name: title, exact: true }).click();
    await teamMember.getByRole('heading', { level: 1, name: title }).waitFor();
    const messages = teamMember.getByRole('list', { name: `Messages in ${title}` }).getByRole('listitem');
    expect(await messages.first().innerText()).toContain(`${demo.admin.name} (${SUPPLIER})`);
    await expectNoAxeViolations(teamMember);

    // Sending nothing says what is missing.
    await teamMember.getByRole('button', { name: 'Send reply' }).click();
    await teamMember.locator('.error-summary').getByRole('link', { name: 'Enter a message' }).waitFor();
    await expectNoAxeViolations(teamMember);

    await teamMember.getByLabel('Your reply').fill('The digital catalogue: we have added it for you.');
    await teamMember.getByLabel('Attachment (optional)').setInputFiles(receipt);
    await teamMember.getByRole('button', { name: 'Send reply' }).click();
    await expect.poll(() => messages.count()).toBe(2);
    expect(await messages.nth(1).innerText()).toContain(`${demo.teamMember.name} (Marketplace team)`);
    await teamMember.getByRole('button', { name: 'Download attachment answer.png' }).waitFor();
    await expect.poll(() => teamMember.getByLabel('Your reply').inputValue()).toBe('');
    await expectNoAxeViolations(teamMember);

    // The supplier reads the team's answer and its file in their messages panel.
    await supplier.goto('/dashboard/supplier');
    const panel = await MessagesPanel.verifyOnPage(supplier);
    const thread = panel.thread(title);
    await expect.poll(() => panel.messages(thread).count()).toBe(2);
    expect(await panel.messages(thread).nth(1).innerText()).toContain('Marketplace team');
    expect(await panel.messages(thread).nth(1).innerText()).toContain('The digital catalogue: we have added it for you.');
    const [download] = await Promise.all([supplier.waitForEvent('download'), panel.attachmentButton(thread, 'answer.png').click()]);
    expect((await readFile(await download.path())).equals(PNG_BYTES)).toBe(true);

    // Resolving asks first and names what it does; Cancel changes nothing.
    await teamMember.getByRole('button', { name: 'Mark as resolved' }).click();
    const dialog = teamMember.getByRole('alertdialog', { name: 'Mark this thread as resolved?' });
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain(`“${title}” from ${SUPPLIER} will leave the inbox's open threads`);
    await expectNoAxeViolations(teamMember);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await fact(teamMember, 'Status')).toBe('Open');

    await teamMember.getByRole('button', { name: 'Mark as resolved' }).click();
    await dialog.getByRole('button', { name: 'Mark as resolved' }).click();
    await teamMember.getByText(`You marked “${title}” as resolved.`, { exact: false }).waitFor();
    await expect.poll(() => fact(teamMember, 'Status')).toBe('Resolved');
    expect(await teamMember.getByRole('button', { name: 'Mark as resolved' }).count()).toBe(0);
    await expectNoAxeViolations(teamMember);

    await teamMember.getByRole('link', { name: 'Back to the inbox' }).click();
    await waitForList(teamMember, 'Inbox');
    await expect.poll(() => row(teamMember, title).count()).toBe(0);

    await supplier.reload();
    const reloaded = await MessagesPanel.verifyOnPage(supplier);
    await expect.poll(() => reloaded.status(reloaded.thread(title))).toBe('Status: Resolved');
    expect(pageErrors).toEqual([]);
  });

  it('replies to a thread with the keyboard alone, from the inbox', async () => {
    const title = `Console keyboard question ${run}`;
    await api.startThread(title, 'Can we change our trading name?');
    await teamMember.goto('/admin/inbox');
    await waitForList(teamMember, 'Inbox');
    await row(teamMember, title).waitFor();

    const focusedText = () => teamMember.evaluate(() => document.activeElement?.textContent.trim() ?? '');
    const focusedTag = () => teamMember.evaluate(() => document.activeElement?.tagName ?? '');
    for (let presses = 0; presses < 60 && (await focusedText()) !== title; presses += 1) {
      await teamMember.keyboard.press('Tab');
    }
    expect(await focusedText()).toBe(title);
    await teamMember.keyboard.press('Enter');
    await teamMember.getByRole('heading', { level: 1, name: title }).waitFor();
    for (let presses = 0; presses < 60 && (await focusedTag()) !== 'TEXTAREA'; presses += 1) {
      await teamMember.keyboard.press('Tab');
    }
    expect(await focusedTag()).toBe('TEXTAREA');
    await teamMember.keyboard.type('Yes: send us the new name and we will update it.');
    for (let presses = 0; presses < 5 && (await focusedText()) !== 'Send reply'; presses += 1) {
      await teamMember.keyboard.press('Tab');
    }
    expect(await focusedText()).toBe('Send reply');
    await teamMember.keyboard.press('Enter');
    const messages = teamMember.getByRole('list', { name: `Messages in ${title}` }).getByRole('listitem');
    await expect.poll(() => messages.count()).toBe(2);
    expect(await messages.nth(1).innerText()).toContain('Yes: send us the new name and we will update it.');
    // The focus goes back to the reply box for another message.
    await expect.poll(focusedTag).toBe('TEXTAREA');
  });

  it('says plainly when a list is empty, cannot load or a record is not there', async () => {
    const empty = { total: 0, page: 1, pageSize: 25 };
    const states: { api: string; path: string; body: object; text: string }[] = [
      { api: '**/api/v1/admin/threads', path: '/admin/inbox', body: { threads: [], ...empty, totalIsCapped: false, nextCursor: null, previousCursor: null }, text: 'There are no open threads' },
      { api: '**/api/v1/admin/billing-reports', path: '/admin/billing-reports', body: { billingReports: [], ...empty, totalIsCapped: false }, text: 'No supplier has submitted a billing report yet.' },
      { api: '**/api/v1/admin/engagement-notices', path: '/admin/engagement-notices', body: { engagementNotices: [], ...empty, totalIsCapped: false, nextCursor: null, previousCursor: null }, text: 'No supplier has submitted an engagement notice yet.' },
    ];
    for (const state of states) {
      await teamMember.route(state.api, (route) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(state.body) }));
      try {
        await teamMember.goto(state.path);
        await teamMember.getByText(state.text, { exact: false }).waitFor();
        await expectNoAxeViolations(teamMember);
      } finally {
        await teamMember.unroute(state.api);
      }
      await teamMember.route(state.api, (route) => route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ error: 'Service Unavailable', message: 'The service is busy. Try again in a minute.' }) }));
      try {
        await teamMember.goto(state.path);
        await teamMember.getByRole('alert').filter({ hasText: 'The service is busy.' }).waitFor();
        await teamMember.getByRole('button', { name: 'Try again' }).waitFor();
        await expectNoAxeViolations(teamMember);
      } finally {
        await teamMember.unroute(state.api);
      }
    }
    for (const [path, text] of [
      ['/admin/billing-reports/2147483000', 'There is no submitted billing report at this address.'],
      ['/admin/inbox/2147483000', 'There is no message thread at this address.'],
      ['/admin/inbox/not-a-thread', 'There is no message thread at this address.'],
    ] as const) {
      await teamMember.goto(path);
      await teamMember.getByText(text, { exact: false }).waitFor();
      expect(await teamMember.getByRole('heading', { level: 1 }).count()).toBe(1);
      await expectNoAxeViolations(teamMember);
    }
  });

  it('keeps words and numbers whole in the team’s tables at 1280 px: column names, statuses, amounts, dates, an NZBN', async () => {
    await api.submitReport(notice.id, notice.serviceId, '2026-08', 987_654);
    const tables: [string, string][] = [
      ['/admin/engagement-notices', 'Engagement notices'],
      ['/admin/billing-reports', 'Billing reports'],
      ['/admin/inbox', 'Inbox'],
      // The suppliers' business numbers: Kōwhai Digital's NZBN 9429059326069 once broke as "94290593260 / 69".
      [`/admin/suppliers?q=${encodeURIComponent(SUPPLIER)}`, 'Suppliers'],
    ];
    expect(teamMember.viewportSize()?.width).toBe(1280);
    for (const [path, heading] of tables) {
      await teamMember.goto(path);
      await teamMember.getByRole('heading', { level: 1, name: heading }).waitFor();
      await teamMember.locator('.data-table tbody tr').first().waitFor();
      expect(await wordsBrokenInside(teamMember.locator('.data-table thead th')), `column names on ${path}`).toEqual([]);
      expect(await wordsBrokenInside(teamMember.locator('.data-table tbody td')), `cells on ${path}`).toEqual([]);
      // A status is one tag on one line: its text no taller than one line of its own.
      const statusLines = await teamMember.locator('.data-table .status-tag').evaluateAll((tags) =>
        tags.map((tag) => {
          const style = getComputedStyle(tag);
          const lineHeight = Number.parseFloat(style.lineHeight) || Number.parseFloat(style.fontSize) * 1.2;
          const textHeight = tag.getBoundingClientRect().height - Number.parseFloat(style.paddingTop) - Number.parseFloat(style.paddingBottom);
          return { text: tag.textContent, lines: Math.round(textHeight / lineHeight) };
        }),
      );
      expect(statusLines.filter(({ lines }) => lines !== 1), `status tags over more than one line on ${path}`).toEqual([]);
    }
    const nzbn = teamMember.locator('.data-table td[data-label="Business number"] li', { hasText: '9429059326069' });
    expect(await nzbn.count()).toBeGreaterThan(0);
    expect(await wordsBrokenInside(nzbn)).toEqual([]);
  });

  it('fits every team screen in 320 px without sideways scrolling', async () => {
    const title = `Console small screen ${run}`;
    const threadId = await api.startThread(title, 'A question from a phone.');
    const reportId = await api.submitReport(notice.id, notice.serviceId, '2026-07', 50_000);
    const narrow = await (await newContext(browser, { width: 320 })).newPage();
    await signInAt(narrow, '/admin/engagement-notices', demo.teamMember);
    const screens: [string, string][] = [
      ['/admin/engagement-notices', 'Engagement notices'],
      [`/admin/engagement-notices/${String(notice.id)}`, 'Engagement notice'],
      ['/admin/billing-reports', 'Billing reports'],
      [`/admin/billing-reports/${String(reportId)}`, 'Billing report'],
      ['/admin/inbox', 'Inbox'],
      [`/admin/inbox/${String(threadId)}`, title],
    ];
    for (const [path, heading] of screens) {
      await narrow.goto(path);
      await narrow.getByRole('heading', { level: 1, name: heading }).waitFor();
      await narrow.locator('.data-table, .facts-list').first().waitFor();
      await expectNoSidewaysScroll(narrow);
      await expectNoAxeViolations(narrow);
    }
  });
});
