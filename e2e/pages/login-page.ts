/** The embedded identity provider's sign-in page. */
import type { Page } from 'playwright-core';

export const DEMO_PASSWORD = 'demo-password';

export class LoginPage {
  constructor(private readonly page: Page) {}

  static async verifyOnPage(page: Page): Promise<LoginPage> {
    // Wait for the navigation itself: the page that sent the person here may have an h1 of its own.
    await page.waitForURL((url) => url.pathname.startsWith('/interaction/'));
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.getByLabel('Email').waitFor();
    return new LoginPage(page);
  }

  async signIn(email: string, password = DEMO_PASSWORD): Promise<void> {
    await this.page.getByLabel('Email').fill(email);
    await this.page.getByLabel('Password', { exact: true }).fill(password);
    await this.page.getByRole('button', { name: 'Sign in' }).click();
  }

  async errorText(): Promise<string> {
    return (await this.page.getByRole('alert').innerText()).trim();
  }
}
