/**
 * Journey: a person turns on two-step verification from the user menu. They add an
 * authenticator app by its key (the test computes the app's codes, as the app would), save the
 * recovery codes shown once, then sign in with a code from the app, and again with a recovery code.
 * They remove the app, keyboard only, after a confirmation page, and the password alone signs in
 * again. Then they add a passkey with Chromium's virtual authenticator, sign in with it on another
 * browser holding the same passkey, are told plainly when a browser without it cannot use it, and
 * remove it. Axe and a 320 px phone on every page, the sign-in's second step included.
 */
import { generate } from 'otplib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessibleOnDesktopAndPhone, launchBrowser, newContext, watchPageErrors } from './support/browser';
import { addVirtualAuthenticator, signInAt } from './support/session';
import { LoginPage } from './pages/login-page';

/** A demo person whose sign-in no other journey depends on the steps of; the journey leaves them as it found them. */
const person = { email: 'nobody@example.com', name: 'Nadia Nobody' };
const OVERVIEW = '/user/two-step-verification';
const PERIOD_SECONDS = 30;

/** The app's code, `stepsAhead` periods from now (the portal accepts the next one: a phone's clock may run ahead). */
const appCode = (secret: string, stepsAhead = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + stepsAhead * PERIOD_SECONDS });

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name }).waitFor();

describe('two-step verification', () => {
  let browser: Browser;
  let secret = '';
  let recoveryCodes: string[] = [];
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('sets up an authenticator app from the user menu and shows the recovery codes once', async () => {
    const page = await (await newContext(browser)).newPage();
    const errors = watchPageErrors(page);
    const header = await signInAt(page, '/user/password', person);
    const menu = await header.openUserMenu(person.name);
    await menu.getByRole('link', { name: 'Two-step verification' }).click();
    await heading(page, 'Two-step verification');
    await page.getByText('Two-step verification is off.').waitFor();
    await expectAccessibleOnDesktopAndPhone(page);

    await page.getByRole('link', { name: 'Set up an authenticator app' }).click();
    await heading(page, 'Set up an authenticator app');
    await page.getByRole('img', { name: 'QR code to add your account to an authenticator app' }).waitFor();
    await page.getByText('I cannot scan the QR code').click();
    secret = (await page.locator('.two-step__key').innerText()).replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    await expectAccessibleOnDesktopAndPhone(page);

    // Nothing typed: both problems, in page order, each linked to its field.
    await page.getByRole('button', { name: 'Add this app' }).click();
    const summary = page.getByRole('alert');
    await summary.getByRole('link').first().waitFor();
    expect(await summary.getByRole('link').allInnerTexts()).toEqual([
      'Enter a name for this authenticator app, for example the phone it is on.',
      'Enter the 6-digit code your authenticator app shows.',
    ]);
    await expectAccessibleOnDesktopAndPhone(page);

    await page.getByLabel('Name this app').fill('Work phone');
    await page.getByLabel('Enter the 6-digit code the app shows').fill(await appCode(secret));
    await page.getByRole('button', { name: 'Add this app' }).click();
    await page.getByRole('heading', { level: 2, name: 'Save your recovery codes' }).waitFor();
    recoveryCodes = await page.getByRole('list', { name: 'Your recovery codes' }).getByRole('listitem').allInnerTexts();
    expect(recoveryCodes).toHaveLength(10);
    await expectAccessibleOnDesktopAndPhone(page);

    await page.getByRole('link', { name: 'I have saved my recovery codes' }).click();
    await heading(page, 'Two-step verification');
    const row = page.getByRole('table', { name: 'Your ways to sign in after your password' }).getByRole('row').filter({ hasText: 'Work phone' });
    await row.waitFor();
    expect(await row.innerText()).toContain('Authenticator app');
    await page.getByText('You have 10 recovery codes left.').waitFor();
    await expectAccessibleOnDesktopAndPhone(page);
    expect(errors).toEqual([]);
  });

  it('then asks for a code from the app after the password, and takes a recovery code instead', async () => {
    const page = await (await newContext(browser)).newPage();
    await page.goto(OVERVIEW);
    await (await LoginPage.verifyOnPage(page)).signIn(person.email);
    await heading(page, 'Enter the code from your authenticator app');
    await expectAccessibleOnDesktopAndPhone(page);
    await page.getByLabel('Code').fill((await appCode(secret, 1)) === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('alert').getByText(/The code is not right/).waitFor();
    await expectAccessibleOnDesktopAndPhone(page);
    // The set-up used this period's code, and a code works once: the app's next one signs in.
    await page.getByLabel('Code').fill(await appCode(secret, 1));
    await page.getByRole('button', { name: 'Continue' }).click();
    await heading(page, 'Two-step verification');

    const other = await (await newContext(browser)).newPage();
    await other.goto(OVERVIEW);
    await (await LoginPage.verifyOnPage(other)).signIn(person.email);
    await heading(other, 'Enter the code from your authenticator app');
    await other.getByRole('link', { name: 'I cannot use my authenticator app: use a recovery code' }).click();
    await heading(other, 'Enter a recovery code');
    await expectAccessibleOnDesktopAndPhone(other);
    await other.getByLabel('Recovery code').fill(recoveryCodes[0] ?? '');
    await other.getByRole('button', { name: 'Continue' }).click();
    await heading(other, 'Two-step verification');
    await other.getByText('You have 9 recovery codes left.').waitFor();
  });

  it('removes the app after a confirmation page, keyboard only, and the password alone signs in again', async () => {
    const page = await (await newContext(browser)).newPage();
    await page.goto(OVERVIEW);
    await (await LoginPage.verifyOnPage(page)).signIn(person.email);
    await page.getByRole('link', { name: 'I cannot use my authenticator app: use a recovery code' }).click();
    await page.getByLabel('Recovery code').fill(recoveryCodes[1] ?? '');
    await page.keyboard.press('Enter');
    await heading(page, 'Two-step verification');

    await page.getByRole('link', { name: 'Remove Work phone' }).focus();
    await page.keyboard.press('Enter');
    await heading(page, 'Remove Work phone?');
    expect(await page.getByRole('main').innerText()).toContain('turns two-step verification off');
    await expectAccessibleOnDesktopAndPhone(page);
    await page.getByRole('button', { name: 'Yes, remove it' }).focus();
    await page.keyboard.press('Enter');
    await heading(page, 'Two-step verification');
    await page.getByRole('status').getByText('Work phone has been removed. Two-step verification is off.').waitFor();
    await page.getByText('Two-step verification is off.', { exact: false }).first().waitFor();

    const again = await (await newContext(browser)).newPage();
    await signInAt(again, OVERVIEW, person);
    await heading(again, 'Two-step verification');
  });

  it('adds a passkey with the browser, signs in with it elsewhere, and explains when a browser cannot use it', async () => {
    const page = await (await newContext(browser)).newPage();
    const errors = watchPageErrors(page);
    const laptop = await addVirtualAuthenticator(page);
    await signInAt(page, OVERVIEW, person);
    await heading(page, 'Two-step verification');
    await page.getByRole('link', { name: 'Add a passkey' }).click();
    await heading(page, 'Add a passkey');
    await expectAccessibleOnDesktopAndPhone(page);

    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('alert').getByRole('link', { name: 'Enter a name for this passkey, for example the computer, phone or security key it is on.' }).waitFor();
    await expectAccessibleOnDesktopAndPhone(page);
    await page.getByLabel('Name this passkey').fill('Work laptop');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('heading', { level: 2, name: 'Save your recovery codes' }).waitFor();
    const codes = await page.getByRole('list', { name: 'Your recovery codes' }).getByRole('listitem').allInnerTexts();
    expect(codes).toHaveLength(10);
    await page.getByRole('link', { name: 'I have saved my recovery codes' }).click();
    const row = page.getByRole('table', { name: 'Your ways to sign in after your password' }).getByRole('row').filter({ hasText: 'Work laptop' });
    await row.waitFor();
    expect(await row.innerText()).toContain('Passkey');
    expect(errors).toEqual([]);

    // Another browser with the same passkey (synced, say): the password, then the passkey.
    const { credentials } = await laptop.cdp.send('WebAuthn.getCredentials', { authenticatorId: laptop.authenticatorId });
    expect(credentials).toHaveLength(1);
    const other = await (await newContext(browser)).newPage();
    const synced = await addVirtualAuthenticator(other);
    for (const credential of credentials) {
      await synced.cdp.send('WebAuthn.addCredential', { authenticatorId: synced.authenticatorId, credential });
    }
    await other.goto(OVERVIEW);
    await (await LoginPage.verifyOnPage(other)).signIn(person.email);
    await heading(other, 'Use your passkey');
    await expectAccessibleOnDesktopAndPhone(other);
    await other.getByRole('button', { name: 'Use my passkey' }).click();
    await heading(other, 'Two-step verification');
    await other.getByText('Two-step verification is on.').waitFor();

    // A browser without it: the page says so, with the other ways in, and a recovery code works.
    const stranger = await (await newContext(browser)).newPage();
    await addVirtualAuthenticator(stranger);
    await stranger.goto(OVERVIEW);
    await (await LoginPage.verifyOnPage(stranger)).signIn(person.email);
    await heading(stranger, 'Use your passkey');
    await stranger.getByRole('button', { name: 'Use my passkey' }).click();
    await stranger.getByRole('alert').getByRole('link', { name: /^Your passkey was not used\./ }).waitFor();
    await expectAccessibleOnDesktopAndPhone(stranger);
    await stranger.getByRole('link', { name: 'I cannot use my passkey: use a recovery code' }).click();
    await heading(stranger, 'Enter a recovery code');
    await stranger.getByLabel('Recovery code').fill(codes[0] ?? '');
    await stranger.getByRole('button', { name: 'Continue' }).click();
    await heading(stranger, 'Two-step verification');

    // Removed, the passkey is no longer asked for.
    await stranger.getByRole('link', { name: 'Remove Work laptop' }).click();
    await heading(stranger, 'Remove Work laptop?');
    await stranger.getByRole('button', { name: 'Yes, remove it' }).click();
    await stranger.getByRole('status').getByText('Work laptop has been removed. Two-step verification is off.').waitFor();
  });
});
