/** The find-suppliers form on the catalogue pages: channel, catalogue and service selects. */
import type { Locator, Page } from 'playwright-core';

export class CascadeForm {
  readonly form: Locator;
  readonly channel: Locator;
  readonly catalogue: Locator;
  readonly service: Locator;
  readonly submit: Locator;

  constructor(readonly page: Page) {
    this.form = page.locator('form[data-cascade-form]');
    this.channel = this.form.getByLabel('Sales channel');
    this.catalogue = this.form.getByLabel('Catalogue', { exact: true });
    this.service = this.form.getByLabel('Service', { exact: true });
    this.submit = this.form.getByRole('button', { name: 'Find suppliers' });
  }

  /** The texts of a select's options, "All …" first. */
  async optionTexts(select: Locator): Promise<string[]> {
    return (await select.locator('option').allInnerTexts()).map((text) => text.trim());
  }

  /** Resolves when the select has loaded: enabled and no longer busy. */
  async waitUntilLoaded(select: Locator): Promise<void> {
    await select.and(this.page.locator(':not([aria-busy]):enabled')).waitFor();
  }
}
