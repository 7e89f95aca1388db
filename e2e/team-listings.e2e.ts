/**
 * Journeys of the team's review of service listings (issue 30 stage 5) as staff@example.com, on the
 * demo data (server/seed/demo-listings.ts): Tūī Cyber's change to a live listing (its summary and
 * lowest price), seen field by field beside the published answers and approved (the history then
 * shows version 2); Tūī Cyber's new listing, sent back first with no reasons (the error) and then
 * with them. Kōwhai Digital's change stays waiting: the supplier's journey reads it. Tūī Cyber's
 * live listing, whose insurance certificate expired, suspended with reasons (first without them,
 * the error): buyers get the not-found page for it until the team reinstates it, which the journey
 * does, so the listing ends live as it began. Axe and 320 px on each screen and state. The
 * listings are found by supplier and by what they are (a live listing's change of those two
 * answers; a new listing waiting; a live listing with an expired document), not by id, since other
 * journeys of the worker share the database.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LISTING_SUSPEND_REASON_MISSING, type TeamListing, type TeamListingListResponse } from '../common/api/team-listings';
import { formatDate } from '../common/dates';
import { TeamListingQueuePage, TeamListingReviewPage } from './pages/team-listings-page';
import { expectAccessibleOnDesktopAndPhone, expectNoAxeViolations, launchBrowser, newContext, watchPageErrors } from './support/browser';
import { demo, signInAt, storedAccessToken } from './support/session';

const TUI = 'Tūī Cyber';
const TUI_APPLICATION = 'MP-4LST-V4LD';
const REASON = 'Please list the accreditations your testers hold, and say what a retest costs.';
const SUSPEND_REASON = 'Your insurance certificate has expired. Send a current one by changing your listing, and we will reinstate it once we have checked it.';

/** The team's own reading of the listings waiting for review, to name the journey's records by service. */
async function waitingListings(page: Page): Promise<{ headers: Record<string, string>; listings: TeamListingListResponse['listings'] }> {
  const headers = { Authorization: `Bearer ${await storedAccessToken(page)}` };
  const response = await page.request.get('/api/v1/admin/listings', { headers });
  expect(response.status(), await response.text()).toBe(200);
  return { headers, listings: ((await response.json()) as TeamListingListResponse).listings };
}

/** The team's reading of one listing. */
async function teamListing(page: Page, headers: Record<string, string>, id: number): Promise<TeamListing> {
  const response = await page.request.get(`/api/v1/admin/listings/${String(id)}`, { headers });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as TeamListing;
}

/** The live listings of a supplier, whether a change waits for review or not. */
async function liveListings(page: Page, headers: Record<string, string>, supplier: string): Promise<TeamListingListResponse['listings']> {
  const found: TeamListingListResponse['listings'] = [];
  for (const status of ['published', 'in_review']) {
    const response = await page.request.get(`/api/v1/admin/listings?status=${status}`, { headers });
    expect(response.status(), await response.text()).toBe(200);
    found.push(...((await response.json()) as TeamListingListResponse).listings.filter((listing) => listing.supplierTradingName === supplier && listing.isLive));
  }
  return found;
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

  it("suspends Tūī Cyber's live listing, whose insurance certificate expired, with reasons: buyers cannot read it until the team reinstates it", async () => {
    // The demo's live listing with an expired insurance certificate (server/seed/demo-listings.ts).
    const headers = { Authorization: `Bearer ${await storedAccessToken(page)}` };
    let listing: TeamListing | undefined;
    for (const summary of await liveListings(page, headers, TUI)) {
      const candidate = await teamListing(page, headers, summary.id);
      if (candidate.expiredDocuments.length > 0 && candidate.suspendedAt === null) {
        listing = candidate;
      }
    }
    expect(listing, "Tūī Cyber's live listing with an expired document").toBeDefined();
    const id = listing?.id ?? 0;
    const supplierId = listing?.supplierId ?? 0;
    const service = listing?.service.title ?? '';
    const expiresOn = listing?.expiredDocuments[0]?.expiresOn ?? '';

    // A buyer, not signed in, reads it from Tūī Cyber's profile.
    const buyer = await (await newContext(browser)).newPage();
    const profileLink = async () => {
      await buyer.goto(`/approved-suppliers/${String(supplierId)}`);
      return (await buyer.locator('.profile__offers').getByRole('link', { name: service, exact: true }).getAttribute('href')) ?? '';
    };
    const publicPath = await profileLink();
    expect(publicPath).toMatch(new RegExp(`^/approved-suppliers/${String(supplierId)}/services/[a-z0-9-]+$`));
    expect((await buyer.goto(publicPath))?.status()).toBe(200);
    expect(await buyer.getByRole('heading', { level: 1 }).innerText()).toBe(service);

    try {
      const review = await TeamListingReviewPage.open(page, id, service, TUI);
      const inDirectory = page.locator('.facts-list .answers__row').filter({ has: page.getByText('In the directory', { exact: true }) }).locator('dd');
      const warning = page.locator('.team-listing-review__warning');
      expect(await warning.innerText()).toContain('A document of the published listing has expired');
      // The certificate is named by its file, which the demo data stores.
      expect(await warning.innerText()).toContain(`Insurance certificate (tui-cyber-professional-indemnity-certificate.txt): expired on ${formatDate(expiresOn)}`);
      expect(await warning.innerText()).toContain('Until then you can suspend the listing, so buyers cannot read it.');
      expect(await inDirectory.innerText()).toBe('Live: buyers can read the published listing');
      await expectAccessibleOnDesktopAndPhone(page);

      // The reasons are asked for: first sent without them (the error), then with them.
      await page.getByRole('button', { name: 'Suspend listing' }).click();
      const reason = page.getByLabel('Why are you suspending this listing?');
      await expect.poll(() => reason.evaluate((element) => element === document.activeElement)).toBe(true);
      await expectAccessibleOnDesktopAndPhone(page);
      await page.getByRole('button', { name: 'Suspend listing' }).click();
      const summary = page.getByRole('alert').filter({ hasText: 'There is a problem' });
      await summary.getByRole('link', { name: LISTING_SUSPEND_REASON_MISSING }).waitFor();
      await expect.poll(() => summary.evaluate((element) => element === document.activeElement)).toBe(true);
      expect(await reason.getAttribute('aria-invalid')).toBe('true');
      await expectAccessibleOnDesktopAndPhone(page);
      await reason.fill(SUSPEND_REASON);
      await page.getByRole('button', { name: 'Suspend listing' }).click();
      await expect
        .poll(() => review.message.innerText())
        .toBe(
          `${service} from ${TUI} is suspended: buyers cannot read it until it is reinstated. Your reasons were sent to ${TUI} as a message, and they were emailed.`,
        );
      expect(await inDirectory.innerText()).toMatch(/^Suspended on \d{1,2} [A-Z][a-z]+ \d{4}: buyers cannot read the listing$/);
      expect(await warning.innerText()).toContain('The listing is suspended, so buyers cannot read it.');
      expect(await page.getByRole('button', { name: 'Suspend listing' }).count()).toBe(0);
      await expectAccessibleOnDesktopAndPhone(page);

      // Buyers get the not-found page, and the profile links the service's page instead.
      const gone = await buyer.goto(publicPath);
      expect(gone?.status()).toBe(404);
      expect(await buyer.getByRole('heading', { level: 1 }).innerText()).toBe('Page not found');
      expect(await profileLink()).not.toBe(publicPath);

      // Reinstated after a confirmation.
      await page.getByRole('button', { name: 'Reinstate listing' }).click();
      const dialog = page.getByRole('alertdialog', { name: `Reinstate the listing of ${service}?` });
      await expect.poll(() => dialog.innerText()).toContain('Buyers can read the published listing in the directory again at once.');
      expect(await dialog.innerText()).toContain('The published listing still has an expired document.');
      await expectNoAxeViolations(page);
      await dialog.getByRole('button', { name: 'Reinstate listing' }).click();
      await dialog.waitFor({ state: 'detached' });
      await expect.poll(() => review.message.innerText()).toBe(`${service} from ${TUI} is reinstated: buyers can read it again. ${TUI} was emailed.`);
      expect(await inDirectory.innerText()).toBe('Live: buyers can read the published listing');
      expect(await page.getByRole('button', { name: 'Suspend listing' }).count()).toBe(1);
      await expectAccessibleOnDesktopAndPhone(page);

      // Buyers read it again.
      expect((await buyer.goto(publicPath))?.status()).toBe(200);
      expect(await buyer.getByRole('heading', { level: 1 }).innerText()).toBe(service);
      expect(await profileLink()).toBe(publicPath);
      expect(errors).toEqual([]);
    } finally {
      // Other journeys of the worker share the database: the listing ends live whatever failed above.
      if ((await teamListing(page, headers, id)).suspendedAt !== null) {
        await page.request.post(`/api/v1/admin/listings/${String(id)}/reinstate`, { headers });
      }
      await buyer.context().close();
    }
  });
});
