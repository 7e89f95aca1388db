/** The dashboard's user management (spec §2 /users, /users/add, /users/edit/{id}) and its confirmation dialog. */
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

async function expectHeading(page: Page, title: string): Promise<void> {
  const h1 = page.getByRole('main').getByRole('heading', { level: 1 });
  await h1.filter({ hasText: title }).waitFor();
  expect((await h1.innerText()).trim()).toBe(title);
}

export class UsersPage {
  readonly users: Locator;
  readonly invitations: Locator;
  /** The live region that announces what a change did. */
  readonly message: Locator;

  constructor(readonly page: Page) {
    this.users = page.getByRole('table', { name: /^Users of / });
    this.invitations = page.getByRole('table', { name: 'Invitations not yet accepted' });
    this.message = page.getByRole('main').locator('.users-screen__message');
  }

  /** On /dashboard/users with the list loaded. */
  static async verifyOnPage(page: Page): Promise<UsersPage> {
    await expectHeading(page, 'Users');
    expect(new URL(page.url()).pathname).toBe('/dashboard/users');
    const usersPage = new UsersPage(page);
    await usersPage.users.waitFor();
    return usersPage;
  }

  /** The supplier the dashboard works for, as its side navigation names it. */
  async supplierName(): Promise<string> {
    return (await this.page.locator('.app-nav__owner-name').innerText()).trim();
  }

  userRow(email: string): Locator {
    return this.users.getByRole('row').filter({ hasText: email });
  }

  invitationRow(email: string): Locator {
    return this.invitations.getByRole('row').filter({ hasText: email });
  }

  async waitForMessage(text: string): Promise<void> {
    await this.message.filter({ hasText: text }).waitFor();
  }

  async openAddForm(): Promise<UserFormPage> {
    await this.page.getByRole('link', { name: 'Add a user' }).click();
    return UserFormPage.verifyOnPage(this.page, 'add');
  }

  async openEditForm(email: string): Promise<UserFormPage> {
    await this.userRow(email).getByRole('link', { name: /^Edit/ }).click();
    return UserFormPage.verifyOnPage(this.page, 'edit');
  }

  async askToRemove(email: string): Promise<ConfirmDialog> {
    await this.userRow(email).getByRole('button', { name: /^Remove/ }).click();
    return ConfirmDialog.waitFor(this.page);
  }
}

export class UserFormPage {
  readonly name: Locator;
  readonly email: Locator;
  readonly isAdmin: Locator;
  readonly errorSummary: Locator;

  constructor(readonly page: Page) {
    const main = page.getByRole('main');
    this.name = main.getByLabel('Name', { exact: true });
    this.email = main.getByLabel('Email address', { exact: true });
    this.isAdmin = main.getByRole('checkbox', { name: 'Administrator' });
    this.errorSummary = main.locator('.error-summary');
  }

  static async verifyOnPage(page: Page, mode: 'add' | 'edit'): Promise<UserFormPage> {
    await expectHeading(page, mode === 'add' ? 'Add a user' : 'Edit a user');
    const form = new UserFormPage(page);
    await form.name.waitFor();
    return form;
  }

  async submit(): Promise<void> {
    await this.page
      .getByRole('main')
      .getByRole('button', { name: /^(Send invitation|Save changes)$/ })
      .click();
  }

  /** The messages of the error summary, in order. */
  async summaryMessages(): Promise<string[]> {
    await this.errorSummary.waitFor();
    return (await this.errorSummary.getByRole('listitem').allInnerTexts()).map((text) => text.trim());
  }

  async fieldError(field: Locator): Promise<string> {
    const id = await field.getAttribute('aria-describedby');
    const errorId = id?.split(' ').find((part) => part.endsWith('-error'));
    expect(errorId, 'the field names its error').toBeDefined();
    return (await this.page.locator(`[id="${errorId ?? ''}"]`).innerText()).replace(/^Error:\s*/, '').trim();
  }
}

/** The modal alert dialog that asks before removing a user or cancelling an invitation. */
export class ConfirmDialog {
  constructor(
    readonly page: Page,
    readonly dialog: Locator,
  ) {}

  static async waitFor(page: Page): Promise<ConfirmDialog> {
    const dialog = page.getByRole('alertdialog');
    await dialog.waitFor();
    // The dialog moves focus to its safe choice just after it appears: keys pressed before then
    // would go to the page behind.
    await page.waitForFunction(() => document.querySelector('[role="alertdialog"]')?.contains(document.activeElement) === true);
    return new ConfirmDialog(page, dialog);
  }

  async title(): Promise<string> {
    return (await this.dialog.getByRole('heading', { level: 2 }).innerText()).trim();
  }

  button(name: string): Locator {
    return this.dialog.getByRole('button', { name, exact: true });
  }

  async hasFocus(): Promise<boolean> {
    return this.dialog.evaluate((element) => element.contains(document.activeElement));
  }

  async focusedText(): Promise<string> {
    return this.page.evaluate(() => document.activeElement?.textContent.trim() ?? '');
  }

  async waitForClosed(): Promise<void> {
    await this.dialog.waitFor({ state: 'detached' });
  }
}
