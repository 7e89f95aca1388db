/** The team app's service listing screens (app/listings/team-listing-*-screen.tsx): the queue and one listing's review. */
import type { Locator, Page } from 'playwright-core';

export class TeamListingQueuePage {
  constructor(readonly page: Page) {}

  /** The queue, at `query` (`?status=…`) when given: the listings waiting for review otherwise. */
  static async open(page: Page, query = ''): Promise<TeamListingQueuePage> {
    await page.goto(`/admin/listings${query}`);
    const queue = new TeamListingQueuePage(page);
    await queue.waitForList();
    return queue;
  }

  async waitForList(): Promise<void> {
    await this.page.getByRole('heading', { level: 1, name: 'Service listings' }).waitFor();
    await this.page.getByText('Loading the service listings…').waitFor({ state: 'detached' });
  }

  /** The row of a supplier's listing of a service. */
  row(supplier: string, service: string): Locator {
    return this.page
      .getByRole('row')
      .filter({ has: this.page.getByRole('rowheader', { name: supplier, exact: true }) })
      .filter({ has: this.page.locator('[data-label="Service"]', { hasText: service }) });
  }

  /** A row's cells by their column, as read (the service cell's first line, without its catalogue). */
  async rowText(supplier: string, service: string): Promise<Record<string, string>> {
    const row = this.row(supplier, service);
    const cell = async (label: string) => ((await row.locator(`[data-label="${label}"]`).innerText()).split('\n')[0] ?? '').trim();
    return { service: await cell('Service'), kind: await cell('New or changed'), time: await cell('Time waiting') };
  }

  async openReview(supplier: string, service: string): Promise<TeamListingReviewPage> {
    await this.row(supplier, service).getByRole('link', { name: `Review the listing of ${service} from ${supplier}` }).click();
    return TeamListingReviewPage.waitFor(this.page, service, supplier);
  }
}

export class TeamListingReviewPage {
  readonly heading: Locator;
  readonly message: Locator;
  readonly comparison: Locator;
  readonly versions: Locator;
  readonly reason: Locator;

  constructor(readonly page: Page, service: string, supplier: string) {
    this.heading = page.getByRole('heading', { level: 1, name: `${service} from ${supplier}` });
    this.message = page.locator('.team-listing-review__message');
    this.comparison = page.getByRole('table', { name: 'Changed answers, the published answer beside the new one' });
    this.versions = page.getByRole('table', { name: 'Published versions, the latest first' });
    this.reason = page.getByLabel('What does the supplier need to change?');
  }

  static async open(page: Page, id: number, service: string, supplier: string): Promise<TeamListingReviewPage> {
    await page.goto(`/admin/listings/${String(id)}`);
    return TeamListingReviewPage.waitFor(page, service, supplier);
  }

  static async waitFor(page: Page, service: string, supplier: string): Promise<TeamListingReviewPage> {
    const review = new TeamListingReviewPage(page, service, supplier);
    await review.heading.waitFor();
    return review;
  }

  async status(): Promise<string> {
    return (await this.page.locator('.facts-list .status-tag').innerText()).trim();
  }

  /** The changed questions, each with its published and new answers. */
  async changes(): Promise<{ question: string; published: string; changed: string }[]> {
    const rows = this.comparison.getByRole('row').filter({ has: this.page.getByRole('rowheader') });
    const found: { question: string; published: string; changed: string }[] = [];
    for (const row of await rows.all()) {
      found.push({
        question: (await row.getByRole('rowheader').innerText()).trim(),
        published: (await row.locator('[data-label="Published answer"]').innerText()).trim(),
        changed: (await row.locator('[data-label="New answer"]').innerText()).trim(),
      });
    }
    return found;
  }

  /** Approves through the confirmation dialog, whose confirm button says what approving does. */
  async approve(confirmLabel: string): Promise<void> {
    await this.page.getByRole('button', { name: 'Approve', exact: true }).click();
    await this.page.getByRole('alertdialog').getByRole('button', { name: confirmLabel }).click();
    await this.page.getByRole('alertdialog').waitFor({ state: 'detached' });
  }

  async sendBack(reason: string): Promise<void> {
    await this.reason.fill(reason);
    await this.page.getByRole('button', { name: 'Send the listing back' }).click();
  }
}
