/**
 * Journeys of the team's review of service listings (issue 30 stage 5) as staff@example.com, on the
 * demo data (server/seed/demo-listings.ts): Tūī Cyber's change to a live listing (its summary and
 * lowest price), seen field by field beside the published answers and approved (the history then
 * shows version 2); Tūī Cyber's new listing, sent back first with no reasons (the error) and then
 * with them. Kōwhai Digital's change stays waiting: the supplier's journey reads it. Axe and 320 px
 * on each screen and state. The listings are found by supplier and
 * by what they are (a live listing's change of those two answers; a new listing waiting), not by
 * id, since other journeys of the worker share the database.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TeamListing, TeamListingListResponse } from '../common/api/team-listings';
import { TeamListingQueuePage } from './pages/team-listings-page';
import { expectAccessibleOnDesktopAndPhone, expectNoAxeViolations, launchBrowser, newContext, watchPageErrors } from './support/browser';
import { demo, signInAt, storedAccessToken } from './support/session';

const TUI = 'Tūī Cyber';
const TUI_APPLICATION = 'MP-4LST-V4LD';
const REASON = 'Please list the accreditations your testers hold, and say what a retest costs.';

/** The team's own reading of the listings waiting for review, to name the journey's records by service. */
async function waitingListings(page: Page): Promise<{ headers: Record<string, string>; listings: TeamListingListResponse['listings'] }> {
  const headers = { Authorization: `Bearer ${await storedAccessToken(page)}` };
  const response = await page.request.get('/api/v1/admin/listings', { headers });
  expect(response.status(), await response.text()).toBe(200);
  return { headers, listings: ((await response.json()) as TeamListingListResponse).listings };
}

describe('the team console: service listings', () => {
  let browser: Browser;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await (await newContext(browser)).newPage();
    errors = watchPageErrors(page);
    await signInAt(page, '/admin/listings', demo.teamMember);
  });
  afterAll(() => browser.close());

  it("approves Tūī Cyber's change to its live listing, seen field by field, and the history shows version 2", async () => {
    // The demo's change: the live listing whose summary and lowest price changed.
    const { headers, listings } = await waitingListings(page);
    let change: TeamListing | undefined;
    for (const summary of listings.filter((listing) => listing.supplierTradingName === TUI && listing.isLive)) {
      const listing = (await (await page.request.get(`/api/v1/admin/listings/${String(summary.id)}`, { headers })).json()) as TeamListing;
      if (listing.changedFields.join() === 'about.summary,pricing.price_from') {
        change = listing;
      }
    }
    expect(change, "Tūī Cyber's change waiting for review").toBeDefined();
    const service = change?.service.title ?? '';

    const queue = await TeamListingQueuePage.open(page);
    expect(await queue.rowText(TUI, service)).toEqual({ service, kind: 'Change to a live listing', time: expect.stringMatching(/^(Less than a day|\d+ days?)$/) as string });
    await expectAccessibleOnDesktopAndPhone(page);

    const review = await queue.openReview(TUI, service);
    expect(await review.status()).toBe('Changes waiting for review');
    expect(await review.changes()).toEqual([
      { question: 'Summary', published: expect.stringContaining(`delivers ${service.toLowerCase()}`) as string, changed: expect.stringContaining('WCAG 2.2') as string },
      { question: 'Lowest price', published: '$1,500.00', changed: '$1,600.00' },
    ]);
    expect(await review.versions.getByRole('row', { name: /^Version 1/ }).innerText()).toContain('The first version');
    await expectAccessibleOnDesktopAndPhone(page);

    // Side by side on a desktop; one after the other on a phone.
    const cells = review.comparison.getByRole('row', { name: /^Lowest price/ }).getByRole('cell');
    const [published, changed] = [await cells.nth(0).boundingBox(), await cells.nth(1).boundingBox()];
    expect(changed?.x ?? 0).toBeGreaterThan((published?.x ?? 0) + (published?.width ?? 0) - 1);
    await page.setViewportSize({ width: 320, height: 640 });
    const [publishedOnPhone, changedOnPhone] = [await cells.nth(0).boundingBox(), await cells.nth(1).boundingBox()];
    expect(changedOnPhone?.y ?? 0).toBeGreaterThanOrEqual((publishedOnPhone?.y ?? 0) + (publishedOnPhone?.height ?? 0) - 1);
    await page.setViewportSize({ width: 1280, height: 900 });

    await page.getByRole('button', { name: 'Approve', exact: true }).click();
    const dialog = page.getByRole('alertdialog', { name: `Approve the listing of ${service}?` });
    await expect.poll(() => dialog.innerText()).toContain('The change goes live in the directory now');
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Approve and publish now' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => review.message.innerText()).toBe(`The change to ${service} is live: version 2 is published. ${TUI} was emailed.`);
    expect(await review.status()).toBe('Published');
    expect(await page.getByRole('button', { name: 'Approve', exact: true }).count()).toBe(0);
    const version2 = await review.versions.getByRole('row', { name: /^Version 2/ }).innerText();
    expect(version2).toContain('Summary, Lowest price');
    expect(version2).toContain(demo.teamMember.name);
    await expectAccessibleOnDesktopAndPhone(page);

    // No longer waiting.
    const after = await TeamListingQueuePage.open(page);
    expect(await after.row(TUI, service).count()).toBe(0);
    const publishedList = await TeamListingQueuePage.open(page, '?status=published');
    expect(await publishedList.row(TUI, service).count()).toBe(1);
    await expectAccessibleOnDesktopAndPhone(page);
  });

  it("sends Tūī Cyber's new listing back: first without reasons (the error), then with them", async () => {
    const { listings } = await waitingListings(page);
    const waiting = listings.find((listing) => listing.supplierTradingName === TUI && !listing.isLive);
    expect(waiting, "Tūī Cyber's new listing waiting for review").toBeDefined();
    const service = waiting?.service.title ?? '';

    const queue = await TeamListingQueuePage.open(page);
    expect((await queue.rowText(TUI, service)).kind).toBe('New listing');
    const review = await queue.openReview(TUI, service);
    expect(await review.status()).toBe('Waiting for review');
    expect(await page.getByRole('link', { name: TUI_APPLICATION }).getAttribute('href')).toMatch(/^\/admin\/applications\/\d+$/);
    expect(await review.comparison.count()).toBe(0);
    expect(await page.getByRole('region', { name: 'The listing' }).innerText()).toContain('What the price includes');
    await expectAccessibleOnDesktopAndPhone(page);

    await page.getByRole('button', { name: 'Send the listing back' }).click();
    const summary = page.getByRole('alert').filter({ hasText: 'There is a problem' });
    await summary.getByRole('link', { name: 'Say what the supplier needs to change' }).waitFor();
    await expect.poll(() => summary.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await review.reason.getAttribute('aria-invalid')).toBe('true');
    await expectAccessibleOnDesktopAndPhone(page);
    await summary.getByRole('link', { name: 'Say what the supplier needs to change' }).click();
    expect(await review.reason.evaluate((element) => element === document.activeElement)).toBe(true);

    // With the keyboard: the reasons typed, then the button pressed with Enter.
    await page.keyboard.type(REASON);
    await page.getByRole('button', { name: 'Send the listing back' }).focus();
    await page.keyboard.press('Enter');
    await expect
      .poll(() => review.message.innerText())
      .toBe(`${service} was sent back to ${TUI}. Your reasons were sent to them as a message on application ${TUI_APPLICATION}, and they were emailed.`);
    expect(await review.status()).toBe('Changes requested');
    expect(await page.locator('.facts-list').innerText()).toContain(REASON);
    expect(await page.getByRole('button', { name: 'Send the listing back' }).count()).toBe(0);
    await expectAccessibleOnDesktopAndPhone(page);

    const sentBack = await TeamListingQueuePage.open(page, '?status=changes_requested');
    expect((await sentBack.rowText(TUI, service)).kind).toBe('New listing');
    await expectAccessibleOnDesktopAndPhone(page);
    expect(errors).toEqual([]);
  });
});
