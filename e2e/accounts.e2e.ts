/**
 * Journey: a person new to the portal gets an account on the embedded identity provider. An admin
 * invites an email with no account; the person opens the emailed link, creates their account with
 * a password, signs in and accepts. Later they forget the password, reset it through the emailed
 * link, and sign in with the new one. Then, signed in, they change it from the user menu, answering
 * yes to signing out elsewhere: that browser stays signed in, another one can no longer renew its sign-in.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, expectAccessibleOnDesktopAndPhone, expectNoAxeViolations, launchBrowser, newContext, watchPageErrors } from './support/browser';
import { demo, signInAt } from './support/session';
import { ConfirmAccountPage } from './pages/confirm-account-page';
import { Header } from './pages/header';
import { LoginPage } from './pages/login-page';
import { OutboxPage } from './pages/outbox-page';
import { UsersPage } from './pages/users-page';

const FIRST_PASSWORD = 'copper meadow lantern 19';
const NEW_PASSWORD = 'quiet harbour bicycle 84';
const CHANGED_PASSWORD = 'amber canyon whistle 63';
const person = { name: 'Rewa Newcomer', email: `rewa.${Date.now().toString(36)}@example.test` };

describe('accounts on the embedded identity provider', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  async function freshPage(): Promise<Page> {
    return (await newContext(browser)).newPage();
  }

  it('an invited new person creates an account with a password and lands on the dashboard, signed in, without signing in again', async () => {
    // The admin invites an email that has no account.
    const admin = await freshPage();
    await signInAt(admin, '/dashboard/users', demo.admin);
    const usersPage = await UsersPage.verifyOnPage(admin);
    const supplierName = await usersPage.supplierName();
    const form = await usersPage.openAddForm();
    await form.name.fill(person.name);
    await form.email.fill(person.email);
    await form.submit();
    await (await UsersPage.verifyOnPage(admin)).waitForMessage(`Invitation sent to ${person.email}.`);
    const link = await (await OutboxPage.open(admin)).findLink(person.email, `${baseUrl()}/user/confirm/`);

    // The person opens the link: no account yet, so the screen offers to create one.
    const page = await freshPage();
    const errors = watchPageErrors(page);
    await page.goto(link);
    const confirm = await ConfirmAccountPage.verifyOnPage(page);
    expect(await confirm.invitationText()).toContain(supplierName);
    expect(await confirm.button('Sign in to accept').count()).toBe(0);
    await expectNoAxeViolations(page);
    await confirm.button('Create your account').click();

    // The sign-in service's page creates it, for the invited email.
    await page.getByRole('heading', { level: 1, name: 'Create your account' }).waitFor();
    expect(await page.getByRole('main').innerText()).toContain(person.email);
    // It fits a 320 px phone too.
    await expectAccessibleOnDesktopAndPhone(page);

    // A common password is refused with the reason, at the top and at the field.
    await page.getByLabel('Password', { exact: true }).fill('password1234');
    await page.getByLabel('Confirm password').fill('password1234');
    await page.getByRole('button', { name: 'Create account and continue' }).click();
    const summary = page.locator('.error-summary');
    await summary.getByText(/too common/).waitFor();
    expect(await page.getByLabel('Password', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    await expectNoAxeViolations(page);

    // The right one signs them in, accepts the invitation and opens the dashboard: no second sign-in.
    await page.getByLabel('Password', { exact: true }).fill(FIRST_PASSWORD);
    await page.getByLabel('Confirm password').fill(FIRST_PASSWORD);
    await page.getByRole('button', { name: 'Create account and continue' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/dashboard/applications'));
    const header = new Header(page);
    await header.waitForUser(person.name);
    await header.link('Dashboard').waitFor();
    await expectNoAxeViolations(page);
    // The only console entry may be the browser noting the refused common password (the page's 400).
    expect(errors.filter((entry) => !entry.includes('status of 400'))).toEqual([]);
  });

  it('resets the forgotten password through the emailed link and signs in with the new one', async () => {
    // Later, in another browser, the password is forgotten: the sign-in page links to a reset.
    const later = await freshPage();
    const laterErrors = watchPageErrors(later);
    await later.goto('/dashboard');
    await LoginPage.verifyOnPage(later);
    await later.getByRole('link', { name: 'Forgot your password?' }).click();
    await later.getByRole('heading', { level: 1, name: 'Reset your password' }).waitFor();
    await expectNoAxeViolations(later);
    await later.getByRole('button', { name: 'Send the link' }).click();
    await later.locator('.error-summary').getByText('Enter your email address.').waitFor();
    await expectNoAxeViolations(later);
    await later.getByLabel('Email').fill(person.email);
    await later.getByRole('button', { name: 'Send the link' }).click();
    await later.getByRole('heading', { level: 1, name: 'Check your email' }).waitFor();
    await expectNoAxeViolations(later);

    const resetLink = await (await OutboxPage.open(later)).findLink(person.email, `${baseUrl()}/account/reset-password/`);
    await later.goto(resetLink);
    await later.getByRole('heading', { level: 1, name: 'Choose a new password' }).waitFor();
    await expectNoAxeViolations(later);
    await later.getByLabel('New password', { exact: true }).fill('too short');
    await later.getByLabel('Confirm new password').fill('too short');
    await later.getByRole('button', { name: 'Change password' }).click();
    await later.locator('.error-summary').getByText(/at least 12 characters/).waitFor();
    await expectNoAxeViolations(later);
    await later.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await later.getByLabel('Confirm new password').fill(NEW_PASSWORD);
    await later.getByRole('button', { name: 'Change password' }).click();
    await later.getByRole('heading', { level: 1, name: 'Your password has been changed' }).waitFor();
    await expectNoAxeViolations(later);

    // The old password no longer works; the new one does.
    await later.getByRole('main').getByRole('link', { name: 'Sign in', exact: true }).click();
    const login = await LoginPage.verifyOnPage(later);
    await login.signIn(person.email, FIRST_PASSWORD);
    expect(await login.errorText()).toContain('The email or password is not correct.');
    await login.signIn(person.email, NEW_PASSWORD);
    await later.waitForURL((url) => url.pathname.startsWith('/dashboard'));
    await new Header(later).waitForUser(person.name);

    // The link works once.
    await later.goto(resetLink);
    await later.getByRole('heading', { level: 1, name: 'This link does not work' }).waitFor();
    // Only the statuses of the pages that said no: the empty email and short password (400), the
    // old password (401) and the spent link (404). No script errors.
    const refused = (status: string, path: string) => `console: Failed to load resource: the server responded with a status of ${status} (${path})`;
    expect(laterErrors).toEqual([
      refused('400 (Bad Request)', '/account/forgot-password'),
      refused('400 (Bad Request)', '/account/reset-password/:token'),
      refused('401 (Unauthorized)', '/interaction/:token/login'),
      refused('404 (Not Found)', '/account/reset-password/:token'),
    ]);
  });

  it('changes the password while signed in: this browser stays signed in, the others cannot renew', async () => {
    const elsewhere = await freshPage();
    await signInAt(elsewhere, '/dashboard', person, NEW_PASSWORD);

    const page = await freshPage();
    const errors = watchPageErrors(page);
    const header = await signInAt(page, '/dashboard', person, NEW_PASSWORD);
    const menu = await header.openUserMenu(person.name);
    await menu.getByRole('link', { name: 'Change your password' }).click();
    await page.getByRole('heading', { level: 1, name: 'Change your password' }).waitFor();
    expect(await page.title()).toContain('Change your password');
    await expectNoAxeViolations(page);

    // Nothing typed: the summary lists the problems in page order, and takes the focus.
    await page.getByRole('button', { name: 'Change password' }).click();
    const summary = page.locator('.error-summary');
    await summary.waitFor();
    expect(await summary.getByRole('link').allInnerTexts()).toEqual([
      'Enter your current password.',
      'Enter a password.',
      'Select yes if you want to sign out of your other devices.',
    ]);
    expect(await page.evaluate(() => document.activeElement?.classList.contains('error-summary'))).toBe(true);
    await expectNoAxeViolations(page);

    // A wrong current password is the server's to say; nothing changes.
    await page.getByLabel('Current password').fill('not the password at all');
    await page.getByLabel('New password', { exact: true }).fill(CHANGED_PASSWORD);
    await page.getByLabel('Confirm new password').fill(CHANGED_PASSWORD);
    await page.getByRole('radio', { name: 'No' }).check();
    await page.getByRole('button', { name: 'Change password' }).click();
    await summary.getByText('Your current password is not right. Check it and try again.').waitFor();
    expect(await page.getByLabel('Current password').getAttribute('aria-invalid')).toBe('true');

    // Keyboard only from here: type the current password, change the answer to yes, and submit with Enter.
    await page.getByLabel('Current password').fill(NEW_PASSWORD);
    await page.getByRole('radio', { name: 'Yes' }).focus();
    await page.keyboard.press('Space');
    expect(await page.getByRole('radio', { name: 'Yes' }).isChecked()).toBe(true);
    await page.keyboard.press('Enter');
    await page.getByText('Your password has been changed').waitFor();
    await expectNoAxeViolations(page);

    // Still signed in here.
    await page.getByRole('link', { name: 'Go to your dashboard' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/dashboard'));
    await header.waitForUser(person.name);

    // The other browser's sign-in can no longer renew.
    const renewal = await elsewhere.evaluate(async () => {
      for (let index = 0; index < window.localStorage.length; index += 1) {
        const key = window.localStorage.key(index) ?? '';
        if (key.startsWith('oidc.user:')) {
          const [, authority = '', clientId = ''] = /^oidc\.user:(.+):([^:]+)$/.exec(key) ?? [];
          const stored = JSON.parse(window.localStorage.getItem(key) ?? '{}') as { refresh_token?: string };
          const response = await fetch(`${authority}/token`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
            body: new URLSearchParams({ grant_type: 'refresh_token', client_id: clientId, refresh_token: stored.refresh_token ?? '' }),
          });
          return response.status;
        }
      }
      return 0;
    });
    expect(renewal).toBe(400);

    // The mail says so, and the new password is the one that signs in.
    // Read in a fresh browser: the other one, signed out, is on its way to the sign-in page.
    const outbox = await OutboxPage.open(await freshPage());
    await outbox.waitForMessage(person.email, 'password has been changed');
    const later = await freshPage();
    await signInAt(later, '/dashboard', person, CHANGED_PASSWORD);
    // The only console entry is the browser noting the refused current password (the server's 400).
    expect(errors).toEqual([expect.stringMatching(/^console: Failed to load resource: the server responded with a status of 400 \(Bad Request\) \(\/\S+\)$/)]);
  }, 180_000);
});
