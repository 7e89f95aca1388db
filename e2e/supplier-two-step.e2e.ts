/**
 * Journey: a supplier asks everyone who works for it to use two-step verification (issue 29). An
 * admin signed in with a password alone is shown how to set it up first. A new admin they invite
 * creates an account, adds a passkey (Chromium's virtual authenticator), signs in again with it and
 * turns the requirement on, keyboard only. The first admin, still signed in with a password alone,
 * is then shown how to set it up instead of the dashboard, until the new admin turns it off again.
 * Axe and a 320 px phone on each new screen. The journey leaves the supplier as it found it.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CurrentUserResponse } from '../common/api/user';
import { baseUrl, expectAccessibleOnDesktopAndPhone, launchBrowser, newContext, watchPageErrors } from './support/browser';
import { addVirtualAuthenticator, demo, signInAt, storedAccessToken } from './support/session';
import { Header } from './pages/header';
import { LoginPage } from './pages/login-page';
import { OutboxPage } from './pages/outbox-page';
import { ConfirmAccountPage } from './pages/confirm-account-page';
import { UsersPage } from './pages/users-page';

const PASSWORD = 'violet estuary compass 27';
const newAdmin = { name: 'Tui Secure', email: `tui.${Date.now().toString(36)}@example.test` };
const REQUIREMENT_PATH = '/dashboard/users/two-step-verification';

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name }).waitFor();

/** Presses Tab until `name`d control has the focus, as a keyboard user would. */
async function tabTo(page: Page, selector: string, limit = 60): Promise<void> {
  for (let presses = 0; presses < limit; presses += 1) {
    await page.keyboard.press('Tab');
    if (await page.locator(selector).evaluate((element) => element === document.activeElement)) {
      return;
    }
  }
  throw new Error(`${String(limit)} presses of Tab never reached ${selector}`);
}

describe('a supplier requiring two-step verification', () => {
  let browser: Browser;
  let admin: Page;
  let supplierName = '';
  /** The new admin's page once signed in with the passkey, to turn the requirement off whatever happens. */
  let keyedAdmin: Page | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    // A journey stopped half-way must not leave the demo supplier closed to the other journeys' password sign-ins.
    if (keyedAdmin) {
      const authorization = `Bearer ${await storedAccessToken(keyedAdmin)}`;
      const overview = (await (await keyedAdmin.request.get('/api/v1/user', { headers: { Authorization: authorization } })).json()) as CurrentUserResponse;
      await keyedAdmin.request.put('/api/v1/user/second-factor-requirement', {
        headers: { Authorization: authorization, 'X-Supplier-Id': String(overview.activeSupplier?.supplierID ?? '') },
        data: { required: false },
      });
    }
    await browser.close();
  });

  it('shows an admin signed in with a password alone how to set it up before asking it of everyone', async () => {
    admin = await (await newContext(browser)).newPage();
    const errors = watchPageErrors(admin);
    await signInAt(admin, '/dashboard/users', demo.admin);
    const usersPage = await UsersPage.verifyOnPage(admin);
    supplierName = await usersPage.supplierName();
    const section = admin.getByRole('region', { name: 'Two-step verification' });
    await section.getByText('Not required. Each person can still set it up for their own account.').waitFor();
    await section.getByRole('link', { name: 'Change whether two-step verification is required' }).click();

    await heading(admin, `Two-step verification at ${supplierName}`);
    await admin.getByText('Before you ask everyone to use two-step verification, set it up for yourself and sign in again with it.').waitFor();
    expect(await admin.getByRole('link', { name: 'Set up two-step verification' }).getAttribute('href')).toBe('/user/two-step-verification');
    expect(await admin.getByRole('radio').count()).toBe(0);
    await expectAccessibleOnDesktopAndPhone(admin);
    expect(errors).toEqual([]);
  });

  it('lets a new admin with a passkey turn it on, keyboard only, and then asks it of everyone', async () => {
    // The first admin invites the new one, as an administrator.
    await admin.goto('/dashboard/users/add');
    await admin.getByLabel('Name').fill(newAdmin.name);
    await admin.getByLabel('Email address').fill(newAdmin.email);
    await admin.getByRole('checkbox', { name: 'Administrator' }).check();
    await admin.getByRole('button', { name: 'Send invitation' }).click();
    await (await UsersPage.verifyOnPage(admin)).waitForMessage(`Invitation sent to ${newAdmin.email}.`);
    const link = await (await OutboxPage.open(admin)).findLink(newAdmin.email, `${baseUrl()}/user/confirm/`);

    // The new admin creates an account from the link and adds a passkey on this computer.
    const first = await (await newContext(browser)).newPage();
    const laptop = await addVirtualAuthenticator(first);
    await first.goto(link);
    await (await ConfirmAccountPage.verifyOnPage(first)).button('Create your account').click();
    await heading(first, 'Create your account');
    await first.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await first.getByLabel('Confirm password').fill(PASSWORD);
    await first.getByRole('button', { name: 'Create account and continue' }).click();
    await first.waitForURL((url) => url.pathname.startsWith('/dashboard/'));
    await new Header(first).waitForUser(newAdmin.name);
    await first.goto('/user/two-step-verification');
    await heading(first, 'Two-step verification');
    await first.getByRole('link', { name: 'Add a passkey' }).click();
    await heading(first, 'Add a passkey');
    await first.getByLabel('Name this passkey').fill('Office laptop');
    await first.getByRole('button', { name: 'Continue' }).click();
    await first.getByRole('heading', { level: 2, name: 'Save your recovery codes' }).waitFor();
    await first.getByRole('link', { name: 'I have saved my recovery codes' }).click();
    await first.getByRole('table', { name: 'Your ways to sign in after your password' }).getByRole('row').filter({ hasText: 'Office laptop' }).waitFor();

    // Signed in again with the passkey (the same laptop, a new browser session), the form is offered.
    const { credentials } = await laptop.cdp.send('WebAuthn.getCredentials', { authenticatorId: laptop.authenticatorId });
    const page = await (await newContext(browser)).newPage();
    const errors = watchPageErrors(page);
    const again = await addVirtualAuthenticator(page);
    for (const credential of credentials) {
      await again.cdp.send('WebAuthn.addCredential', { authenticatorId: again.authenticatorId, credential });
    }
    await page.goto(REQUIREMENT_PATH);
    await (await LoginPage.verifyOnPage(page)).signIn(newAdmin.email, PASSWORD);
    await heading(page, 'Use your passkey');
    await page.getByRole('button', { name: 'Use my passkey' }).click();
    await heading(page, `Two-step verification at ${supplierName}`);
    keyedAdmin = page;
    const question = page.getByRole('group', { name: `Should everyone who works for ${supplierName} use two-step verification?` });
    await question.waitFor();
    expect(await question.getByRole('radio', { name: 'No' }).isChecked()).toBe(true);
    await expectAccessibleOnDesktopAndPhone(page);

    // Keyboard only: to the chosen radio, the arrow to Yes, then Save.
    await tabTo(page, '#second-factor-required-1');
    await page.keyboard.press('ArrowUp');
    expect(await question.getByRole('radio', { name: 'Yes' }).isChecked()).toBe(true);
    await tabTo(page, '.user-form button[type="submit"]');
    await page.keyboard.press('Enter');
    const users = await UsersPage.verifyOnPage(page);
    await users.waitForMessage(`Everyone at ${supplierName} now needs two-step verification to open this dashboard.`);
    await page
      .getByRole('region', { name: 'Two-step verification' })
      .getByText(`Required: everyone at ${supplierName} signs in with a passkey or a code from an authenticator app as well as their password.`)
      .waitFor();
    expect(errors).toEqual([]);

    // The first admin, signed in with a password alone, is shown how to set it up instead of the dashboard.
    await admin.goto('/dashboard/applications');
    await heading(admin, `Use two-step verification to open ${supplierName}’s dashboard`);
    await admin.getByText(`The administrators of ${supplierName} ask everyone who works for it to sign in with two steps`).waitFor();
    // They work for another supplier too, whose dashboard stays open to them.
    await admin.getByText('You can still open your other suppliers’ dashboards').waitFor();
    expect(await admin.getByRole('link', { name: 'Set up two-step verification' }).getAttribute('href')).toBe('/user/two-step-verification');
    await admin.getByRole('button', { name: 'Sign out' }).waitFor();
    await expectAccessibleOnDesktopAndPhone(admin);
  });

  it('is turned off again by the new admin, and the dashboard opens to the password alone', async () => {
    const page = keyedAdmin as Page;
    await page.goto(REQUIREMENT_PATH);
    const question = page.getByRole('group', { name: `Should everyone who works for ${supplierName} use two-step verification?` });
    expect(await question.getByRole('radio', { name: 'Yes' }).isChecked()).toBe(true);
    await question.getByRole('radio', { name: 'No' }).check();
    await page.getByRole('button', { name: 'Save' }).click();
    await (await UsersPage.verifyOnPage(page)).waitForMessage(`Two-step verification is no longer required at ${supplierName}. Anyone who set it up still uses it.`);
    keyedAdmin = undefined;

    await admin.goto('/dashboard/users');
    await UsersPage.verifyOnPage(admin);
    await admin.getByRole('region', { name: 'Two-step verification' }).getByText('Not required.', { exact: false }).waitFor();
  });
});
