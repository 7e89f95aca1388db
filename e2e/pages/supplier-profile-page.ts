/** The public profile of an approved supplier. */
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

export class SupplierProfilePage {
  readonly contact: Locator;
  readonly business: Locator;
  readonly offers: Locator;

  constructor(readonly page: Page) {
    this.contact = page.getByRole('region', { name: 'Contact' });
    this.business = page.getByRole('region', { name: 'Business details' });
    this.offers = page.getByRole('region', { name: 'Services offered' });
  }

  static async verifyOnPage(page: Page, tradingName: string): Promise<SupplierProfilePage> {
    const h1 = page.getByRole('main').getByRole('heading', { level: 1 });
    await h1.waitFor();
    expect((await h1.innerText()).trim()).toBe(tradingName);
    expect(new URL(page.url()).pathname).toMatch(/^\/approved-suppliers\/\d+$/);
    return new SupplierProfilePage(page);
  }
}
