/**
 * The agency dashboard's answer to an engagement notice (issue 31): one notice naming the agency
 * (/agency/engagement-notices/{id}) with its answer, the confirm dialog and the dispute's messages,
 * and the dispute form (/agency/engagement-notices/{id}/dispute). Also the mail telling the
 * supplier's people of the answer, in the development outbox. The list of notices is
 * AgencyNoticesPage of ./agency-dashboard-pages.ts; the confirm dialog, ConfirmDialog of ./users-page.ts.
 */
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/** Whether `target` has the keyboard focus. */
export async function hasFocus(target: Locator): Promise<boolean> {
  return target.evaluate((element) => element === document.activeElement);
}

/** Presses Tab (Shift+Tab when `backwards`) until `target` has the focus, as a keyboard user would; fails after `limit` presses. */
export async function tabTo(page: Page, target: Locator, { backwards = false, limit = 60 } = {}): Promise<void> {
  for (let presses = 0; presses < limit; presses += 1) {
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    if (await hasFocus(target)) {
      return;
    }
  }
  throw new Error(`${String(limit)} presses of Tab never reached the target`);
}

/** The value of each fact of a summary list (GOV.UK), by its label. */
async function factsOf(list: Locator): Promise<Record<string, string>> {
  const rows = await list.locator('.answers__row').evaluateAll((elements) =>
    elements.map((row): [string, string] => [row.querySelector('dt')?.textContent.trim() ?? '', row.querySelector<HTMLElement>('dd')?.innerText.trim() ?? '']),
  );
  return Object.fromEntries(rows);
}

/** /agency/engagement-notices/{id}, once the notice has loaded. */
export class AgencyNoticePage {
  readonly main: Locator;
  readonly heading: Locator;
  /** The success message ("You confirmed…", "You disputed…"), in the screen's live region. */
  readonly message: Locator;
  readonly answer: Locator;
  readonly confirmButton: Locator;
  readonly disputeLink: Locator;
  readonly conversation: Locator;
  readonly messages: Locator;

  constructor(readonly page: Page) {
    this.main = page.getByRole('main');
    this.heading = this.main.getByRole('heading', { level: 1 });
    this.message = this.main.getByRole('status').locator('.alert--success');
    this.answer = this.main.getByRole('region', { name: "Your agency's answer" });
    this.confirmButton = this.main.getByRole('button', { name: 'Confirm this engagement', exact: true });
    this.disputeLink = this.main.getByRole('link', { name: 'Dispute this engagement', exact: true });
    this.conversation = this.main.getByRole('region', { name: 'Messages about the dispute' });
    this.messages = this.conversation.getByRole('list', { name: 'Messages about the dispute' }).getByRole('listitem');
  }

  static async verifyOnPage(page: Page, title: string): Promise<AgencyNoticePage> {
    await page.waitForURL((url) => /^\/agency\/engagement-notices\/\d+$/.test(url.pathname));
    const notice = new AgencyNoticePage(page);
    await notice.heading.filter({ hasText: title }).waitFor();
    expect((await notice.heading.innerText()).trim()).toBe(title);
    await notice.answer.waitFor();
    return notice;
  }

  /** The id of the notice, from the address. */
  id(): number {
    return Number(new URL(this.page.url()).pathname.split('/').at(-1));
  }

  /** The facts of the agency's answer once it has one (Answer, Confirmed by, Why you disputed it…). */
  async answerFacts(): Promise<Record<string, string>> {
    return factsOf(this.answer.locator('.facts-list'));
  }

  /** Who wrote each message of the dispute and what, oldest first. */
  async conversationMessages(): Promise<{ author: string; content: string }[]> {
    return this.messages.evaluateAll((items) =>
      items.map((item) => ({
        author: item.querySelector('.thread-message__author')?.textContent.trim() ?? '',
        content: item.querySelector<HTMLElement>('.thread-message__content')?.innerText.trim() ?? '',
      })),
    );
  }

  async reply(content: string): Promise<void> {
    await this.conversation.getByLabel('Your message').fill(content);
    await this.conversation.getByRole('button', { name: 'Send message' }).click();
  }
}

/** /agency/engagement-notices/{id}/dispute: why (stacked radios) and what is wrong. */
export class AgencyDisputePage {
  readonly main: Locator;
  readonly reasons: Locator;
  readonly details: Locator;
  readonly submitButton: Locator;
  readonly errorSummary: Locator;

  constructor(readonly page: Page) {
    this.main = page.getByRole('main');
    this.reasons = this.main.getByRole('group', { name: 'Why are you disputing this engagement?' });
    this.details = this.main.getByRole('textbox', { name: 'What is wrong' });
    this.submitButton = this.main.getByRole('button', { name: 'Dispute this engagement', exact: true });
    this.errorSummary = this.main.locator('.error-summary');
  }

  static async verifyOnPage(page: Page): Promise<AgencyDisputePage> {
    await page.waitForURL((url) => /^\/agency\/engagement-notices\/\d+\/dispute$/.test(url.pathname));
    const form = new AgencyDisputePage(page);
    await form.reasons.waitFor();
    return form;
  }

  reason(label: string): Locator {
    return this.reasons.getByRole('radio', { name: label, exact: true });
  }

  /** The messages of the error summary, in order. */
  async summaryMessages(): Promise<string[]> {
    await this.errorSummary.waitFor();
    return (await this.errorSummary.getByRole('listitem').allInnerTexts()).map((text) => text.trim());
  }

  /** The error shown by each field, in page order. */
  async fieldErrors(): Promise<string[]> {
    return (await this.main.locator('.form-field__error').allInnerTexts()).map((text) => text.replace(/^Error:\s*/, '').trim());
  }
}

/** How long a mail may take: the worker looks for mail every second, on a busy machine. */
const ARRIVAL_TIMEOUT_MS = 30_000;

/**
 * Waits for the development outbox's newest message to `to` with `subject` to hold `text` in its
 * body (the notice's title: the subject is the same for every notice), and returns its body.
 */
export async function waitForMailHolding(page: Page, to: string, subject: string, text: string): Promise<string> {
  let body = '';
  await expect
    .poll(
      async () => {
        await page.goto('/dev/outbox');
        await page.getByRole('heading', { level: 1, name: 'Outbox' }).waitFor();
        const row = page.getByRole('row').filter({ hasText: to }).filter({ hasText: subject }).first();
        if ((await row.count()) === 0) {
          return '';
        }
        await row.getByRole('link').click();
        await page.getByRole('heading', { level: 2, name: 'Message' }).waitFor();
        body = await page.locator('body').innerText();
        return body;
      },
      { timeout: ARRIVAL_TIMEOUT_MS, interval: 500, message: `a mail to ${to} about "${subject}" holding "${text}"` },
    )
    .toContain(text);
  return body;
}
