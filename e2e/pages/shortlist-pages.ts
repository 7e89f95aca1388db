/**
 * The agency dashboard's shortlists (issue 31): the list (/agency/shortlists), the form that names
 * a new one (/agency/shortlists/new) and a shortlist (/agency/shortlists/{id}) with its suppliers,
 * the search of the directory that adds them, and the confirmation dialogs (ConfirmDialog of
 * ./users-page.ts).
 */
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { ConfirmDialog } from './users-page';

async function expectHeading(page: Page, title: string): Promise<void> {
  const h1 = page.getByRole('main').getByRole('heading', { level: 1 });
  await h1.filter({ hasText: title }).waitFor();
  expect((await h1.innerText()).trim()).toBe(title);
}

async function waitForLoaded(page: Page): Promise<void> {
  await expect.poll(() => page.locator('.loading-state').count()).toBe(0);
}

/** /agency/shortlists, loaded. */
export class ShortlistsPage {
  readonly main: Locator;
  readonly table: Locator;
  readonly message: Locator;

  constructor(readonly page: Page) {
    this.main = page.getByRole('main');
    this.table = this.main.getByRole('table', { name: 'Your shortlists and those shared with your agency' });
    this.message = this.main.locator('.users-screen__message');
  }

  static async verifyOnPage(page: Page): Promise<ShortlistsPage> {
    await page.waitForURL((url) => url.pathname === '/agency/shortlists');
    await expectHeading(page, 'Shortlists');
    await waitForLoaded(page);
    return new ShortlistsPage(page);
  }

  row(name: string): Locator {
    return this.table.getByRole('row').filter({ has: this.page.getByRole('rowheader', { name, exact: true }) });
  }

  async openNewForm(): Promise<NewShortlistPage> {
    await this.main.getByRole('link', { name: 'Make a shortlist' }).click();
    return NewShortlistPage.verifyOnPage(this.page);
  }

  async waitForMessage(text: string): Promise<void> {
    await this.message.filter({ hasText: text }).waitFor();
  }
}

/** /agency/shortlists/new. */
export class NewShortlistPage {
  readonly name: Locator;
  readonly errorSummary: Locator;

  constructor(readonly page: Page) {
    this.name = page.getByRole('main').getByLabel('Name', { exact: true });
    this.errorSummary = page.getByRole('main').locator('.error-summary');
  }

  static async verifyOnPage(page: Page): Promise<NewShortlistPage> {
    await page.waitForURL((url) => url.pathname === '/agency/shortlists/new');
    await expectHeading(page, 'Name your shortlist');
    return new NewShortlistPage(page);
  }

  async submit(): Promise<void> {
    await this.page.getByRole('button', { name: 'Make the shortlist' }).click();
  }

  async make(name: string): Promise<ShortlistPage> {
    await this.name.fill(name);
    await this.submit();
    return ShortlistPage.verifyOnPage(this.page, name);
  }
}

/** /agency/shortlists/{id}, loaded. */
export class ShortlistPage {
  readonly main: Locator;
  readonly suppliers: Locator;
  readonly results: Locator;
  readonly message: Locator;

  constructor(
    readonly page: Page,
    readonly name: string,
  ) {
    this.main = page.getByRole('main');
    this.suppliers = this.main.getByRole('table', { name: `Suppliers on ${name}` });
    this.results = this.main.getByRole('list', { name: 'Suppliers found' });
    this.message = this.main.locator('.users-screen__message');
  }

  static async verifyOnPage(page: Page, name: string): Promise<ShortlistPage> {
    await page.waitForURL((url) => /^\/agency\/shortlists\/[0-9]+$/.test(url.pathname));
    await expectHeading(page, name);
    await waitForLoaded(page);
    return new ShortlistPage(page, name);
  }

  /** The shortlist's id, from the address. */
  id(): number {
    return Number(new URL(this.page.url()).pathname.split('/').pop());
  }

  async waitForMessage(text: string): Promise<void> {
    await this.message.filter({ hasText: text }).waitFor();
  }

  async search(keyword: string): Promise<void> {
    await this.main.getByLabel('Search the directory', { exact: true }).fill(keyword);
    await this.main.getByRole('button', { name: 'Search', exact: true }).click();
    await this.results.waitFor();
  }

  result(name: string): Locator {
    return this.results.getByRole('listitem').filter({ hasText: name });
  }

  async add(name: string, note: string): Promise<void> {
    await this.main.getByLabel('Note (optional)', { exact: true }).fill(note);
    await this.result(name).getByRole('button', { name: /^Add to this shortlist/ }).click();
    await this.waitForMessage(`${name} was added to the shortlist.`);
  }

  supplierRow(name: string): Locator {
    return this.suppliers.getByRole('row').filter({ hasText: name });
  }

  async editNote(name: string, note: string): Promise<void> {
    await this.supplierRow(name).getByRole('button', { name: /^Edit note/ }).click();
    const field = this.main.getByLabel(`Note on ${name}`, { exact: true });
    // The field takes the focus as it opens, for the keyboard.
    await expect.poll(() => field.evaluate((element) => element === document.activeElement)).toBe(true);
    await field.fill(note);
    await this.supplierRow(name).getByRole('button', { name: /^Save/ }).click();
    await this.waitForMessage(`The note on ${name} was saved.`);
  }

  async askToRemove(name: string): Promise<ConfirmDialog> {
    await this.supplierRow(name).getByRole('button', { name: /^Remove/ }).click();
    return ConfirmDialog.waitFor(this.page);
  }

  async askToDelete(): Promise<ConfirmDialog> {
    await this.main.getByRole('button', { name: 'Delete this shortlist', exact: true }).click();
    return ConfirmDialog.waitFor(this.page);
  }

  shareButton(): Locator {
    return this.main.getByRole('button', { name: /^(Share with your agency|Stop sharing)$/ });
  }
}

/** /agency/shortlists/save/{supplierId}, loaded: a supplier found on the directory's pages saved to a shortlist. */
export class SaveToShortlistPage {
  readonly main: Locator;
  readonly errorSummary: Locator;

  constructor(
    readonly page: Page,
    readonly supplierName: string,
  ) {
    this.main = page.getByRole('main');
    this.errorSummary = this.main.locator('.error-summary');
  }

  static async verifyOnPage(page: Page, supplierName: string): Promise<SaveToShortlistPage> {
    await page.waitForURL((url) => /^\/agency\/shortlists\/save\/[0-9]+$/.test(url.pathname));
    await expectHeading(page, `Save ${supplierName} to a shortlist`);
    await waitForLoaded(page);
    return new SaveToShortlistPage(page, supplierName);
  }

  async submit(): Promise<void> {
    await this.main.getByRole('button', { name: 'Save to the shortlist', exact: true }).click();
  }

  /** Chooses the shortlist (or 'A new shortlist', named `newName`), writes the note, saves, and lands on the shortlist. */
  async save({ choice, note, newName }: { choice: string; note: string; newName?: string }): Promise<ShortlistPage> {
    await this.main.getByRole('radio', { name: choice, exact: true }).check();
    if (newName !== undefined) {
      await this.main.getByLabel('Name of the new shortlist', { exact: true }).fill(newName);
    }
    await this.main.getByLabel('Note (optional)', { exact: true }).fill(note);
    await this.submit();
    const shortlist = await ShortlistPage.verifyOnPage(this.page, newName ?? choice.replace(/ \(already on it\)$/, ''));
    await shortlist.waitForMessage(`${this.supplierName} was saved to ${shortlist.name}.`);
    return shortlist;
  }
}
