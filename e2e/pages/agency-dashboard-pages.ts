/**
 * The agency dashboard (issue 31, /agency): its side navigation, the engagement notices naming the
 * agency (/agency/engagement-notices), its people (/agency/people) and their invite and edit forms
 * (/agency/people/invite, /agency/people/edit/{id}). Removing a person and cancelling an invitation
 * ask first in the same dialog as the supplier's users screen (ConfirmDialog of ./users-page.ts).
 */
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

export const NO_AGENCY_NOTICES_MESSAGE = 'No supplier has sent an engagement notice naming your agency yet.';
export const NOT_AGENCY_ADMIN_MESSAGE = 'You need to be an administrator of this agency to manage its people.';

async function expectHeading(page: Page, title: string): Promise<void> {
  const h1 = page.getByRole('main').getByRole('heading', { level: 1 });
  await h1.filter({ hasText: title }).waitFor();
  expect((await h1.innerText()).trim()).toBe(title);
}

/** The side navigation of the agency dashboard, under the name of the agency it works for. */
export class AgencyDashboardNav {
  readonly nav: Locator;

  constructor(readonly page: Page) {
    this.nav = page.getByRole('navigation', { name: 'Agency dashboard' });
  }

  async agencyName(): Promise<string> {
    return (await this.nav.locator('.app-nav__owner-name').innerText()).trim();
  }

  async linkNames(): Promise<string[]> {
    return (await this.nav.getByRole('link').allInnerTexts()).map((name) => name.trim());
  }

  link(name: string): Locator {
    return this.nav.getByRole('link', { name, exact: true });
  }
}

/** /agency/engagement-notices, once the list (or its empty state) has loaded. */
export class AgencyNoticesPage {
  readonly main: Locator;
  readonly nav: AgencyDashboardNav;
  readonly notices: Locator;

  constructor(readonly page: Page) {
    this.main = page.getByRole('main');
    this.nav = new AgencyDashboardNav(page);
    this.notices = page.getByRole('table', { name: 'Engagement notices naming your agency' });
  }

  static async verifyOnPage(page: Page): Promise<AgencyNoticesPage> {
    await page.waitForURL((url) => url.pathname === '/agency/engagement-notices');
    await expectHeading(page, 'Engagement notices');
    const noticesPage = new AgencyNoticesPage(page);
    await noticesPage.nav.nav.waitFor();
    await expect.poll(() => page.locator('.loading-state').count()).toBe(0);
    return noticesPage;
  }

  row(title: string): Locator {
    return this.notices.getByRole('row').filter({ hasText: title });
  }

  /** The row's cells by their column (the row header is the engagement's title). */
  async cells(title: string): Promise<Record<string, string>> {
    const row = this.row(title);
    const columns = (await this.notices.getByRole('columnheader').allInnerTexts()).map((text) => text.trim());
    const values = [await row.getByRole('rowheader').innerText(), ...(await row.getByRole('cell').allInnerTexts())].map((text) => text.trim());
    return Object.fromEntries(columns.map((column, index) => [column, values[index] ?? '']));
  }
}

/** /agency/people: the agency's members and pending invitations, for its admins. */
export class AgencyPeoplePage {
  readonly people: Locator;
  readonly invitations: Locator;
  /** The live region that announces what a change did. */
  readonly message: Locator;
  readonly heading: Locator;

  constructor(readonly page: Page) {
    this.people = page.getByRole('table', { name: /^Members of / });
    this.invitations = page.getByRole('table', { name: 'Invitations not yet accepted' });
    this.message = page.getByRole('main').locator('.users-screen__message');
    this.heading = page.getByRole('main').getByRole('heading', { level: 1 });
  }

  /** On /agency/people with the list loaded. */
  static async verifyOnPage(page: Page): Promise<AgencyPeoplePage> {
    await expectHeading(page, 'People');
    expect(new URL(page.url()).pathname).toBe('/agency/people');
    const peoplePage = new AgencyPeoplePage(page);
    await peoplePage.people.waitFor();
    return peoplePage;
  }

  personRow(email: string): Locator {
    return this.people.getByRole('row').filter({ hasText: email });
  }

  invitationRow(email: string): Locator {
    return this.invitations.getByRole('row').filter({ hasText: email });
  }

  /** The Administrator column of a person's row: 'Yes' or 'No'. */
  async isAdminText(email: string): Promise<string> {
    return (await this.personRow(email).getByRole('cell').nth(1).innerText()).trim();
  }

  async waitForMessage(text: string): Promise<void> {
    await this.message.filter({ hasText: text }).waitFor();
  }

  async openInviteForm(): Promise<AgencyPersonFormPage> {
    await this.page.getByRole('main').getByRole('link', { name: 'Invite a person' }).click();
    return AgencyPersonFormPage.verifyOnPage(this.page, 'invite');
  }

  editLink(email: string): Locator {
    return this.personRow(email).getByRole('link', { name: /^Edit/ });
  }

  async openEditForm(email: string): Promise<AgencyPersonFormPage> {
    await this.editLink(email).click();
    return AgencyPersonFormPage.verifyOnPage(this.page, 'edit');
  }

  removeButton(email: string): Locator {
    return this.personRow(email).getByRole('button', { name: /^Remove/ });
  }

  cancelButton(email: string): Locator {
    return this.invitationRow(email).getByRole('button', { name: `Cancel invitation to ${email}` });
  }
}

/** /agency/people/invite and /agency/people/edit/{id}. */
export class AgencyPersonFormPage {
  readonly main: Locator;
  readonly name: Locator;
  readonly email: Locator;
  readonly isAdminQuestion: Locator;
  readonly errorSummary: Locator;

  constructor(readonly page: Page) {
    this.main = page.getByRole('main');
    this.name = this.main.getByLabel('Name', { exact: true });
    this.email = this.main.getByLabel('Email address', { exact: true });
    this.isAdminQuestion = this.main.getByRole('group', { name: /be an administrator\?$/ });
    this.errorSummary = this.main.locator('.error-summary');
  }

  static async verifyOnPage(page: Page, mode: 'invite' | 'edit'): Promise<AgencyPersonFormPage> {
    await expectHeading(page, mode === 'invite' ? 'Invite a person' : 'Edit a person');
    const form = new AgencyPersonFormPage(page);
    await form.isAdminQuestion.waitFor();
    return form;
  }

  isAdmin(answer: 'Yes' | 'No'): Locator {
    return this.isAdminQuestion.getByRole('radio', { name: answer, exact: true });
  }

  async submit(): Promise<void> {
    await this.main.getByRole('button', { name: /^(Send invitation|Save changes)$/ }).click();
  }

  /** The messages of the error summary, in order. */
  async summaryMessages(): Promise<string[]> {
    await this.errorSummary.waitFor();
    return (await this.errorSummary.getByRole('listitem').allInnerTexts()).map((text) => text.trim());
  }
}
