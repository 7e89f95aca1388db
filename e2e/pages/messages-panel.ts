/** The messages panel of a record's screen (app/threads/): threads with the marketplace team. */
import type { Locator, Page } from 'playwright-core';

export interface AttachmentFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

export class MessagesPanel {
  readonly region: Locator;
  readonly newThreadForm: Locator;
  readonly liveRegion: Locator;

  constructor(page: Page) {
    this.region = page.getByRole('region', { name: 'Messages', exact: true });
    this.newThreadForm = this.region.getByRole('region', { name: 'Start a new thread' });
    this.liveRegion = this.region.locator('[aria-live="polite"]').first();
  }

  /** Waits for the panel to have loaded its threads (the loading line gone). */
  static async verifyOnPage(page: Page): Promise<MessagesPanel> {
    const panel = new MessagesPanel(page);
    await panel.region.getByRole('heading', { name: 'Messages', level: 2 }).waitFor();
    await panel.region.getByText('Loading messages…').waitFor({ state: 'detached' });
    return panel;
  }

  threadsList(): Locator {
    return this.region.getByRole('list', { name: 'Threads' });
  }

  thread(title: string): Locator {
    return this.region.getByRole('article', { name: title, exact: true });
  }

  /** The thread's status as read out, e.g. 'Status: Open'. */
  async status(thread: Locator): Promise<string> {
    return ((await thread.locator('.thread__status').textContent()) ?? '').trim();
  }

  messages(thread: Locator): Locator {
    return thread.getByRole('list', { name: /^Messages in / }).getByRole('listitem');
  }

  async startThread(title: string, content: string, attachment?: AttachmentFile): Promise<void> {
    await this.newThreadForm.getByLabel('Title').fill(title);
    await this.newThreadForm.getByLabel('Message', { exact: true }).fill(content);
    if (attachment) {
      await this.newThreadForm.getByLabel('Attachment (optional)').setInputFiles(attachment);
    }
    await this.newThreadForm.getByRole('button', { name: 'Start thread' }).click();
  }

  async reply(thread: Locator, content: string, attachment?: AttachmentFile): Promise<void> {
    await thread.getByLabel('Your reply').fill(content);
    if (attachment) {
      await thread.getByLabel('Attachment (optional)').setInputFiles(attachment);
    }
    await thread.getByRole('button', { name: 'Send reply' }).click();
  }

  /** The attachment's download button (its name reads "Download attachment {file name}"). */
  attachmentButton(scope: Locator, fileName: string): Locator {
    return scope.getByRole('button', { name: `Download attachment ${fileName}` });
  }

  alert(scope: Locator): Locator {
    return scope.getByRole('alert');
  }

  /** The panel's GOV.UK pagination of its threads (absent when they fit one page). */
  pagination(): Locator {
    return this.region.getByRole('navigation', { name: 'Pages of threads' });
  }

  /** The titles of the threads on the page shown, newest first. */
  async threadTitles(): Promise<string[]> {
    return (await this.threadsList().getByRole('article').locator('h3').allInnerTexts()).map((title) => title.trim());
  }
}
