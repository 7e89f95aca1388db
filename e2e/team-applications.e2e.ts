/**
 * Journeys of the team app's application queue and review (issue 13 item 2) as
 * staff@example.com, each checked from the supplier's side (member@example.com's Southern Alps
 * Facilities) in a second browser context: an application taken from Submitted to Published,
 * granting one service and declining another (the directory then lists the supplier with the
 * granted one, and the supplier's tracker shows Published); another declined with reasons (the
 * supplier sees Declined and the reasons in its messages); a review done with the keyboard alone;
 * two team members moving the same application at once (the second sees the 409 and the fresh
 * state); axe on each screen and state, and 320 px without sideways scroll. The member submits each
 * application through the API, for services of the Financial and Audit Services catalogue that no
 * other journey applies for, so the shared demo data stays as the other journeys expect it.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SaveApplicationResponse } from '../common/api/applications';
import type { DirectoryTree } from '../common/api/directory';
import type { FormDefinitionResponse } from '../common/api/forms';
import { ApplicationDetailsPage } from './pages/applications-page';
import { ApplicationQueuePage, ApplicationReviewPage } from './pages/team-applications-page';
import { DirectoryPage } from './pages/directory-page';
import { MessagesPanel } from './pages/messages-panel';
import { expectNoAxeViolations, expectNoSidewaysScroll, launchBrowser, newContext, watchPageErrors } from './support/browser';
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

  it('takes an application from Submitted to Published, granting one service: the supplier sees Published and the directory lists it', async () => {
    const application = await submitApplication(member, [PROBITY, AUDIT]);
    const directory = await DirectoryPage.open(member);
    await directory.choose(directory.channel, CHANNEL);
    await directory.choose(directory.catalogue, CATALOGUE);
    await directory.choose(directory.service, PROBITY);
    expect(await directory.resultTitles()).not.toContain(SUPPLIER);

    // The queue, filtered to Submitted in the URL.
    let queue = await ApplicationQueuePage.open(teamMember);
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
    await review.moveTo(application.referenceId, VALIDATION);

    // Publishing lists the granted services, and only those, before the team confirms.
    await review.moveButton(PUBLISHED).click();
    const publish = review.dialog(application.referenceId, PUBLISHED);
    await publish.getByText(`${SUPPLIER} becomes an approved supplier`).waitFor();
    expect(await publish.getByRole('listitem').allInnerTexts()).toEqual([`${PROBITY} (${CATALOGUE})`]);
    await expectNoAxeViolations(teamMember);
    await publish.getByRole('button', { name: 'Publish the listings' }).click();
    await review.message.getByText(`Application ${application.referenceId} moved to ‘${PUBLISHED}’.`).waitFor();
    expect(await review.stage()).toBe(PUBLISHED);
    await review.moves.getByText('is a final stage: this application cannot move any further.').waitFor();
    expect(await review.moves.getByRole('button').count()).toBe(0);
    await expectNoAxeViolations(teamMember);

    queue = await ApplicationQueuePage.open(teamMember, '?status=published');
    expect((await queue.rowText(application.referenceId)).stage).toBe(PUBLISHED);

    // The supplier's side: its tracker shows Published, the decisions, and the directory lists it with the granted service.
    await member.goto(`/dashboard/applications/application/${String(application.id)}`);
    const details = await ApplicationDetailsPage.waitFor(member);
    expect(await details.currentStage()).toBe(PUBLISHED);
    expect(await details.serviceDecision(PROBITY)).toBe('Granted');
    expect(await details.serviceDecision(AUDIT)).toBe('Declined');
    await member.getByText(`The team's reason: ${AUDIT_DECLINE_REASON}`).waitFor();
    const after = await DirectoryPage.open(member);
    await after.choose(after.channel, CHANNEL);
    await after.choose(after.catalogue, CATALOGUE);
    await after.choose(after.service, PROBITY);
    expect(await after.resultTitles()).toContain(SUPPLIER);
    expect(teamErrors).toEqual([]);
    expect(memberErrors).toEqual([]);
  }, 180_000);

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
