/** The team app's application screens (app/applications/application-*-screen.tsx): the queue and one application's review. */
import type { Locator, Page } from 'playwright-core';

export class ApplicationQueuePage {
  constructor(readonly page: Page) {}

  static async open(page: Page, query = ''): Promise<ApplicationQueuePage> {
    await page.goto(`/admin/applications${query}`);
    const queue = new ApplicationQueuePage(page);
    await queue.waitForList();
    return queue;
  }

  async waitForList(): Promise<void> {
    await this.page.getByRole('heading', { level: 1, name: 'Applications' }).waitFor();
    await this.page.getByText('Loading the applications…').waitFor({ state: 'detached' });
  }

  row(referenceId: string): Locator {
    return this.page.getByRole('row').filter({ has: this.page.getByRole('cell', { name: referenceId, exact: true }) });
  }

  /** A row's cells by their column, as read. */
  async rowText(referenceId: string): Promise<Record<string, string>> {
    const row = this.row(referenceId);
    // The first line of a cell (the time's second line says since when).
    const cell = async (label: string) => ((await row.locator(`[data-label="${label}"]`).innerText()).split('\n')[0] ?? '').trim();
    return {
      supplier: (await row.getByRole('rowheader').innerText()).trim(),
      services: await cell('Services requested'),
      stage: (await row.locator('.status-tag').innerText()).trim(),
      time: await cell('Time in this stage'),
    };
  }
}

export class ApplicationReviewPage {
  readonly heading: Locator;
  readonly message: Locator;
  readonly supplier: Locator;
  readonly moves: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Application review' });
    this.message = page.locator('.application-review__message');
    this.supplier = page.getByRole('complementary', { name: 'Supplier' });
    this.moves = page.getByRole('region', { name: 'Move the application' });
  }

  static async open(page: Page, id: number): Promise<ApplicationReviewPage> {
    await page.goto(`/admin/applications/${String(id)}`);
    return ApplicationReviewPage.waitFor(page);
  }

  static async waitFor(page: Page): Promise<ApplicationReviewPage> {
    const review = new ApplicationReviewPage(page);
    await review.heading.waitFor();
    await page.getByRole('heading', { level: 2, name: 'Stage' }).waitFor();
    return review;
  }

  async stage(): Promise<string> {
    return (await this.page.getByRole('region', { name: 'Stage' }).locator('.status-tag').innerText()).trim();
  }

  decision(service: string): Locator {
    return this.page.getByRole('group', { name: new RegExp(`^${service}`) });
  }

  async savedDecision(service: string): Promise<string> {
    return (await this.decision(service).locator('.status-tag').innerText()).trim();
  }

  /** Saves a decision on a service; a decline with the team's reason, which the supplier reads. */
  async decide(service: string, choice: 'Grant' | 'Decline', reason?: string): Promise<void> {
    await this.decision(service).getByLabel(choice, { exact: true }).check();
    if (reason !== undefined) {
      await this.page.getByLabel(`Why are you declining ${service}?`).fill(reason);
    }
    await this.page.getByRole('button', { name: `Save decision for ${service}` }).click();
    await this.message.getByText(`Decision saved: ${service} is ${choice === 'Grant' ? 'granted' : 'declined'}.`).waitFor();
  }

  moveButton(stage: string): Locator {
    return this.moves.getByRole('button', { name: `Move to ‘${stage}’`, exact: true });
  }

  dialog(referenceId: string, stage: string): Locator {
    return this.page.getByRole('alertdialog', { name: `Move application ${referenceId} to ‘${stage}’?` });
  }

  /** Moves the application with the mouse, confirming in the dialog, and waits for the saved message. */
  async moveTo(referenceId: string, stage: string, confirmLabel = `Move to ‘${stage}’`): Promise<void> {
    await this.moveButton(stage).click();
    const dialog = this.dialog(referenceId, stage);
    await dialog.getByRole('button', { name: confirmLabel }).click();
    await dialog.waitFor({ state: 'detached' });
    await this.message.getByText(`Application ${referenceId} moved to ‘${stage}’.`).waitFor();
  }
}
