/** The public registration wizard (/register): its start page, and each step (each page of step 3) known by its h1. */
import type { Locator, Page } from 'playwright-core';

/**
 * Every page of the registration in order, at the default slugs (common/registration/steps.ts, and
 * step 3's pages of app/registration/step-pages.ts), with its h1: the start page, then the wizard.
 */
export const REGISTER_PAGES = [
  { path: '/register/start', title: 'Register your business' },
  { path: '/register/your-business', title: 'Your business' },
  { path: '/register/addresses-and-contacts', title: 'Addresses and contacts' },
  { path: '/register/about-your-company/company', title: 'Your company' },
  { path: '/register/about-your-company/gst', title: 'GST' },
  { path: '/register/about-your-company/size-and-locations', title: 'Size and locations' },
  { path: '/register/about-your-company/finances', title: 'Your finances' },
  { path: '/register/about-your-company/investigations-and-disputes', title: 'Investigations, disputes and legal proceedings' },
  { path: '/register/about-your-company/insurance', title: 'Insurance' },
  { path: '/register/about-your-company/services', title: 'Services you want to offer' },
  { path: '/register/check-and-submit', title: 'Check your answers and submit' },
] as const;

/** Their paths, for the axe and 320 px sweeps; /register opens the first step. */
export const REGISTER_STEP_PATHS = ['/register', ...REGISTER_PAGES.map((page) => page.path)];

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
    await page.locator('form.schema-form').or(page.locator('.register__confirmation, .register-start')).first().waitFor();
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

  /** The caption over a page of step 3: the step, and which of its pages. */
  async caption(): Promise<string> {
    return (await this.page.locator('.register-step__caption').innerText()).trim();
  }
}
