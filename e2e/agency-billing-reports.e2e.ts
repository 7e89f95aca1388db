/**
 * Journey: an agency answers the billing reports suppliers send on the engagements it confirmed
 * (issue 31), on the demo data (server/seed/demo-reporting.ts): Kōwhai Digital's 'Regional services
 * portal', confirmed by the Ministry for Regional Development, has reports for April to September
 * 2026: April to June confirmed, July queried (the buyer's query and the supplier's reply), August
 * and September waiting. The ministry's admin (buyer@example.com) opens Billing reports from the side
 * navigation, reads July's conversation, confirms August through the dialog by the keyboard, and
 * queries September: the empty form's error summary first, then what is wrong. The supplier's admin
 * (admin@example.com) reads on September's report that the agency queried it and the agency's
 * message. The buyer also follows a confirmed notice's link to its reports. axe on every screen and
 * state; the list, a report and the query form also at 320 px, without sideways scroll.
 *
 * The journey changes August and September only: the other journey files of its worker share its
 * server and database, and read the demo's other reports as seeded.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AgencyNoticesPage } from './pages/agency-dashboard-pages';
import { AgencyNoticePage, hasFocus, tabTo } from './pages/agency-notice-pages';
import { AgencyQueryPage, AgencyReportPage, AgencyReportsPage } from './pages/agency-report-pages';
import { MessagesPanel } from './pages/messages-panel';
import { ReportingDetailsPage } from './pages/reporting-pages';
import { ConfirmDialog } from './pages/users-page';
import { expectAccessibleOnDesktopAndPhone, expectNoAxeViolations, launchBrowser, newContext, watchPageErrors } from './support/browser';
import { demo, demoBuyer, signInAt } from './support/session';

const SUPPLIER = 'Kōwhai Digital';
const TEAM = 'Marketplace team';
const ENGAGEMENT = 'Regional services portal';
const WAITING = 'Waiting for your answer';

describe('an agency confirms one billing report and queries another', () => {
  const queryDetails = `We expected 20 days of development in September, not 22 (${Date.now().toString(36)}). Please check the days billed for the last week.`;
  let browser: Browser;
  let buyer: Page;
  let septemberId = 0;
  let errors: string[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
    buyer = await (await newContext(browser)).newPage();
    errors = watchPageErrors(buyer);
    await signInAt(buyer, '/agency/engagement-notices', demoBuyer);
  });
  afterAll(() => browser.close());

  it('opens the billing reports from the side navigation: the queried one with its conversation, and the two waiting', async () => {
    const notices = await AgencyNoticesPage.verifyOnPage(buyer);
    expect(await notices.nav.linkNames()).toEqual(expect.arrayContaining(['Engagement notices', 'Billing reports']));
    await notices.nav.link('Billing reports').click();
    const list = await AgencyReportsPage.verifyOnPage(buyer);
    await list.reports.waitFor();
    expect(await list.monthsAndAnswers(ENGAGEMENT)).toEqual([
      ['September 2026', WAITING],
      ['August 2026', WAITING],
      ['July 2026', 'Queried'],
      ['June 2026', 'Confirmed'],
      ['May 2026', 'Confirmed'],
      ['April 2026', 'Confirmed'],
    ]);
    expect(await list.cells('September 2026', ENGAGEMENT)).toMatchObject({ Supplier: SUPPLIER, 'Your answer': WAITING });
    expect((await list.cells('September 2026', ENGAGEMENT)).Engagement).toContain(ENGAGEMENT);
    await expectAccessibleOnDesktopAndPhone(buyer);

    // The filter by answer: only the two waiting.
    await list.answerFilter.selectOption({ label: WAITING });
    await buyer.waitForURL((url) => url.searchParams.get('response') === 'awaiting');
    await expect.poll(() => list.monthsAndAnswers(ENGAGEMENT)).toEqual([
      ['September 2026', WAITING],
      ['August 2026', WAITING],
    ]);
    await list.answerFilter.selectOption({ label: 'Any answer' });
    await buyer.waitForURL((url) => !url.searchParams.has('response'));

    // July's query: the buyer's words and the supplier's reply, and it may still be confirmed.
    await list.link('July 2026', ENGAGEMENT).click();
    const july = await AgencyReportPage.verifyOnPage(buyer, 'July 2026');
    // The report e2e/support/dashboard-screens.ts sweeps, as the demo's queried one.
    expect(july.id()).toBe(4);
    expect((await july.answerFacts()).Answer).toBe('Queried');
    await expect.poll(() => july.messages.count()).toBe(2);
    expect((await july.conversationMessages()).map((message) => message.author)).toEqual([`${demoBuyer.name} (your agency)`, `${demo.admin.name} (${SUPPLIER})`]);
    await july.confirmButton.waitFor();
    expect(await july.queryLink.count()).toBe(0);
    await expectNoAxeViolations(buyer);
    expect(errors).toEqual([]);
  });

  it('confirms August through the dialog by the keyboard', async () => {
    await buyer.getByRole('link', { name: 'Back to the billing reports' }).click();
    const list = await AgencyReportsPage.verifyOnPage(buyer);
    await list.link('August 2026', ENGAGEMENT).click();
    const report = await AgencyReportPage.verifyOnPage(buyer, 'August 2026');
    const facts = await report.facts();
    expect(facts).toMatchObject({ Supplier: SUPPLIER, Engagement: ENGAGEMENT, 'Month billed': 'August 2026', 'Value of the engagement (NZD, excluding GST)': '$480,000.00' });
    const amount = facts['Amount billed (NZD, excluding GST)'] ?? '';
    expect(amount).toMatch(/^\$[\d,]+\.\d\d$/);
    expect(await report.lines.getByRole('row').count()).toBeGreaterThan(1);
    expect(await report.answer.innerText()).toContain('Your agency has not answered yet.');
    await report.queryLink.waitFor();
    await expectAccessibleOnDesktopAndPhone(buyer);

    // Confirming asks first, with the focus on Cancel; the confirm button is before it.
    await tabTo(buyer, report.confirmButton);
    await buyer.keyboard.press('Enter');
    const dialog = await ConfirmDialog.waitFor(buyer);
    expect(await dialog.title()).toBe('Confirm the amount?');
    expect(await dialog.dialog.innerText()).toContain(`that ${amount} (excluding GST) is what your agency expected to pay for ‘${ENGAGEMENT}’ in August 2026`);
    expect(await dialog.focusedText()).toBe('Cancel');
    await expectNoAxeViolations(buyer);
    await buyer.keyboard.press('Shift+Tab');
    expect(await dialog.focusedText()).toBe('Yes, confirm it');
    await buyer.keyboard.press('Enter');
    await dialog.waitForClosed();

    await report.message.filter({ hasText: 'You confirmed the amount.' }).waitFor();
    expect(await report.message.innerText()).toBe(`You confirmed the amount. The ${TEAM} and ${SUPPLIER} can now see that it is what your agency expected to pay.`);
    // The button that had the focus is gone: the focus is on the heading, not lost on the page.
    await expect.poll(() => hasFocus(report.heading)).toBe(true);
    const answer = await report.answerFacts();
    expect(answer.Answer).toBe('Confirmed');
    expect(answer['Confirmed by']).toMatch(new RegExp(`^${demoBuyer.name} on `));
    expect(await report.answer.innerText()).toContain('A confirmed billing report is final: there is nothing more to do.');
    expect(await report.confirmButton.count()).toBe(0);
    expect(await report.queryLink.count()).toBe(0);
    expect(await report.conversation.count()).toBe(0);
    await expectNoAxeViolations(buyer);
    expect(errors).toEqual([]);
  });

  it('queries September: the empty form says what is missing, then the query opens with its first message', async () => {
    await buyer.getByRole('link', { name: 'Back to the billing reports' }).click();
    const list = await AgencyReportsPage.verifyOnPage(buyer);
    await expect.poll(async () => (await list.cells('August 2026', ENGAGEMENT))['Your answer']).toBe('Confirmed');
    await list.link('September 2026', ENGAGEMENT).click();
    const report = await AgencyReportPage.verifyOnPage(buyer, 'September 2026');
    septemberId = report.id();
    await report.confirmButton.waitFor();

    await tabTo(buyer, report.queryLink);
    await buyer.keyboard.press('Enter');
    const form = await AgencyQueryPage.verifyOnPage(buyer);
    expect(await form.main.innerText()).toContain(`September 2026, ${ENGAGEMENT}, from ${SUPPLIER}`);
    await expectAccessibleOnDesktopAndPhone(buyer);
    await tabTo(buyer, form.submitButton);
    await buyer.keyboard.press('Enter');
    const problems = ['Say what is wrong with the amount billed'];
    expect(await form.summaryMessages()).toEqual(problems);
    await expect.poll(() => hasFocus(form.errorSummary)).toBe(true);
    expect(await form.fieldErrors()).toEqual(problems);
    expect(await form.details.getAttribute('aria-invalid')).toBe('true');
    await expectAccessibleOnDesktopAndPhone(buyer);

    // The summary's link goes to the field.
    await tabTo(buyer, form.errorSummary.getByRole('link', { name: problems[0] }));
    await buyer.keyboard.press('Enter');
    await expect.poll(() => hasFocus(form.details)).toBe(true);
    await buyer.keyboard.type(queryDetails);
    await tabTo(buyer, form.submitButton);
    await buyer.keyboard.press('Enter');

    const queried = await AgencyReportPage.verifyOnPage(buyer, 'September 2026');
    await queried.message.filter({ hasText: 'You queried the amount.' }).waitFor();
    expect(await queried.message.innerText()).toBe(`You queried the amount. ${SUPPLIER} and the ${TEAM} can now read what is wrong, and reply to you on this page.`);
    expect(await queried.answerFacts()).toMatchObject({ Answer: 'Queried', 'What is wrong': queryDetails });
    expect((await queried.answerFacts())['Queried by']).toMatch(new RegExp(`^${demoBuyer.name} on `));
    // Queried, it may still be confirmed once settled, not queried again.
    await queried.confirmButton.waitFor();
    expect(await queried.queryLink.count()).toBe(0);
    expect(await queried.conversationMessages()).toEqual([{ author: `${demoBuyer.name} (your agency)`, content: queryDetails }]);
    await expectAccessibleOnDesktopAndPhone(buyer);
    expect(errors).toEqual([]);
  });

  it('follows a confirmed engagement notice to its billing reports, and back to every engagement', async () => {
    await new AgencyNoticesPage(buyer).nav.link('Engagement notices').click();
    const notices = await AgencyNoticesPage.verifyOnPage(buyer);
    await notices.row(ENGAGEMENT).getByRole('link', { name: ENGAGEMENT, exact: true }).click();
    const notice = await AgencyNoticePage.verifyOnPage(buyer, ENGAGEMENT);
    const noticeId = notice.id();
    await notice.answer.getByRole('link', { name: 'Billing reports for this engagement' }).click();
    const list = await AgencyReportsPage.verifyOnPage(buyer);
    expect(new URL(buyer.url()).searchParams.get('engagementNotice')).toBe(String(noticeId));
    await list.main.getByText(`You are looking at the billing reports for ‘${ENGAGEMENT}’ only.`).waitFor();
    await expect.poll(() => list.monthsAndAnswers(ENGAGEMENT)).toEqual([
      ['September 2026', 'Queried'],
      ['August 2026', 'Confirmed'],
      ['July 2026', 'Queried'],
      ['June 2026', 'Confirmed'],
      ['May 2026', 'Confirmed'],
      ['April 2026', 'Confirmed'],
    ]);
    await expectNoAxeViolations(buyer);
    await list.main.getByRole('link', { name: 'Show the billing reports for every engagement' }).click();
    await buyer.waitForURL((url) => url.pathname === '/agency/billing-reports' && url.search === '');
    expect(errors).toEqual([]);
  });

  it("the supplier's admin reads on September's report that the agency queried it, and the agency's message", async () => {
    expect(septemberId).toBeGreaterThan(0);
    const supplier = await (await newContext(browser)).newPage();
    const supplierErrors = watchPageErrors(supplier);
    await signInAt(supplier, `/dashboard/billing-reports/billing-report/${String(septemberId)}`, demo.admin);
    const details = await ReportingDetailsPage.waitFor(supplier, 'Billing report');

    // The agency's message opens the query's thread in the report's messages.
    const panel = await MessagesPanel.verifyOnPage(supplier);
    const thread = panel.thread(`Query: September 2026, ${ENGAGEMENT}`);
    await expect.poll(() => panel.messages(thread).count()).toBe(1);
    const first = panel.messages(thread).first();
    expect(await first.locator('.thread-message__author').innerText()).toBe(`${demoBuyer.name} (agency)`);
    expect(await first.locator('.thread-message__content').innerText()).toBe(queryDetails);

    // The report's facts say how the agency answered (reportResponseFacts of app/reporting/agency-response.tsx).
    await supplier.getByRole('main').getByText('Queried by the agency', { exact: true }).first().waitFor();
    expect(await details.fact("Agency's answer")).toBe('Queried by the agency');
    expect(await details.fact('What the agency says is wrong')).toBe(queryDetails);
    expect(await details.fact('Queried by')).toMatch(new RegExp(`^${demoBuyer.name} on `));
    await expectNoAxeViolations(supplier);
    expect(supplierErrors).toEqual([]);
  });
});
