/**
 * Journeys of applications for services (spec §2 /applications, §3, §4): a member starts an
 * application for services of two catalogues, saves and comes back after signing out, answers
 * every step (with a file), submits it; the team (through its API) grants and publishes it, the
 * tracker dates every stage and the directory lists the supplier. Then an application the team
 * declines: the member sees Declined and the reason in its messages. Last, the same application
 * open in two tabs: the second save is refused, and reloading shows what the first one stored.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPLICATION_CHANGED_MESSAGE, type ApplicationResponse, type SaveApplicationResponse } from '../common/api/applications';
import type { DirectoryTree } from '../common/api/directory';
import type { FormDefinitionResponse } from '../common/api/forms';
import type { CurrentUserResponse } from '../common/api/user';
import { SUPPLIER_HEADER } from '../common/constants';
import { SERVICE_LISTING_FORM_KEY } from '../common/listings/service-listings';
import { INSURANCE_TYPES } from '../common/supplier-details/form';
import { serviceListingFormV1 } from '../server/db/content/listing-forms';
import { completeListingAnswers } from '../server/modules/listings/test-support';
import { ApplicationDetailsPage, ApplicationsListPage, ApplyScreen } from './pages/applications-page';
import { DirectoryPage } from './pages/directory-page';
import { Header } from './pages/header';
import { MessagesPanel } from './pages/messages-panel';
import { expectNoAxeViolations, expectNoSidewaysScroll, launchBrowser, newContext, watchPageErrors } from './support/browser';
import { demo, signInAt, storedAccessToken } from './support/session';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const DIGITAL = 'Digital and ICT';
const CYBER = 'Cyber Security';
const PEN_TEST = 'Penetration testing';
const POLICY_SERVICE = 'Policy advice';
const ORG_DESIGN = 'Organisational design';
const DECLINE_REASON = 'Your case studies do not show organisational design work for public sector clients.';

/** The team's side: a team member's calls to /api/v1/admin/applications. */
class TeamApi {
  private constructor(
    private readonly page: Page,
    private readonly headers: Record<string, string>,
  ) {}

  static async signIn(browser: Browser): Promise<TeamApi> {
    const page = await (await newContext(browser)).newPage();
    await signInAt(page, '/dashboard/supplier', demo.teamMember);
    return new TeamApi(page, { Authorization: `Bearer ${await storedAccessToken(page)}` });
  }

  async application(id: number): Promise<{ servicesWithStatus: { id: number; status: string }[]; status: string }> {
    const response = await this.page.request.get(`/api/v1/admin/applications/${String(id)}`, { headers: this.headers });
    expect(response.status(), await response.text()).toBe(200);
    return (await response.json()) as { servicesWithStatus: { id: number; status: string }[]; status: string };
  }

  async decide(id: number, serviceId: number, status: 'granted' | 'declined'): Promise<void> {
    const response = await this.page.request.put(`/api/v1/admin/applications/${String(id)}/services/${String(serviceId)}`, {
      headers: this.headers,
      data: { status },
    });
    expect(response.status(), await response.text()).toBe(200);
  }

  /** Approves a listing waiting for review, as the console's Approve does. */
  async approveListing(id: number): Promise<void> {
    const response = await this.page.request.post(`/api/v1/admin/listings/${String(id)}/approve`, { headers: this.headers });
    expect(response.status(), await response.text()).toBe(200);
  }

  async move(id: number, status: string, reason?: string): Promise<void> {
    const response = await this.page.request.post(`/api/v1/admin/applications/${String(id)}/status`, {
      headers: this.headers,
      data: reason === undefined ? { status } : { status, reason },
    });
    expect(response.status(), await response.text()).toBe(200);
  }
}

/** Fills one catalogue's capability step: statement, a case study, day rate, start date (day, month, year). */
async function answerCapability(screen: ApplyScreen, catalogue: string, startDate = { day: '1', month: '3', year: '2026' }): Promise<void> {
  await screen.field('Capability statement').fill(`Ten years of ${catalogue.toLowerCase()} work for central and local government.`);
  await screen.field('Client').fill('Ministry of Examples');
  await screen.field('What you did').fill('Delivered the work end to end with the agency team.');
  await screen.field('Outcome').fill('Delivered on time and under budget.');
  // Each item of the repeating group is a numbered fieldset (its Year is not the date's Year).
  await screen.group('Case study 1').getByLabel('Year', { exact: true }).fill('2024');
  await screen.field('Day rate').fill('1450');
  await screen.enterDate('Available from', startDate);
}

/** The member's own API calls, as the dashboard makes them: token and active supplier. */
async function memberHeaders(page: Page): Promise<Record<string, string>> {
  const token = await storedAccessToken(page);
  const user = (await (await page.request.get('/api/v1/user', { headers: { Authorization: `Bearer ${token}` } })).json()) as CurrentUserResponse;
  return { Authorization: `Bearer ${token}`, [SUPPLIER_HEADER]: String(user.activeSupplier?.supplierID ?? 0) };
}

async function serviceNamed(page: Page, title: string): Promise<number> {
  const tree = (await (await page.request.get('/api/v1/channel')).json()) as DirectoryTree;
  const service = tree.flatMap((channel) => channel.catalogues.flatMap((catalogue) => catalogue.services)).find((candidate) => candidate.title === title);
  expect(service, title).toBeDefined();
  return service?.id ?? 0;
}

describe('applications for services', () => {
  let browser: Browser;
  let page: Page;
  let errors: string[];
  let referenceId = '';
  let applicationId = 0;

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await (await newContext(browser)).newPage();
    errors = watchPageErrors(page);
  });
  afterAll(() => browser.close());

  it('a member starts an application, saves it for later, comes back after signing out, and submits it', async () => {
    await signInAt(page, '/dashboard/applications', demo.member);
    await ApplicationsListPage.open(page);
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: 'Start an application' }).click();

    let screen = await ApplyScreen.waitFor(page, 'Confirm company details');
    await page.getByText('Southern Alps Facilities', { exact: false }).first().waitFor();
    await expectNoAxeViolations(page);
    await screen.button('Continue').click();

    screen = await ApplyScreen.waitFor(page, 'Apply for services');
    await screen.group(CYBER).waitFor();
    await expectNoAxeViolations(page);
    // The services the supplier already lists are marked and cannot be chosen again.
    const approved = page.locator('.choice').filter({ hasText: 'Already approved' });
    expect(await approved.count()).toBeGreaterThan(0);
    expect(await approved.getByRole('checkbox').evaluateAll((boxes) => boxes.every((box) => (box as HTMLInputElement).disabled))).toBe(true);
    await screen.button('Continue').click();
    expect(await screen.summaryMessages()).toEqual(['Choose at least one service']);
    // Said once for the question, not in every catalogue.
    expect(await page.locator('.form-field__error').count()).toBe(1);
    await expectNoAxeViolations(page);
    await screen.group(CYBER).getByLabel(PEN_TEST, { exact: true }).check();
    await screen.group('Policy and Research').getByLabel(POLICY_SERVICE, { exact: true }).check();
    await screen.button('Continue').click();

    // The first save made the application: its reference is in the URL from here on.
    screen = await ApplyScreen.waitFor(page, 'Terms and conditions');
    referenceId = screen.referenceId();
    await expectNoAxeViolations(page);
    await screen.button('Continue').click();
    expect(await screen.summaryMessages()).toEqual(['Accept the terms and conditions to continue']);
    await screen.field('I accept the terms and conditions').check();
    await screen.button('Continue').click();

    screen = await ApplyScreen.waitFor(page, 'Onboarding');
    await expectNoAxeViolations(page);
    await screen.button('Continue').click();

    // A step's h1 (and the document's title) is its topic; "Step 1 of 4" its caption.
    screen = await ApplyScreen.waitFor(page, 'Your offer');
    await expect.poll(() => page.title()).toMatch(/^Your offer — /);
    // Two common steps, then one per catalogue.
    expect(await screen.stepProgress()).toBe('Step 1 of 4');
    await expectNoAxeViolations(page);
    // Errors are listed in the order of the page, and a radio group in error has the error bar.
    await screen.button('Save and continue').click();
    await page.locator('.error-summary').waitFor();
    expect(await screen.summaryMessages()).toEqual([
      'Describe what you offer to agencies',
      'Select how you deliver your services',
      'Select how you price your services',
    ]);
    expect(await screen.group('How do you deliver your services?').getAttribute('class')).toContain('form-field--error');
    await expectNoAxeViolations(page);
    await page.locator('.error-summary').getByRole('link', { name: 'Select how you deliver your services' }).click();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('type'))).toBe('radio');
    await screen.field('Summary of your offer').fill('Penetration testing and policy advice for agencies.');
    await screen.choose('How do you deliver your services?', 'Remotely');
    await screen.choose('How do you price your services?', 'Fixed price');
    await screen.button('Save and come back later').click();

    const list = new ApplicationsListPage(page);
    await list.message().waitFor();
    expect(await list.message().innerText()).toContain(referenceId);
    expect(await list.status(referenceId)).toBe('Incomplete');

    // Sign out, then back in: the application continues where it was left.
    const menu = await new Header(page).openUserMenu(demo.member.name);
    await menu.getByRole('button', { name: 'Logout', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/', { timeout: 20_000 });
    await signInAt(page, '/dashboard/applications', demo.member);
    await list.waitForList();
    await list.row(referenceId).getByRole('link', { name: /^Continue/ }).click();

    screen = await ApplyScreen.waitFor(page, 'Your offer');
    expect(new URL(page.url()).pathname).toBe(`/dashboard/applications/apply/${referenceId}/step/1`);
    expect(await screen.field('Summary of your offer').inputValue()).toBe('Penetration testing and policy advice for agencies.');
    await screen.button('Save and continue').click();

    screen = await ApplyScreen.waitFor(page, 'Declarations');
    await screen.button('Save and continue').click();
    await page.locator('.error-summary').waitFor();
    await expectNoAxeViolations(page);
    await screen.choose('Does your business, or anyone in it, have a conflict of interest with a government agency?', 'No');
    await screen.group('Certifications and standards you hold (optional)').getByLabel('ISO 27001 (information security)').check();
    await screen.field('I confirm the information in this application is true and complete').check();
    await screen.button('Save and continue').click();

    screen = await ApplyScreen.waitFor(page, `${CYBER}: your capability`);
    // The insurance cover starts as the supplier details give it: a supplier states it once.
    const supplierDetails = (await (await page.request.get('/api/v1/user/details', { headers: await memberHeaders(page) })).json()) as { insurance: Record<string, number> };
    const [insuredKey, cover] = Object.entries(supplierDetails.insurance)[0] ?? [];
    const insuredLabel = INSURANCE_TYPES.find((type) => type.key === insuredKey)?.label ?? '';
    expect(insuredLabel).not.toBe('');
    expect((await screen.group('Insurance cover').getByLabel(insuredLabel, { exact: true }).inputValue()).replace(/\D/g, '')).toBe(String(cover));
    // A date is typed as day, month and year; 31 February is refused on the field.
    await answerCapability(screen, CYBER, { day: '31', month: '2', year: '2026' });
    await screen.field('Capability document (optional)').setInputFiles({ name: 'capability.pdf', mimeType: 'application/pdf', buffer: PDF });
    await page.getByText('Uploaded: capability.pdf').waitFor();
    await screen.button('Save and continue').click();
    await page.locator('.error-summary').waitFor();
    expect(await screen.summaryMessages()).toEqual(['Available from must be a real date']);
    await screen.group('Available from').getByText('Available from must be a real date').waitFor();
    await expectNoAxeViolations(page);
    await screen.enterDate('Available from', { day: '1', month: '3', year: '2026' });
    await screen.button('Save and continue').click();

    screen = await ApplyScreen.waitFor(page, 'Policy and Research: your capability');
    expect(await screen.stepProgress()).toBe('Step 4 of 4');
    await answerCapability(screen, 'Policy and Research');
    await screen.button('Save and continue').click();

    screen = await ApplyScreen.waitFor(page, 'Check your answers');
    // The route's announced label (and so the document title) is spec §2's 'Confirmation'.
    await expect.poll(() => page.title()).toMatch(/^Confirmation — /);
    await page.getByRole('heading', { level: 2, name: `${CYBER}: your capability` }).waitFor();
    expect(await page.getByText('1 March 2026', { exact: true }).count()).toBe(2);
    await page.getByText('capability.pdf', { exact: true }).waitFor();
    await page.getByRole('link', { name: 'Change your offer' }).waitFor();
    await expectNoAxeViolations(page);
    await screen.button('Submit application').click();

    screen = await ApplyScreen.waitFor(page, 'Application successfully submitted');
    await page.getByText(referenceId, { exact: true }).waitFor();
    // And it stays: the apply layout's redirect of a submitted application once raced the move
    // here and replaced this screen with the application's details within a tenth of a second.
    await page.waitForTimeout(1_000);
    expect(await page.getByRole('heading', { level: 1 }).allInnerTexts()).toEqual(['Application successfully submitted']);
    expect(new URL(page.url()).pathname).toBe(`/dashboard/applications/apply/${referenceId}/success`);
    await expectNoAxeViolations(page);

    await page.getByRole('link', { name: 'See the progress of this application' }).click();
    const details = await ApplicationDetailsPage.waitFor(page);
    applicationId = Number(/\/application\/(\d+)/.exec(page.url())?.[1]);
    expect(await details.currentStage()).toBe('Submitted');
    expect((await details.stageDates())[0]).toMatch(/^Reached /);
    expect(await details.stageLabels()).not.toContain('Declined');
    expect(await page.getByRole('link', { name: 'Continue the application' }).count()).toBe(0);
    await MessagesPanel.verifyOnPage(page);
    await expectNoAxeViolations(page);

    await page.getByRole('link', { name: 'See the answers given in this application' }).click();
    await page.getByRole('heading', { level: 1, name: 'Application data' }).waitFor();
    await page.getByText('capability.pdf', { exact: true }).waitFor();
    await expectNoAxeViolations(page);

    // Locked: the apply screens send the member to the details page.
    await page.goto(`/dashboard/applications/apply/${referenceId}/step/1`);
    await ApplicationDetailsPage.waitFor(page);
    expect(new URL(page.url()).pathname).toBe(`/dashboard/applications/application/${String(applicationId)}`);

    const list2 = await ApplicationsListPage.open(page, '?status=submitted');
    expect(await list2.status(referenceId)).toBe('Submitted');
    expect(await list2.row(referenceId).getByRole('link', { name: /^View/ }).count()).toBe(1);
    await expectNoAxeViolations(page);
    expect(errors).toEqual([]);
    // The whole flow with an axe check on each screen: longer than one test's default on a busy 2-core machine.
  }, 240_000);

  it('the team grants and publishes it: every stage is dated and the directory lists the supplier', async () => {
    expect(applicationId).toBeGreaterThan(0);
    const team = await TeamApi.signIn(browser);
    const { servicesWithStatus } = await team.application(applicationId);
    for (const service of servicesWithStatus) {
      await team.decide(applicationId, service.id, 'granted');
    }
    for (const status of ['pre_assessment', 'in_progress', 'granted']) {
      await team.move(applicationId, status);
    }
    // The member sends a listing of each granted service (the last moves the application to Service
    // Listing Validation), and the team approves them: publishing waits for them.
    const headers = await memberHeaders(page);
    for (const service of servicesWithStatus) {
      const saved = await page.request.put(`/api/v1/listing/${String(service.id)}`, {
        headers,
        data: { form: { key: SERVICE_LISTING_FORM_KEY, version: serviceListingFormV1.version }, data: completeListingAnswers() },
      });
      expect(saved.status(), await saved.text()).toBe(200);
      const { id, lastEdited } = (await saved.json()) as { id: number; lastEdited: string };
      const sent = await page.request.post(`/api/v1/listing/${String(service.id)}/send`, { headers, data: { lastEdited } });
      expect(sent.status(), await sent.text()).toBe(200);
      await team.approveListing(id);
    }
    expect((await team.application(applicationId)).status).toBe('listing_validation');
    await team.move(applicationId, 'published');

    await page.goto(`/dashboard/applications/application/${String(applicationId)}`);
    const details = await ApplicationDetailsPage.waitFor(page);
    expect(await details.currentStage()).toBe('Service Listing(s) Published');
    const dates = await details.stageDates();
    expect(dates).toHaveLength(6);
    for (const date of dates) {
      expect(date).toMatch(/^Reached \d{1,2} \w+ \d{4}$/);
    }
    expect(await details.serviceDecision(PEN_TEST)).toBe('Granted');
    await expectNoAxeViolations(page);

    const directory = await DirectoryPage.open(page);
    await directory.choose(directory.channel, DIGITAL);
    await directory.choose(directory.catalogue, CYBER);
    await directory.choose(directory.service, PEN_TEST);
    expect(await directory.resultTitles()).toContain('Southern Alps Facilities');
  });

  it('the team declines an application with a reason: the member sees Declined and the reason in its messages', async () => {
    // The member's second application, written through the API as the apply screens would send it.
    await page.goto('/dashboard/applications');
    await new ApplicationsListPage(page).waitForList();
    const headers = await memberHeaders(page);
    const serviceId = await serviceNamed(page, ORG_DESIGN);
    const form = (await (await page.request.get(`/api/v1/supplier-form?services=${String(serviceId)}`, { headers })).json()) as FormDefinitionResponse;
    const catalogueStep = form.steps[2]?.id ?? '';
    const capability = {
      capability_statement: 'Organisational design for agencies.',
      case_studies: [{ client: 'Ministry of Examples', description: 'A restructure.', outcome: 'A smaller, clearer structure.', year: 2023 }],
      day_rate: 1600,
      available_from: '2026-04-01',
    };
    const saved = await page.request.post('/api/v1/application', {
      headers,
      data: {
        form: { key: form.key, version: form.version },
        progress: 7,
        status: 'submitted',
        application: {
          services: [serviceId],
          termsAccepted: true,
          answers: {
            'your-offer': { offer_summary: 'Organisational design.', delivery_model: 'hybrid', pricing_approach: 'fixed_price' },
            declarations: { has_conflicts: 'no', information_confirmed: true },
            [catalogueStep]: capability,
          },
        },
      },
    });
    expect(saved.status(), await saved.text()).toBe(200);
    const { applicationId: declinedId } = (await saved.json()) as SaveApplicationResponse;

    // While it is assessed its service cannot be asked for again, nor one already granted.
    await page.goto('/dashboard/applications/apply/services');
    const services = await ApplyScreen.waitFor(page, 'Apply for services');
    await services.group('Management Consulting').waitFor();
    expect(await services.serviceNote(ORG_DESIGN)).toBe('Application in progress');
    expect(await services.serviceNote(PEN_TEST)).toBe('Already approved');
    expect(await services.field(ORG_DESIGN).isDisabled()).toBe(true);
    expect(await services.field(PEN_TEST).isDisabled()).toBe(true);
    await expectNoAxeViolations(page);
    const again = await page.request.post('/api/v1/application', {
      headers,
      data: { form: { key: form.key, version: form.version }, progress: 2, status: 'incomplete', application: { services: [serviceId], answers: {} } },
    });
    expect(again.status()).toBe(400);
    expect(((await again.json()) as { message: string }).message).toContain(`${ORG_DESIGN} is in an application being assessed`);

    // An incomplete one is deleted from the list, after the member confirms.
    const surveyId = await serviceNamed(page, 'Survey design and fieldwork');
    const draft = await page.request.post('/api/v1/application', {
      headers,
      data: { form: { key: form.key, version: form.version }, progress: 2, status: 'incomplete', application: { services: [surveyId], answers: {} } },
    });
    expect(draft.status(), await draft.text()).toBe(200);
    const { referenceId: draftReference } = (await draft.json()) as SaveApplicationResponse;
    const list = await ApplicationsListPage.open(page, '?status=incomplete');
    await list.row(draftReference).getByRole('button', { name: /^Delete/ }).click();
    const dialog = page.getByRole('alertdialog', { name: `Delete application ${draftReference}?` });
    await dialog.waitFor();
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Delete application' }).click();
    await list.message().filter({ hasText: `Application ${draftReference} was deleted.` }).waitFor();
    expect(await list.row(draftReference).count()).toBe(0);

    const team = await TeamApi.signIn(browser);
    await team.move(declinedId, 'pre_assessment');
    await team.move(declinedId, 'declined', DECLINE_REASON);

    await page.goto(`/dashboard/applications/application/${String(declinedId)}`);
    const details = await ApplicationDetailsPage.waitFor(page);
    expect(await details.currentStage()).toBe('Declined');
    expect((await details.stageLabels()).at(-1)).toBe('Declined');
    const panel = await MessagesPanel.verifyOnPage(page);
    await panel.region.getByText(DECLINE_REASON).waitFor();
    await expectNoAxeViolations(page);

    const stored = (await (await page.request.get(`/api/v1/application/${String(declinedId)}`, { headers })).json()) as ApplicationResponse;
    expect(stored.status).toBe('declined');
    expect(errors).toEqual([]);
  });

  it('every apply screen fits a 320px phone with no sideways scroll, and passes axe there', async () => {
    const phone = await (await newContext(browser, { width: 320 })).newPage();
    const phoneErrors = watchPageErrors(phone);
    await signInAt(phone, '/dashboard/applications', demo.member);
    await new ApplicationsListPage(phone).waitForList();
    const headers = await memberHeaders(phone);
    const serviceId = await serviceNamed(phone, 'Accessibility testing');
    const form = (await (await phone.request.get(`/api/v1/supplier-form?services=${String(serviceId)}`, { headers })).json()) as FormDefinitionResponse;
    const started = await phone.request.post('/api/v1/application', {
      headers,
      data: { form: { key: form.key, version: form.version }, progress: 7, status: 'incomplete', application: { services: [serviceId], termsAccepted: true, answers: {} } },
    });
    expect(started.status(), await started.text()).toBe(200);
    const { referenceId: reference } = (await started.json()) as SaveApplicationResponse;
    const apply = `/dashboard/applications/apply/${reference}`;

    for (const [path, title] of [
      ['company-details', 'Confirm company details'],
      ['services', 'Apply for services'],
      ['terms', 'Terms and conditions'],
      ['onboarding', 'Onboarding'],
      ['step/1', 'Your offer'],
      ['step/3', /: your capability$/],
      ['confirm', 'Check your answers'],
    ] as const) {
      await phone.goto(`${apply}/${path}`);
      const screen = await ApplyScreen.waitFor(phone, title);
      if (path.startsWith('step/')) {
        // With its errors showing too: the error summary, the red bars, the date's parts.
        await screen.button('Save and continue').click();
        await phone.locator('.error-summary').waitFor();
      }
      await expectNoSidewaysScroll(phone);
      await expectNoAxeViolations(phone);
    }
    expect(phoneErrors).toEqual([]);
    await phone.context().close();
  }, 120_000);

  it('refuses a save over one made in another tab, and reloading shows what that tab stored', async () => {
    const headers = await memberHeaders(page);
    const serviceId = await serviceNamed(page, 'Accessibility testing');
    const form = (await (await page.request.get(`/api/v1/supplier-form?services=${String(serviceId)}`, { headers })).json()) as FormDefinitionResponse;
    const started = await page.request.post('/api/v1/application', {
      headers,
      data: {
        form: { key: form.key, version: form.version },
        progress: 4,
        status: 'incomplete',
        application: { services: [serviceId], termsAccepted: true, answers: {} },
      },
    });
    expect(started.status(), await started.text()).toBe(200);
    const { referenceId: reference, applicationId: id } = (await started.json()) as SaveApplicationResponse;

    const stepPath = `/dashboard/applications/apply/${reference}/step/1`;
    const other = await page.context().newPage();
    const otherErrors = watchPageErrors(other);
    await page.goto(stepPath);
    const first = await ApplyScreen.waitFor(page, 'Your offer');
    await other.goto(stepPath);
    const second = await ApplyScreen.waitFor(other, 'Your offer');

    await first.field('Summary of your offer').fill('Written in the first tab.');
    await first.choose('How do you deliver your services?', 'Remotely');
    await first.choose('How do you price your services?', 'Fixed price');
    await first.button('Save and continue').click();
    await ApplyScreen.waitFor(page, 'Declarations');

    await second.field('Summary of your offer').fill('Written in the second tab.');
    await second.choose('How do you deliver your services?', 'On site, at the agency');
    await second.choose('How do you price your services?', 'Fixed price');
    await second.button('Save and continue').click();
    await other.getByText(APPLICATION_CHANGED_MESSAGE).waitFor();
    expect(new URL(other.url()).pathname).toBe(stepPath);
    await expectNoAxeViolations(other);

    await other.getByRole('button', { name: 'Reload the application' }).click();
    await expect.poll(() => second.field('Summary of your offer').inputValue()).toBe('Written in the first tab.');
    const stored = (await (await page.request.get(`/api/v1/application/${String(id)}`, { headers })).json()) as ApplicationResponse;
    expect(stored.data.answers['your-offer']).toMatchObject({ offer_summary: 'Written in the first tab.' });

    // Made again on the reloaded application, the second tab's change is saved.
    await second.field('Summary of your offer').fill('Written in the second tab.');
    await second.button('Save and continue').click();
    await ApplyScreen.waitFor(other, 'Declarations');
    const after = (await (await page.request.get(`/api/v1/application/${String(id)}`, { headers })).json()) as ApplicationResponse;
    expect(after.data.answers['your-offer']).toMatchObject({ offer_summary: 'Written in the second tab.' });
    // The refused save is the one failed request the browser reports.
    expect([...errors, ...otherErrors].filter((error) => !error.includes('409'))).toEqual([]);
  });
});
