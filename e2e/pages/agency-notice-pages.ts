/**
 * The agency dashboard's answer to an engagement notice (issue 31): one notice naming the agency
 * (/agency/engagement-notices/{id}) with its answer, the confirm dialog and the dispute's messages,
 * the dispute form (/agency/engagement-notices/{id}/dispute) and the open data question (either
 * side's). Also the mail telling the
 * supplier's people of the answer, in the development outbox. The list of notices is
 * AgencyNoticesPage of ./agency-dashboard-pages.ts; the confirm dialog, ConfirmDialog of ./users-page.ts.
 */
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { AgencyAnswerDetailPage, AgencyAnswerFormPage, factsOf } from './agency-answer-pages';

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

/** /agency/engagement-notices/{id}, once the notice has loaded. */
export class AgencyNoticePage extends AgencyAnswerDetailPage {
  readonly disputeLink: Locator;

  constructor(page: Page) {
    super(page, { confirm: 'Confirm this engagement', conversation: 'Messages about the dispute' });
    this.disputeLink = this.main.getByRole('link', { name: 'Dispute this engagement', exact: true });
  }

  /** The notice's own facts (Supplier, Services… Open data), before the answer. */
  async facts(): Promise<Record<string, string>> {
    return factsOf(this.main.locator('.facts-list').first());
  }

  static async verifyOnPage(page: Page, title: string): Promise<AgencyNoticePage> {
    await page.waitForURL((url) => /^\/agency\/engagement-notices\/\d+$/.test(url.pathname));
    const notice = new AgencyNoticePage(page);
    await notice.heading.filter({ hasText: title }).waitFor();
    expect((await notice.heading.innerText()).trim()).toBe(title);
    await notice.answer.waitFor();
    return notice;
  }
}

/** /agency/engagement-notices/{id}/dispute: why (stacked radios) and what is wrong. */
export class AgencyDisputePage extends AgencyAnswerFormPage {
  readonly reasons: Locator;

  constructor(page: Page) {
    super(page, { details: 'What is wrong', submit: 'Dispute this engagement' });
    this.reasons = this.main.getByRole('group', { name: 'Why are you disputing this engagement?' });
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
}

/**
 * "Can this engagement be published as open data?" (issue 32), the supplier's page
 * (/dashboard/engagement-notices/engagement-notice/{id}/open-data) or the agency's
 * (/agency/engagement-notices/{id}/open-data): two stacked radios, the reason revealed under "No".
 */
export class OpenDataQuestionPage extends AgencyAnswerFormPage {
  readonly question: Locator;

  constructor(page: Page) {
    super(page, { details: 'Why is it confidential?', submit: 'Save your answer' });
    this.question = this.main.getByRole('group', { name: 'Can this engagement be published as open data?' });
  }

  static async verifyOnPage(page: Page): Promise<OpenDataQuestionPage> {
    await page.waitForURL((url) => /\/engagement-notices\/(engagement-notice\/)?\d+\/open-data$/.test(url.pathname));
    const form = new OpenDataQuestionPage(page);
    await form.question.waitFor();
    return form;
  }

  answer(label: 'Yes, it can be published' | 'No, it is confidential'): Locator {
    return this.question.getByRole('radio', { name: label, exact: true });
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
