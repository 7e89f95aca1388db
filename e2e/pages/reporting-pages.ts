/** The dashboard's engagement notices and billing reports screens: the lists and the details. */
import type { Locator, Page } from 'playwright-core';

/** A list screen (/engagement-notices or /billing-reports), known by its h1. */
export class ReportingListPage {
  constructor(
    readonly page: Page,
    readonly title: 'Engagement notices' | 'Billing reports',
  ) {}

  static async open(page: Page, title: 'Engagement notices' | 'Billing reports', query = ''): Promise<ReportingListPage> {
    await page.goto(`/dashboard/${title === 'Engagement notices' ? 'engagement-notices' : 'billing-reports'}${query}`);
    const list = new ReportingListPage(page, title);
    await list.waitForList();
    return list;
  }

  /** Waits for the rows (or an empty state) to show. */
  async waitForList(): Promise<void> {
    await this.page.getByRole('heading', { level: 1, name: this.title }).waitFor();
    await this.page.locator('.data-table, .empty-state').first().waitFor();
  }

  /** The row whose name (its header cell's first line) starts with `name`. */
  row(name: string): Locator {
    return this.page.getByRole('row').filter({ has: this.page.getByRole('rowheader', { name: new RegExp(`^${escapeRegExp(name)}`) }) });
  }

  /** Each row's name, in the order shown. */
  async names(): Promise<string[]> {
    return this.page.locator('.data-table tbody th').evaluateAll((cells) => cells.map((cell) => (cell.firstChild?.textContent ?? '').trim()));
  }

  /** The row's status (the Status column's tag: the agency's answer has a tag of its own). */
  async status(name: string): Promise<string> {
    return (await this.row(name).locator('td[data-label="Status"] .status-tag').innerText()).trim();
  }

  select(label: string): Locator {
    return this.page.getByLabel(label, { exact: true });
  }

  message(): Locator {
    return this.page.getByRole('status').locator('.alert--success');
  }
}

export class ReportingDetailsPage {
  constructor(readonly page: Page) {}

  /** A details screen with its record loaded. */
  static async waitFor(page: Page, title: 'Engagement notice' | 'Billing report', lead?: string): Promise<ReportingDetailsPage> {
    await page.getByRole('heading', { level: 1, name: title, exact: true }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Status history' }).waitFor();
    if (lead !== undefined) {
      await page.locator('.reporting-lead', { hasText: lead }).waitFor();
    }
    return new ReportingDetailsPage(page);
  }

  /** The value of a key fact, by its whole label ('Status', 'Agency', …). */
  async fact(label: string): Promise<string> {
    const term = this.page.locator('dt').filter({ hasText: new RegExp(`^${escapeRegExp(label)}$`) });
    return (await this.page.locator('.facts-list .answers__row').filter({ has: term }).locator('dd').innerText()).trim();
  }

  history(): Locator {
    return this.page.getByRole('list', { name: /^Status history of this / }).getByRole('listitem');
  }

  withdrawForm(): Locator {
    return this.page.getByRole('region', { name: 'Withdraw this engagement notice' });
  }

  async summaryMessages(): Promise<string[]> {
    return (await this.page.locator('.error-summary li').allInnerTexts()).map((text) => text.trim());
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
