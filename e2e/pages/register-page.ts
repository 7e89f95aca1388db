/** The public registration wizard (/register): each step known by its h1. */
import type { Locator, Page } from 'playwright-core';

/** The wizard's steps at their default slugs (common/registration/steps.ts), for the axe and 320 px sweeps; /register opens the first. */
export const REGISTER_STEP_PATHS = [
  '/register',
  '/register/addresses-and-contacts',
  '/register/about-your-company',
  '/register/check-and-submit',
] as const;

export class RegisterPage {
  constructor(readonly page: Page) {}

  static async waitFor(page: Page, title: string | RegExp): Promise<RegisterPage> {
    try {
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
    } catch (error) {
      const headings = await page.getByRole('heading', { level: 1 }).allInnerTexts();
      const alerts = await page.locator('[role="alert"], .error-state, .error-summary').allInnerTexts();
      throw new Error(`Expected the step "${String(title)}" but found ${page.url()} with h1 ${JSON.stringify(headings)} and ${JSON.stringify(alerts)}`, {
        cause: error,
      });
    }
    await page.locator('.loading-state').waitFor({ state: 'detached' });
    await page.locator('form.schema-form').or(page.locator('.register__confirmation')).first().waitFor();
    return new RegisterPage(page);
  }

  field(label: string, within?: string): Locator {
    return (within === undefined ? this.page : this.group(within)).getByLabel(label, { exact: true });
  }

  group(legend: string): Locator {
    return this.page.getByRole('group', { name: legend, exact: true });
  }

  button(name: string): Locator {
    return this.page.getByRole('button', { name, exact: true });
  }

  async choose(legend: string, option: string): Promise<void> {
    await this.group(legend).getByLabel(option, { exact: true }).check();
  }

  async select(label: string, option: string): Promise<void> {
    await this.field(label).selectOption({ label: option });
  }

  async progress(): Promise<string> {
    return (await this.page.locator('.progress-bar__label').innerText()).trim();
  }

  async summaryMessages(): Promise<string[]> {
    await this.page.locator('.error-summary li').first().waitFor();
    return (await this.page.locator('.error-summary li').allInnerTexts()).map((text) => text.trim());
  }

  backLink(): Locator {
    return this.page.locator('.register__back-link');
  }
}
