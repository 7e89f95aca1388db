/**
 * The agency dashboard's billing reports (issue 31): the list of reports on the engagements the
 * agency confirmed (/agency/billing-reports), one report with its answer, the confirm dialog and
 * the query's messages (/agency/billing-reports/{id}), and the query form
 * (/agency/billing-reports/{id}/query). The confirm dialog is ConfirmDialog of ./users-page.ts; the
 * side navigation, AgencyDashboardNav of ./agency-dashboard-pages.ts.
 */
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { AgencyAnswerDetailPage, AgencyAnswerFormPage, factsOf } from './agency-answer-pages';
import { AgencyDashboardNav } from './agency-dashboard-pages';

/** /agency/billing-reports, once the list (or its empty state) has loaded. */
export class AgencyReportsPage {
  readonly main: Locator;
  readonly nav: AgencyDashboardNav;
  readonly reports: Locator;
  readonly answerFilter: Locator;

  constructor(readonly page: Page) {
    this.main = page.getByRole('main');
    this.nav = new AgencyDashboardNav(page);
    this.reports = this.main.getByRole('table', { name: 'Billing reports for your agency' });
    this.answerFilter = this.main.getByLabel('Your answer', { exact: true });
  }

  static async verifyOnPage(page: Page): Promise<AgencyReportsPage> {
    await page.waitForURL((url) => url.pathname === '/agency/billing-reports');
    const list = new AgencyReportsPage(page);
    const h1 = list.main.getByRole('heading', { level: 1 });
    await h1.filter({ hasText: 'Billing reports' }).waitFor();
    expect((await h1.innerText()).trim()).toBe('Billing reports');
    await list.nav.nav.waitFor();
    await expect.poll(() => page.locator('.loading-state').count()).toBe(0);
    await list.main.locator('.data-table, .empty-state').first().waitFor();
    return list;
  }

  /** The row of a month's report ('September 2026') on an engagement. */
  row(month: string, engagement: string): Locator {
    return this.reports
      .locator('tbody tr')
      .filter({ has: this.page.locator('th a', { hasText: month }) })
      .filter({ has: this.page.locator('td[data-label="Engagement"]', { hasText: engagement }) });
  }

  /** The month's link, which reads out the engagement too ('September 2026 (Regional services portal)'). */
  link(month: string, engagement: string): Locator {
    return this.row(month, engagement).getByRole('link', { name: `${month} (${engagement})`, exact: true });
  }

  /** The row's cells by their column (the row header is the month). */
  async cells(month: string, engagement: string): Promise<Record<string, string>> {
    const row = this.row(month, engagement);
    const columns = (await this.reports.getByRole('columnheader').allInnerTexts()).map((text) => text.trim());
    const values = [await row.getByRole('rowheader').innerText(), ...(await row.getByRole('cell').allInnerTexts())].map((text) => text.trim());
    return Object.fromEntries(columns.map((column, index) => [column, values[index] ?? '']));
  }

  /** Each row's month and answer, in the order shown, for the reports of `engagement`. */
  async monthsAndAnswers(engagement: string): Promise<[string, string][]> {
    return this.reports.locator('tbody tr').evaluateAll(
      (rows, title) =>
        rows
          .filter((row) => row.querySelector('td[data-label="Engagement"]')?.textContent.startsWith(title) === true)
          .map((row): [string, string] => [
            (row.querySelector('th a')?.firstChild?.textContent ?? '').trim(),
            row.querySelector<HTMLElement>('td[data-label="Your answer"]')?.innerText.trim() ?? '',
          ]),
      engagement,
    );
  }
}

/** /agency/billing-reports/{id}, once the report has loaded. */
export class AgencyReportPage extends AgencyAnswerDetailPage {
  readonly queryLink: Locator;
  readonly lines: Locator;

  constructor(page: Page) {
    super(page, { confirm: 'Confirm the amount', conversation: 'Messages about the query' });
    this.queryLink = this.main.getByRole('link', { name: 'Query the amount', exact: true });
    this.lines = this.main.getByRole('table', { name: 'Amounts billed for each service' });
  }

  /** On the report of `month` ('September 2026'). */
  static async verifyOnPage(page: Page, month: string): Promise<AgencyReportPage> {
    await page.waitForURL((url) => /^\/agency\/billing-reports\/\d+$/.test(url.pathname));
    const report = new AgencyReportPage(page);
    const title = `Billing report for ${month}`;
    await report.heading.filter({ hasText: title }).waitFor();
    expect((await report.heading.innerText()).trim()).toBe(title);
    await report.answer.waitFor();
    return report;
  }

  /** The report's facts (Supplier, Engagement, Month billed…). */
  async facts(): Promise<Record<string, string>> {
    return factsOf(this.main.locator('.facts-list').first());
  }
}

/** /agency/billing-reports/{id}/query: what is wrong with the amount. */
export class AgencyQueryPage extends AgencyAnswerFormPage {
  constructor(page: Page) {
    super(page, { details: 'What is wrong with the amount', submit: 'Query the amount' });
  }

  static async verifyOnPage(page: Page): Promise<AgencyQueryPage> {
    await page.waitForURL((url) => /^\/agency\/billing-reports\/\d+\/query$/.test(url.pathname));
    const form = new AgencyQueryPage(page);
    await form.details.waitFor();
    expect((await form.main.getByRole('heading', { level: 1 }).innerText()).trim()).toBe('Query the amount billed');
    return form;
  }
}
