/**
 * Journey of the supplier's service listings (issue 30): the demo admin opens Service listings and
 * finds Kōwhai Digital's demo listings (one published, one published with a change waiting for
 * review, the rest not started); a listing with a change waiting cannot be changed meanwhile. They
 * start a listing of a service not started, answer each step (features and benefits added one at a
 * time), see the error summary for an answer left out and for what a send finds missing, upload a
 * document, send the listing and see it waiting for review. Each new screen passes axe on a desktop
 * and on a 320 px phone, where nothing scrolls sideways.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessibleOnDesktopAndPhone, launchBrowser, newContext, watchPageErrors } from './support/browser';
import { demo, signInAt } from './support/session';
import { ListingOverviewPage, ListingsPage, ListingStepPage } from './pages/listings-page';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

describe('service listings', () => {
  let browser: Browser;
  let page: Page;
  let errors: string[];
  beforeAll(async () => {
    browser = await launchBrowser();
    page = await (await newContext(browser)).newPage();
    errors = watchPageErrors(page);
    await signInAt(page, '/dashboard/applications', demo.admin);
  });
  afterAll(() => browser.close());

  it("lists the demo supplier's services with their listings' status, and keeps a change waiting for review unchanged", async () => {
    await page.goto('/dashboard/applications');
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Service listings' }).click();
    const list = await ListingsPage.waitFor(page);
    const rows = await list.servicesAndStatuses();
    const statuses = rows.map((row) => row.status);
    expect(statuses.filter((status) => status === 'Published')).toHaveLength(1);
    expect(statuses.filter((status) => status === 'Changes waiting for review')).toHaveLength(1);
    expect(statuses.filter((status) => status === 'Not started')).toHaveLength(rows.length - 2);
    expect(rows.length).toBeGreaterThan(2);
    await expectAccessibleOnDesktopAndPhone(page);

    const waiting = rows.find((row) => row.status === 'Changes waiting for review')?.service ?? '';
    await list.row(waiting).getByRole('link', { name: `View the listing of ${waiting}` }).click();
    const overview = await ListingOverviewPage.waitFor(page, waiting);
    await page.getByText('The published version of this listing stays in the directory until the marketplace team approves your changes.').waitFor();
    expect(await overview.sendButton().count()).toBe(0);
    expect(await page.getByRole('link', { name: /^Change/ }).count()).toBe(0);
    expect(await overview.answer('Summary').innerText()).toContain('WCAG 2.2');
    await expectAccessibleOnDesktopAndPhone(page);

    // A step of it, opened by its address, says why it cannot change instead of showing a form.
    await page.goto(`${new URL(page.url()).pathname}/about`);
    await overview.message().getByText('This listing is with the marketplace team for review, so it cannot be changed now.').waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/dashboard\/listings\/\d+$/);
    expect(await page.getByRole('button', { name: 'Save and continue' }).count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('writes a listing of a service not started, step by step, and sends it for review', async () => {
    await page.goto('/dashboard/listings');
    const list = await ListingsPage.waitFor(page);
    const service = (await list.servicesAndStatuses()).find((row) => row.status === 'Not started')?.service ?? '';
    await list.row(service).getByRole('link', { name: `Start the listing of ${service}` }).click();
    const overview = await ListingOverviewPage.waitFor(page, service);
    expect(await overview.status().innerText()).toBe('Not started');
    await expectAccessibleOnDesktopAndPhone(page);
    const overviewPath = new URL(page.url()).pathname;
    await page.getByRole('link', { name: 'Start the listing' }).click();

    // About the service: the summary left out, then given.
    let step = await ListingStepPage.waitFor(page, 'About the service');
    await step.fillLines('Features', ['Discovery and alpha phases', 'Accessibility built in']);
    await step.fillLines('Benefits', ['Services people can use the first time']);
    await step.saveAndContinue();
    await step.errorSummary().waitFor();
    expect(await step.summaryMessages()).toEqual(['Enter a summary of the service']);
    await expectAccessibleOnDesktopAndPhone(page);
    await step.errorSummary().getByRole('link', { name: 'Enter a summary of the service' }).click();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('root_summary');
    await step.field('Summary').fill('Service design and development for public services, from discovery to live.');
    await step.saveAndContinue();

    // How and where: the next step, with the keyboard-usable checkboxes.
    step = await ListingStepPage.waitFor(page, 'How and where you deliver it');
    await step.group('How you deliver the service').getByLabel('Remotely', { exact: true }).check();
    await step.group('Where you deliver the service').getByLabel('Wellington', { exact: true }).check();
    await step.group('Where you deliver the service').getByLabel('Canterbury', { exact: true }).check();
    await expectAccessibleOnDesktopAndPhone(page);
    await step.saveAndContinue();
    await ListingStepPage.waitFor(page, 'Pricing');

    // Sent before it is finished: what is missing, each linked to its step.
    await page.goto(overviewPath);
    await ListingOverviewPage.waitFor(page, service);
    expect(await overview.status().innerText()).toBe('Not sent');
    await overview.sendButton().click();
    await overview.errorSummary().waitFor();
    const missing = await overview.errorSummary().getByRole('link').allInnerTexts();
    expect(missing).toEqual(expect.arrayContaining(['Pricing: Select how the service is priced', 'Service levels: Describe your service levels']));
    await expectAccessibleOnDesktopAndPhone(page);
    await overview.errorSummary().getByRole('link', { name: 'Pricing: Select how the service is priced' }).click();

    // Pricing, opened from the overview: once saved, back to the overview.
    step = await ListingStepPage.waitFor(page, 'Pricing');
    await step.group('How the service is priced').getByLabel('Day rate', { exact: true }).check();
    await step.field('Lowest price').fill('1400');
    await step.field('Highest price (optional)').fill('1800.50');
    await step.field('What the price is for (optional)').fill('per person per day');
    await step.field('What the price includes').fill('Planning, delivery and a weekly report.');
    await expectAccessibleOnDesktopAndPhone(page);
    await step.saveAndContinue();
    await ListingOverviewPage.waitFor(page, service);
    await overview.message().getByText('Your answers to pricing were saved.').waitFor();
    expect(await overview.answer('Lowest price').innerText()).toBe('$1,400.00');
    expect(await overview.answer('Features').innerText()).toBe('Discovery and alpha phases, Accessibility built in');
    expect(await overview.answer('How you deliver the service').innerText()).toBe('Remotely');
    expect(await overview.answer('Where you deliver the service').innerText()).toBe('Wellington, Canterbury');

    await overview.changeLink('Service levels').click();
    step = await ListingStepPage.waitFor(page, 'Service levels');
    await step.field('Service levels').fill('Support from 8am to 6pm on working days; we answer within four working hours.');
    await step.saveAndContinue();
    await ListingOverviewPage.waitFor(page, service);

    // Documents: one added, its file uploaded at once.
    await overview.changeLink('Documents').click();
    step = await ListingStepPage.waitFor(page, 'Documents');
    await page.getByRole('button', { name: 'Add another' }).click();
    await step.group('What the document is').getByLabel('Pricing document', { exact: true }).check();
    await step.field('File').setInputFiles({ name: 'pricing-2027.pdf', mimeType: 'application/pdf', buffer: PDF });
    await page.getByText('Uploaded: pricing-2027.pdf').waitFor();
    await expectAccessibleOnDesktopAndPhone(page);
    await step.saveAndContinue();
    await ListingOverviewPage.waitFor(page, service);
    expect(await overview.answer('Documents (optional)').innerText()).toContain('pricing-2027.pdf');
    await expectAccessibleOnDesktopAndPhone(page);

    await overview.sendButton().click();
    await overview.message().getByText(`Your listing of ${service} was sent to the marketplace team for review.`, { exact: false }).waitFor();
    await expect.poll(() => overview.status().innerText()).toBe('Waiting for review');
    expect(await overview.sendButton().count()).toBe(0);
    await expectAccessibleOnDesktopAndPhone(page);

    await page.getByRole('link', { name: 'Back to service listings' }).click();
    await ListingsPage.waitFor(page);
    expect((await list.servicesAndStatuses()).find((row) => row.service === service)?.status).toBe('Waiting for review');
    // The one refusal is the send of the unfinished listing.
    expect(errors).toEqual([expect.stringMatching(/^console: Failed to load resource: the server responded with a status of 400 \(Bad Request\) \(\/api\/v1\/\S+\)$/)]);
  });
});
