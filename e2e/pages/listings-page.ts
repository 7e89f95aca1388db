/** The dashboard's service listing screens: the list, one listing's overview, and a step of its form. */
import type { Locator, Page } from 'playwright-core';

/** /dashboard/listings: the services the supplier may list, each with its listing's status. */
export class ListingsPage {
  constructor(readonly page: Page) {}

  static async waitFor(page: Page): Promise<ListingsPage> {
    await page.getByRole('heading', { level: 1, name: 'Service listings' }).waitFor();
    await page.locator('.data-table, .empty-state').first().waitFor();
    return new ListingsPage(page);
  }

  rows(): Locator {
    return this.page.locator('.data-table tbody tr');
  }

  /** Each row's service and status, in the order shown. */
  async servicesAndStatuses(): Promise<{ service: string; status: string }[]> {
    return this.rows().evaluateAll((rows) =>
      rows.map((row) => ({ service: row.querySelector('th')?.textContent.trim() ?? '', status: row.querySelector('.status-tag')?.textContent.trim() ?? '' })),
    );
  }

  row(service: string): Locator {
    return this.rows().filter({ has: this.page.getByRole('rowheader', { name: service, exact: true }) });
  }
}

/** /dashboard/listings/{serviceId}: the listing's overview, titled with its service. */
export class ListingOverviewPage {
  constructor(readonly page: Page) {}

  static async waitFor(page: Page, service: string): Promise<ListingOverviewPage> {
    await page.getByRole('heading', { level: 1, name: service, exact: true }).waitFor();
    await page.locator('.status-tag').first().waitFor();
    return new ListingOverviewPage(page);
  }

  status(): Locator {
    return this.page.locator('.listing-screen .status-tag').first();
  }

  /** The answer shown for a question of a step's section, e.g. "Summary". */
  answer(question: string): Locator {
    return this.page
      .locator('.answers__row')
      .filter({ has: this.page.getByRole('term').getByText(question, { exact: true }) })
      .getByRole('definition');
  }

  changeLink(step: string): Locator {
    return this.page.getByRole('link', { name: `Change ${step.toLowerCase()}` });
  }

  sendButton(): Locator {
    return this.page.getByRole('button', { name: 'Send for review' });
  }

  errorSummary(): Locator {
    return this.page.locator('.error-summary');
  }

  /** The live region's message (a step saved, a send's result, why a step could not open). */
  message(): Locator {
    return this.page.getByRole('status').filter({ has: this.page.locator('.alert') });
  }
}

/** /dashboard/listings/{serviceId}/{stepId}: one step of the listing form, its topic as the h1. */
export class ListingStepPage {
  constructor(readonly page: Page) {}

  static async waitFor(page: Page, title: string): Promise<ListingStepPage> {
    await page.getByRole('heading', { level: 1, name: title, exact: true }).waitFor();
    await page.getByRole('button', { name: 'Save and continue' }).waitFor();
    return new ListingStepPage(page);
  }

  field(label: string): Locator {
    return this.page.getByLabel(label, { exact: true });
  }

  /** A group of questions or of inputs (a list to add to, a set of checkboxes), named by its legend. */
  group(legend: string): Locator {
    return this.page.getByRole('group', { name: legend, exact: true });
  }

  /** Fills the items of an "add another" list of lines, adding an item for each line after the first. */
  async fillLines(legend: string, lines: readonly string[]): Promise<void> {
    const group = this.group(legend);
    for (const [index, line] of lines.entries()) {
      if (index > 0) {
        await group.getByRole('button', { name: 'Add another' }).click();
      }
      const box = group.getByRole('textbox').nth(index);
      await box.waitFor();
      await box.fill(line);
    }
  }

  errorSummary(): Locator {
    return this.page.locator('.error-summary');
  }

  async summaryMessages(): Promise<string[]> {
    return (await this.errorSummary().getByRole('link').allInnerTexts()).map((text) => text.trim());
  }

  async saveAndContinue(): Promise<void> {
    await this.page.getByRole('button', { name: 'Save and continue' }).click();
  }
}
