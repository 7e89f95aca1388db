/** The development outbox (/dev/outbox): the mail the portal would have sent. */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

export class OutboxPage {
  constructor(readonly page: Page) {}

  static async open(page: Page): Promise<OutboxPage> {
    await page.goto('/dev/outbox');
    await page.getByRole('heading', { level: 1, name: 'Outbox' }).waitFor();
    return new OutboxPage(page);
  }

  /**
   * Opens the newest message to `to` and returns the first link in its text that starts with
   * `linkPrefix` (the list is newest first).
   */
  async findLink(to: string, linkPrefix: string): Promise<string> {
    const row = this.page.getByRole('row').filter({ hasText: to }).first();
    await row.waitFor();
    await row.getByRole('link').click();
    await this.page.getByRole('heading', { level: 2, name: 'Message' }).waitFor();
    const hrefs = await this.page.getByRole('link').evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
    const link = hrefs.find((href) => href.startsWith(linkPrefix));
    expect(link, `a link starting ${linkPrefix} in the mail to ${to}`).toBeDefined();
    return link ?? '';
  }

  /** Waits for a message to `to` whose row (recipient, subject) mentions `subjectText`. */
  async waitForMessage(to: string, subjectText: string): Promise<void> {
    await this.page.getByRole('row').filter({ hasText: to }).filter({ hasText: subjectText }).first().waitFor();
  }
}
