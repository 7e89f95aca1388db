/**
 * Journey: a business registers through the public wizard (a wrong NZBN and one already waiting for
 * the team are refused on the way, a reload in the middle loses nothing), the team approves it
 * through the API, and the registrant, new to the portal, creates an account from the emailed
 * invitation, is admin of the new supplier and starts an application; later they reset a forgotten
 * password. It starts at the start page; step 3 is a page per topic; every page links back to the one
 * before on a 375 px phone, passes axe and fits 320 px.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, expectNoAxeViolations, expectNoSidewaysScroll, launchBrowser, newContext, watchPageErrors } from './support/browser';
import { demo, signInAt, storedAccessToken } from './support/session';
import { ConfirmAccountPage } from './pages/confirm-account-page';
import { Header } from './pages/header';
import { LoginPage } from './pages/login-page';
import { OutboxPage } from './pages/outbox-page';
import { REGISTER_PAGES, RegisterPage } from './pages/register-page';
import { chunkPath, chunkPathsWith } from './support/built-chunks';

const PASSWORD = 'totara ridge window 42';
const NEW_PASSWORD = 'silver fern kettle 77';
const NZBN = '9429077777775';
/** The demo registration waiting for the team (server/seed/demo-registration.ts). */
const PENDING_NZBN = '9429031234566';
const registrant = { name: 'Tama Registrant', email: `tama.${Date.now().toString(36)}@example.test` };
const business = 'Pūriri Software';

async function fillStepOne(screen: RegisterPage, nzbn: string): Promise<void> {
  await screen.choose('Where is your business registered?', 'New Zealand');
  await screen.field('New Zealand Business Number (NZBN)').fill(nzbn);
  await screen.field('Trading name').fill(business);
  await screen.field('Legal name').fill('Puriri Software Limited');
  await screen.field('Your full name').fill(registrant.name);
  await screen.field('Your email address').fill(registrant.email);
}

async function fillStepTwo(screen: RegisterPage): Promise<void> {
  await screen.field('Address line 1', 'Registered address').fill('5 Willis Street');
  await screen.field('Town or city', 'Registered address').fill('Wellington');
  await screen.field('Postcode', 'Registered address').fill('6011');
  await screen.group('Registered address').getByLabel('Country', { exact: true }).selectOption({ label: 'New Zealand' });
  await screen.choose('Is your head office at the registered address?', 'Yes');
  await screen.field('Business email address').fill('kiaora@puriri.example');
  await screen.field('Business phone number').fill('04 555 0110');
}

/** Step 3, a page at a time (app/registration/step-pages.ts), each page continued to the next. */
async function fillCompanyPages(screen: RegisterPage, page: Page): Promise<RegisterPage> {
  expect(await screen.caption()).toBe('About your company, part 1 of 7');
  await screen.select('Type of company', 'Limited liability company');
  await screen.select('Company status', 'Registered');
  await screen.field('Business owner or chief executive').fill(registrant.name);
  await screen.choose('Is your business a Māori business?', 'No');
  await screen.button('Continue').click();

  screen = await RegisterPage.waitFor(page, 'GST');
  // Nothing answered: the page's summary names its own question only, none of another page's.
  await screen.button('Continue').click();
  expect(await screen.summaryMessages()).toEqual(['Say whether your business is registered for GST']);
  await expectNoAxeViolations(page);
  await screen.choose('GST status', 'Registered for GST');
  await screen.field('GST number').fill('49-091-850');
  await screen.button('Continue').click();

  screen = await RegisterPage.waitFor(page, 'Size and locations');
  await screen.select('Size of company', '2 to 19 people');
  await screen.field('Years in business').fill('3');
  await screen.field('Where your business operates').fill('Wellington region');
  await screen.button('Continue').click();

  screen = await RegisterPage.waitFor(page, 'Your finances');
  await screen.choose('Can your business pay its debts as they fall due?', 'Yes');
  await screen.choose('Is your business, or any of its directors, subject to insolvency proceedings?', 'No');
  await screen.choose('Will you submit a financial statement?', 'Yes');
  await page.getByLabel('Financial statement', { exact: true }).setInputFiles({
    name: 'accounts-2026.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'),
  });
  await page.getByText('accounts-2026.pdf').waitFor();
  // A reload (or a closed tab) keeps every answer so far on this device, on the page's own address.
  await page.reload();
  screen = await RegisterPage.waitFor(page, 'Your finances');
  await page.getByText('accounts-2026.pdf').waitFor();
  await screen.button('Continue').click();

  screen = await RegisterPage.waitFor(page, 'Investigations, disputes and legal proceedings');
  await screen.choose('In the last five years, has your business been investigated by a regulator or government agency?', 'No');
  await screen.choose('In the last five years, has your business had a contract dispute with a customer?', 'No');
  await screen.choose('Is your business involved in legal proceedings, or likely to be?', 'No');
  await screen.button('Continue').click();

  // Insurance asks nothing that must be answered.
  screen = await RegisterPage.waitFor(page, 'Insurance');
  await expectNoAxeViolations(page);
  await screen.button('Continue').click();
  return RegisterPage.waitFor(page, 'Services you want to offer');
}

async function chooseServices(screen: RegisterPage): Promise<string> {
  const channel = screen.field('Sales channel');
  const channelName = (await channel.locator('option').nth(1).innerText()).trim();
  await channel.selectOption({ index: 1 });
  await screen.field('Catalogue').selectOption({ index: 1 });
  const services = screen.group('Services').getByRole('checkbox');
  await services.first().check();
  return channelName;
}

describe('public supplier registration', () => {
  let browser: Browser;
  let page: Page;
  let errors: string[];
  let referenceId = '';

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await (await newContext(browser)).newPage();
    errors = watchPageErrors(page);
  });
  afterAll(() => browser.close());

  it('a visitor registers a business from the start page through the four steps, step 3 a page at a time, fixing errors, going back and reloading on the way', async () => {
    await page.goto('/');
    await page.getByRole('main').getByRole('link', { name: 'Register your business' }).click();
    // The start page: what you need, how long it takes, what happens next.
    let screen = await RegisterPage.waitFor(page, 'Register your business');
    expect(new URL(page.url()).pathname).toBe('/register/start');
    await page.getByRole('heading', { level: 2, name: 'Before you start' }).waitFor();
    await page.getByText(/aims to do so within \d+ working days/).waitFor();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Start now' }).click();
    screen = await RegisterPage.waitFor(page, 'Your business');
    expect(new URL(page.url()).pathname).toBe('/register/your-business');
    expect(await screen.progress()).toBe('Step 1 of 4');
    await expectNoAxeViolations(page);

    // Nothing answered: the error summary lists the questions in page order.
    await screen.button('Continue').click();
    expect((await screen.summaryMessages())[0]).toBe('Select where your business is registered');
    await expectNoAxeViolations(page);

    // A wrong check digit is refused in the browser; a business already waiting for the team by the server.
    await fillStepOne(screen, '9429077777776');
    await screen.button('Continue').click();
    expect(await screen.summaryMessages()).toEqual(['Enter a valid NZBN: 13 digits starting 94, as shown on the NZBN register']);
    await screen.field('New Zealand Business Number (NZBN)').fill(PENDING_NZBN);
    await screen.button('Continue').click();
    expect((await screen.summaryMessages())[0]).toMatch(/already registered, or its registration is waiting for review/);
    await expectNoAxeViolations(page);
    await screen.field('New Zealand Business Number (NZBN)').fill(NZBN);
    await screen.button('Continue').click();

    screen = await RegisterPage.waitFor(page, 'Addresses and contacts');
    expect(await screen.progress()).toBe('Step 2 of 4');
    expect(await screen.backLink().isVisible()).toBe(true);
    await fillStepTwo(screen);
    await expectNoAxeViolations(page);
    await screen.button('Continue').click();

    screen = await RegisterPage.waitFor(page, 'Your company');
    expect(new URL(page.url()).pathname).toBe('/register/about-your-company/company');
    // Every page of step 3 is the third of the spec's four steps.
    expect(await screen.progress()).toBe('Step 3 of 4');
    screen = await fillCompanyPages(screen, page);
    expect(await screen.caption()).toBe('About your company, part 7 of 7');
    await expectNoAxeViolations(page);

    // Back goes to the page before, its answers still there; Continue comes forward again.
    await screen.backLink().click();
    screen = await RegisterPage.waitFor(page, 'Insurance');
    await screen.backLink().click();
    screen = await RegisterPage.waitFor(page, 'Investigations, disputes and legal proceedings');
    expect(await screen.group('Is your business involved in legal proceedings, or likely to be?').getByLabel('No', { exact: true }).isChecked()).toBe(true);
    await screen.button('Continue').click();
    screen = await RegisterPage.waitFor(page, 'Insurance');
    await screen.button('Continue').click();
    screen = await RegisterPage.waitFor(page, 'Services you want to offer');
    const channelName = await chooseServices(screen);
    await screen.button('Continue').click();

    screen = await RegisterPage.waitFor(page, 'Check your answers and submit');
    const main = page.getByRole('main');
    await main.getByText(business).first().waitFor();
    await main.getByText('accounts-2026.pdf').waitFor();
    await main.getByText(channelName).waitFor();
    expect(await main.getByText(NZBN).count()).toBe(1);
    await expectNoAxeViolations(page);

    // A Change link goes back to its step and returns here.
    await page.getByRole('link', { name: 'Change addresses and contacts' }).click();
    screen = await RegisterPage.waitFor(page, 'Addresses and contacts');
    await screen.field('Business phone number').fill('04 555 0111');
    await screen.button('Save and return to check your answers').click();
    screen = await RegisterPage.waitFor(page, 'Check your answers and submit');
    await main.getByText('04 555 0111').waitFor();

    // Step 3's answers are in a section per page, each with its Change link to that page.
    await page.getByRole('link', { name: 'Change size and locations' }).click();
    screen = await RegisterPage.waitFor(page, 'Size and locations');
    expect(new URL(page.url()).pathname).toBe('/register/about-your-company/size-and-locations');
    await screen.field('Years in business').fill('4');
    await screen.button('Save and return to check your answers').click();
    screen = await RegisterPage.waitFor(page, 'Check your answers and submit');
    const sizeSection = main.getByRole('region', { name: 'Size and locations' });
    expect((await sizeSection.locator('dd').allInnerTexts()).map((text) => text.trim())).toContain('4');

    // The declarations must be ticked.
    await screen.button('Submit registration').click();
    expect(await screen.summaryMessages()).toEqual([
      'Confirm the information you have given is true and complete',
      'Agree that the team may check these details with the business registers',
      'Confirm you are authorised to register this business',
    ]);
    await expectNoAxeViolations(page);
    for (const box of await page.getByRole('checkbox').all()) {
      await box.check();
    }
    await screen.button('Submit registration').click();

    await RegisterPage.waitFor(page, 'Registration submitted');
    referenceId = (await page.locator('.register__reference').innerText()).trim();
    expect(referenceId).toMatch(/^REG-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    await main.getByText(registrant.email).waitFor();
    await expectNoAxeViolations(page);
    expect(await page.evaluate(() => window.localStorage.getItem('supplier-registration'))).toBeNull();
    // The browser's only complaint: nothing but the statuses the journey provoked (none here).
    expect(errors).toEqual([]);
  });

  it('a first visitor starts on the step the server drew, typing before the app has loaded; the app takes over with what they did', async () => {
    const context = await newContext(browser);
    const visitor = await context.newPage();
    const visitorErrors = watchPageErrors(visitor);
    const scripts: string[] = [];
    visitor.on('request', (request) => {
      if (request.resourceType() === 'script') {
        scripts.push(new URL(request.url()).pathname);
      }
    });
    // The register app's chunk is held back until the visitor has typed, as on a slow connection.
    const appChunk = chunkPath('app/registration/mount.tsx');
    let releaseApp: () => void = () => undefined;
    const appReleased = new Promise<void>((resolve) => {
      releaseApp = resolve;
    });
    await visitor.route(`**${appChunk}`, async (route) => {
      await appReleased;
      await route.continue();
    });

    await visitor.goto('/register');
    expect(new URL(visitor.url()).pathname).toBe('/register/your-business');
    const screen = await RegisterPage.waitFor(visitor, 'Your business');
    expect(await visitor.title()).toBe('Your business — Marketplace');
    expect(await screen.progress()).toBe('Step 1 of 4');
    await visitor.waitForLoadState('networkidle');
    expect(scripts.sort()).toEqual(chunkPathsWith('app/main.ts').sort());
    await expectNoAxeViolations(visitor);

    await screen.choose('Where is your business registered?', 'New Zealand');
    await screen.field('Trading name').fill(business);
    await screen.field('Your full name').click();
    await visitor.keyboard.type('Tama');
    expect(scripts).toContain(appChunk);
    expect(await screen.field('New Zealand Business Number (NZBN)').count()).toBe(0);

    releaseApp();
    // The app draws the step with the country chosen, so the NZBN question comes; nothing typed is lost.
    await screen.field('New Zealand Business Number (NZBN)').waitFor();
    expect(await screen.group('Where is your business registered?').getByLabel('New Zealand', { exact: true }).isChecked()).toBe(true);
    expect(await screen.field('Trading name').inputValue()).toBe(business);
    // The focus stayed where the visitor was typing: the rest of the name goes on the end.
    await visitor.keyboard.type(' Registrant');
    expect(await screen.field('Your full name').inputValue()).toBe('Tama Registrant');
    const saved = await visitor.evaluate(() => window.localStorage.getItem('supplier-registration'));
    expect(JSON.parse(saved ?? '{}')).toMatchObject({ answers: { '1_business_country': 'New Zealand', '1_trading_name': business, '1_registrant_name': 'Tama Registrant' } });
    await expectNoAxeViolations(visitor);
    expect(visitorErrors).toEqual([]);
    await context.close();
  });

  it('the team approves it through the API; the registrant creates an account, lands on the dashboard as the new supplier\'s admin and continues the application started for them', async () => {
    const team = await (await newContext(browser)).newPage();
    await signInAt(team, '/dashboard/supplier', demo.teamMember);
    const headers = { Authorization: `Bearer ${await storedAccessToken(team)}` };
    const queue = await team.request.get('/api/v1/admin/registrations', { headers });
    expect(queue.status()).toBe(200);
    const { registrations } = (await queue.json()) as { registrations: { id: number; referenceId: string }[] };
    const registration = registrations.find((candidate) => candidate.referenceId === referenceId);
    expect(registration, `${referenceId} in the queue`).toBeDefined();
    const approved = await team.request.post(`/api/v1/admin/registrations/${String(registration?.id)}/approve`, { headers });
    expect(approved.status()).toBe(200);
    expect((await team.request.post(`/api/v1/admin/registrations/${String(registration?.id)}/approve`, { headers })).status()).toBe(409);

    const link = await (await OutboxPage.open(team)).findLink(registrant.email, `${baseUrl()}/user/confirm/`);
    const person = await (await newContext(browser)).newPage();
    await person.goto(link);
    const confirm = await ConfirmAccountPage.verifyOnPage(person);
    expect(await confirm.invitationText()).toContain(business);
    await confirm.button('Create your account').click();
    await person.getByRole('heading', { level: 1, name: 'Create your account' }).waitFor();
    await person.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await person.getByLabel('Confirm password').fill(PASSWORD);
    await person.getByRole('button', { name: 'Create account and continue' }).click();
    // Straight to the dashboard, signed in, as the new supplier's admin (the Users link is for admins).
    await person.waitForURL((url) => url.pathname.startsWith('/dashboard/applications'));
    const header = new Header(person);
    await header.waitForUser(registrant.name);
    await header.link('Users').waitFor();

    // The services chosen at registration wait in a started application; its company details are the registration's.
    await person.getByRole('link', { name: /^Continue/ }).first().click();
    await person.getByRole('heading', { level: 1, name: 'Confirm company details' }).waitFor();
    await person.getByRole('main').getByText(business).first().waitFor();
  });

  it('the registrant resets a forgotten password through the emailed link', async () => {
    const later = await (await newContext(browser)).newPage();
    await later.goto('/dashboard');
    await LoginPage.verifyOnPage(later);
    await later.getByRole('link', { name: 'Forgot your password?' }).click();
    await later.getByLabel('Email').fill(registrant.email);
    await later.getByRole('button', { name: 'Send the link' }).click();
    await later.getByRole('heading', { level: 1, name: 'Check your email' }).waitFor();
    const resetLink = await (await OutboxPage.open(later)).findLink(registrant.email, `${baseUrl()}/account/reset-password/`);
    await later.goto(resetLink);
    await later.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await later.getByLabel('Confirm new password').fill(NEW_PASSWORD);
    await later.getByRole('button', { name: 'Change password' }).click();
    await later.getByRole('heading', { level: 1, name: 'Your password has been changed' }).waitFor();
    await later.getByRole('main').getByRole('link', { name: 'Sign in', exact: true }).click();
    await (await LoginPage.verifyOnPage(later)).signIn(registrant.email, NEW_PASSWORD);
    await later.waitForURL((url) => url.pathname.startsWith('/dashboard'));
    await new Header(later).waitForUser(registrant.name);
  });

  it('every page links back to the one before on a 375 px phone, step 1 to the start page; every page fits 320 px and passes axe there', async () => {
    const phone = await (await newContext(browser, { width: 375 })).newPage();
    await phone.goto('/register/addresses-and-contacts');
    let screen = await RegisterPage.waitFor(phone, 'Addresses and contacts');
    await screen.backLink().click();
    screen = await RegisterPage.waitFor(phone, 'Your business');
    await screen.backLink().click();
    await RegisterPage.waitFor(phone, 'Register your business');
    expect(new URL(phone.url()).pathname).toBe('/register/start');
    await phone.goto('/register/about-your-company/company');
    screen = await RegisterPage.waitFor(phone, 'Your company');
    expect(await screen.backLink().isVisible()).toBe(true);
    await screen.backLink().click();
    await RegisterPage.waitFor(phone, 'Addresses and contacts');

    const small = await (await newContext(browser, { width: 320 })).newPage();
    for (const { path, title } of REGISTER_PAGES) {
      await small.goto(path);
      await RegisterPage.waitFor(small, title);
      await expectNoSidewaysScroll(small);
      await expectNoAxeViolations(small);
    }
  });
});
