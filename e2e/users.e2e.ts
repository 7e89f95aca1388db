/**
 * Journey: supplier user management (spec §2 /users, /users/add, /users/edit/{id}; §6) and the user
 * app's invitation link (/user/confirm/{token}). An admin invites the demo account that belongs to no
 * supplier, she accepts through the emailed link, and the admin removes her again, so the demo data
 * ends as it began (e2e/header.e2e.ts expects nobody@example.com to be attached to no supplier).
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, expectNoAxeViolations, launchBrowser, newContext, watchPageErrors } from './support/browser';
import { demo, signInAt } from './support/session';
import { ConfirmAccountPage } from './pages/confirm-account-page';
import { Header } from './pages/header';
import { LoginPage } from './pages/login-page';
import { OutboxPage } from './pages/outbox-page';
import { ConfirmDialog, UsersPage, type UserFormPage } from './pages/users-page';

const NOT_ADMIN_MESSAGE = 'You need to be an administrator of this supplier to manage its users.';

function confirmLinkPrefix(): string {
  return `${baseUrl()}/user/confirm/`;
}

async function isFocused(page: Page, selector: string): Promise<boolean> {
  return page.locator(selector).evaluate((element) => element === document.activeElement);
}

/** Presses Tab until `target` has the focus, as a keyboard user would; fails after `limit` presses. */
async function tabTo(page: Page, target: Locator, limit = 60): Promise<void> {
  for (let presses = 0; presses < limit; presses += 1) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((element) => element === document.activeElement)) {
      return;
    }
  }
  throw new Error(`${limit} presses of Tab never reached the target`);
}

describe('supplier user management', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  async function freshPage(): Promise<Page> {
    return (await newContext(browser)).newPage();
  }

  async function signInAsAdmin(): Promise<{ page: Page; usersPage: UsersPage; header: Header }> {
    const page = await freshPage();
    const header = await signInAt(page, '/dashboard/users', demo.admin);
    return { page, usersPage: await UsersPage.verifyOnPage(page), header };
  }

  it('invites an existing account, which accepts through the emailed link; the admin then removes her', async () => {
    const { page, usersPage, header } = await signInAsAdmin();
    const errors = watchPageErrors(page);
    const supplierName = await usersPage.supplierName();
    expect(await header.link('Users').getAttribute('href')).toBe('/dashboard/users');
    expect(await usersPage.userRow(demo.admin.email).innerText()).toContain('(you)');
    // The signed-in admin is not offered removal; nobody@example.com is not a member yet.
    expect(await usersPage.userRow(demo.admin.email).getByRole('button', { name: /^Remove/ }).count()).toBe(0);
    expect(await usersPage.userRow(demo.nobody.email).count()).toBe(0);
    await expectNoAxeViolations(page);

    // The add form refuses an empty submission, naming each problem at the top and at its field.
    const form = await usersPage.openAddForm();
    await form.submit();
    expect(await form.summaryMessages()).toEqual(['Enter the person’s name', 'Enter an email address']);
    expect(await isFocused(page, '.error-summary')).toBe(true);
    expect(await form.fieldError(form.name)).toBe('Enter the person’s name');
    expect(await form.name.getAttribute('aria-invalid')).toBe('true');
    await expectNoAxeViolations(page);
    await form.errorSummary.getByRole('link', { name: 'Enter an email address' }).click();
    expect(await form.email.evaluate((input) => input === document.activeElement)).toBe(true);

    await form.email.fill('not-an-address');
    await form.submit();
    expect(await form.summaryMessages()).toEqual([
      'Enter the person’s name',
      'Enter an email address in the correct format, like name@example.com',
    ]);

    await form.name.fill(demo.nobody.name);
    await form.email.fill(demo.nobody.email);
    expect(await form.isAdmin.isChecked()).toBe(false);
    await form.submit();
    const listed = await UsersPage.verifyOnPage(page);
    await listed.waitForMessage(`Invitation sent to ${demo.nobody.email}.`);
    expect(await listed.message.getAttribute('role')).toBe('status');
    const invitation = listed.invitationRow(demo.nobody.email);
    await invitation.waitFor();
    expect(await invitation.innerText()).toContain(demo.nobody.name);
    expect(await invitation.locator('time').getAttribute('datetime')).toMatch(/^\d{4}-\d{2}-\d{2}T/);

    // The invitation email, as the development outbox shows it.
    const link = await (await OutboxPage.open(page)).findLink(demo.nobody.email, confirmLinkPrefix());

    // Nadia opens the link in her own browser: signed out, she is offered sign-in first.
    const nadia = await freshPage();
    const nadiaErrors = watchPageErrors(nadia);
    await nadia.goto(link);
    let confirm = await ConfirmAccountPage.verifyOnPage(nadia);
    const sentence = await confirm.invitationText();
    expect(sentence).toContain(supplierName);
    expect(sentence).toContain(demo.nobody.email);
    await expectNoAxeViolations(nadia);
    await confirm.button('Sign in to accept').click();
    // The sign-in page knows whom the invitation is for.
    const login = await LoginPage.verifyOnPage(nadia);
    expect(await nadia.getByLabel('Email').inputValue()).toBe(demo.nobody.email);
    await login.signIn(demo.nobody.email);
    // Back from sign-in, the invitation is accepted at once and the dashboard opens.
    await nadia.waitForURL((url) => url.pathname.startsWith('/dashboard/applications'));
    const nadiaHeader = new Header(nadia);
    await nadiaHeader.waitForUser(demo.nobody.name);
    await nadiaHeader.link('Dashboard').waitFor();
    await expectNoAxeViolations(nadia);

    // The link works once.
    await nadia.goto(link);
    confirm = await ConfirmAccountPage.verifyOnPage(nadia);
    await confirm.notice(/already been used/).waitFor();
    expect(await confirm.button('Accept invitation').count()).toBe(0);
    await expectNoAxeViolations(nadia);
    expect(nadiaErrors).toEqual([]);

    // The admin sees her as a user, no longer as an invitation, and removes her again.
    await page.goto('/dashboard/users');
    const after = await UsersPage.verifyOnPage(page);
    await after.userRow(demo.nobody.email).waitFor();
    expect(await after.invitationRow(demo.nobody.email).count()).toBe(0);

    const removeButton = after.userRow(demo.nobody.email).getByRole('button', { name: `Remove ${demo.nobody.name}` });
    let dialog = await after.askToRemove(demo.nobody.email);
    expect(await dialog.title()).toBe(`Remove ${demo.nobody.name}?`);
    // The safe choice has the focus; Escape cancels and gives the focus back.
    expect(await dialog.focusedText()).toBe('Cancel');
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await dialog.waitForClosed();
    await expect.poll(() => removeButton.evaluate((button) => button === document.activeElement)).toBe(true);
    expect(await after.userRow(demo.nobody.email).count()).toBe(1);

    dialog = await after.askToRemove(demo.nobody.email);
    await dialog.button('Remove user').click();
    await dialog.waitForClosed();
    await after.waitForMessage(`${demo.nobody.name} (${demo.nobody.email}) was removed from ${supplierName}.`);
    await after.userRow(demo.nobody.email).waitFor({ state: 'detached' });
    expect(errors).toEqual([]);

    // Back to the seeded state: she is attached to no supplier.
    await nadia.goto('/dashboard/applications');
    await nadiaHeader.waitForUser(demo.nobody.name);
    await nadia.getByRole('main').getByRole('alert').waitFor();
    expect(await nadiaHeader.link('Dashboard').count()).toBe(0);
  });

  it("changes a user's admin flag, never their name, then puts it back", async () => {
    const { page, usersPage } = await signInAsAdmin();
    const row = usersPage.users.locator('tbody tr').filter({ hasNotText: '(you)' }).first();
    const email = (await row.locator('td').first().innerText()).trim();
    const originalName = (await row.getByRole('rowheader').innerText()).trim();
    const wasAdmin = (await row.locator('td').nth(1).innerText()).trim() === 'Yes';

    // The name and address are the person's own: shown, not editable.
    let form = await usersPage.openEditForm(email);
    expect(await form.name.inputValue()).toBe(originalName);
    expect(await form.name.isEditable()).toBe(false);
    expect(await form.email.inputValue()).toBe(email);
    expect(await form.email.isEditable()).toBe(false);
    expect(await form.isAdmin.isChecked()).toBe(wasAdmin);
    await expectNoAxeViolations(page);

    await form.isAdmin.setChecked(!wasAdmin);
    await form.submit();
    let listed = await UsersPage.verifyOnPage(page);
    await listed.waitForMessage(`Changes to ${originalName} were saved.`);
    let edited = listed.userRow(email);
    expect(await edited.getByRole('rowheader').innerText()).toBe(originalName);
    expect((await edited.locator('td').nth(1).innerText()).trim()).toBe(wasAdmin ? 'No' : 'Yes');

    // The change is stored: a reload shows it, and the edit form starts from it.
    await page.reload();
    listed = await UsersPage.verifyOnPage(page);
    edited = listed.userRow(email);
    expect((await edited.locator('td').nth(1).innerText()).trim()).toBe(wasAdmin ? 'No' : 'Yes');
    form = await listed.openEditForm(email);
    expect(await form.isAdmin.isChecked()).toBe(!wasAdmin);
    await form.isAdmin.setChecked(wasAdmin);
    await form.submit();
    listed = await UsersPage.verifyOnPage(page);
    await listed.waitForMessage(`Changes to ${originalName} were saved.`);
    expect((await listed.userRow(email).locator('td').nth(1).innerText()).trim()).toBe(wasAdmin ? 'Yes' : 'No');

    // An id that is not one of this supplier's users.
    await page.goto('/dashboard/users/edit/999999');
    await page.getByText('We could not find that user.', { exact: false }).waitFor();
    expect(await page.getByRole('main').getByLabel('Name', { exact: true }).count()).toBe(0);
    await expectNoAxeViolations(page);
  });

  it('keeps a member who is not an admin out of the list and the form, with no Users link', async () => {
    const page = await freshPage();
    const header = await signInAt(page, '/dashboard/users', demo.member);
    const main = page.getByRole('main');
    await main.getByText(NOT_ADMIN_MESSAGE).waitFor();
    expect(await main.getByRole('table').count()).toBe(0);
    expect(await main.getByRole('link', { name: 'Add a user' }).count()).toBe(0);
    expect(await header.link('Users').count()).toBe(0);
    expect(await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Users' }).count()).toBe(0);
    await expectNoAxeViolations(page);

    await page.goto('/dashboard/users/add');
    await main.getByText(NOT_ADMIN_MESSAGE).waitFor();
    expect(await main.getByRole('textbox').count()).toBe(0);
    expect(await main.getByRole('button', { name: 'Send invitation' }).count()).toBe(0);
  });

  it('cancels a pending invitation from the keyboard alone; the link then says so', async () => {
    const { page, usersPage } = await signInAsAdmin();
    const email = `invitee-${Date.now()}@example.com`;
    const form: UserFormPage = await usersPage.openAddForm();
    await form.name.fill('Ivy Invitee');
    await form.email.fill(email);
    await form.isAdmin.check();
    await form.submit();
    const listed = await UsersPage.verifyOnPage(page);
    await listed.waitForMessage(`Invitation sent to ${email}.`);
    expect(await listed.invitationRow(email).innerText()).toContain('Yes');
    const link = await (await OutboxPage.open(page)).findLink(email, confirmLinkPrefix());

    // Someone else signed in (the admin) cannot accept it: the server's reason is shown.
    await page.goto(link);
    const confirm = await ConfirmAccountPage.verifyOnPage(page);
    expect(await confirm.invitationText()).toContain('as an administrator');
    await confirm.button('Accept invitation').click();
    const refusal = confirm.main.getByRole('alert');
    await refusal.waitFor();
    expect(await refusal.innerText()).toBe('This invitation is for i•••@example.com. Sign in with that email address to accept it.');
    await expectNoAxeViolations(page);

    await page.goto('/dashboard/users');
    const users = await UsersPage.verifyOnPage(page);
    const cancelButton = users.invitationRow(email).getByRole('button', { name: `Cancel invitation to ${email}` });
    await tabTo(page, cancelButton);
    await page.keyboard.press('Enter');
    let dialog = await ConfirmDialog.waitFor(page);
    expect(await dialog.title()).toBe(`Cancel the invitation to ${email}?`);
    expect(await dialog.focusedText()).toBe('Keep invitation');
    await expectNoAxeViolations(page);
    // Focus stays inside the dialog however often Tab is pressed.
    for (let presses = 0; presses < 5; presses += 1) {
      await page.keyboard.press('Tab');
      expect(await dialog.hasFocus()).toBe(true);
    }
    await page.keyboard.press('Escape');
    await dialog.waitForClosed();
    // The dialog gives the focus back a frame after it closes: poll, on a busy machine.
    await expect.poll(() => cancelButton.evaluate((button) => button === document.activeElement)).toBe(true);
    expect(await users.invitationRow(email).count()).toBe(1);

    await page.keyboard.press('Enter');
    dialog = await ConfirmDialog.waitFor(page);
    await page.keyboard.press('Shift+Tab');
    expect(await dialog.focusedText()).toBe('Cancel invitation');
    await page.keyboard.press('Enter');
    await dialog.waitForClosed();
    await users.waitForMessage(`The invitation to ${email} was cancelled.`);
    await users.invitationRow(email).waitFor({ state: 'detached' });
    await expect.poll(() => page.getByRole('main').getByRole('heading', { level: 1 }).evaluate((h1) => h1 === document.activeElement)).toBe(true);

    // The link now says it was withdrawn, and offers nothing to press.
    await page.goto(link);
    const withdrawn = await ConfirmAccountPage.verifyOnPage(page);
    await withdrawn.notice(/was cancelled/).waitFor();
    expect(await withdrawn.main.getByRole('button').count()).toBe(0);
    await expectNoAxeViolations(page);
  });
});
