/**
 * Journey: keeping an engagement out of open data (issue 32). Kōwhai Digital (admin@example.com)
 * sends two notices naming the Ministry for Regional Development through the API. On the first,
 * the supplier answers "Can this engagement be published as open data?" with No: the empty reason
 * is refused in the error summary, then the reason is saved and the notice says it will not be
 * published. The ministry's admin (buyer@example.com) reads the supplier's reason on that notice,
 * marks the second confidential itself by the keyboard, and confirms both; the question is then
 * closed on both sides. axe on every screen and state; the question page at 320 px too. That the
 * publisher leaves such notices out is server/modules/open-data/open-data.test.ts's.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AgencyNoticePage, hasFocus, OpenDataQuestionPage, tabTo } from './pages/agency-notice-pages';
import { ReportingDetailsPage } from './pages/reporting-pages';
import { ConfirmDialog } from './pages/users-page';
import { expectAccessibleOnDesktopAndPhone, expectNoAxeViolations, launchBrowser, newContext, watchPageErrors } from './support/browser';
import { sendNotice } from './support/engagement-notices';
import { demo, demoBuyer, signInAt } from './support/session';

const SUPPLIER_LINK = 'Change whether it is published as open data';
const AGENCY_LINK = 'mark it confidential';
const AGENCY_CHANGE_LINK = 'Change your answer about open data';
const WILL_PUBLISH = 'It will be published as open data once the agency confirms it, unless the supplier or the agency marks it confidential first.';

describe('the supplier and the agency keep engagements out of open data', () => {
  const run = Date.now().toString(36);
  const supplierTitle = `Regional pricing review ${run}`;
  const agencyTitle = `Regional security assessment ${run}`;
  const supplierReason = `Our day rates for this review (${run}) are commercially sensitive.`;
  const agencyReason = `A security assessment (${run}): publishing it would put systems at risk.`;
  let browser: Browser;
  let supplier: Page;
  let buyer: Page;
  let supplierNoticeId = 0;
  let agencyNoticeId = 0;
  let errors: string[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
    supplier = await (await newContext(browser)).newPage();
    errors = watchPageErrors(supplier);
    await signInAt(supplier, '/dashboard/engagement-notices', demo.admin);
    supplierNoticeId = await sendNotice(supplier, supplierTitle);
    agencyNoticeId = await sendNotice(supplier, agencyTitle);
    buyer = await (await newContext(browser)).newPage();
    await signInAt(buyer, '/agency/engagement-notices', demoBuyer);
  });
  afterAll(() => browser.close());

  it('the supplier marks its notice confidential: a reason is needed, then the notice says it will not be published', async () => {
    await supplier.goto(`/dashboard/engagement-notices/engagement-notice/${String(supplierNoticeId)}`);
    const details = await ReportingDetailsPage.waitFor(supplier, 'Engagement notice', supplierTitle);
    expect(await details.fact('Open data')).toBe(WILL_PUBLISH);
    await supplier.getByRole('link', { name: SUPPLIER_LINK }).click();

    const form = await OpenDataQuestionPage.verifyOnPage(supplier);
    expect(await form.main.innerText()).toContain(`Engagement notice: ${supplierTitle}`);
    expect(await form.answer('Yes, it can be published').isChecked()).toBe(true);
    expect(await form.details.isVisible()).toBe(false);
    await expectAccessibleOnDesktopAndPhone(supplier);

    await form.answer('No, it is confidential').check();
    await form.details.waitFor();
    await form.submitButton.click();
    expect(await form.summaryMessages()).toEqual(['Say why this engagement is confidential']);
    await expect.poll(() => hasFocus(form.errorSummary)).toBe(true);
    expect(await form.details.getAttribute('aria-invalid')).toBe('true');
    await expectAccessibleOnDesktopAndPhone(supplier);

    await form.details.fill(supplierReason);
    await form.submitButton.click();
    const saved = await ReportingDetailsPage.waitFor(supplier, 'Engagement notice', supplierTitle);
    await supplier.getByText('You marked this engagement confidential. It will not be published as open data.').waitFor();
    expect(await saved.fact('Open data')).toBe('Not published as open data: the supplier marked it confidential.');
    expect(await saved.fact("Supplier's reason it is confidential")).toBe(supplierReason);
    await expectNoAxeViolations(supplier);
    expect(errors).toEqual([]);
  });

  it('the agency reads the supplier’s reason, marks its own notice confidential by the keyboard, and confirms both', async () => {
    const buyerErrors = watchPageErrors(buyer);
    await buyer.goto(`/agency/engagement-notices/${String(supplierNoticeId)}`);
    const marked = await AgencyNoticePage.verifyOnPage(buyer, supplierTitle);
    expect(await marked.facts()).toMatchObject({
      'Open data': 'Not published as open data: the supplier marked it confidential.',
      "Supplier's reason it is confidential": supplierReason,
    });

    await buyer.goto(`/agency/engagement-notices/${String(agencyNoticeId)}`);
    const notice = await AgencyNoticePage.verifyOnPage(buyer, agencyTitle);
    expect((await notice.facts())['Open data']).toBe(WILL_PUBLISH);
    await tabTo(buyer, notice.main.getByRole('link', { name: AGENCY_LINK }));
    await buyer.keyboard.press('Enter');

    const form = await OpenDataQuestionPage.verifyOnPage(buyer);
    expect(await form.main.innerText()).toContain(`${agencyTitle}, from Kōwhai Digital`);
    // Tab into the radios, move to "No" with the arrow key, then Tab on to the revealed reason.
    await tabTo(buyer, form.answer('Yes, it can be published'));
    await buyer.keyboard.press('ArrowDown');
    expect(await form.answer('No, it is confidential').isChecked()).toBe(true);
    await buyer.keyboard.press('Tab');
    expect(await hasFocus(form.details)).toBe(true);
    await buyer.keyboard.type(agencyReason);
    await expectNoAxeViolations(buyer);
    await tabTo(buyer, form.submitButton);
    await buyer.keyboard.press('Enter');

    const saved = await AgencyNoticePage.verifyOnPage(buyer, agencyTitle);
    await saved.message.filter({ hasText: 'You marked this engagement confidential.' }).waitFor();
    expect(await saved.facts()).toMatchObject({
      'Open data': 'Not published as open data: the agency marked it confidential.',
      "Agency's reason it is confidential": agencyReason,
    });
    await saved.main.getByRole('link', { name: AGENCY_CHANGE_LINK }).waitFor();
    await expectNoAxeViolations(buyer);

    // Confirming says it stays out of open data, and closes the question.
    await saved.confirmButton.click();
    const dialog = await ConfirmDialog.waitFor(buyer);
    expect(await dialog.dialog.innerText()).toContain('It stays out of open data: it is marked confidential.');
    await dialog.dialog.getByRole('button', { name: 'Yes, confirm it' }).click();
    await dialog.waitForClosed();
    await saved.message.filter({ hasText: 'You confirmed this engagement.' }).waitFor();
    expect(await saved.main.getByRole('link', { name: AGENCY_CHANGE_LINK }).count()).toBe(0);
    expect((await saved.facts())['Open data']).toBe('Not published as open data: the agency marked it confidential.');

    await buyer.goto(`/agency/engagement-notices/${String(supplierNoticeId)}`);
    const other = await AgencyNoticePage.verifyOnPage(buyer, supplierTitle);
    await other.confirmButton.click();
    await (await ConfirmDialog.waitFor(buyer)).dialog.getByRole('button', { name: 'Yes, confirm it' }).click();
    await other.message.filter({ hasText: 'You confirmed this engagement.' }).waitFor();
    expect(buyerErrors).toEqual([]);
  });

  it('once confirmed, the supplier can no longer change it: the question page says why and links back', async () => {
    await supplier.goto(`/dashboard/engagement-notices/engagement-notice/${String(supplierNoticeId)}`);
    const details = await ReportingDetailsPage.waitFor(supplier, 'Engagement notice', supplierTitle);
    expect(await details.fact("Agency's answer")).toBe('Confirmed by the agency');
    expect(await details.fact('Open data')).toBe('Not published as open data: the supplier marked it confidential.');
    expect(await supplier.getByRole('link', { name: SUPPLIER_LINK }).count()).toBe(0);

    await supplier.goto(`/dashboard/engagement-notices/engagement-notice/${String(supplierNoticeId)}/open-data`);
    await supplier.getByText('The agency has confirmed this engagement, or it was withdrawn, so whether it is published cannot change now.').waitFor();
    await supplier.getByRole('link', { name: 'Back to the engagement notice' }).click();
    await ReportingDetailsPage.waitFor(supplier, 'Engagement notice', supplierTitle);
    await expectNoAxeViolations(supplier);
    expect(errors).toEqual([]);
  });
});
