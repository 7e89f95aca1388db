/**
 * Journeys of the team app's application queue and review (issue 13 item 2) and of an application's
 * listings (issue 30, spec §4 stages 4–6) as staff@example.com, each checked from the supplier's
 * side (member@example.com's Southern Alps Facilities) in a second browser context: an application
 * taken from Submitted to Granted, granting one service and declining another; then the supplier
 * lists the granted service by downloading its template, filling it in and uploading it (a cell it
 * cannot read first), checks and sends it (the application moves to Service Listing Validation);
 * the team sends it back with reasons, the supplier changes it, the team approves it and publishes
 * the application (the directory then lists the supplier, and a buyer reads the listing); the
 * supplier changes the live listing and the buyer keeps reading the published version until the
 * team approves the change. Another application declined with reasons (the supplier sees Declined
 * and the reasons in its messages); a review done with the keyboard alone; two team members moving
 * the same application at once (the second sees the 409 and the fresh state); axe on each screen
 * and state, and 320 px without sideways scroll. The member submits each application through the
 * API, for services of the Financial and Audit Services catalogue that no other journey applies
 * for, so the shared demo data stays as the other journeys expect it.
 */
import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SaveApplicationResponse } from '../common/api/applications';
import type { DirectoryTree } from '../common/api/directory';
import type { FormDefinitionResponse } from '../common/api/forms';
import { ApplicationDetailsPage } from './pages/applications-page';
import { ListingOverviewPage, ListingsPage, ListingStepPage } from './pages/listings-page';
import { ApplicationQueuePage, ApplicationReviewPage } from './pages/team-applications-page';
import { TeamListingQueuePage } from './pages/team-listings-page';
import { DirectoryPage } from './pages/directory-page';
import { MessagesPanel } from './pages/messages-panel';
import { expectAccessibleOnDesktopAndPhone, expectNoAxeViolations, expectNoSidewaysScroll, launchBrowser, newContext, watchPageErrors } from './support/browser';
import { SUPPLIER_HEADER } from '../common/constants';
import { demo, signInAt, supplierApiHeaders } from './support/session';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const SUPPLIER = 'Southern Alps Facilities';
const CHANNEL = 'Professional Services';
const CATALOGUE = 'Financial and Audit Services';
const PROBITY = 'Probity advice';
const AUDIT = 'Internal audit';
const AUDIT_DECLINE_REASON = 'No internal audit engagements in the evidence given.';
const FORENSIC = 'Forensic accounting';
const ACTUARIAL = 'Actuarial services';
const ADVISORY = 'Financial advisory';
const DECLINE_REASONS = 'Your forensic accounting case studies are older than five years. Apply again with recent work.';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const LISTING_SUMMARY = 'Independent probity advice for procurements of any size, from planning to contract signing.';
const CHANGED_SUMMARY = 'Independent probity advice for procurements of any size, from planning to contract signing and after.';
const CHANGES_REASON = 'Give a highest price too: agencies compare ranges.';
type CellAnswer = string | number | null;
/** The template filled in as the supplier would, each answer by the field its row names. */
const TEMPLATE_ANSWERS: [unknown[], CellAnswer][] = [
  [['about', 'summary'], LISTING_SUMMARY],
  [['about', 'features', 0], 'Independent probity advisers'],
  [['about', 'features', 1], 'Reports within five working days'],
  [['about', 'benefits', 0], 'A process no bidder can fault'],
  [['delivery', 'delivery_modes', 'remote'], 'Yes'],
  [['delivery', 'locations', 'Wellington'], 'Yes'],
  [['delivery', 'locations', 'Otago'], 'Yes'],
  [['pricing', 'pricing_model'], 'Day rate'],
  [['pricing', 'price_unit'], 'per adviser per day'],
  [['pricing', 'included'], 'Advice, attendance at evaluation meetings and a final report.'],
  [['service-levels', 'service_levels'], 'We answer within one working day.'],
];

/** A listing template as the supplier fills it in, in a spreadsheet program: its answer cells by the field each row names. */
class ListingTemplate {
  private constructor(
    private readonly workbook: ExcelJS.Workbook,
    private readonly rows: Map<string, ExcelJS.Row>,
  ) {}

  static async read(bytes: Buffer): Promise<ListingTemplate> {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    const rows = new Map<string, ExcelJS.Row>();
    workbook.getWorksheet('Listing')?.eachRow((row) => {
      rows.set(row.getCell(4).text, row);
    });
    return new ListingTemplate(workbook, rows);
  }

  private row(path: unknown[]): ExcelJS.Row {
    const row = this.rows.get(JSON.stringify(path));
    if (!row) {
      throw new Error(`The template has no row for ${JSON.stringify(path)}`);
    }
    return row;
  }

  address(path: unknown[]): string {
    return this.row(path).getCell(2).address;
  }

  fill(answers: [unknown[], CellAnswer][]): void {
    for (const [path, value] of answers) {
      this.row(path).getCell(2).value = value;
    }
  }

  async bytes(): Promise<Buffer> {
    return Buffer.from(await this.workbook.xlsx.writeBuffer());
  }
}

const PRE_ASSESSMENT = 'Pre-assessment';
const IN_PROGRESS = 'In Progress';
const GRANTED = 'Application for service(s) granted. Complete listing details.';
const VALIDATION = 'Service Listing Validation';
const PUBLISHED = 'Service Listing(s) Published';

interface Submitted {
  id: number;
  referenceId: string;
}

/** The member submits an application for those services (one catalogue) through the API, as the apply screens send it, with a capability document. */
async function submitApplication(page: Page, titles: readonly string[]): Promise<Submitted> {
  const headers = await supplierApiHeaders(page);
  const tree = (await (await page.request.get('/api/v1/channel')).json()) as DirectoryTree;
  const all = tree.flatMap((channel) => channel.catalogues.flatMap((catalogue) => catalogue.services));
  const serviceIds = titles.map((title) => all.find((service) => service.title === title)?.id ?? 0);
  expect(serviceIds.every((id) => id > 0), titles.join(', ')).toBe(true);
  const form = (await (await page.request.get(`/api/v1/supplier-form?services=${serviceIds.join(',')}`, { headers })).json()) as FormDefinitionResponse;
  const catalogueStep = form.steps[2]?.id ?? '';
  const upload = await page.request.post('/api/v1/upload', {
    headers: { ...headers, folder: 'ApplicationFiles' },
    multipart: { file: { name: 'capability.pdf', mimeType: 'application/pdf', buffer: PDF } },
  });
  expect(upload.status(), await upload.text()).toBe(200);
  const fileId = ((await upload.json()) as { files: { id: string }[] }).files[0]?.id ?? '';
  const saved = await page.request.post('/api/v1/application', {
    headers,
    data: {
      form: { key: form.key, version: form.version },
      progress: 7,
      status: 'submitted',
      application: {
        services: serviceIds,
        termsAccepted: true,
        answers: {
          'your-offer': { offer_summary: 'Probity and audit for public sector procurements.', delivery_model: 'hybrid', pricing_approach: 'fixed_price' },
          declarations: { has_conflicts: 'no', information_confirmed: true },
          [catalogueStep]: {
            capability_statement: 'Fifteen years of probity and assurance work for central government.',
            case_studies: [{ client: 'Ministry of Examples', description: 'Probity for a large tender.', outcome: 'A clean process, unchallenged.', year: 2024 }],
            day_rate: 1500,
            capability_document: fileId,
            available_from: '2026-04-01',
          },
        },
      },
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const { applicationId, referenceId } = (await saved.json()) as SaveApplicationResponse;
  return { id: applicationId, referenceId };
}

/** Presses Tab until `target` has focus (at most `limit` times): how a keyboard user gets there. */
async function tabTo(page: Page, target: Locator, limit = 80): Promise<void> {
  for (let count = 0; count < limit; count += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) {
      return;
    }
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

async function isFocused(target: Locator): Promise<boolean> {
  return target.evaluate((element) => element === document.activeElement);
}

describe('the team console: application queue and review', () => {
  let browser: Browser;
  let teamMember: Page;
  let member: Page;
  let teamErrors: string[];
  let memberErrors: string[];
  /** The application the first journey granted, which the second lists and publishes. */
  let granted: Submitted | null = null;

  beforeAll(async () => {
    browser = await launchBrowser();
    member = await (await newContext(browser)).newPage();
    memberErrors = watchPageErrors(member);
    await signInAt(member, '/dashboard/applications', demo.member);
    teamMember = await (await newContext(browser)).newPage();
    teamErrors = watchPageErrors(teamMember);
    await signInAt(teamMember, '/admin/applications', demo.teamMember);
  });
  afterAll(() => browser.close());

  it('takes an application from Submitted to Granted, granting one service and declining another: the supplier sees both decisions', async () => {
    const application = await submitApplication(member, [PROBITY, AUDIT]);
    const directory = await DirectoryPage.open(member);
    await directory.choose(directory.channel, CHANNEL);
    await directory.choose(directory.catalogue, CATALOGUE);
    await directory.choose(directory.service, PROBITY);
    expect(await directory.resultTitles()).not.toContain(SUPPLIER);

    // The queue, filtered to Submitted in the URL.
    const queue = await ApplicationQueuePage.open(teamMember);
    await queue.page.getByLabel('Show applications at stage').selectOption({ label: 'Submitted' });
    await teamMember.waitForURL((url) => url.searchParams.get('status') === 'submitted');
    await queue.waitForList();
    expect(await queue.rowText(application.referenceId)).toEqual({ supplier: SUPPLIER, services: `${AUDIT}, ${PROBITY}`, stage: 'Submitted', time: 'Less than a day' });
    await expectNoAxeViolations(teamMember);
    await queue.row(application.referenceId).getByRole('link', { name: `Review application ${application.referenceId} from ${SUPPLIER}` }).click();

    const review = await ApplicationReviewPage.waitFor(teamMember);
    expect(await review.stage()).toBe('Submitted');
    await review.supplier.getByText('9429052479366', { exact: true }).waitFor();
    await review.supplier.getByText('service@southernalpsfm.co.nz', { exact: true }).waitFor();
    await teamMember.getByRole('heading', { level: 3, name: `${CATALOGUE}: your capability` }).waitFor();
    await teamMember.getByText('Fifteen years of probity and assurance work for central government.').waitFor();
    // The uploaded file downloads under its name.
    const download = teamMember.waitForEvent('download');
    await teamMember.getByRole('button', { name: 'Download attachment capability.pdf' }).click();
    expect((await download).suggestedFilename()).toBe('capability.pdf');
    // Only the moves of the transition table are offered.
    expect(await review.moves.getByRole('button').allInnerTexts()).toEqual([`Move to ‘${PRE_ASSESSMENT}’`, 'Decline the application']);
    await expectNoAxeViolations(teamMember);

    // A decision not chosen says so by its service; then each is saved one by one.
    await teamMember.getByRole('button', { name: `Save decision for ${PROBITY}` }).click();
    await review.decision(PROBITY).getByText(`Select Grant or Decline for ${PROBITY}`).waitFor();
    await expectNoAxeViolations(teamMember);
    await review.decide(PROBITY, 'Grant');
    // A decline asks for the team's reason first.
    await review.decision(AUDIT).getByLabel('Decline', { exact: true }).check();
    await teamMember.getByRole('button', { name: `Save decision for ${AUDIT}` }).click();
    await teamMember.getByText(`Enter why you are declining ${AUDIT}`).waitFor();
    await expectNoAxeViolations(teamMember);
    await review.decide(AUDIT, 'Decline', AUDIT_DECLINE_REASON);
    expect(await review.savedDecision(PROBITY)).toBe('Granted');
    expect(await review.savedDecision(AUDIT)).toBe('Declined');

    // Every move asks first, naming the stage.
    await review.moveButton(PRE_ASSESSMENT).click();
    const dialog = review.dialog(application.referenceId, PRE_ASSESSMENT);
    await dialog.getByText(`${SUPPLIER} is emailed that their application is now at this stage.`).waitFor();
    await expectNoAxeViolations(teamMember);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await review.stage()).toBe('Submitted');
    await review.moveTo(application.referenceId, PRE_ASSESSMENT);
    await review.moveTo(application.referenceId, IN_PROGRESS);
    await review.moveTo(application.referenceId, GRANTED);
    // Decisions are closed from here: the services show their final decision.
    expect(await teamMember.getByRole('button', { name: /^Save decision/ }).count()).toBe(0);
    await expectNoAxeViolations(teamMember);

    // The supplier's side: its tracker shows Granted, with the decisions and the team's reason.
    await member.goto(`/dashboard/applications/application/${String(application.id)}`);
    const details = await ApplicationDetailsPage.waitFor(member);
    expect(await details.currentStage()).toBe(GRANTED);
    expect(await details.serviceDecision(PROBITY)).toBe('Granted');
    expect(await details.serviceDecision(AUDIT)).toBe('Declined');
    await member.getByText(`The team's reason: ${AUDIT_DECLINE_REASON}`).waitFor();
    granted = application;
    expect(teamErrors).toEqual([]);
    expect(memberErrors).toEqual([]);
  }, 180_000);

  it('the supplier lists the granted service from the template; the team sends it back, approves it and publishes the application; a change to the live listing is reviewed before it shows', async () => {
    expect(granted, 'the application the first journey granted').not.toBeNull();
    const application = granted ?? { id: 0, referenceId: '' };

    // The supplier starts the listing of the granted service, in a spreadsheet.
    await member.goto('/dashboard/listings');
    const list = await ListingsPage.waitFor(member);
    expect((await list.servicesAndStatuses()).find((row) => row.service === PROBITY)?.status).toBe('Not started');
    await list.row(PROBITY).getByRole('link', { name: `Start the listing of ${PROBITY}` }).click();
    const overview = await ListingOverviewPage.waitFor(member, PROBITY);
    await member.getByRole('link', { name: 'fill in the listing in a spreadsheet' }).click();
    await member.getByRole('heading', { level: 1, name: 'Fill in the listing in a spreadsheet' }).waitFor();
    await expectAccessibleOnDesktopAndPhone(member);

    const downloading = member.waitForEvent('download');
    await member.getByRole('button', { name: 'Download the template' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`Listing template - ${PROBITY}.xlsx`);
    const template = await ListingTemplate.read(await readFile(await download.path()));
    template.fill(TEMPLATE_ANSWERS);
    template.fill([[['pricing', 'price_from'], 'about 1500']]);
    const fileInput = member.getByLabel('Filled-in template');

    // A cell it cannot read is named, with its row's question.
    await fileInput.setInputFiles({ name: 'probity.xlsx', mimeType: XLSX, buffer: await template.bytes() });
    await member.getByRole('button', { name: 'Upload and check' }).click();
    const summary = member.locator('.error-summary');
    await summary
      .getByRole('link', { name: `Cell ${template.address(['pricing', 'price_from'])}, Lowest price (NZ dollars): Enter an amount in dollars, like 1250 or 1250.50` })
      .waitFor();
    await expectNoAxeViolations(member);
    template.fill([[['pricing', 'price_from'], 1500]]);
    await fileInput.setInputFiles({ name: 'probity.xlsx', mimeType: XLSX, buffer: await template.bytes() });
    await member.getByRole('button', { name: 'Upload and check' }).click();

    // The answers read are shown to check before they are saved.
    await member.getByRole('heading', { level: 1, name: 'Check the answers from your template' }).waitFor();
    expect(await overview.answer('Summary').innerText()).toBe(LISTING_SUMMARY);
    expect(await overview.answer('Lowest price').innerText()).toBe('$1,500.00');
    expect(await overview.answer('Where you deliver the service').innerText()).toBe('Wellington, Otago');
    await expectAccessibleOnDesktopAndPhone(member);
    await member.getByRole('button', { name: 'Save these answers' }).click();
    await ListingOverviewPage.waitFor(member, PROBITY);
    await overview.message().getByText('The answers from your template were saved. Check them, then send the listing for review.').waitFor();
    expect(await overview.answer('Features').innerText()).toBe('Independent probity advisers, Reports within five working days');

    // Sending the application's one listing moves it to Service Listing Validation.
    await overview.sendButton().click();
    await overview.message().getByText(`so the application moved to ${VALIDATION}`, { exact: false }).waitFor();

    // The team sends it back with its reasons.
    let queue = await TeamListingQueuePage.open(teamMember);
    expect((await queue.rowText(SUPPLIER, PROBITY)).kind).toBe('New listing');
    let listingReview = await queue.openReview(SUPPLIER, PROBITY);
    await listingReview.sendBack(CHANGES_REASON);
    await listingReview.message.getByText(`${PROBITY} was sent back to ${SUPPLIER}.`, { exact: false }).waitFor();

    // The supplier reads the reasons, changes the price and sends it again.
    await member.reload();
    await ListingOverviewPage.waitFor(member, PROBITY);
    await member.getByRole('region', { name: 'The marketplace team asked for changes' }).getByText(CHANGES_REASON).waitFor();
    expect(await overview.status().innerText()).toBe('Changes requested');
    await overview.changeLink('Pricing').click();
    const pricing = await ListingStepPage.waitFor(member, 'Pricing');
    await pricing.field('Highest price (optional)').fill('2400');
    await pricing.saveAndContinue();
    await ListingOverviewPage.waitFor(member, PROBITY);
    await overview.sendButton().click();
    await expect.poll(() => overview.status().innerText()).toBe('Waiting for review');

    // The team approves it: it goes live when the application is published.
    queue = await TeamListingQueuePage.open(teamMember);
    listingReview = await queue.openReview(SUPPLIER, PROBITY);
    await listingReview.approve('Approve the listing');
    await listingReview.message.getByText(`${PROBITY} is approved.`, { exact: false }).waitFor();

    // Publishing lists the granted service, with its listing, and approves the supplier.
    const review = await ApplicationReviewPage.open(teamMember, application.id);
    expect(await review.stage()).toBe(VALIDATION);
    await review.moveButton(PUBLISHED).click();
    const publish = review.dialog(application.referenceId, PUBLISHED);
    await publish.getByText(`${SUPPLIER} becomes an approved supplier`).waitFor();
    expect(await publish.getByRole('listitem').allInnerTexts()).toEqual([`${PROBITY} (${CATALOGUE})`]);
    await expectNoAxeViolations(teamMember);
    await publish.getByRole('button', { name: 'Publish the listings' }).click();
    await review.message.getByText(`Application ${application.referenceId} moved to ‘${PUBLISHED}’.`).waitFor();
    expect(await review.stage()).toBe(PUBLISHED);
    await review.moves.getByText('is a final stage: this application cannot move any further.').waitFor();

    // The supplier's tracker shows Published, and the directory lists it with the granted service.
    await member.goto(`/dashboard/applications/application/${String(application.id)}`);
    expect(await (await ApplicationDetailsPage.waitFor(member)).currentStage()).toBe(PUBLISHED);
    const directory = await DirectoryPage.open(member);
    await directory.choose(directory.channel, CHANNEL);
    await directory.choose(directory.catalogue, CATALOGUE);
    await directory.choose(directory.service, PROBITY);
    expect(await directory.resultTitles()).toContain(SUPPLIER);

    // A buyer reads the listing from the supplier's profile.
    const supplierId = (await supplierApiHeaders(member))[SUPPLIER_HEADER] ?? '';
    const buyer = await (await newContext(browser)).newPage();
    await buyer.goto(`/approved-suppliers/${supplierId}`);
    const listingPath = (await buyer.locator('.profile__offers').getByRole('link', { name: PROBITY, exact: true }).getAttribute('href')) ?? '';
    expect((await buyer.goto(listingPath))?.status()).toBe(200);
    await buyer.getByText(LISTING_SUMMARY).waitFor();
    await buyer.getByText('$1,500.00 to $2,400.00', { exact: false }).first().waitFor();

    // The supplier changes the live listing: the published version stays until the team approves.
    await member.goto('/dashboard/listings');
    await (await ListingsPage.waitFor(member)).row(PROBITY).getByRole('link', { name: `View the listing of ${PROBITY}` }).click();
    await ListingOverviewPage.waitFor(member, PROBITY);
    await overview.changeLink('About the service').click();
    const about = await ListingStepPage.waitFor(member, 'About the service');
    await about.field('Summary').fill(CHANGED_SUMMARY);
    await about.saveAndContinue();
    await ListingOverviewPage.waitFor(member, PROBITY);
    await expect.poll(() => overview.status().innerText()).toBe('Changes not sent');
    await overview.sendButton().click();
    await expect.poll(() => overview.status().innerText()).toBe('Changes waiting for review');
    await buyer.reload();
    await buyer.getByText(LISTING_SUMMARY).waitFor();

    // The team sees the change beside the published answer and publishes it.
    queue = await TeamListingQueuePage.open(teamMember);
    expect((await queue.rowText(SUPPLIER, PROBITY)).kind).toBe('Change to a live listing');
    listingReview = await queue.openReview(SUPPLIER, PROBITY);
    expect(await listingReview.changes()).toEqual([{ question: 'Summary', published: LISTING_SUMMARY, changed: CHANGED_SUMMARY }]);
    await listingReview.approve('Approve and publish now');
    await listingReview.message.getByText(`The change to ${PROBITY} is live: version 2 is published.`, { exact: false }).waitFor();
    await buyer.reload();
    await buyer.getByText(CHANGED_SUMMARY).waitFor();
    expect(await buyer.getByText(LISTING_SUMMARY).count()).toBe(0);
    await buyer.context().close();
    // The one refusal is the template with the cell it could not read.
    expect(memberErrors).toEqual([expect.stringMatching(/^console: Failed to load resource: the server responded with a status of 400 \(Bad Request\) \(\/api\/v1\/\S+\)$/)]);
    memberErrors.length = 0;
    expect(teamErrors).toEqual([]);
  }, 240_000);

  it('declines an application with reasons: the supplier sees Declined and the reasons in its messages', async () => {
    const application = await submitApplication(member, [FORENSIC]);
    const review = await ApplicationReviewPage.open(teamMember, application.id);
    await review.moves.getByRole('button', { name: 'Decline the application' }).click();
    const form = teamMember.getByRole('region', { name: 'Decline the application' });
    await expect.poll(() => isFocused(form.getByRole('heading', { name: 'Decline the application' })), { timeout: 5000 }).toBe(true);
    // The reasons are required: the error summary and the field say so.
    await form.getByRole('button', { name: 'Continue to decline' }).click();
    await form.locator('.error-summary').getByText('Enter the reasons for declining the application').waitFor();
    await expect.poll(() => isFocused(form.locator('.error-summary')), { timeout: 5000 }).toBe(true);
    await expectNoAxeViolations(teamMember);
    await form.locator('.error-summary').getByRole('link', { name: 'Enter the reasons for declining the application' }).click();
    await expect.poll(() => isFocused(form.getByLabel('Reasons for declining')), { timeout: 5000 }).toBe(true);
    await form.getByLabel('Reasons for declining').fill(DECLINE_REASONS);
    await form.getByRole('button', { name: 'Continue to decline' }).click();

    const dialog = review.dialog(application.referenceId, 'Declined');
    await dialog.getByText(DECLINE_REASONS).waitFor();
    await expectNoAxeViolations(teamMember);
    await dialog.getByRole('button', { name: 'Decline the application' }).click();
    await review.message.getByText(`Application ${application.referenceId} moved to ‘Declined’.`).waitFor();
    expect(await review.stage()).toBe('Declined');
    expect(await review.moves.getByRole('button').count()).toBe(0);
    await expectNoAxeViolations(teamMember);

    await member.goto(`/dashboard/applications/application/${String(application.id)}`);
    const details = await ApplicationDetailsPage.waitFor(member);
    expect(await details.currentStage()).toBe('Declined');
    const panel = await MessagesPanel.verifyOnPage(member);
    await panel.thread(`Your application ${application.referenceId} was declined`).getByText(DECLINE_REASONS).waitFor();
    expect(teamErrors).toEqual([]);
    expect(memberErrors).toEqual([]);
  }, 120_000);

  let keyboardApplication: Submitted = { id: 0, referenceId: '' };

  it('completes a review with the keyboard alone: a decision and a move', async () => {
    keyboardApplication = await submitApplication(member, [ACTUARIAL, ADVISORY]);
    const { referenceId } = keyboardApplication;
    const review = await ApplicationReviewPage.open(teamMember, keyboardApplication.id);
    await teamMember.getByRole('heading', { level: 2, name: 'Services requested' }).waitFor();

    // Grant one service: Tab to its first radio, Space to choose it, Tab to its Save button, Enter.
    const grant = review.decision(ACTUARIAL).getByLabel('Grant', { exact: true });
    await tabTo(teamMember, grant);
    await teamMember.keyboard.press('Space');
    expect(await grant.isChecked()).toBe(true);
    const save = teamMember.getByRole('button', { name: `Save decision for ${ACTUARIAL}` });
    await tabTo(teamMember, save);
    await teamMember.keyboard.press('Enter');
    await review.message.getByText(`Decision saved: ${ACTUARIAL} is granted.`).waitFor();
    expect(await review.savedDecision(ACTUARIAL)).toBe('Granted');
    // Focus stays where the person was.
    expect(await isFocused(save)).toBe(true);

    // Decline the other: the arrow keys move between the radios of a group.
    const decline = review.decision(ADVISORY).getByLabel('Decline', { exact: true });
    await tabTo(teamMember, review.decision(ADVISORY).getByLabel('Grant', { exact: true }));
    await teamMember.keyboard.press('Space');
    await teamMember.keyboard.press('ArrowDown');
    expect(await decline.isChecked()).toBe(true);
    // The reason's field opens below the choice; typed, then on to Save.
    await tabTo(teamMember, teamMember.getByLabel(`Why are you declining ${ADVISORY}?`));
    await teamMember.keyboard.type('No advisory work in the last two years.');
    await tabTo(teamMember, teamMember.getByRole('button', { name: `Save decision for ${ADVISORY}` }));
    await teamMember.keyboard.press('Enter');
    await review.message.getByText(`Decision saved: ${ADVISORY} is declined.`).waitFor();

    // A move: the dialog starts on Cancel; Escape closes it; then Shift+Tab to the move, Enter.
    await tabTo(teamMember, review.moveButton(PRE_ASSESSMENT));
    await teamMember.keyboard.press('Enter');
    const dialog = review.dialog(referenceId, PRE_ASSESSMENT);
    await expect.poll(() => isFocused(dialog.getByRole('button', { name: 'Cancel' })), { timeout: 5000 }).toBe(true);
    await teamMember.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => isFocused(review.moveButton(PRE_ASSESSMENT)), { timeout: 5000 }).toBe(true);
    await teamMember.keyboard.press('Enter');
    await expect.poll(() => isFocused(dialog.getByRole('button', { name: 'Cancel' })), { timeout: 5000 }).toBe(true);
    await teamMember.keyboard.press('Shift+Tab');
    expect(await isFocused(dialog.getByRole('button', { name: `Move to ‘${PRE_ASSESSMENT}’` }))).toBe(true);
    await teamMember.keyboard.press('Enter');
    await review.message.getByText(`Application ${referenceId} moved to ‘${PRE_ASSESSMENT}’.`).waitFor();
    expect(await review.stage()).toBe(PRE_ASSESSMENT);
    // Focus lands on the heading, not the page's body.
    await expect.poll(() => isFocused(review.heading), { timeout: 5000 }).toBe(true);

    await member.goto(`/dashboard/applications/application/${String(keyboardApplication.id)}`);
    expect(await (await ApplicationDetailsPage.waitFor(member)).currentStage()).toBe(PRE_ASSESSMENT);
    expect(teamErrors).toEqual([]);
  }, 120_000);

  it('two team members move the same application at once: the second sees the conflict and the application as it is now', async () => {
    expect(keyboardApplication.id).toBeGreaterThan(0);
    const { referenceId } = keyboardApplication;
    const other = await (await newContext(browser)).newPage();
    await signInAt(other, `/admin/applications/${String(keyboardApplication.id)}`, demo.teamMember);
    const first = await ApplicationReviewPage.waitFor(other);
    const second = await ApplicationReviewPage.open(teamMember, keyboardApplication.id);
    expect(await first.stage()).toBe(PRE_ASSESSMENT);
    expect(await second.stage()).toBe(PRE_ASSESSMENT);

    // The second is about to confirm the same move when the first makes it.
    await second.moveButton(IN_PROGRESS).click();
    const stale = second.dialog(referenceId, IN_PROGRESS);
    await stale.waitFor();
    await first.moveTo(referenceId, IN_PROGRESS);
    await stale.getByRole('button', { name: `Move to ‘${IN_PROGRESS}’` }).click();
    const problem = teamMember.locator('.application-review__problem');
    await problem.getByText(`The application is at "${IN_PROGRESS}" and cannot move to "${IN_PROGRESS}".`, { exact: false }).waitFor();
    await stale.waitFor({ state: 'detached' });
    await expect.poll(() => isFocused(problem), { timeout: 5000 }).toBe(true);
    await expectNoAxeViolations(teamMember);
    await problem.getByRole('button', { name: 'Load the latest application' }).click();
    await expect.poll(() => second.stage(), { timeout: 5000 }).toBe(IN_PROGRESS);
    expect(await problem.innerText()).toBe('');
    expect(await second.moves.getByRole('button').allInnerTexts()).toEqual([`Move to ‘${GRANTED}’`, 'Decline the application']);
    await other.context().close();
  }, 120_000);

  it('every team screen and state fits a 320px phone with no sideways scroll, and passes axe there', async () => {
    const phone = await (await newContext(browser, { width: 320 })).newPage();
    const phoneErrors = watchPageErrors(phone);
    await signInAt(phone, '/admin/applications', demo.teamMember);
    await new ApplicationQueuePage(phone).waitForList();
    await expectNoSidewaysScroll(phone);
    await expectNoAxeViolations(phone);

    const review = await ApplicationReviewPage.open(phone, keyboardApplication.id);
    await expectNoSidewaysScroll(phone);
    await expectNoAxeViolations(phone);
    await review.moves.getByRole('button', { name: 'Decline the application' }).click();
    await phone.getByRole('button', { name: 'Continue to decline' }).click();
    await phone.locator('.error-summary').waitFor();
    await expectNoSidewaysScroll(phone);
    await expectNoAxeViolations(phone);
    await review.moveButton(GRANTED).click();
    await review.dialog(keyboardApplication.referenceId, GRANTED).waitFor();
    await expectNoSidewaysScroll(phone);
    await expectNoAxeViolations(phone);
    await phone.keyboard.press('Escape');

    // An address that is no application, and a page past the end of the queue.
    await phone.goto('/admin/applications/999999');
    await phone.getByText('There is no submitted application at this address.', { exact: false }).waitFor();
    await expectNoSidewaysScroll(phone);
    await expectNoAxeViolations(phone);
    await phone.goto('/admin/applications?page=999');
    await phone.getByText('There are no applications on page 999.').waitFor();
    await expectNoAxeViolations(phone);
    expect(phoneErrors.filter((error) => !error.includes('404'))).toEqual([]);
    await phone.context().close();
  }, 120_000);
});
