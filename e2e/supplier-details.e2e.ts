/**
 * Journeys of the supplier details screens: an admin reads the details, edits company details with
 * errors shown and fixed (client rules and conditional fields), answers the financial questions
 * with an uploaded statement, changes insurance cover (an emptied cover is cleared, the others kept)
 * and other types of insurance; a member reads but cannot edit. An admin sees the supplier's public
 * listing, edits its public profile and finds the changes on the profile buyers see. A new legal
 * name waits for the team's review, and the admin withdraws it.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessibleOnDesktopAndPhone, expectNoAxeViolations, expectNoSidewaysScroll, launchBrowser, newContext, watchPageErrors } from './support/browser';
import { demo, signInAt } from './support/session';
import { EditSupplierStep, SupplierDetailsPage } from './pages/supplier-details-page';
import { SupplierProfilePage } from './pages/supplier-profile-page';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

describe('supplier details', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  async function signedIn(account: (typeof demo)[keyof typeof demo]): Promise<{ page: Page; errors: string[] }> {
    const page = await (await newContext(browser)).newPage();
    const errors = watchPageErrors(page);
    await signInAt(page, '/dashboard/supplier', account);
    return { page, errors };
  }

  it('an admin reads the details, fixes the errors the form shows, and saves company details', async () => {
    const { page, errors } = await signedIn(demo.admin);
    const details = new SupplierDetailsPage(page);
    await details.waitForDetails();
    expect(await details.answer('Trading name').innerText()).toBe('Kōwhai Digital');
    expect(await details.answer('Catalogue chosen when you registered').innerText()).not.toBe('None chosen');
    expect(await details.answer('Is your head office at the registered address?').innerText()).toBe('Yes');
    // The demo supplier's other type of insurance is listed by name, beside the types with a cover.
    expect(await details.answer('Other insurance (optional)').innerText()).toBe('Motor vehicle fleet');
    expect(await details.answer('Insurance cover').innerText()).toContain('Statutory Liability: $9,000,000');
    // Styled by the dashboard's own CSS, before any form screen has loaded the form renderer.
    expect(await page.locator('.answers__row').first().evaluate((row) => getComputedStyle(row).display)).toBe('grid');
    await expectNoAxeViolations(page);

    await details.changeLink('Company details').click();
    const step = await EditSupplierStep.waitFor(page, 'Company details');
    await expectNoAxeViolations(page);
    // The head office address is asked only when it differs from the registered one.
    expect(await page.getByRole('group', { name: 'Head office address' }).count()).toBe(0);

    await step.field('Trading name').fill('');
    await step.field('New Zealand Business Number (NZBN)').fill('9429059326068');
    await step.field('GST number').fill('12345');
    await step.answer('Is your head office at the registered address?', 'No');
    await page.getByRole('group', { name: 'Head office address' }).waitFor();
    await step.save('Company details');

    await step.errorSummary().waitFor();
    expect(await page.evaluate(() => document.activeElement?.classList.contains('error-summary'))).toBe(true);
    const messages = await step.summaryMessages();
    expect(messages).toEqual(
      expect.arrayContaining([
        'Enter your trading name',
        'Enter a valid NZBN: 13 digits starting 94, as shown on the NZBN register',
        'Enter a valid GST number: 8 or 9 digits, for example 49-091-850',
        'Enter the first line of the address',
      ]),
    );
    await expectNoAxeViolations(page);
    // A summary link takes the person to the field.
    await step.errorSummary().getByRole('link', { name: 'Enter your trading name' }).click();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('root_trading_name');

    await step.field('Trading name').fill('Kōwhai Digital');
    await step.field('New Zealand Business Number (NZBN)').fill('9429 0593 2606 9');
    await step.field('GST number').fill('49-091-850');
    const headOffice = page.getByRole('group', { name: 'Head office address' });
    await headOffice.getByLabel('Address line 1').fill('12 Cuba Street');
    await headOffice.getByLabel('Town or city').fill('Wellington');
    await headOffice.getByLabel('Postcode').fill('6011');
    await headOffice.getByLabel('Country').selectOption('New Zealand');
    await step.save('Company details');

    await details.savedNotice().waitFor();
    expect(new URL(page.url()).pathname).toBe('/dashboard/supplier');
    expect(await details.answer('Head office address').innerText()).toContain('12 Cuba Street');
    expect(await details.answer('GST number').innerText()).toBe('49091850');
    expect(await details.answer('New Zealand Business Number (NZBN)').innerText()).toBe('9429059326069');
    expect(errors).toEqual([]);
  });

  it('asks for reasons and the statement only when the answers need them, and uploads the statement', async () => {
    const { page, errors } = await signedIn(demo.admin);
    const details = new SupplierDetailsPage(page);
    await details.waitForDetails();
    await details.changeLink('Financial viability').click();
    const step = await EditSupplierStep.waitFor(page, 'Financial viability');
    expect(await step.field('Explain your financial position').count()).toBe(0);
    expect(await step.field('Financial statement').count()).toBe(0);

    await step.answer('Can your business pay its debts as they fall due?', 'No');
    await step.field('Explain your financial position').waitFor();
    await step.answer('Will you submit a financial statement?', 'Yes');
    await step.field('Financial statement').waitFor();
    await step.save('Financial viability');
    expect(await step.summaryMessages()).toEqual(['Explain your financial position', 'Upload your latest financial statement']);

    await step.answer('Can your business pay its debts as they fall due?', 'Yes');
    expect(await step.field('Explain your financial position').count()).toBe(0);
    await step.field('Financial statement').setInputFiles({ name: 'accounts-2025.pdf', mimeType: 'application/pdf', buffer: PDF });
    await page.getByText('Uploaded: accounts-2025.pdf').waitFor();
    await expectNoAxeViolations(page);
    await step.save('Financial viability');

    await details.savedNotice().waitFor();
    expect(await details.answer('Financial statement').innerText()).toBe('accounts-2025.pdf');
    expect(await details.answer('Can your business pay its debts as they fall due?').innerText()).toBe('Yes');
    expect(errors).toEqual([]);
  });

  it('a member reads the details but is offered no change and cannot open the edit screens', async () => {
    const { page } = await signedIn(demo.member);
    const details = new SupplierDetailsPage(page);
    await details.waitForDetails();
    expect(await details.answer('Trading name').innerText()).toBe('Southern Alps Facilities');
    expect(await page.getByRole('link', { name: /^Change/ }).count()).toBe(0);
    await page.goto('/dashboard/supplier/edit/company-details');
    await page.getByText('Only an administrator of Southern Alps Facilities can change its details.').waitFor();
    expect(await page.getByRole('button', { name: /^Save/ }).count()).toBe(0);
    await expectNoAxeViolations(page);
  });
});

describe('supplier details: validation step and failures', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('asks for the reasons the answers need and records insurance cover, with the keyboard alone', async () => {
    const page = await (await newContext(browser)).newPage();
    const errors = watchPageErrors(page);
    await signInAt(page, '/dashboard/supplier/edit/validation', demo.admin);
    const step = await EditSupplierStep.waitFor(page, 'Validation');
    const disputes = 'In the last five years, has your business had a contract dispute with a customer?';
    await step.question(disputes).getByLabel('Yes', { exact: true }).focus();
    await page.keyboard.press('Space');
    await step.field('Describe the disputes and how they were resolved').waitFor();
    await step.save('Validation');
    expect(await step.summaryMessages()).toEqual(['Describe the disputes and how they were resolved']);
    await expectNoAxeViolations(page);

    await step.field('Describe the disputes and how they were resolved').fill('A 2023 invoicing dispute, settled by mediation.');
    await step.field('Public Liability').fill('5000000');
    // A cover emptied is cleared; the types left as they were keep theirs.
    await step.field('Statutory Liability').fill('');
    await page.getByRole('button', { name: 'Add another' }).click();
    // The demo supplier already holds one other type; the added row is the last.
    await page.getByLabel('Type of insurance').last().fill('Marine cargo');
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Save validation' }).focus();
    await page.keyboard.press('Enter');

    const details = new SupplierDetailsPage(page);
    await details.savedNotice().waitFor();
    expect(await details.answer('Insurance cover').innerText()).toContain('Public Liability: $5,000,000');
    expect(await details.answer('Insurance cover').innerText()).toContain('Property: $3,000,000');
    expect(await details.answer('Insurance cover').innerText()).not.toContain('Statutory Liability');
    expect(await details.answer('Other insurance (optional)').innerText()).toBe('Motor vehicle fleet, Marine cargo');
    expect(await details.answer('Describe the disputes and how they were resolved').innerText()).toContain('mediation');
    expect(errors).toEqual([]);
  });

  it('says when someone else saved first, and offers the latest details instead of overwriting them', async () => {
    const page = await (await newContext(browser)).newPage();
    await signInAt(page, '/dashboard/supplier/edit/company-details', demo.admin);
    const mine = await EditSupplierStep.waitFor(page, 'Company details');
    const before = await mine.field('Years in business').inputValue();
    const theirs = Number(before) + 1;
    const mineToo = Number(before) + 2;

    // Someone else, in another tab, saves first.
    const other = await page.context().newPage();
    await other.goto('/dashboard/supplier/edit/company-details');
    const otherStep = await EditSupplierStep.waitFor(other, 'Company details');
    await otherStep.field('Years in business').fill(String(theirs));
    await otherStep.save('Company details');
    await other.waitForURL((url) => url.pathname === '/dashboard/supplier');

    await mine.field('Years in business').fill(String(mineToo));
    await mine.save('Company details');
    await page.getByRole('alert').filter({ hasText: 'Someone else saved these supplier details' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/dashboard/supplier/edit/company-details');
    await expectNoAxeViolations(page);

    // The latest details replace what was typed, so the next save cannot undo theirs unseen.
    await page.getByRole('button', { name: 'Load the latest details' }).click();
    await expect.poll(() => mine.field('Years in business').inputValue()).toBe(String(theirs));
    await mine.field('Years in business').fill(before);
    await mine.save('Company details');
    await page.waitForURL((url) => url.pathname === '/dashboard/supplier');
    const details = new SupplierDetailsPage(page);
    await details.waitForDetails();
    expect(await details.answer('Years in business').innerText()).toBe(before);
  });

  it('shows an error with a retry when the details cannot be loaded, and nothing stale', async () => {
    const page = await (await newContext(browser)).newPage();
    let failing = true;
    await page.route('**/api/v1/user/details', (route) =>
      failing ? route.fulfill({ status: 500, contentType: 'text/html', body: '<h1>Bad gateway</h1>' }) : route.fallback(),
    );
    await signInAt(page, '/dashboard/supplier', demo.admin);
    await page.getByRole('alert').filter({ hasText: 'We could not load your supplier details.' }).waitFor();
    expect(await page.getByRole('heading', { level: 2, name: 'Company details' }).count()).toBe(0);
    await expectNoAxeViolations(page);
    failing = false;
    await page.getByRole('button', { name: 'Try again' }).click();
    await new SupplierDetailsPage(page).waitForDetails();
  });
});

describe('supplier details: the public listing and profile', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('an admin sees the public listing, edits the public profile after fixing a bad website, and buyers see the changes', async () => {
    const page = await (await newContext(browser)).newPage();
    const errors = watchPageErrors(page);
    await signInAt(page, '/dashboard/supplier', demo.admin);
    const details = new SupplierDetailsPage(page);
    await details.waitForDetails();

    const listing = details.publicListing();
    await listing.getByRole('link', { name: 'View your public profile' }).waitFor();
    expect(await listing.getByRole('heading', { level: 3 }).allInnerTexts()).toEqual(['Digital and ICT']);
    expect(await listing.getByRole('listitem').count()).toBeGreaterThan(1);
    await expectNoAxeViolations(page);

    await details.changeLink('Public profile').click();
    const step = await EditSupplierStep.waitFor(page, 'Public profile');
    await step.field('Description of your business (optional)').fill('Accessible public services, designed & built in Wellington <since 2012>.');
    await step.field('Contact email address (optional)').fill('mahi@kowhai.example.co.nz');
    await step.field('Contact phone number (optional)').fill('04 555 0199');
    await step.field('Website (optional)').fill('www.kowhai.example.co.nz');
    await step.save('Public profile');
    await step.errorSummary().waitFor();
    expect(await step.summaryMessages()).toEqual(['Enter the website address starting with https:// or http://, like https://www.example.co.nz']);
    await expectNoAxeViolations(page);

    await step.field('Website (optional)').fill('https://kowhai.example.co.nz/mahi');
    await step.save('Public profile');
    await details.savedNotice().waitFor();
    expect(await details.savedNotice().innerText()).toContain('Your public profile changes were saved.');
    expect(await details.answer('Contact email address (optional)').innerText()).toBe('mahi@kowhai.example.co.nz');
    expect(await details.answer('Contact phone number (optional)').innerText()).toBe('04 555 0199');
    expect(await details.answer('Website (optional)').innerText()).toBe('https://kowhai.example.co.nz/mahi');
    await expectNoAxeViolations(page);

    await details.publicListing().getByRole('link', { name: 'View your public profile' }).click();
    const profile = await SupplierProfilePage.verifyOnPage(page, 'Kōwhai Digital');
    expect(await page.locator('.lead').innerText()).toBe('Accessible public services, designed & built in Wellington <since 2012>.');
    expect(await profile.contact.getByRole('link', { name: 'mahi@kowhai.example.co.nz' }).getAttribute('href')).toBe('mailto:mahi@kowhai.example.co.nz');
    expect(await profile.contact.getByRole('link', { name: '04 555 0199' }).getAttribute('href')).toBe('tel:045550199');
    expect(await profile.contact.getByRole('link', { name: /kowhai\.example\.co\.nz\/mahi/ }).getAttribute('href')).toBe('https://kowhai.example.co.nz/mahi');
    expect(await profile.offers.getByRole('heading', { level: 3 }).allInnerTexts()).toEqual(['Digital and ICT']);
    await expectNoAxeViolations(page);
    expect(errors).toEqual([]);
  });

  it('sends a new legal name to the team for review, shows it waiting, and withdraws it after confirming, keyboard only', async () => {
    const page = await (await newContext(browser)).newPage();
    const errors = watchPageErrors(page);
    await signInAt(page, '/dashboard/supplier', demo.admin);
    const details = new SupplierDetailsPage(page);
    await details.waitForDetails();
    const legalName = (await details.answer('Legal name').innerText()).trim();
    const newName = `${legalName} Group`;

    await details.changeLink('Company details').click();
    const step = await EditSupplierStep.waitFor(page, 'Company details');
    await page.getByText('A change to your legal name, NZBN, ABN or ACN is checked by the marketplace team before it shows in the directory.').waitFor();
    await step.field('Legal name').fill(newName);
    await step.save('Company details');

    // Saved, except the legal name, which waits for the team; the details keep the current one.
    await page.getByRole('status').filter({ hasText: 'Your company details changes were saved, except your legal name: the marketplace team will check it first.' }).waitFor();
    // The details' own answer, not the waiting change's row of the same name.
    const currentLegalName = page
      .locator('.answers__section:not(.notice) .answers__row')
      .filter({ has: page.getByRole('term').getByText('Legal name', { exact: true }) })
      .getByRole('definition');
    expect((await currentLegalName.innerText()).trim()).toBe(legalName);
    const waiting = page.getByRole('region', { name: 'Changes waiting for review' });
    await waiting.waitFor();
    const row = waiting.locator('.answers__row').filter({ has: page.getByRole('term').getByText('Legal name', { exact: true }) });
    expect(await row.getByRole('definition').innerText()).toContain(newName);
    expect(await row.getByRole('definition').innerText()).toContain(`Now: ${legalName}`);
    expect(await waiting.innerText()).toContain(`by ${demo.admin.name}`);
    await expectAccessibleOnDesktopAndPhone(page);

    // The form now says the change waits, so it is not asked for twice.
    await details.changeLink('Company details').click();
    await EditSupplierStep.waitFor(page, 'Company details');
    await page.getByText('Your change to your legal name is waiting for the marketplace team’s review.', { exact: false }).waitFor();
    await page.getByRole('main').locator('.notice').getByRole('link', { name: 'supplier details', exact: true }).click();
    await details.waitForDetails();

    // Withdrawn with the keyboard: the dialog starts on the safe choice, Escape keeps the change.
    const withdraw = waiting.getByRole('button', { name: 'Withdraw this change' });
    await withdraw.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('alertdialog', { name: 'Withdraw this change?' });
    await dialog.waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent.trim())).toBe('Keep it waiting');
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    // The dialog gives the focus back once it has gone, which may be a frame after it leaves the page.
    await expect.poll(() => withdraw.evaluate((button: HTMLElement) => button === document.activeElement)).toBe(true);

    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Withdraw change' }).focus();
    await page.keyboard.press('Enter');
    await page.getByText('You withdrew the change. Your details stay as they were.').waitFor();
    await waiting.waitFor({ state: 'detached' });
    expect((await currentLegalName.innerText()).trim()).toBe(legalName);
    expect(errors).toEqual([]);
  });

  it('fits a 320 px wide phone without sideways scrolling', async () => {
    const page = await (await newContext(browser, { width: 320 })).newPage();
    await signInAt(page, '/dashboard/supplier', demo.admin);
    const details = new SupplierDetailsPage(page);
    await details.waitForDetails();
    await details.publicListing().getByRole('link', { name: 'View your public profile' }).waitFor();
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page);

    await details.changeLink('Public profile').click();
    const step = await EditSupplierStep.waitFor(page, 'Public profile');
    await step.field('Website (optional)').fill('not a website');
    await step.save('Public profile');
    await step.errorSummary().waitFor();
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page);
  });
});
