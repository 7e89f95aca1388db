/**
 * Journey: an agency answers the engagement notices suppliers send naming it (issue 31). Kōwhai
 * Digital (admin@example.com) sends two notices naming the Ministry for Regional Development
 * through the API. The ministry's admin (buyer@example.com) finds both among the notices waiting
 * for an answer, confirms the first through the dialog by the keyboard, and disputes the second:
 * the empty form's error summary first, then a reason and what is wrong. The supplier reads both
 * answers, the agency's reason and first message, replies in the dispute's thread and was mailed;
 * the agency reads the reply and answers it; the team reads the whole dispute in its inbox. axe on
 * every screen and state; the notice and the dispute screens also at 320 px, without sideways
 * scroll. The demo's own notices naming the ministry stay as they are: other journeys of the
 * worker read them.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AgencyNoticesPage } from './pages/agency-dashboard-pages';
import { AgencyDisputePage, AgencyNoticePage, hasFocus, tabTo, waitForMailHolding } from './pages/agency-notice-pages';
import { MessagesPanel } from './pages/messages-panel';
import { ReportingDetailsPage, ReportingListPage } from './pages/reporting-pages';
import { ConfirmDialog } from './pages/users-page';
import { expectAccessibleOnDesktopAndPhone, expectNoAxeViolations, launchBrowser, newContext, watchPageErrors } from './support/browser';
import { sendNotice } from './support/engagement-notices';
import { demo, demoBuyer, signInAt } from './support/session';

const SUPPLIER = 'Kōwhai Digital';
const AGENCY = 'Ministry for Regional Development';
const TEAM = 'Marketplace team';
const DISPUTED_MAIL = 'An agency disputed your engagement notice';
describe('an agency confirms one engagement notice and disputes another', () => {
  const run = Date.now().toString(36);
  const confirmedTitle = `Regional records migration ${run}`;
  const disputedTitle = `Regional analytics platform ${run}`;
  const threadTitle = `Dispute: ${disputedTitle}`;
  const disputeDetails = `We agreed $120,000 for the analytics platform (${run}), not $480,000.`;
  const supplierReply = `Our mistake (${run}): we will withdraw this notice and send one for $120,000.`;
  const agencyReply = `Thank you (${run}). We will confirm the new notice once it arrives.`;
  let browser: Browser;
  let supplier: Page;
  let buyer: Page;
  let disputedId = 0;
  let errors: string[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
    supplier = await (await newContext(browser)).newPage();
    await signInAt(supplier, '/dashboard/engagement-notices', demo.admin);
    await sendNotice(supplier, confirmedTitle);
    disputedId = await sendNotice(supplier, disputedTitle);
    buyer = await (await newContext(browser)).newPage();
    errors = watchPageErrors(buyer);
    await signInAt(buyer, '/agency/engagement-notices', demoBuyer);
  });
  afterAll(() => browser.close());

  it('lists both notices as waiting for an answer, and confirms the first through the dialog by the keyboard', async () => {
    const list = await AgencyNoticesPage.verifyOnPage(buyer);
    await list.main.getByLabel('Your answer').selectOption({ label: 'Waiting for your answer' });
    await buyer.waitForURL((url) => url.searchParams.get('response') === 'awaiting');
    // The whole list stays in view until the filtered one arrives: wait for that.
    await expect.poll(async () => new Set(await list.notices.locator('td[data-label="Your answer"]').allInnerTexts())).toEqual(new Set(['Waiting for your answer']));
    await list.row(confirmedTitle).waitFor();
    await list.row(disputedTitle).waitFor();
    expect(await list.cells(disputedTitle)).toMatchObject({ Supplier: SUPPLIER, 'Your answer': 'Waiting for your answer', 'Value (NZD, excluding GST)': '$480,000.00' });
    await expectNoAxeViolations(buyer);

    await list.row(confirmedTitle).getByRole('link', { name: confirmedTitle }).click();
    const notice = await AgencyNoticePage.verifyOnPage(buyer, confirmedTitle);
    expect(await notice.answer.innerText()).toContain('Your agency has not answered yet.');
    await notice.disputeLink.waitFor();

    // Confirming asks first, with the focus on Cancel; the confirm button is before it.
    await tabTo(buyer, notice.confirmButton);
    await buyer.keyboard.press('Enter');
    const dialog = await ConfirmDialog.waitFor(buyer);
    expect(await dialog.title()).toBe('Confirm this engagement?');
    expect(await dialog.dialog.innerText()).toContain(`that your agency engaged ${SUPPLIER} for ‘${confirmedTitle}’`);
    expect(await dialog.focusedText()).toBe('Cancel');
    await expectNoAxeViolations(buyer);
    await buyer.keyboard.press('Shift+Tab');
    expect(await dialog.focusedText()).toBe('Yes, confirm it');
    await buyer.keyboard.press('Enter');
    await dialog.waitForClosed();

    await notice.message.filter({ hasText: 'You confirmed this engagement.' }).waitFor();
    expect(await notice.message.innerText()).toBe(`You confirmed this engagement. The ${TEAM} and ${SUPPLIER} can now see that it happened as described.`);
    // The button that had the focus is gone: the focus is on the heading, not lost on the page.
    await expect.poll(() => hasFocus(notice.heading)).toBe(true);
    const facts = await notice.answerFacts();
    expect(facts.Answer).toBe('Confirmed');
    expect(facts['Confirmed by']).toMatch(new RegExp(`^${demoBuyer.name} on `));
    expect(await notice.answer.innerText()).toContain('A confirmed engagement notice is final: there is nothing more to do.');
    expect(await notice.confirmButton.count()).toBe(0);
    expect(await notice.disputeLink.count()).toBe(0);
    expect(await notice.conversation.count()).toBe(0);
    await expectNoAxeViolations(buyer);
    expect(errors).toEqual([]);
  });

  it('disputes the second: the empty form says what is missing in page order, then the dispute opens with its first message', async () => {
    await buyer.getByRole('link', { name: 'Back to the engagement notices' }).click();
    const list = await AgencyNoticesPage.verifyOnPage(buyer);
    await expect.poll(async () => (await list.cells(confirmedTitle))['Your answer']).toBe('Confirmed');
    await list.row(disputedTitle).getByRole('link', { name: disputedTitle }).click();
    const notice = await AgencyNoticePage.verifyOnPage(buyer, disputedTitle);
    await notice.confirmButton.waitFor();
    await expectAccessibleOnDesktopAndPhone(buyer);

    await tabTo(buyer, notice.disputeLink);
    await buyer.keyboard.press('Enter');
    const form = await AgencyDisputePage.verifyOnPage(buyer);
    expect(await form.main.innerText()).toContain(`${disputedTitle}, from ${SUPPLIER}`);
    await tabTo(buyer, form.submitButton);
    await buyer.keyboard.press('Enter');
    const problems = ['Select why you are disputing this engagement', 'Say what is wrong with this engagement notice'];
    expect(await form.summaryMessages()).toEqual(problems);
    await expect.poll(() => hasFocus(form.errorSummary)).toBe(true);
    expect(await form.fieldErrors()).toEqual(problems);
    expect(await form.details.getAttribute('aria-invalid')).toBe('true');
    await expectAccessibleOnDesktopAndPhone(buyer);

    // The summary's first link goes to the reasons; Space picks one, Tab goes on to what is wrong.
    await tabTo(buyer, form.errorSummary.getByRole('link', { name: problems[0] }));
    await buyer.keyboard.press('Enter');
    await expect.poll(() => hasFocus(form.reason('The value is wrong'))).toBe(true);
    await buyer.keyboard.press('Space');
    expect(await form.reason('The value is wrong').isChecked()).toBe(true);
    await buyer.keyboard.press('Tab');
    expect(await hasFocus(form.details)).toBe(true);
    await buyer.keyboard.type(disputeDetails);
    await tabTo(buyer, form.submitButton);
    await buyer.keyboard.press('Enter');

    const disputed = await AgencyNoticePage.verifyOnPage(buyer, disputedTitle);
    await disputed.message.filter({ hasText: 'You disputed this engagement.' }).waitFor();
    expect(await disputed.message.innerText()).toBe(`You disputed this engagement. ${SUPPLIER} and the ${TEAM} can now read why, and reply to you on this page.`);
    expect(await disputed.answerFacts()).toMatchObject({ Answer: 'Disputed', 'Why you disputed it': 'The value is wrong', 'What is wrong': disputeDetails });
    expect((await disputed.answerFacts())['Disputed by']).toMatch(new RegExp(`^${demoBuyer.name} on `));
    // Disputed, it may still be confirmed once settled, not disputed again.
    await disputed.confirmButton.waitFor();
    expect(await disputed.disputeLink.count()).toBe(0);
    expect(await disputed.conversationMessages()).toEqual([{ author: `${demoBuyer.name} (your agency)`, content: `The value is wrong.\n\n${disputeDetails}` }]);
    await expectNoAxeViolations(buyer);
    expect(errors).toEqual([]);
  });

  it('the supplier reads both answers and the agency’s reason, replies in the dispute, and was mailed', async () => {
    const supplierErrors = watchPageErrors(supplier);
    const list = await ReportingListPage.open(supplier, 'Engagement notices');
    const answerOf = async (title: string) => (await list.row(title).locator('td[data-label="Agency\'s answer"]').innerText()).trim();
    expect(await answerOf(confirmedTitle)).toBe('Confirmed by the agency');
    expect(await answerOf(disputedTitle)).toBe('Disputed by the agency');

    await list.row(disputedTitle).getByRole('link', { name: /^View/ }).click();
    const details = await ReportingDetailsPage.waitFor(supplier, 'Engagement notice', disputedTitle);
    expect(await details.fact("Agency's answer")).toBe('Disputed by the agency');
    expect(await details.fact('Why the agency disputes it')).toBe('The value is wrong');
    expect(await details.fact('What the agency says is wrong')).toBe(disputeDetails);
    expect(await details.fact('Disputed by')).toMatch(new RegExp(`^${demoBuyer.name} on `));

    const panel = await MessagesPanel.verifyOnPage(supplier);
    const thread = panel.thread(threadTitle);
    await expect.poll(() => panel.messages(thread).count()).toBe(1);
    const first = panel.messages(thread).first();
    expect(await first.locator('.thread-message__author').innerText()).toBe(`${demoBuyer.name} (agency)`);
    expect(await first.locator('.thread-message__content').innerText()).toBe(`The value is wrong.\n\n${disputeDetails}`);
    await expectNoAxeViolations(supplier);

    await panel.reply(thread, supplierReply);
    await expect.poll(() => panel.messages(thread).count()).toBe(2);
    expect(await panel.messages(thread).nth(1).innerText()).toContain(supplierReply);
    expect(await panel.messages(thread).nth(1).locator('.thread-message__author').innerText()).toBe(demo.admin.name);
    expect(supplierErrors).toEqual([]);

    const mail = await waitForMailHolding(await (await newContext(browser)).newPage(), demo.admin.email, DISPUTED_MAIL, `“${disputedTitle}”`);
    expect(mail).toContain(`The agency “${AGENCY}” disputed the engagement notice “${disputedTitle}”`);
    expect(mail).toContain('Their reason: The value is wrong.');
    expect(mail).toContain(disputeDetails);
    expect(mail).toContain(`/dashboard/engagement-notices/engagement-notice/${String(disputedId)}`);
  });

  it('the agency reads the supplier’s reply and answers; the team reads the whole dispute in its inbox', async () => {
    await buyer.reload();
    const notice = await AgencyNoticePage.verifyOnPage(buyer, disputedTitle);
    await expect.poll(() => notice.messages.count()).toBe(2);
    expect((await notice.conversationMessages())[1]).toEqual({ author: `${demo.admin.name} (${SUPPLIER})`, content: supplierReply });
    await notice.reply(agencyReply);
    await expect.poll(() => notice.messages.count()).toBe(3);
    expect((await notice.conversationMessages())[2]).toEqual({ author: `${demoBuyer.name} (your agency)`, content: agencyReply });
    await notice.conversation.getByRole('status').filter({ hasText: 'Your message was sent.' }).waitFor({ state: 'attached' });
    await expect.poll(() => notice.conversation.getByLabel('Your message').inputValue()).toBe('');
    await expectNoAxeViolations(buyer);
    expect(errors).toEqual([]);

    const team = await (await newContext(browser)).newPage();
    const teamErrors = watchPageErrors(team);
    await signInAt(team, '/admin/inbox?model=engagement-notice', demo.teamMember);
    await team.getByRole('heading', { level: 1, name: 'Inbox' }).waitFor();
    const row = team.getByRole('row').filter({ has: team.getByRole('link', { name: threadTitle, exact: true }) });
    await row.waitFor();
    expect(await row.locator('td[data-label="Supplier"]').innerText()).toBe(SUPPLIER);
    await expectNoAxeViolations(team);
    await row.getByRole('link', { name: threadTitle, exact: true }).click();
    await team.getByRole('heading', { level: 1, name: threadTitle }).waitFor();
    const messages = team.getByRole('list', { name: `Messages in ${threadTitle}` }).getByRole('listitem');
    await expect.poll(() => messages.count()).toBe(3);
    expect(await messages.locator('.thread-message__author').allInnerTexts()).toEqual([`${demoBuyer.name} (agency)`, `${demo.admin.name} (${SUPPLIER})`, `${demoBuyer.name} (agency)`]);
    expect(await messages.nth(2).innerText()).toContain(agencyReply);
    await expectNoAxeViolations(team);

    // The team's screen of the notice says how the agency answered.
    await team.goto(`/admin/engagement-notices/${String(disputedId)}`);
    await team.locator('.reporting-lead', { hasText: disputedTitle }).waitFor();
    const answer = team.locator('.facts-list .answers__row').filter({ has: team.locator('dt', { hasText: /^Agency's answer$/ }) }).locator('dd');
    expect((await answer.innerText()).trim()).toBe('Disputed by the agency');
    expect(teamErrors).toEqual([]);
  });
});
