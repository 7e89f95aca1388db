/** The user app's invitation confirmation screen (/user/confirm/{token}). */
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

export class ConfirmAccountPage {
  readonly main: Locator;

  constructor(readonly page: Page) {
    this.main = page.getByRole('main');
  }

  static async verifyOnPage(page: Page): Promise<ConfirmAccountPage> {
    const h1 = page.getByRole('main').getByRole('heading', { level: 1 });
    await h1.waitFor();
    expect((await h1.innerText()).trim()).toBe('Confirm your account');
    expect(new URL(page.url()).pathname).toMatch(/^\/user\/confirm\//);
    return new ConfirmAccountPage(page);
  }

  /** Waits for the invitation to load: the sentence naming who invited whom. */
  async invitationText(): Promise<string> {
    const sentence = this.main.getByText(/ invited /);
    await sentence.waitFor();
    return (await sentence.innerText()).trim();
  }

  button(name: string): Locator {
    return this.main.getByRole('button', { name, exact: true });
  }

  notice(text: string | RegExp): Locator {
    return this.main.locator('.notice').filter({ hasText: text });
  }
}
