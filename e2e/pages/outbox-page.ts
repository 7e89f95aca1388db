/**
 * The development outbox (/dev/outbox): the mail the portal would have sent. Mail goes through the
 * job queue, so a message arrives a moment after the action that caused it: both ways of reading
 * it look again (reloading the list) until the message is there.
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** How long a message may take: the worker looks for mail every second, on a busy machine. */
const ARRIVAL_TIMEOUT_MS = 30_000;

export class OutboxPage {
  constructor(readonly page: Page) {}

  static async open(page: Page): Promise<OutboxPage> {
    await page.goto('/dev/outbox');
    await page.getByRole('heading', { level: 1, name: 'Outbox' }).waitFor();
    return new OutboxPage(page);
  }

  private async reload(): Promise<void> {
    await this.page.goto('/dev/outbox');
    await this.page.getByRole('heading', { level: 1, name: 'Outbox' }).waitFor();
  }

  /** The hrefs of the newest message to `to`, or none while no message to `to` has arrived. */
  private async newestMessageLinks(to: string): Promise<string[]> {
    await this.reload();
    const row = this.page.getByRole('row').filter({ hasText: to }).first();
    if ((await row.count()) === 0) {
      return [];
    }
    await row.getByRole('link').click();
    await this.page.getByRole('heading', { level: 2, name: 'Message' }).waitFor();
    return this.page.getByRole('link').evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  }

  /**
   * The first link starting with `linkPrefix` in the newest message to `to` (the list is newest
   * first), once a message to `to` holding such a link is the newest.
   */
  async findLink(to: string, linkPrefix: string): Promise<string> {
    let link: string | undefined;
    await expect
      .poll(
        async () => {
          link = (await this.newestMessageLinks(to)).find((href) => href.startsWith(linkPrefix));
          return link;
        },
        { timeout: ARRIVAL_TIMEOUT_MS, interval: 500, message: `a link starting ${linkPrefix} in the mail to ${to}` },
      )
      .toBeDefined();
    return link ?? '';
  }

  /** Waits for a message to `to` whose row (recipient, subject) mentions `subjectText`. */
  async waitForMessage(to: string, subjectText: string): Promise<void> {
    await expect
      .poll(
        async () => {
          await this.reload();
          return this.page.getByRole('row').filter({ hasText: to }).filter({ hasText: subjectText }).count();
        },
        { timeout: ARRIVAL_TIMEOUT_MS, interval: 500, message: `a message to ${to} about "${subjectText}"` },
      )
      .toBeGreaterThan(0);
  }
}
