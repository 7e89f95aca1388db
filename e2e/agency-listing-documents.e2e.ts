/**
 * Journey: a listing's document for government buyers only (issue 31). Kōwhai Digital's published
 * listing (the demo data) has its terms of engagement for buyers only. The demo agency's admin,
 * signed in, opens the listing from the supplier's profile and downloads the terms with the button
 * that takes the note's place; the supplier's admin, signed in but acting for no agency, keeps the
 * note. axe on the page for the buyer, at 1280 and 320 px.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SupplierProfilePage } from './pages/supplier-profile-page';
import { expectAccessibleOnDesktopAndPhone, launchBrowser, newContext, watchPageErrors } from './support/browser';
import { demo, demoBuyer, signInAt } from './support/session';

const TERMS = 'Terms and conditions: kowhai-digital-terms-of-engagement.txt';

describe("a listing's documents for government buyers", () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  /** Kōwhai Digital's first listing buyers can read, from its profile: its Documents section. */
  async function openListingDocuments(page: Page) {
    await page.goto('/approved-suppliers/1');
    await SupplierProfilePage.verifyOnPage(page, 'Kōwhai Digital');
    const listingLinks = page.locator('.profile__offers a[href*="/services/"]');
    await listingLinks.first().click();
    await page.waitForURL((url) => /^\/approved-suppliers\/1\/services\/[a-z0-9-]+$/.test(url.pathname));
    return page.getByRole('main').getByRole('region', { name: 'Documents' });
  }

  it("downloads the terms for buyers only as a person of the demo agency", async () => {
    const page = await (await newContext(browser)).newPage();
    const errors = watchPageErrors(page);
    await signInAt(page, '/agency/engagement-notices', demoBuyer);
    const documents = await openListingDocuments(page);
    const terms = documents.getByRole('listitem').filter({ hasText: TERMS });
    const button = terms.getByRole('button', { name: /^Download/ });
    await button.waitFor({ timeout: 20_000 });
    expect(await terms.innerText()).toContain('you can download it as a person of Ministry for Regional Development');
    const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
    expect(download.suggestedFilename()).toBe('kowhai-digital-terms-of-engagement.txt');
    expect(Buffer.concat(await (await download.createReadStream()).toArray()).toString('utf8').length).toBeGreaterThan(0);
    await expectAccessibleOnDesktopAndPhone(page);
    expect(errors).toEqual([]);
  });

  it("keeps the note for a signed-in person who acts for no agency", async () => {
    const page = await (await newContext(browser)).newPage();
    await signInAt(page, '/dashboard', demo.admin);
    const documents = await openListingDocuments(page);
    const terms = documents.getByRole('listitem').filter({ hasText: TERMS });
    // The header's user menu shows the page is signed in before the note is read.
    await page.getByRole('banner').getByRole('button', { name: /^Account menu/ }).waitFor();
    expect(await terms.innerText()).toContain("For government buyers only: sign in with your agency's account to download it");
    expect(await terms.getByRole('button').count()).toBe(0);
  });
});
