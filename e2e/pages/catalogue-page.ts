/** The public catalogue pages (sales channels, channel, catalogue, service) and their shared parts. */
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

export class CataloguePage {
  readonly main: Locator;
  readonly breadcrumbs: Locator;
  readonly sideNav: Locator;
  readonly sideNavToggle: Locator;

  constructor(readonly page: Page) {
    this.main = page.getByRole('main');
    this.breadcrumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    this.sideNav = page.getByRole('navigation', { name: 'Sales channels' });
    this.sideNavToggle = page.getByRole('button', { name: 'Sales channels menu' });
  }

  /** Waits for the page whose h1 is `heading`. */
  static async verifyOnPage(page: Page, heading: string): Promise<CataloguePage> {
    const h1 = page.getByRole('main').getByRole('heading', { level: 1 });
    await h1.waitFor();
    expect((await h1.innerText()).trim()).toBe(heading);
    return new CataloguePage(page);
  }

  async breadcrumbTrail(): Promise<string[]> {
    return (await this.breadcrumbs.getByRole('listitem').allInnerTexts()).map((text) => text.trim());
  }

  /** A link in the page's content (not the side navigation). */
  contentLink(name: string): Locator {
    return this.page.locator('.content-layout__article').getByRole('link', { name, exact: true });
  }

  /** Titles of the cards or list items of the page's main list. */
  async listedTitles(): Promise<string[]> {
    return (await this.page.locator('.content-layout__article :is(.card, .item-list__item) h3').allInnerTexts()).map((text) => text.trim());
  }
}
