/** The header app on every page: navigation links and the user menu (spec §2 "Header"). */
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

export const NOT_ATTACHED_ERROR =
  'Your account is not currently attached to an active supplier. Try log in again. If the issue persists, contact an administrator.';

export class Header {
  readonly banner: Locator;

  constructor(private readonly page: Page) {
    this.banner = page.getByRole('banner');
  }

  link(name: string): Locator {
    return this.banner.getByRole('link', { name, exact: true });
  }

  /** The names of the header's links, in order, without the brand link. */
  async navLinkNames(): Promise<string[]> {
    const names = await this.banner.locator('#app__header').getByRole('link').allInnerTexts();
    return names.map((name) => name.trim());
  }

  userMenuButton(userName: string): Locator {
    return this.banner.getByRole('button', { name: new RegExp(userName) });
  }

  async openUserMenu(userName: string): Promise<Locator> {
    await this.userMenuButton(userName).click();
    const dialog = this.page.getByRole('dialog');
    await dialog.waitFor();
    return dialog;
  }

  /** Waits until the header has loaded the signed-in user (the user menu button shows). */
  async waitForUser(userName: string): Promise<void> {
    await this.userMenuButton(userName).waitFor();
  }

  async expectSignedOut(): Promise<void> {
    await this.banner.getByRole('link', { name: 'Login', exact: true }).or(this.banner.getByRole('button', { name: 'Login', exact: true })).waitFor();
    expect(await this.banner.getByRole('button', { name: /user menu|account/i }).count()).toBe(0);
  }
}
