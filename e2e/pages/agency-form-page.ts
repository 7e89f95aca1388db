/** The agency registration form (/agency-form): its screens, fields and keyboard-only answers. */
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

export class AgencyFormPage {
  readonly main: Locator;

  constructor(readonly page: Page) {
    this.main = page.getByRole('main');
  }

  static async open(page: Page, path = '/agency-form'): Promise<AgencyFormPage> {
    await page.goto(path);
    return AgencyFormPage.verifyOnPage(page, 'Register your agency');
  }

  /** Waits for the screen whose h1 is `title`, with nothing left loading, under /agency-form. */
  static async verifyOnPage(page: Page, title: string): Promise<AgencyFormPage> {
    try {
      await page.getByRole('main').getByRole('heading', { level: 1, name: title, exact: true }).waitFor();
    } catch (error) {
      const headings = await page.getByRole('heading', { level: 1 }).allInnerTexts();
      const alerts = await page.locator('[role="alert"], .error-state, .error-summary').allInnerTexts();
      throw new Error(`Expected the screen "${title}" but found ${page.url()} with h1 ${JSON.stringify(headings)} and ${JSON.stringify(alerts)}`, { cause: error });
    }
    await expect.poll(() => page.locator('.loading-state').count()).toBe(0);
    expect(new URL(page.url()).pathname).toMatch(/^\/agency-form(\/|$)/);
    return new AgencyFormPage(page);
  }

  path(): string {
    return new URL(this.page.url()).pathname;
  }

  button(name: string): Locator {
    return this.main.getByRole('button', { name, exact: true });
  }

  field(label: string): Locator {
    return this.main.getByLabel(label, { exact: true });
  }

  group(legend: string): Locator {
    return this.main.getByRole('group', { name: legend, exact: true });
  }

  async stepProgress(): Promise<string> {
    return (await this.page.locator('.progress-bar__label').innerText()).trim();
  }

  async summaryMessages(): Promise<string[]> {
    const summary = this.page.locator('.error-summary');
    await summary.waitFor();
    return (await summary.locator('li').allInnerTexts()).map((text) => text.trim());
  }

  /** Focuses a control and activates it with the keyboard, as someone without a mouse does. */
  async press(control: Locator, key = 'Enter'): Promise<void> {
    await control.focus();
    await this.page.keyboard.press(key);
  }

  /** Types into a field from the keyboard, replacing what it held. */
  async type(label: string, text: string): Promise<void> {
    const field = this.field(label);
    await field.focus();
    await this.page.keyboard.press('ControlOrMeta+A');
    await this.page.keyboard.press('Delete');
    await this.page.keyboard.type(text);
  }

  /** Chooses a radio button or ticks a checkbox of a question with the space bar. */
  async choose(legend: string, option: string): Promise<void> {
    await this.press(this.group(legend).getByLabel(option, { exact: true }), ' ');
  }

  async initialDetails(answers: { email: string; agencyName?: string }): Promise<void> {
    await this.type('Agency name', answers.agencyName ?? 'Ministry of Tides');
    await this.choose('Type of agency', 'Crown entity');
    await this.type('Your full name', 'Aroha Ngata');
    await this.type('Your role', 'Procurement manager');
    await this.type('Your work email address', answers.email);
    await this.type('Your phone number', '04 555 0199');
  }

  async acceptTerms(): Promise<void> {
    await this.press(this.field('I have read the terms and conditions and accept them on behalf of my agency'), ' ');
  }

  async operationalInformation(): Promise<void> {
    await this.type('Procurement contact name', 'Tane Mahuta');
    await this.type('Procurement contact email address', 'procurement@tides.govt.example');
    await this.type('Finance or invoicing contact name', 'Mere Finance');
    await this.type('Finance or invoicing contact email address', 'invoices@tides.govt.example');
    await this.choose('Do suppliers need a purchase order number on their invoices?', 'Yes');
    await this.choose('How much does your agency expect to spend through the marketplace each year?', '$100,000 to $1 million');
    await this.choose('Which services is your agency interested in?', 'Cyber security');
  }

  /** "Save and continue" from the keyboard, then the next screen. */
  async saveAndContinue(nextTitle: string): Promise<AgencyFormPage> {
    await this.press(this.button('Save and continue'));
    return AgencyFormPage.verifyOnPage(this.page, nextTitle);
  }
}
