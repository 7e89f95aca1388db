/**
 * Journeys through the public pages: sales channel → catalogue → service → supplier profile, the
 * find-suppliers form (options loaded in cascade after 300 ms, submitted to the directory), the
 * directory shell, and axe on every public page.
 */
import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CASCADE_SELECT_DELAY_MS } from '../common/constants';
import { CascadeForm } from './pages/cascade-form';
import { CataloguePage } from './pages/catalogue-page';
import { SupplierProfilePage } from './pages/supplier-profile-page';
import { expectAccessibleOnDesktopAndPhone, expectNoAxeViolations, launchBrowser, newContext, watchPageErrors } from './support/browser';

const PUBLIC_PAGES = [
  '/',
  '/sales-channels',
  '/sales-channels/digital-and-ict',
  '/catalogues/cloud-services',
  '/services/penetration-testing',
  '/approved-suppliers',
  '/help/faq',
  '/about',
  '/insights',
  '/sales-channels/no-such-channel',
];

/**
 * Opens `path` with the page's clock paused: timers fire only when the test runs the clock
 * (`page.clock.runFor`). An installed clock alone still flows with real time until paused.
 */
async function openWithPausedClock(page: Page, path: string): Promise<void> {
  await page.clock.install();
  await page.goto(path);
  // A moment ahead of the page's own time: no timer of the page (a script's load limit) is run out.
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000));
}

/** Resolves with the first request whose URL matches, and when it was made. */
function nextRequest(page: Page, matches: (url: URL) => boolean): Promise<{ request: Request; at: number }> {
  return new Promise((resolve) => {
    const listener = (request: Request) => {
      if (matches(new URL(request.url()))) {
        page.off('request', listener);
        resolve({ request, at: Date.now() });
      }
    };
    page.on('request', listener);
  });
}

describe('public catalogue pages', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  async function freshPage(width?: number): Promise<{ page: Page; errors: string[] }> {
    const page = await (await newContext(browser, width === undefined ? {} : { width })).newPage();
    return { page, errors: watchPageErrors(page) };
  }

  it.each(PUBLIC_PAGES)('%s has one h1 and no axe violations', async (path) => {
    const { page, errors } = await freshPage();
    const response = await page.goto(path);
    expect(response?.status()).toBe(path.includes('no-such') ? 404 : 200);
    const h1 = page.getByRole('main').getByRole('heading', { level: 1 });
    await h1.first().waitFor();
    expect(await h1.count()).toBe(1);
    await expectNoAxeViolations(page);
    expect(errors.filter((error) => !error.includes('404'))).toEqual([]);
  });

  it('goes from the home page to a sales channel, a catalogue, a service and a supplier profile', async () => {
    const { page, errors } = await freshPage();
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sales channels' }).click();
    const index = await CataloguePage.verifyOnPage(page, 'Sales channels');
    expect(await index.listedTitles()).toEqual(expect.arrayContaining(['Digital and ICT', 'Professional Services']));

    await index.contentLink('Digital and ICT').click();
    const channel = await CataloguePage.verifyOnPage(page, 'Digital and ICT');
    expect(new URL(page.url()).pathname).toBe('/sales-channels/digital-and-ict');
    expect(await channel.breadcrumbTrail()).toEqual(['Home', 'Sales channels', 'Digital and ICT']);
    expect(await channel.listedTitles()).toContain('Cloud Services');

    await channel.contentLink('Cloud Services').click();
    const catalogue = await CataloguePage.verifyOnPage(page, 'Cloud Services');
    expect(await catalogue.breadcrumbTrail()).toEqual(['Home', 'Sales channels', 'Digital and ICT', 'Cloud Services']);
    expect(await catalogue.sideNav.locator('[aria-current="page"]').innerText()).toBe('Cloud Services');

    // The first service that an approved supplier lists.
    const items = page.locator('.item-list__item');
    const count = await items.count();
    let serviceTitle = '';
    for (let index = 0; index < count && serviceTitle === ''; index += 1) {
      const meta = await items.nth(index).locator('.item-list__meta').innerText();
      if (!meta.startsWith('0 ')) {
        serviceTitle = (await items.nth(index).locator('h3').innerText()).trim();
      }
    }
    expect(serviceTitle).not.toBe('');
    await catalogue.contentLink(serviceTitle).click();
    const service = await CataloguePage.verifyOnPage(page, serviceTitle);
    expect(await service.breadcrumbTrail()).toEqual(['Home', 'Sales channels', 'Digital and ICT', 'Cloud Services', serviceTitle]);

    const supplierName = (await page.locator('.item-list__item h3 a').first().innerText()).trim();
    await page.locator('.item-list__item h3 a').first().click();
    const profile = await SupplierProfilePage.verifyOnPage(page, supplierName);
    expect(await profile.offers.getByRole('link', { name: serviceTitle, exact: true }).count()).toBe(1);
    expect(await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('listitem').allInnerTexts()).toEqual([
      'Home',
      'Approved suppliers',
      supplierName,
    ]);
    await expectNoAxeViolations(page);

    // Back up the trail through the profile's own link to the service's catalogue.
    await profile.offers.getByRole('link', { name: 'Cloud Services', exact: true }).click();
    await CataloguePage.verifyOnPage(page, 'Cloud Services');
    expect(errors).toEqual([]);
  });

  it("shows a profile's contact details as working links", async () => {
    const { page } = await freshPage();
    await page.goto('/services/penetration-testing');
    const link = page.locator('.item-list__item h3 a').first();
    const name = (await link.innerText()).trim();
    await link.click();
    const profile = await SupplierProfilePage.verifyOnPage(page, name);
    expect(await profile.contact.getByRole('link').first().getAttribute('href')).toMatch(/^mailto:.+@.+/);
    expect(await profile.contact.locator('a[href^="tel:+"]').count()).toBe(1);
    const website = profile.contact.locator('a[target="_blank"]');
    expect(await website.getAttribute('rel')).toContain('noopener');
    expect(await website.getAttribute('href')).toMatch(/^https:\/\//);
    expect(await website.innerText()).toContain('(opens in a new tab)');
    expect(await profile.business.innerText()).toMatch(/NZBN|ABN/);
  });

  it("opens a supplier's listing of a service from its profile: what it offers, its price and when it was last updated, on a desktop and a phone", async () => {
    const { page, errors } = await freshPage();
    // Kōwhai Digital's demo listings: the first of its services by title has one buyers can read.
    await page.goto('/approved-suppliers/1');
    await SupplierProfilePage.verifyOnPage(page, 'Kōwhai Digital');
    const listingLinks = page.locator('.profile__offers a[href*="/services/"]');
    await listingLinks.first().waitFor();
    const service = (await listingLinks.first().innerText()).trim();
    await listingLinks.first().click();
    await page.waitForURL((url) => /^\/approved-suppliers\/1\/services\/[a-z0-9-]+$/.test(url.pathname));
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe(service);
    const main = page.getByRole('main');
    await main.getByText('Offered by Kōwhai Digital, an approved supplier.').waitFor();
    for (const heading of ['Features', 'Benefits', 'Service levels', 'Pricing', 'How it is delivered']) {
      await main.getByRole('heading', { level: 2, name: heading }).waitFor();
    }
    expect(await main.innerText()).toMatch(/\$1,450\.00 to \$1,850\.00 per person per day, excluding GST/);
    expect(await main.innerText()).toMatch(/Last updated \d{1,2} [A-Z][a-z]+ \d{4}\./);
    // Its rate card downloads; its terms are for government buyers only, named without a link.
    const documents = main.getByRole('region', { name: 'Documents' });
    const [download] = await Promise.all([page.waitForEvent('download'), documents.getByRole('link', { name: /^Pricing document: / }).click()]);
    expect(download.suggestedFilename()).toBe('kowhai-digital-rate-card-2026.csv');
    expect(Buffer.concat(await (await download.createReadStream()).toArray()).toString('utf8')).toContain('Lead consultant,1850');
    expect(await documents.getByRole('link').count()).toBe(1);
    expect(await documents.innerText()).toContain('Terms and conditions: kowhai-digital-terms-of-engagement.txt');
    expect(await documents.innerText()).toContain("For government buyers only: sign in with your agency's account to download it, or ask the marketplace team for a copy.");
    await expectAccessibleOnDesktopAndPhone(page);
    // Back to the profile by the breadcrumbs.
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Kōwhai Digital' }).click();
    await SupplierProfilePage.verifyOnPage(page, 'Kōwhai Digital');
    expect(errors).toEqual([]);
  });

  it('answers an unknown supplier or one that is not approved with the not-found page', async () => {
    const { page } = await freshPage();
    for (const path of ['/approved-suppliers/999999', '/approved-suppliers/not-a-number', '/services/no-such-service', '/approved-suppliers/1/services/no-such-service']) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Page not found');
    }
  });

  it('loads catalogue then service options 300 ms after each choice, relative to the page, and submits to the directory', async () => {
    const { page, errors } = await freshPage();
    // The page's clock moves only when the test says: a busy machine cannot run the 300 ms wait out
    // before the waiting state is checked.
    await openWithPausedClock(page, '/sales-channels/digital-and-ict');
    const form = new CascadeForm(page);
    // The page's own channel is chosen and its catalogues listed without a request.
    expect(await form.channel.inputValue()).not.toBe('');
    expect(await form.optionTexts(form.catalogue)).toEqual(expect.arrayContaining(['All catalogues', 'Cloud Services', 'Cyber Security']));
    expect(await form.optionTexts(form.catalogue)).not.toContain('Management Consulting');
    expect(await form.service.isDisabled()).toBe(true);

    let catalogueRequests = 0;
    page.on('request', (sent) => {
      catalogueRequests += new URL(sent.url()).pathname === '/sales-channels/catalogues' ? 1 : 0;
    });
    const catalogueRequest = nextRequest(page, (url) => url.pathname === '/sales-channels/catalogues');
    await form.channel.selectOption({ label: 'Professional Services' });
    expect(await form.catalogue.isDisabled()).toBe(true);
    expect(await form.catalogue.getAttribute('aria-busy')).toBe('true');
    expect(await form.optionTexts(form.catalogue)).toEqual(['All catalogues']);
    expect(await page.locator('.cascade-form__message').first().innerText()).toBe('Loading catalogues…');
    // Nothing is asked before the 300 ms have passed; then the options are.
    await page.clock.runFor(CASCADE_SELECT_DELAY_MS - 1);
    expect(catalogueRequests).toBe(0);
    await page.clock.runFor(1);
    const { request } = await catalogueRequest;
    expect(new URL(request.url()).searchParams.get('channel')).toMatch(/^\d+$/);
    await form.waitUntilLoaded(form.catalogue);
    expect(await form.optionTexts(form.catalogue)).toEqual(expect.arrayContaining(['Management Consulting', 'Policy and Research']));
    expect(await form.service.isDisabled()).toBe(true);

    const serviceRequest = nextRequest(page, (url) => url.pathname === '/sales-channels/services');
    await form.catalogue.selectOption({ label: 'Management Consulting' });
    expect(await form.service.getAttribute('aria-busy')).toBe('true');
    await page.clock.runFor(CASCADE_SELECT_DELAY_MS);
    await serviceRequest;
    await form.waitUntilLoaded(form.service);
    expect(await form.optionTexts(form.service)).toContain('Business case development');
    await form.service.selectOption({ label: 'Business case development' });
    // The waits are checked: time flows again for the directory the form submits to.
    await page.clock.resume();
    await expectNoAxeViolations(page);

    await form.submit.click();
    await page.waitForURL((url) => url.pathname === '/approved-suppliers');
    const query = new URL(page.url()).searchParams;
    expect([...query.keys()]).toEqual(['channel', 'catalogue', 'service']);
    for (const value of query.values()) {
      expect(value).toMatch(/^\d+$/);
    }
    await page.getByRole('heading', { level: 1, name: 'Approved suppliers' }).waitFor();
    expect(errors).toEqual([]);
  });

  it('cancels a pending load when the channel changes again within 300 ms', async () => {
    const { page } = await freshPage();
    // The page's clock moves only when the test says, so a busy machine cannot stretch the gap
    // between the two choices past the 300 ms wait.
    await openWithPausedClock(page, '/catalogues/cloud-services');
    const form = new CascadeForm(page);
    const requested: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/catalogues/catalogues') {
        requested.push(url.search);
      }
    });
    await form.channel.selectOption({ label: 'Professional Services' });
    await page.clock.runFor(200);
    await form.channel.selectOption({ label: 'Construction and Facilities' });
    await page.clock.runFor(300);
    await form.waitUntilLoaded(form.catalogue);
    expect(requested).toHaveLength(1);
    expect(await form.optionTexts(form.catalogue)).toContain('Facilities Management');
  });

  it('asks the root for options on the sales-channels index, and leaves "All" choices out of the directory URL', async () => {
    const { page } = await freshPage();
    await page.goto('/sales-channels');
    const form = new CascadeForm(page);
    expect(await form.catalogue.isDisabled()).toBe(true);
    const request = nextRequest(page, (url) => url.pathname === '/catalogues');
    await form.channel.selectOption({ label: 'Digital and ICT' });
    await request;
    await form.waitUntilLoaded(form.catalogue);
    await form.submit.click();
    await page.waitForURL((url) => url.pathname === '/approved-suppliers');
    expect([...new URL(page.url()).searchParams.keys()]).toEqual(['channel']);
  });

  it('works from the keyboard alone: the form can be reached, filled and submitted', async () => {
    const { page } = await freshPage();
    await page.goto('/services/penetration-testing');
    const form = new CascadeForm(page);
    await form.channel.focus();
    expect(await form.service.inputValue()).not.toBe('');
    await page.keyboard.press('Tab');
    expect(await form.catalogue.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await form.submit.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/approved-suppliers');
    expect([...new URL(page.url()).searchParams.keys()]).toEqual(['channel', 'catalogue', 'service']);
  });

  it('renders the directory shell: the suppliers app element and its settings', async () => {
    const { page } = await freshPage();
    await page.goto('/');
    await page.getByRole('link', { name: 'Find approved suppliers' }).click();
    await page.getByRole('heading', { level: 1, name: 'Approved suppliers' }).waitFor();
    expect(await page.locator('#app__suppliers').count()).toBe(1);
    const settings = JSON.parse((await page.locator('#app__suppliers-settings').textContent()) ?? 'null') as {
      channels: unknown[];
      formAction: string;
      exportAction: string;
    };
    expect(settings.formAction).toBe('/api/v1/directory/search');
    expect(settings.exportAction).toBe('/api/v1/directory/export.csv');
    expect(settings.channels.length).toBeGreaterThan(0);
    expect(await page.getByRole('contentinfo').getByRole('link', { name: 'Approved suppliers' }).getAttribute('href')).toBe('/approved-suppliers');
  });

  it("follows the footer's links to the privacy statement, then the side navigation to the cookies page", async () => {
    const { page, errors } = await freshPage();
    await page.goto('/approved-suppliers');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy', exact: true }).click();
    await page.getByRole('main').getByRole('heading', { level: 1, name: 'Privacy statement' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/privacy');
    expect(await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('listitem').allInnerTexts()).toEqual(['Home', 'Privacy statement']);

    const sideNav = page.getByRole('navigation', { name: 'Using this site' });
    expect(await sideNav.getByRole('link', { name: 'Privacy', exact: true }).getAttribute('aria-current')).toBe('page');
    await sideNav.getByRole('link', { name: 'Cookies', exact: true }).click();
    await page.getByRole('main').getByRole('heading', { level: 1, name: 'Cookies' }).waitFor();
    expect(await page.getByRole('main').getByText('public-form-session', { exact: true }).count()).toBe(1);
    expect(errors).toEqual([]);
  });

  it("opens the open data policy from the footer, then the feed it links to: the demo's confirmed engagements as OCDS releases", async () => {
    const { page, errors } = await freshPage();
    await page.goto('/approved-suppliers');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Open data', exact: true }).click();
    await page.getByRole('main').getByRole('heading', { level: 1, name: 'Open data publication policy' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/open-data');
    await expectAccessibleOnDesktopAndPhone(page);
    // The demo's records are published by a job sent at start: the feed has them once it ran.
    const feedLink = page.getByRole('main').getByRole('link', { name: 'The feed of every release', exact: true });
    const feedUrl = new URL(String(await feedLink.getAttribute('href')), page.url()).href;
    const hasEngagements = async () => {
      // The catalogues and approvals come first: a page of them all reaches the engagements.
      const answer = await page.request.get(`${feedUrl}?limit=1000`);
      expect(answer.status()).toBe(200);
      return ((await answer.json()) as { releases: { tag: string[] }[] }).releases.some((release) => release.tag.includes('contract'));
    };
    // Once a second: the feed is limited per address (OPEN_DATA_RATE_LIMIT a minute).
    await expect.poll(hasEngagements, { timeout: 30_000, interval: 1_000 }).toBe(true);
    // What the link opens (read as a program would: a browser showing the JSON asks for a favicon the site has as a data address only).
    const feed = (await (await page.request.get(feedUrl)).json()) as { version: string; releases: { ocid: string }[]; links?: { next: string } };
    expect(feed.version).toBe('1.1');
    expect(feed.releases.every((release) => release.ocid.startsWith('ocds-'))).toBe(true);
    expect(feed.links?.next).toContain('/api/v1/open-data/releases?after=');
    expect(errors).toEqual([]);
  });

  it('opens the API reference from the footer, then an area’s operations, and one operation from the keyboard', async () => {
    const { page, errors } = await freshPage();
    await page.goto('/about');
    await page.getByRole('contentinfo').getByRole('link', { name: 'API reference', exact: true }).click();
    await page.getByRole('main').getByRole('heading', { level: 1, name: 'API reference' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/developers/api');

    // Drawn on the server: how to use the API, then a page per area.
    const main = page.getByRole('main');
    await main.getByRole('heading', { level: 2, name: 'How to use the API' }).waitFor();
    await main.getByRole('heading', { level: 3, name: 'Signing in' }).waitFor();
    await expectAccessibleOnDesktopAndPhone(page);
    await main.getByRole('link', { name: 'Public operations' }).click();
    await main.getByRole('heading', { level: 1, name: 'Public operations' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/developers/api/public');

    // From the keyboard: the operation opens with Enter and says what it takes and does.
    const operation = main.locator('details.api-operation').filter({ has: page.locator('summary', { hasText: /POST\s*\/api\/v1\/directory\/search/ }) });
    await operation.locator('summary').focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => operation.evaluate((element) => (element as HTMLDetailsElement).open)).toBe(true);
    await operation.getByText('Listed suppliers (approved, with a published listing)', { exact: false }).waitFor();
    await operation.getByText('results[].title', { exact: true }).waitFor();
    await expectAccessibleOnDesktopAndPhone(page);

    // The largest area with every operation open: its longest addresses and field names fit a phone.
    await page.goto('/developers/api/team');
    await main.getByRole('heading', { level: 1, name: 'Team operations' }).waitFor();
    const operations = main.locator('details.api-operation');
    expect(await operations.count()).toBeGreaterThan(50);
    await operations.evaluateAll((elements) => {
      for (const element of elements) {
        (element as HTMLDetailsElement).open = true;
      }
    });
    await expectAccessibleOnDesktopAndPhone(page);
    expect(errors).toEqual([]);
  });
});
