/**
 * Journey: an agency registers. It reads the start page (drawn by the server: no app loads until
 * Start now), answers steps 1 to 3 from the keyboard (fixing an email address the form refuses on
 * the way), saves and leaves, opens the emailed resume link in a fresh browser, checks its answers
 * on step 4, sends them and reaches completed; the link then goes straight to completed. At 375 px
 * the steps fit the screen. axe passes on every step and state.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AgencyFormPage } from './pages/agency-form-page';
import { OutboxPage } from './pages/outbox-page';
import { chunkPath, chunkPathsWith } from './support/built-chunks';
import { baseUrl, expectNoAxeViolations, expectNoSidewaysScroll, launchBrowser, newContext, watchPageErrors } from './support/browser';

const email = `aroha.${Date.now().toString(36)}@tides.govt.example`;

describe('agency registration', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  async function freshPage(width?: number): Promise<Page> {
    return (await newContext(browser, width === undefined ? {} : { width })).newPage();
  }

  it('an agency answers three steps, saves, resumes from the emailed link in a fresh browser, confirms and completes', async () => {
    const page = await freshPage();
    const errors = watchPageErrors(page);
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') {
        scripts.push(new URL(request.url()).pathname);
      }
    });
    let form = await AgencyFormPage.open(page);
    expect(await page.title()).toBe('Marketplace — Agency Registration');
    await expectNoAxeViolations(page);
    // The server drew the start page: a first visitor reads it and starts without the app.
    await page.waitForLoadState('networkidle');
    expect(scripts.sort()).toEqual(chunkPathsWith('app/main.ts').sort());

    // Step 1, from the keyboard; an email address the form refuses is fixed from the error summary.
    await form.press(form.main.getByRole('link', { name: 'Start now' }));
    form = await AgencyFormPage.verifyOnPage(page, 'Initial details');
    expect(scripts).toContain(chunkPath('app/agencies/mount.tsx'));
    expect(await form.stepProgress()).toBe('Step 1 of 4');
    expect(await page.title()).toBe('Step 1, Initial details — Marketplace — Agency Registration');
    await expectNoAxeViolations(page);
    await form.initialDetails({ email: 'aroha at tides' });
    await form.press(form.button('Save and continue'));
    expect(await form.summaryMessages()).toEqual(['Enter an email address in the correct format, like name@agency.govt.nz']);
    expect(form.path()).toBe('/agency-form/step/1');
    await expectNoAxeViolations(page);
    await form.press(page.locator('.error-summary').getByRole('link'));
    await expect.poll(() => form.field('Your work email address').evaluate((input) => input === document.activeElement)).toBe(true);
    await form.type('Your work email address', email);

    // Step 2: the terms, accepted with the space bar.
    form = await form.saveAndContinue('Terms and conditions');
    expect(await form.stepProgress()).toBe('Step 2 of 4');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expectNoAxeViolations(page);
    await form.acceptTerms();

    // Step 3, then "Save and come back later".
    form = await form.saveAndContinue('Operational information');
    await expectNoAxeViolations(page);
    await form.operationalInformation();
    await form.press(form.button('Save and come back later'));
    form = await AgencyFormPage.verifyOnPage(page, 'Register your agency');
    await form.main.getByText(`We have emailed a link to ${email}`).waitFor();
    await expectNoAxeViolations(page);
    expect(errors).toEqual([]);

    // The emailed link, in a browser that has never seen the form: back on step 3, answers kept.
    const link = await (await OutboxPage.open(page)).findLink(email, `${baseUrl()}/agency-form/resume/`);
    const fresh = await freshPage();
    const freshErrors = watchPageErrors(fresh);
    await fresh.goto(link);
    form = await AgencyFormPage.verifyOnPage(fresh, 'Operational information');
    expect(form.path()).toBe('/agency-form/step/3');
    expect(await form.field('Procurement contact name').inputValue()).toBe('Tane Mahuta');

    // Step 4: check the answers (a Change link per step), then send.
    form = await form.saveAndContinue('Check your answers');
    expect(await fresh.title()).toBe('Confirmation — Marketplace — Agency Registration');
    await form.main.getByText('Ministry of Tides').waitFor();
    await form.main.getByText(email).waitFor();
    expect(await form.main.getByRole('link', { name: /^Change/ }).count()).toBe(3);
    await expectNoAxeViolations(fresh);
    await form.press(form.button('Accept and send'));
    form = await AgencyFormPage.verifyOnPage(fresh, 'Application completed');
    expect(form.path()).toBe('/agency-form/completed');
    await expectNoAxeViolations(fresh);
    expect(await fresh.evaluate(() => window.localStorage.getItem('agency'))).toBeNull();

    // The link of a sent registration goes straight to completed.
    await fresh.goto(link);
    form = await AgencyFormPage.verifyOnPage(fresh, 'Application completed');
    expect(form.path()).toBe('/agency-form/completed');
    expect(freshErrors).toEqual([]);
  });

  it('at 375 px every step fits the screen without sideways scroll', async () => {
    const page = await freshPage(375);
    const errors = watchPageErrors(page);
    let form = await AgencyFormPage.open(page);
    await expectNoSidewaysScroll(page);
    await form.main.getByRole('link', { name: 'Start now' }).click();
    form = await AgencyFormPage.verifyOnPage(page, 'Initial details');
    await expectNoSidewaysScroll(page);
    await form.initialDetails({ email: `small.${email}` });
    form = await form.saveAndContinue('Terms and conditions');
    await expectNoSidewaysScroll(page);
    await form.acceptTerms();
    form = await form.saveAndContinue('Operational information');
    await expectNoSidewaysScroll(page);
    await form.operationalInformation();
    form = await form.saveAndContinue('Check your answers');
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page);
    expect(errors).toEqual([]);
  });

  it('"Start again" asks first, then clears the answers kept in the browser', async () => {
    const page = await freshPage();
    await page.goto('/agency-form/step/1');
    let form = await AgencyFormPage.verifyOnPage(page, 'Initial details');
    // "Come back later" needs an email address to send the link to; once one is typed, the error goes.
    await form.type('Agency name', 'Ministry of Tides');
    await form.press(form.button('Save and come back later'));
    const needsEmail = form.main.getByText('Enter your work email address, so we can send you a link to come back to this form');
    await needsEmail.first().waitFor();
    await form.type('Your work email address', `again.${email}`);
    await expect.poll(() => needsEmail.count()).toBe(0);
    await form.initialDetails({ email: `again.${email}` });
    form = await form.saveAndContinue('Terms and conditions');
    await form.press(form.button('Start again'));
    const dialog = page.getByRole('alertdialog');
    await dialog.getByRole('heading', { name: 'Start again?' }).waitFor();
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => window.localStorage.getItem('agency'))).not.toBeNull();
    await form.press(form.button('Start again'));
    await dialog.getByRole('button', { name: 'Yes, clear my answers' }).click();
    form = await AgencyFormPage.verifyOnPage(page, 'Initial details');
    expect(await form.field('Agency name').inputValue()).toBe('');
    expect(await page.evaluate(() => window.localStorage.getItem('agency'))).toBeNull();
  });

  it('an unknown resume link explains itself and offers to start again', async () => {
    const page = await freshPage();
    await page.goto(`/agency-form/resume/${'A'.repeat(43)}`);
    const form = await AgencyFormPage.verifyOnPage(page, 'We could not find your saved answers');
    await form.button('Start again').waitFor();
    await expectNoAxeViolations(page);
  });
});
