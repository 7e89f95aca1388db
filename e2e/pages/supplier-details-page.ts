/** The dashboard's supplier details screen (/dashboard/supplier) and its edit screens. */
import type { Locator, Page } from 'playwright-core';

export class SupplierDetailsPage {
  constructor(private readonly page: Page) {}

  async waitForDetails(): Promise<void> {
    await this.page.getByRole('heading', { level: 1, name: 'Supplier details' }).waitFor();
    await this.page.getByRole('heading', { level: 2, name: 'Company details' }).waitFor();
  }

  /** The answer shown for a question, e.g. "Trading name". */
  answer(question: string): Locator {
    return this.page
      .locator('.answers__row')
      .filter({ has: this.page.getByRole('term').getByText(question, { exact: true }) })
      .getByRole('definition');
  }

  /** The "Your public listing" section: the published listings and the link to the public profile. */
  publicListing(): Locator {
    return this.page.getByRole('region', { name: 'Your public listing' });
  }

  changeLink(section: string): Locator {
    return this.page.getByRole('link', { name: `Change ${section.toLowerCase()}` });
  }

  savedNotice(): Locator {
    return this.page.getByRole('status').filter({ hasText: 'changes were saved' });
  }
}

export class EditSupplierStep {
  constructor(private readonly page: Page) {}

  static async waitFor(page: Page, title: string): Promise<EditSupplierStep> {
    await page.getByRole('heading', { level: 2, name: title }).waitFor();
    await page.getByRole('button', { name: `Save ${title.toLowerCase()}` }).waitFor();
    return new EditSupplierStep(page);
  }

  field(label: string): Locator {
    return this.page.getByLabel(label, { exact: true });
  }

  /** A yes/no question: its fieldset, named by its legend. */
  question(legend: string): Locator {
    return this.page.getByRole('group', { name: legend });
  }

  async answer(legend: string, option: 'Yes' | 'No'): Promise<void> {
    await this.question(legend).getByLabel(option, { exact: true }).check();
  }

  errorSummary(): Locator {
    return this.page.locator('.error-summary');
  }

  async summaryMessages(): Promise<string[]> {
    return (await this.errorSummary().getByRole('link').allInnerTexts()).map((text) => text.trim());
  }

  async save(title: string): Promise<void> {
    await this.page.getByRole('button', { name: `Save ${title.toLowerCase()}` }).click();
  }
}
