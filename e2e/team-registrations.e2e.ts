/**
 * Journey: the marketplace team reviews registrations in its team screens (issue 13 item 3). Businesses
 * register through the public API with the page's security token, as the wizard does; the team,
 * signed in as staff@example.com, approves one (the registrant's invitation arrives, names the
 * business, and lets them create their account and become its administrator), declines another
 * with reasons (the required-field error first; the reasons are emailed), meets a registration
 * decided by someone else first (409, the fresh state), and approves an agency by keyboard alone.
 * Every team screen and state passes axe; the queue and a registration fit 320 px.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isValidNzbn } from '../common/business-numbers';
import { baseUrl, expectNoAxeViolations, expectNoSidewaysScroll, launchBrowser, newContext, watchPageErrors } from './support/browser';
import { demo, signInAt, storedAccessToken } from './support/session';
import { ConfirmAccountPage } from './pages/confirm-account-page';
import { OutboxPage } from './pages/outbox-page';
import { Header } from './pages/header';

const run = Date.now().toString(36);
const PASSWORD = 'kowhai harbour lantern 58';

/** A valid NZBN no other journey uses: 94 29, random digits, and the check digit found by trying. */
function freshNzbn(): string {
  for (;;) {
    const body = `9429${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
    for (let digit = 0; digit <= 9; digit += 1) {
      if (isValidNzbn(`${body}${digit}`)) {
        return `${body}${digit}`;
      }
    }
  }
}

interface Business {
  name: string;
  nzbn: string;
  registrant: { name: string; email: string };
}

function newBusiness(name: string, registrantName: string): Business {
  const slug = name.normalize('NFD').toLowerCase().replace(/[^a-z]+/g, '.');
  return { name, nzbn: freshNzbn(), registrant: { name: registrantName, email: `${slug}${run}@example.test` } };
}

interface RegisterSettings {
  form: { version: number };
  channels: { id: number; catalogues: { id: number; services: { id: number }[] }[] }[];
}

/** Registers `business` as a visitor: the /register page's token and settings, then POST /supplier-registration. */
async function registerBusiness(browser: Browser, business: Business): Promise<void> {
  const visitor = await (await newContext(browser)).newPage();
  await visitor.goto('/register');
  await visitor.locator('#app__register').waitFor({ state: 'attached' });
  const { token, settings } = await visitor.evaluate(() => ({
    token: document.body.dataset.securityToken ?? '',
    settings: JSON.parse(document.getElementById('app__register')?.dataset.settings ?? '{}') as unknown,
  }));
  const { form, channels } = settings as RegisterSettings;
  const channel = channels.find((candidate) => candidate.catalogues.some((catalogue) => catalogue.services.length > 0));
  const catalogue = channel?.catalogues.find((candidate) => candidate.services.length > 0);
  const response = await visitor.request.post('/api/v1/supplier-registration', {
    headers: { 'X-SECURITY-TOKEN': token },
    data: {
      formVersion: form.version,
      answers: {
        business_country: 'New Zealand',
        nzbn: business.nzbn,
        trading_name: business.name,
        legal_name: `${business.name} Limited`,
        registrant_name: business.registrant.name,
        registrant_email: business.registrant.email,
        registered_address: { line_1: '12 Lambton Quay', city: 'Wellington', postcode: '6011', country: 'New Zealand' },
        same_as_head_office: 'yes',
        contact_email: `office.${business.registrant.email}`,
        contact_phone: '04 555 0123',
        type_of_company: 'Limited liability company',
        company_status: 'Registered',
        business_owner: business.registrant.name,
        maori_business: 'no',
        gst_status: 'registered',
        gst_number: '49-091-850',
        size_of_company: '2-19',
        years_in_business: 4,
        operational_location: 'Wellington region',
        pay_debts: 'yes',
        insolvency_proceedings: 'no',
        submit_financial_statement: 'no',
        has_been_investigated: 'no',
        has_disputes: 'no',
        has_legal: 'no',
        channel: channel?.id,
        initial_catalogue: catalogue?.id,
        services: [catalogue?.services[0]?.id],
        declaration_true: true,
        declaration_checks: true,
        declaration_authority: true,
      },
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  await visitor.context().close();
}

/** Sends an agency registration as an agency would: the /agency-form page's token, a save, then the submission. */
async function registerAgency(browser: Browser, name: string, email: string): Promise<void> {
  const visitor = await (await newContext(browser)).newPage();
  await visitor.goto('/agency-form');
  await visitor.locator('#app__agency').waitFor({ state: 'attached' });
  const token = await visitor.evaluate(() => document.body.dataset.securityToken ?? '');
  const headers = { 'X-SECURITY-TOKEN': token };
  const answers = {
    agency_name: name,
    agency_type: 'crown_entity',
    contact_name: 'Hemi Procurement',
    contact_role: 'Procurement lead',
    contact_email: email,
    contact_phone: '04 555 0177',
    terms_accepted: true,
    procurement_contact_name: 'Hemi Procurement',
    procurement_contact_email: email,
    finance_contact_name: 'Ana Finance',
    finance_contact_email: `finance.${email}`,
    typical_spend: '100k_1m',
    services_of_interest: ['Cyber security'],
  };
  const created = await visitor.request.post('/api/v1/agency-form/application', { headers, data: { answers, lastStep: 4 } });
  expect(created.status(), await created.text()).toBe(200);
  const { id } = (await created.json()) as { id: string };
  const submitted = await visitor.request.post(`/api/v1/agency-form/application/${id}/submit`, { headers, data: { answers } });
  expect(submitted.status(), await submitted.text()).toBe(200);
  await visitor.context().close();
}

/** Presses Tab until the focused element is the button or link named `name` (keyboard only). */
async function tabTo(page: Page, name: string, backwards = false): Promise<void> {
  for (let presses = 0; presses < 80; presses += 1) {
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    const focused = await page.evaluate(() => document.activeElement?.textContent.trim() ?? '');
    if (focused === name) {
      return;
    }
  }
  throw new Error(`Tab never reached "${name}"`);
}

describe('the team reviews registrations in its app', () => {
  let browser: Browser;
  let team: Page;
  let errors: string[];
  const approved = newBusiness(`Tōtara Digital ${run}`, 'Wiremu Totara');
  const declined = newBusiness(`Harakeke Consulting ${run}`, 'Mere Harakeke');
  const raced = newBusiness(`Rimu Analytics ${run}`, 'Pita Rimu');
  const agency = { name: `Ministry of Rivers ${run}`, email: `rivers.${run}@agency.example.test` };

  beforeAll(async () => {
    browser = await launchBrowser();
    await registerBusiness(browser, approved);
    await registerBusiness(browser, declined);
    await registerBusiness(browser, raced);
    await registerAgency(browser, agency.name, agency.email);
    team = await (await newContext(browser)).newPage();
    errors = watchPageErrors(team);
    await signInAt(team, '/admin/registrations', demo.teamMember);
  });
  afterAll(() => browser.close());

  const main = () => team.getByRole('main');
  const row = (name: string) => main().getByRole('row').filter({ hasText: name });

  it('approves a registration from the queue; it leaves the queue and says who approved it and when', async () => {
    await main().getByRole('heading', { level: 1, name: 'Supplier registrations' }).waitFor();
    await row(approved.name).waitFor();
    expect(await row(approved.name).innerText()).toContain(`NZBN ${approved.nzbn}`);
    expect(await row(approved.name).innerText()).toContain(approved.registrant.email);
    expect(await row(approved.name).innerText()).toContain('Less than a day');
    await expectNoAxeViolations(team);

    await row(approved.name).getByRole('link', { name: approved.name }).click();
    await main().getByRole('heading', { level: 1, name: approved.name }).waitFor();
    // Every answer by its question, in the form's sections.
    await main().getByRole('heading', { level: 3, name: 'Addresses and contacts' }).waitFor();
    await main().getByText('12 Lambton Quay').waitFor();
    await main().getByText('No financial statement was uploaded with this registration.').waitFor();
    await expectNoAxeViolations(team);

    await main().getByRole('button', { name: 'Approve', exact: true }).click();
    const dialog = team.getByRole('alertdialog');
    await dialog.getByRole('heading', { name: `Approve the registration of ${approved.name}?` }).waitFor();
    expect(await dialog.innerText()).toContain(`invites ${approved.registrant.name} (${approved.registrant.email}) by email to be its administrator`);
    await expectNoAxeViolations(team);
    await dialog.getByRole('button', { name: 'Approve registration' }).click();

    await main().getByText(`You approved the registration of ${approved.name}.`).waitFor();
    await main().getByText(/by Sam Staff$/).waitFor();
    expect(await main().locator('.status-tag').first().innerText()).toBe('Approved');
    expect(await main().getByRole('button', { name: 'Approve', exact: true }).count()).toBe(0);
    await expectNoAxeViolations(team);

    await main().getByRole('link', { name: 'Back to the supplier registrations' }).click();
    await main().getByRole('heading', { level: 1, name: 'Supplier registrations' }).waitFor();
    await expect.poll(() => row(approved.name).count()).toBe(0);
    await team.getByLabel('Show registrations').selectOption({ label: 'Approved' });
    await row(approved.name).waitFor();
    await expectNoAxeViolations(team);
  });

  it('the registrant\'s approval arrives, names the business, and one path makes them its administrator', async () => {
    const outbox = await OutboxPage.open(team);
    await outbox.waitForMessage(approved.registrant.email, 'registration on the');
    const link = await outbox.findLink(approved.registrant.email, `${baseUrl()}/user/confirm/`);

    const person = await (await newContext(browser)).newPage();
    await person.goto(link);
    const confirm = await ConfirmAccountPage.verifyOnPage(person);
    expect(await confirm.invitationText()).toContain(approved.name);
    await confirm.button('Create your account').click();
    await person.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await person.getByLabel('Confirm password').fill(PASSWORD);
    await person.getByRole('button', { name: 'Create account and continue' }).click();
    await person.waitForURL((url) => url.pathname.startsWith('/dashboard/applications'));
    await new Header(person).link('Users').waitFor();
    await person.context().close();
  });

  it('declines a registration: the reasons are required, the business is named before it goes, and the reasons are emailed', async () => {
    await team.goto('/admin/registrations');
    await row(declined.name).getByRole('link', { name: declined.name }).click();
    await main().getByRole('heading', { level: 1, name: declined.name }).waitFor();

    await main().getByRole('button', { name: 'Decline', exact: true }).click();
    const reasons = main().getByLabel('Why are you declining this registration?');
    await reasons.waitFor();
    await main().getByRole('button', { name: 'Decline registration' }).click();
    const summary = main().locator('.error-summary');
    await summary.getByRole('link', { name: 'Enter the reasons for declining this registration' }).waitFor();
    expect(await reasons.getAttribute('aria-invalid')).toBe('true');
    await expectNoAxeViolations(team);

    const why = `We could not find ${declined.nzbn} on the NZBN register.\nPlease check the number and register again.`;
    await reasons.fill(why);
    await main().getByRole('button', { name: 'Decline registration' }).click();
    const dialog = team.getByRole('alertdialog');
    await dialog.getByRole('heading', { name: `Decline the registration of ${declined.name}?` }).waitFor();
    expect(await dialog.innerText()).toContain(`We will email your reasons to ${declined.registrant.name}`);
    await expectNoAxeViolations(team);
    await dialog.getByRole('button', { name: 'Decline registration' }).click();

    await main().getByText(`You declined the registration of ${declined.name}.`).waitFor();
    expect(await main().locator('.status-tag').first().innerText()).toBe('Declined');
    await main().getByText('Please check the number and register again.').waitFor();
    await main().getByText(/by Sam Staff$/).waitFor();
    await expectNoAxeViolations(team);

    await team.goto('/admin/registrations?status=declined');
    await row(declined.name).waitFor();
    const outbox = await OutboxPage.open(team);
    await outbox.waitForMessage(declined.registrant.email, 'was not approved');
  });

  it('shows the server\'s message and the fresh state when someone else decided first', async () => {
    await team.goto('/admin/registrations');
    await row(raced.name).getByRole('link', { name: raced.name }).click();
    await main().getByRole('heading', { level: 1, name: raced.name }).waitFor();
    const id = new URL(team.url()).pathname.split('/').pop() ?? '';

    // Another team member declines it while this page is open.
    const headers = { Authorization: `Bearer ${await storedAccessToken(team)}` };
    const other = await team.request.post(`/api/v1/admin/registrations/${id}/decline`, { headers, data: { reasons: 'Decided elsewhere.' } });
    expect(other.status()).toBe(200);

    await main().getByRole('button', { name: 'Approve', exact: true }).click();
    await team.getByRole('alertdialog').getByRole('button', { name: 'Approve registration' }).click();
    await main().getByRole('alert').filter({ hasText: /was already declined/ }).waitFor();
    await expect.poll(() => main().locator('.status-tag').first().innerText()).toBe('Declined');
    await main().getByText('Decided elsewhere.').waitFor();
    expect(await main().getByRole('button', { name: 'Approve', exact: true }).count()).toBe(0);
    await expectNoAxeViolations(team);
  });

  it('approves an agency by keyboard alone', async () => {
    await team.goto('/admin/agencies');
    await main().getByRole('heading', { level: 1, name: 'Agency registrations' }).waitFor();
    await row(agency.name).waitFor();
    expect(await row(agency.name).innerText()).toContain(agency.email);
    await expectNoAxeViolations(team);

    await tabTo(team, agency.name);
    await team.keyboard.press('Enter');
    await main().getByRole('heading', { level: 1, name: agency.name }).waitFor();
    await main().getByRole('heading', { level: 3, name: 'Initial details' }).waitFor();
    await main().getByText('Hemi Procurement').first().waitFor();
    await expectNoAxeViolations(team);

    await tabTo(team, 'Approve');
    await team.keyboard.press('Enter');
    const dialog = team.getByRole('alertdialog');
    await dialog.getByRole('heading', { name: `Approve the agency registration of ${agency.name}?` }).waitFor();
    await expectNoAxeViolations(team);
    // Focus starts on the safe choice; the approval is one step back.
    await tabTo(team, 'Approve agency registration', true);
    await team.keyboard.press('Enter');

    await main().getByText(`You approved the registration of ${agency.name}.`).waitFor();
    expect(await main().locator('.status-tag').first().innerText()).toBe('Approved');
    await main().getByText(/by Sam Staff$/).waitFor();
    await expectNoAxeViolations(team);

    await team.goto('/admin/agencies');
    await main().getByRole('heading', { level: 1, name: 'Agency registrations' }).waitFor();
    await expect.poll(() => row(agency.name).count()).toBe(0);
    await team.goto('/admin/agencies?status=approved');
    await row(agency.name).waitFor();
    const outbox = await OutboxPage.open(team);
    await outbox.waitForMessage(agency.email, '');
  });

  it('fits a 320 px screen: the queues and a registration, without sideways scrolling', async () => {
    const phone = await (await newContext(browser, { width: 320 })).newPage();
    await signInAt(phone, '/admin/registrations?status=approved', demo.teamMember);
    const phoneMain = phone.getByRole('main');
    await phoneMain.getByRole('row').filter({ hasText: approved.name }).waitFor();
    await expectNoSidewaysScroll(phone);
    await expectNoAxeViolations(phone);
    await phoneMain.getByRole('link', { name: approved.name }).click();
    await phoneMain.getByRole('heading', { level: 1, name: approved.name }).waitFor();
    await phoneMain.getByText('12 Lambton Quay').waitFor();
    await expectNoSidewaysScroll(phone);
    await phone.goto('/admin/agencies?status=approved');
    await phoneMain.getByRole('row').filter({ hasText: agency.name }).waitFor();
    await expectNoSidewaysScroll(phone);
    await phone.context().close();
    // The browser's only complaint: the 409 the race provoked.
    expect(errors.filter((error) => !error.includes('409'))).toEqual([]);
  });
});
