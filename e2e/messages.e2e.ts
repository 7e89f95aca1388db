/**
 * Journey: a supplier member writes to the marketplace team from the supplier details screen, with
 * an attachment; the team answers (through the admin API); the member reads the answer, downloads
 * the attachment and resolves the thread. Then the failures of spec §5 and §8.
 */
import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { THREAD_MESSAGES_PAGE_SIZE, type TeamThreadListResponse, type ThreadMessage } from '../common/api/threads';
import { UPLOAD_TYPE_MESSAGE } from '../server/storage/upload-policy';
import { MessagesPanel, type AttachmentFile } from './pages/messages-panel';
import { expectNoAxeViolations, launchBrowser, newContext, watchPageErrors } from './support/browser';
import { demo, signInAt, storedAccessToken } from './support/session';

/** A 1×1 transparent PNG: recognised as an image by its bytes, as the upload policy wants. */
const PNG_BYTES = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const receipt: AttachmentFile = { name: 'receipt.png', mimeType: 'image/png', buffer: PNG_BYTES };

/** A Windows executable's header under an image's name: the policy judges by content and refuses it. */
const disguisedProgram: AttachmentFile = {
  name: 'holiday.png',
  mimeType: 'image/png',
  buffer: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(62, 0), Buffer.from('This program cannot be run in DOS mode.')]),
};

const runId = Date.now().toString(36);
const TEAM_REPLY = 'Thanks, we have checked your invoice and it is fine.';

describe('messages with the marketplace team', () => {
  let browser: Browser;
  let page: Page;
  let panel: MessagesPanel;

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await (await newContext(browser)).newPage();
    await signInAt(page, '/dashboard/supplier', demo.member);
    panel = await MessagesPanel.verifyOnPage(page);
  });
  afterAll(() => browser.close());

  it('starts a thread with an attachment, reads the team’s reply, downloads the file and resolves it', async () => {
    const errors = watchPageErrors(page);
    const title = `Invoice query ${runId}`;

    // Sending nothing says what is missing, in the summary (which takes focus) and by each field.
    await panel.newThreadForm.getByRole('button', { name: 'Start thread' }).click();
    const summary = panel.newThreadForm.locator('.error-summary');
    await summary.waitFor();
    expect(await summary.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await summary.getByRole('link').allInnerTexts()).toEqual(['Enter a title', 'Enter a message']);
    expect(await panel.newThreadForm.getByLabel('Title').getAttribute('aria-invalid')).toBe('true');
    await expectNoAxeViolations(page);

    await panel.startThread(title, 'Our March invoice shows the wrong GST amount.', receipt);
    const thread = panel.thread(title);
    await thread.waitFor();
    await expect.poll(() => panel.liveRegion.innerText()).toBe('Your thread was started.');
    expect(await summary.count()).toBe(0);
    expect(await panel.newThreadForm.getByLabel('Title').inputValue()).toBe('');
    expect(await panel.status(thread)).toBe('Status: Open');
    const [first] = await panel.messages(thread).all();
    expect(await first?.innerText()).toContain(demo.member.name);
    expect(await first?.innerText()).toContain('Our March invoice shows the wrong GST amount.');
    await panel.attachmentButton(thread, 'receipt.png').waitFor();
    // Newest first: the new thread heads the list.
    expect(await panel.threadsList().getByRole('article').first().getAttribute('aria-labelledby')).toBe(
      await thread.getAttribute('aria-labelledby'),
    );
    await expectNoAxeViolations(page);

    // The team replies through the admin API, as a team member signed in through the same provider.
    const teamContext = await newContext(browser);
    const teamPage = await teamContext.newPage();
    await signInAt(teamPage, '/dashboard/supplier', demo.teamMember);
    const authorization = { Authorization: `Bearer ${await storedAccessToken(teamPage)}` };
    const listed = await teamPage.request.get('/api/v1/admin/threads', { headers: authorization });
    expect(listed.status()).toBe(200);
    const openThreads = (await listed.json()) as TeamThreadListResponse;
    const summaryRow = openThreads.threads.find((candidate) => candidate.title === title);
    expect(summaryRow?.supplierTradingName).toBe('Southern Alps Facilities');
    const replied = await teamPage.request.post(`/api/v1/admin/threads/${summaryRow?.id ?? 0}/message`, {
      headers: authorization,
      data: { content: TEAM_REPLY },
    });
    expect(replied.status()).toBe(200);
    expect(((await replied.json()) as ThreadMessage).isFromTeam).toBe(true);
    await teamContext.close();

    // The dashboard's Messages: the reply waits, counted in the navigation; the thread opens on its record's page.
    await page.goto('/dashboard/messages');
    await page.getByRole('heading', { level: 1, name: 'Messages' }).waitFor();
    const messagesLink = page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: /^Messages/ });
    await expect.poll(() => messagesLink.innerText()).toMatch(/^Messages\s+1/);
    const conversation = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: new RegExp(title) }) });
    expect(await conversation.innerText()).toContain('1 unread reply');
    expect(await conversation.innerText()).toContain('From the team');
    await expectNoAxeViolations(page);
    await conversation.getByRole('link', { name: title }).click();
    await page.waitForURL('**/dashboard/supplier');
    // Read there: the count goes.
    await expect.poll(() => messagesLink.innerText()).toBe('Messages');

    await page.reload();
    panel = await MessagesPanel.verifyOnPage(page);
    await expect.poll(() => panel.messages(thread).count()).toBe(2);
    const reply = panel.messages(thread).nth(1);
    expect(await reply.innerText()).toContain('Marketplace team');
    expect(await reply.innerText()).toContain(TEAM_REPLY);
    expect(await reply.innerText()).not.toContain(demo.teamMember.name);

    // The attachment comes back byte for byte, under its name.
    const [download] = await Promise.all([page.waitForEvent('download'), panel.attachmentButton(thread, 'receipt.png').click()]);
    expect(download.suggestedFilename()).toBe('receipt.png');
    expect((await readFile(await download.path())).equals(PNG_BYTES)).toBe(true);

    // Resolving asks first; Cancel changes nothing.
    await thread.getByRole('button', { name: 'Mark as resolved' }).click();
    const question = thread.getByRole('group', { name: /as resolved\?/ });
    await question.waitFor();
    expect(await page.evaluate(() => document.activeElement?.textContent ?? '')).toContain(`Mark “${title}” as resolved?`);
    await question.getByRole('button', { name: 'Cancel' }).click();
    await question.waitFor({ state: 'detached' });
    expect(await panel.status(thread)).toBe('Status: Open');

    // From the keyboard: the question takes focus, Tab reaches "Yes".
    await thread.getByRole('button', { name: 'Mark as resolved' }).focus();
    await page.keyboard.press('Enter');
    await question.waitFor();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect.poll(() => panel.status(thread)).toBe('Status: Resolved');
    await expect.poll(() => panel.liveRegion.innerText()).toBe('The thread was marked resolved.');
    expect(await thread.getByLabel('Your reply').count()).toBe(0);
    expect(await thread.getByRole('button', { name: 'Mark as resolved' }).count()).toBe(0);
    await expectNoAxeViolations(page);

    // Resolved for good: a reload shows the server's state.
    await page.reload();
    panel = await MessagesPanel.verifyOnPage(page);
    expect(await panel.status(panel.thread(title))).toBe('Status: Resolved');
    expect(errors).toEqual([]);
  });

  it('shows the server’s first error for a refused file, and the spec’s text when the upload fails', async () => {
    const title = `Refused file ${runId}`;
    await panel.startThread(title, 'Here is the program you asked for.', disguisedProgram);
    const alert = panel.alert(panel.newThreadForm);
    await expect.poll(() => alert.innerText()).toBe(UPLOAD_TYPE_MESSAGE);
    expect(await panel.thread(title).count()).toBe(0);
    // The draft stays for another try.
    expect(await panel.newThreadForm.getByLabel('Title').inputValue()).toBe(title);

    // A proxy's error page (500, not JSON) leaves only the spec's words.
    await page.route('**/api/v1/upload', (route) => route.fulfill({ status: 500, contentType: 'text/html', body: '<h1>Bad gateway</h1>' }));
    try {
      await panel.newThreadForm.getByLabel('Attachment (optional)').setInputFiles(receipt);
      await panel.newThreadForm.getByRole('button', { name: 'Start thread' }).click();
      await expect.poll(() => alert.innerText()).toBe('Attachment upload failed.');
      expect(await panel.thread(title).count()).toBe(0);
    } finally {
      await page.unroute('**/api/v1/upload');
    }
  });

  it('shows the spec’s texts when the thread to reply to or resolve is gone', async () => {
    const title = `Gone thread ${runId}`;
    await panel.newThreadForm.getByLabel('Attachment (optional)').setInputFiles([]);
    await panel.startThread(title, 'Is anyone there?');
    const thread = panel.thread(title);
    await thread.waitFor();

    // A reply of one's own, with an attachment, joins the thread under one's name.
    await panel.reply(thread, 'Adding the receipt.', receipt);
    // With what the thread says, should the reply not arrive (an alert names why). An upload and a
    // post behind the rest of a full run's work on the one embedded database can take a while.
    await expect
      .poll(async () => ({ messages: await panel.messages(thread).count(), alerts: await panel.alert(thread).allInnerTexts() }), { timeout: 30_000 })
      .toEqual({ messages: 2, alerts: [] });
    await expect.poll(() => panel.liveRegion.innerText()).toBe('Your reply was sent.');
    const ownReply = panel.messages(thread).nth(1);
    expect(await ownReply.innerText()).toContain(demo.member.name);
    await panel.attachmentButton(ownReply, 'receipt.png').waitFor();
    expect(await thread.getByLabel('Your reply').inputValue()).toBe('');

    const notFound = { status: 404, contentType: 'application/json', body: JSON.stringify({ error: 'not_found', message: 'Not found.' }) };
    await page.route('**/api/v1/supplier/*/thread/*/message', (route) => route.fulfill(notFound));
    await page.route('**/api/v1/supplier/*/thread/*/resolve', (route) => route.fulfill(notFound));
    try {
      await panel.reply(thread, 'Hello again?');
      await expect.poll(() => panel.alert(thread).innerText()).toBe('Tried to append message to non-existent thread');

      await thread.getByRole('button', { name: 'Mark as resolved' }).click();
      await thread.getByRole('button', { name: 'Yes, mark as resolved' }).click();
      await expect
        .poll(() => thread.getByRole('group', { name: /as resolved\?/ }).getByRole('alert').innerText())
        .toBe('Tried to update a non-existent thread');
    } finally {
      await page.unrouteAll();
    }
  });

  it('shows an empty list when the threads cannot be loaded, and loads them on Try again', async () => {
    await page.route('**/api/v1/supplier/*/thread', (route) => route.fulfill({ status: 500, contentType: 'text/html', body: 'Bad gateway' }));
    try {
      await page.reload();
      panel = await MessagesPanel.verifyOnPage(page);
      await panel.region.getByText('There are no messages yet.').waitFor();
      expect(await panel.threadsList().count()).toBe(0);
      expect(await panel.region.getByRole('alert').innerText()).toContain('We could not load your messages.');
    } finally {
      await page.unrouteAll();
    }
    await panel.region.getByRole('button', { name: 'Try again' }).click();
    await panel.thread(`Invoice query ${runId}`).waitFor();
    expect(await panel.region.getByText('There are no messages yet.').count()).toBe(0);
  });

  it('shows the latest messages of a long thread, and the earlier ones on request', async () => {
    const title = `A long conversation ${runId}`;
    await panel.startThread(title, 'Message 1');
    await panel.thread(title).waitFor();

    // The team answers many times (the team is not limited; a supplier is, per thread and hour).
    const teamContext = await newContext(browser);
    const teamPage = await teamContext.newPage();
    await signInAt(teamPage, '/dashboard/supplier', demo.teamMember);
    const authorization = { Authorization: `Bearer ${await storedAccessToken(teamPage)}` };
    const openThreads = (await (await teamPage.request.get('/api/v1/admin/threads', { headers: authorization })).json()) as TeamThreadListResponse;
    const threadId = openThreads.threads.find((candidate) => candidate.title === title)?.id ?? 0;
    for (let number = 2; number <= THREAD_MESSAGES_PAGE_SIZE + 5; number += 1) {
      const posted = await teamPage.request.post(`/api/v1/admin/threads/${threadId}/message`, { headers: authorization, data: { content: `Message ${number}` } });
      expect(posted.status()).toBe(200);
    }
    await teamContext.close();

    await page.reload();
    panel = await MessagesPanel.verifyOnPage(page);
    const thread = panel.thread(title);
    const contents = () => panel.messages(thread).locator('.thread-message__content').allInnerTexts();
    expect((await contents()).at(-1)).toBe(`Message ${THREAD_MESSAGES_PAGE_SIZE + 5}`);
    expect(await panel.messages(thread).count()).toBe(THREAD_MESSAGES_PAGE_SIZE);
    await expectNoAxeViolations(page);

    // From the keyboard: the button loads the rest; with none left it goes and the focus moves to the messages.
    await thread.getByRole('button', { name: 'Show earlier messages' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => panel.messages(thread).count()).toBe(THREAD_MESSAGES_PAGE_SIZE + 5);
    expect(await contents()).toEqual(Array.from({ length: THREAD_MESSAGES_PAGE_SIZE + 5 }, (_, index) => `Message ${index + 1}`));
    await expect.poll(() => panel.liveRegion.innerText()).toBe('5 earlier messages are shown.');
    expect(await thread.getByRole('button', { name: 'Show earlier messages' }).count()).toBe(0);
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(`Messages in ${title}`);
    await expectNoAxeViolations(page);
  });
});
