/** The dashboard's applications screens: the list, the apply flow's screens, the details page. */
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

export class ApplicationsListPage {
  constructor(private readonly page: Page) {}

  static async open(page: Page, query = ''): Promise<ApplicationsListPage> {
    await page.goto(`/dashboard/applications${query}`);
    const list = new ApplicationsListPage(page);
    await list.waitForList();
    return list;
  }

  /** Waits for the list (or its empty state) to show. */
  async waitForList(): Promise<void> {
    await this.page.getByRole('heading', { level: 1, name: 'Applications' }).waitFor();
    await this.page.locator('.data-table, .empty-state').first().waitFor();
  }

  row(referenceId: string): Locator {
    return this.page.getByRole('row').filter({ has: this.page.getByRole('rowheader', { name: referenceId, exact: true }) });
  }

  async status(referenceId: string): Promise<string> {
    return (await this.row(referenceId).locator('.status-tag').innerText()).trim();
  }

  message(): Locator {
    return this.page.getByRole('status').locator('.alert--success');
  }
}

/** One screen of the apply flow, known by its h1. */
export class ApplyScreen {
  constructor(readonly page: Page) {}

  static async waitFor(page: Page, title: string | RegExp): Promise<ApplyScreen> {
    try {
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
    } catch (error) {
      // Say where the journey went instead, so a failure in CI can be read without a rerun.
      const headings = await page.getByRole('heading', { level: 1 }).allInnerTexts();
      const alerts = await page.locator('[role="alert"], .error-state, .error-summary').allInnerTexts();
      throw new Error(`Expected the screen "${String(title)}" but found ${page.url()} with h1 ${JSON.stringify(headings)} and ${JSON.stringify(alerts)}`, {
        cause: error,
      });
    }
    // The screen's own loading, and each list of choices it loads.
    await expect.poll(() => page.locator('.loading-state').count(), { timeout: 15_000 }).toBe(0);
    return new ApplyScreen(page);
  }

  button(name: string): Locator {
    return this.page.getByRole('button', { name, exact: true });
  }

  field(label: string): Locator {
    return this.page.getByLabel(label, { exact: true });
  }

  group(legend: string): Locator {
    return this.page.getByRole('group', { name: legend, exact: true });
  }

  /** Types a date into the day, month and year inputs of the question's fieldset. */
  async enterDate(legend: string, date: { day: string; month: string; year: string }): Promise<void> {
    const group = this.group(legend);
    await group.getByLabel('Day', { exact: true }).fill(date.day);
    await group.getByLabel('Month', { exact: true }).fill(date.month);
    await group.getByLabel('Year', { exact: true }).fill(date.year);
  }

  /** The note beside a service on the services screen ('Already approved'), or '' for none. */
  async serviceNote(service: string): Promise<string> {
    const choice = this.page.locator('.choice').filter({ has: this.page.getByLabel(service, { exact: true }) });
    const note = choice.locator('.choice__hint');
    return (await note.count()) === 0 ? '' : (await note.innerText()).trim();
  }

  async choose(legend: string, option: string): Promise<void> {
    await this.group(legend).getByLabel(option, { exact: true }).check();
  }

  /** The apply path's reference id (`/dashboard/applications/apply/MP-…/…`). */
  referenceId(): string {
    const match = /\/applications\/apply\/(MP-[0-9A-Z]{4}-[0-9A-Z]{4})\//.exec(new URL(this.page.url()).pathname);
    expect(match, `a reference id in ${this.page.url()}`).not.toBeNull();
    return match?.[1] ?? '';
  }

  async stepProgress(): Promise<string> {
    return (await this.page.locator('.progress-bar__label').innerText()).trim();
  }

  async summaryMessages(): Promise<string[]> {
    return (await this.page.locator('.error-summary li').allInnerTexts()).map((text) => text.trim());
  }
}

export class ApplicationDetailsPage {
  constructor(private readonly page: Page) {}

  static async waitFor(page: Page): Promise<ApplicationDetailsPage> {
    await page.getByRole('heading', { level: 1, name: 'Application details' }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Progress' }).waitFor();
    return new ApplicationDetailsPage(page);
  }

  tracker(): Locator {
    return this.page.getByRole('list', { name: 'Application progress' });
  }

  async stageLabels(): Promise<string[]> {
    return (await this.tracker().locator('.status-tracker__label strong').allInnerTexts()).map((text) => text.trim());
  }

  async currentStage(): Promise<string> {
    return (await this.tracker().locator('[aria-current="step"] .status-tracker__label strong').innerText()).trim();
  }

  /** "Reached 3 May 2026" or "Not reached yet", for each stage in order. */
  async stageDates(): Promise<string[]> {
    return (await this.tracker().locator('.status-tracker__date').allInnerTexts()).map((text) => text.trim());
  }

  async serviceDecision(service: string): Promise<string> {
    return (await this.page.getByRole('row').filter({ has: this.page.getByRole('rowheader', { name: service, exact: true }) }).locator('.status-tag').innerText()).trim();
  }
}
