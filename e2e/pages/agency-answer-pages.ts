/**
 * What the agency dashboard's pages of one engagement notice and one billing report (issue 31)
 * share: the answer, its confirm button, the conversation of a dispute or a query, and the form
 * that says what is wrong. ./agency-notice-pages.ts and ./agency-report-pages.ts name their own
 * buttons, conversation and addresses.
 */
import type { Locator, Page } from 'playwright-core';

/** The value of each fact of a summary list (GOV.UK), by its label. */
export async function factsOf(list: Locator): Promise<Record<string, string>> {
  const rows = await list.locator('.answers__row').evaluateAll((elements) =>
    elements.map((row): [string, string] => [row.querySelector('dt')?.textContent.trim() ?? '', row.querySelector<HTMLElement>('dd')?.innerText.trim() ?? '']),
  );
  return Object.fromEntries(rows);
}

/** A notice or a report with the agency's answer, once it has loaded. */
export class AgencyAnswerDetailPage {
  readonly main: Locator;
  readonly heading: Locator;
  /** The success message ("You confirmed…", "You disputed…", "You queried…"), in the screen's live region. */
  readonly message: Locator;
  readonly answer: Locator;
  readonly confirmButton: Locator;
  readonly conversation: Locator;
  readonly messages: Locator;

  /** `confirm`, the confirm button's name; `conversation`, the name of the conversation's region and list. */
  constructor(
    readonly page: Page,
    { confirm, conversation }: { confirm: string; conversation: string },
  ) {
    this.main = page.getByRole('main');
    this.heading = this.main.getByRole('heading', { level: 1 });
    this.message = this.main.getByRole('status').locator('.alert--success');
    this.answer = this.main.getByRole('region', { name: "Your agency's answer" });
    this.confirmButton = this.main.getByRole('button', { name: confirm, exact: true });
    this.conversation = this.main.getByRole('region', { name: conversation });
    this.messages = this.conversation.getByRole('list', { name: conversation }).getByRole('listitem');
  }

  /** The id of the record, from the address. */
  id(): number {
    return Number(new URL(this.page.url()).pathname.split('/').at(-1));
  }

  /** The facts of the agency's answer once it has one (Answer, Confirmed by, What is wrong…). */
  async answerFacts(): Promise<Record<string, string>> {
    return factsOf(this.answer.locator('.facts-list'));
  }

  /** Who wrote each message of the conversation and what, oldest first. */
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

/** The page that disputes a notice or queries a report: what is wrong, in the agency's own words. */
export class AgencyAnswerFormPage {
  readonly main: Locator;
  readonly details: Locator;
  readonly submitButton: Locator;
  readonly errorSummary: Locator;

  /** `details`, the words field's label; `submit`, the submit button's name. */
  constructor(
    readonly page: Page,
    { details, submit }: { details: string; submit: string },
  ) {
    this.main = page.getByRole('main');
    this.details = this.main.getByRole('textbox', { name: details });
    this.submitButton = this.main.getByRole('button', { name: submit, exact: true });
    this.errorSummary = this.main.locator('.error-summary');
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
