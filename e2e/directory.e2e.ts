/**
 * Journey: a visitor searches the approved-suppliers directory against the demo data, as spec §2,
 * §4, §5, §8 and §9 describe it, by pointer and by keyboard alone, downloads the list, and opens a
 * supplier's listing of a service from the results (issue 30).
 */
import { readFile } from 'node:fs/promises';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIRECTORY_PAGE_SIZE } from '../common/directory';
import { expectNoAxeViolations, launchBrowser, newContext, watchPageErrors } from './support/browser';
import { DirectoryPage, parseCsv, texts } from './pages/directory-page';

const DIGITAL = 'Digital and ICT';
const CLOUD = 'Cloud Services';
const PROFESSIONAL = 'Professional Services';
const APPROVED_SUPPLIERS = 34;

describe('the approved-suppliers directory', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  async function freshPage(width?: number): Promise<{ page: Page; errors: string[] }> {
    const page = await (await newContext(browser, { width })).newPage();
    return { page, errors: watchPageErrors(page) };
  }

  it('shows every approved supplier with no filters, a page at a time', async () => {
    const { page, errors } = await freshPage();
    const directory = await DirectoryPage.open(page);
    expect(await page.getByRole('heading', { level: 1 }).allInnerTexts()).toEqual(['Approved suppliers']);
    expect(await directory.filtersText()).toBe(texts.noFilters);
    expect(await directory.countText()).toBe(`${APPROVED_SUPPLIERS} results below`);
    expect(await directory.resultTitles()).toHaveLength(DIRECTORY_PAGE_SIZE);
    expect(await directory.catalogue.isDisabled()).toBe(true);
    expect(await directory.service.isDisabled()).toBe(true);
    await expectNoAxeViolations(page);

    const firstPage = await directory.resultTitles();
    expect(await directory.pagination.getByText('Page 1 of 2').count()).toBe(1);
    await directory.expectSearch(() => directory.pagination.getByRole('link', { name: 'Next' }).click());
    expect(directory.query().get('page')).toBe('2');
    const secondPage = await directory.resultTitles();
    expect(secondPage).toHaveLength(APPROVED_SUPPLIERS - DIRECTORY_PAGE_SIZE);
    expect(secondPage.filter((title) => firstPage.includes(title))).toEqual([]);
    expect(await directory.pagination.getByRole('link', { name: 'Previous' }).count()).toBe(1);
    expect(await directory.pagination.getByRole('link', { name: 'Next' }).count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('searches the keyword 300 ms after typing, only once it is longer than 3 characters', async () => {
    const { page, errors } = await freshPage();
    const directory = await DirectoryPage.open(page);
    const searched = directory.searches.length;

    await directory.typeKeyword('clo');
    await page.waitForTimeout(900);
    expect(directory.searches).toHaveLength(searched);
    expect(await directory.filtersText()).toBe(texts.noFilters);

    const typedAt = Date.now();
    await directory.expectSearch(() => directory.searchBox.press('u'));
    expect(Date.now() - typedAt).toBeGreaterThanOrEqual(300);
    expect(directory.searches).toHaveLength(searched + 1);
    expect(JSON.parse(directory.searches.at(-1) ?? '{}')).toMatchObject({ keyword: 'clou' });
    expect(await directory.filtersText()).toBe('Results are filtered by "clou"');
    expect(await directory.app.getByRole('alert').count()).toBe(0);

    // Emptying the box searches everything again.
    await directory.expectAnswer(() => directory.searchBox.fill(''), { filters: texts.noFilters, count: `${APPROVED_SUPPLIERS} results below` });
    expect(errors).toEqual([]);
  });

  it("searches a 2-character keyword such as IT on Enter, and shows each card's services under their catalogues", async () => {
    const { page, errors } = await freshPage();
    const directory = await DirectoryPage.open(page);
    const searched = directory.searches.length;

    // Typing waits for more than 3 characters; Enter searches from 2.
    await directory.typeKeyword('IT');
    await page.waitForTimeout(700);
    expect(directory.searches).toHaveLength(searched);
    await directory.expectSearch(() => directory.searchBox.press('Enter'));
    expect(JSON.parse(directory.searches.at(-1) ?? '{}')).toMatchObject({ keyword: 'IT' });
    expect(await directory.filtersText()).toBe('Results are filtered by "IT"');
    expect(await directory.total()).toBeGreaterThan(0);
    expect(await directory.keywordError.count()).toBe(0);
    expect(directory.query().get('keyword')).toBe('IT');
    // The suppliers of the IT service desk, which is suggested too.
    expect(await directory.resultTitles()).toEqual(expect.arrayContaining(['Coral Coast Cyber', 'Mataī Systems']));
    await directory.searchBox.press('Escape');

    // Coral Coast Cyber lists services in three catalogues: each under its own heading, in site order.
    const groups = await directory.catalogueGroups(directory.resultCard('Coral Coast Cyber'));
    expect(groups.map((group) => group.catalogue)).toEqual([
      `${CLOUD} (${DIGITAL})`,
      `Cyber Security (${DIGITAL})`,
      `ICT Infrastructure and Support (${DIGITAL})`,
    ]);
    expect(groups[2]?.services).toContain('IT service desk and desktop support');
    expect(groups[1]?.services).toContain('Security operations centre (SOC)');
    for (const group of groups) {
      expect(group.services.length).toBeGreaterThan(0);
    }
    await expectNoAxeViolations(page);

    // A shared address with the 2-character keyword opens the same search.
    const { page: other } = await freshPage();
    const opened = await DirectoryPage.open(other, '?keyword=IT');
    expect(await opened.filtersText()).toBe('Results are filtered by "IT"');
    expect(await opened.total()).toBe(await directory.total());
    expect(errors).toEqual([]);
  });

  it("finds suppliers by their live listings' text, and opens a listing from the service on a result's card", async () => {
    const { page, errors } = await freshPage();
    const directory = await DirectoryPage.open(page);
    // The demo's live listings say 'handover' in their summaries; no supplier's name, services or summary does,
    // so Kōwhai Digital, which has two, is found by its listings' text.
    await directory.typeKeyword('handover');
    await directory.expectAnswer(() => directory.searchBox.press('Enter'), { filters: 'Results are filtered by "handover"' });
    expect(await directory.filtersText()).toBe('Results are filtered by "handover"');
    expect(await directory.resultTitles()).toContain('Kōwhai Digital');

    // A service with a listing buyers can read links to it; the card's other services are text.
    const card = directory.resultCard('Kōwhai Digital');
    const listingLinks = card.locator('.supplier-result__services a');
    expect(await listingLinks.count()).toBeGreaterThan(0);
    expect(await listingLinks.count()).toBeLessThan(await card.locator('.supplier-result__services li').count());
    // Axe reads the results as they stand, not dimmed by a search still under way.
    await directory.waitForAnswer();
    await expectNoAxeViolations(page);
    const service = (await listingLinks.first().innerText()).trim();
    await listingLinks.first().click();
    await page.waitForURL((url) => /^\/approved-suppliers\/\d+\/services\/[a-z0-9-]+$/.test(url.pathname));
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe(service);
    await page.getByRole('main').getByText('Offered by Kōwhai Digital, an approved supplier.').waitFor();

    // Back returns to the same search.
    await page.goBack();
    await directory.waitForAnswer();
    expect(await directory.filtersText()).toBe('Results are filtered by "handover"');
    expect(await directory.resultTitles()).toContain('Kōwhai Digital');
    expect(errors).toEqual([]);
  });

  it('refuses 1 character on Search with an error, leaving no results of the search before', async () => {
    const { page, errors } = await freshPage();
    const directory = await DirectoryPage.open(page);
    await directory.choose(directory.channel, DIGITAL);
    expect(await directory.resultTitles()).not.toEqual([]);
    const searched = directory.searches.length;
    const title = await page.title();

    await directory.typeKeyword('x');
    await directory.searchButton.click();
    await directory.keywordError.waitFor();
    expect((await directory.keywordError.textContent())?.trim()).toBe(texts.tooShort);
    expect(await directory.searchBox.getAttribute('aria-invalid')).toBe('true');
    expect(await directory.searchBox.getAttribute('aria-describedby')).toBe(await directory.keywordError.getAttribute('id'));
    // Focus goes back to the box, to correct it.
    expect(await directory.isFocused(directory.searchBox)).toBe(true);
    expect(await page.title()).toBe(`Error: ${title}`);
    // Nothing of the channel's results is left under the error.
    expect(await directory.resultTitles()).toEqual([]);
    expect(await directory.app.locator('.results-summary').count()).toBe(0);
    expect(await directory.downloadLink.count()).toBe(0);
    expect(await directory.pagination.count()).toBe(0);
    await page.waitForTimeout(500);
    expect(directory.searches).toHaveLength(searched);
    await expectNoAxeViolations(page);

    // Corrected to 2 characters, Enter searches and the error goes.
    await directory.typeKeyword('UX');
    await directory.expectSearch(() => directory.searchBox.press('Enter'));
    expect(await directory.keywordError.count()).toBe(0);
    expect(await page.title()).toBe(title);
    expect(await directory.filtersText()).toBe(`Results are filtered by ${DIGITAL}, "UX"`);
    expect(await directory.total()).toBeGreaterThan(0);
    expect(errors).toEqual([]);
  });

  it('offers to clear the search and filters under No results found, from the keyboard too', async () => {
    const { page, errors } = await freshPage();
    const directory = await DirectoryPage.open(page);
    await directory.choose(directory.channel, DIGITAL);
    await directory.choose(directory.catalogue, CLOUD);
    await directory.expectSearch(() => directory.typeKeyword('xqzvwkplm'));
    expect(await directory.countText()).toBe(texts.noResults);
    expect(await directory.clearFiltersLink.count()).toBe(1);
    await expectNoAxeViolations(page);

    await directory.clearFiltersLink.focus();
    await directory.expectAnswer(() => page.keyboard.press('Enter'), { filters: texts.noFilters, count: `${APPROVED_SUPPLIERS} results below` });
    expect(await directory.resultTitles()).toHaveLength(DIRECTORY_PAGE_SIZE);
    expect(await directory.searchBox.inputValue()).toBe('');
    expect(await directory.chosenLabel(directory.channel)).toBe('All sales channels');
    expect(await directory.catalogue.isDisabled()).toBe(true);
    expect(new URL(page.url()).search).toBe('');
    expect(await directory.clearFiltersLink.count()).toBe(0);
    // Reading goes on at the top of the results.
    expect(await directory.isFocused(directory.resultsHeading)).toBe(true);

    // Back returns to the search that found nothing.
    await directory.expectAnswer(() => page.goBack(), { count: texts.noResults });
    expect(await directory.searchBox.inputValue()).toBe('xqzvwkplm');
    expect(errors).toEqual([]);
  });

  it('fits a 320 px screen without sideways scrolling: grouped cards, the error and No results found', async () => {
    const { page, errors } = await freshPage(320);
    const directory = await DirectoryPage.open(page);
    await directory.typeKeyword('IT');
    await directory.expectSearch(() => directory.searchButton.click());
    await directory.searchBox.press('Escape');
    expect((await directory.catalogueGroups(directory.resultCard('Coral Coast Cyber'))).length).toBe(3);
    expect(await directory.hasSidewaysScroll()).toBe(false);
    await expectNoAxeViolations(page);

    await directory.typeKeyword('x');
    await directory.searchButton.click();
    await directory.keywordError.waitFor();
    expect(await directory.hasSidewaysScroll()).toBe(false);

    await directory.typeKeyword('xqzvwkplm');
    await directory.expectSearch(() => directory.searchBox.press('Enter'));
    await directory.clearFiltersLink.waitFor();
    expect(await directory.hasSidewaysScroll()).toBe(false);
    await expectNoAxeViolations(page);
    expect(errors).toEqual([]);
  });

  it('enables the dropdowns in turn, filters by them and clears the later ones on a change', async () => {
    const { page, errors } = await freshPage();
    const directory = await DirectoryPage.open(page);

    await directory.choose(directory.channel, DIGITAL);
    expect(await directory.catalogue.isDisabled()).toBe(false);
    expect(await directory.service.isDisabled()).toBe(true);
    expect(await directory.optionLabels(directory.catalogue)).toEqual([
      'All catalogues',
      'Cloud Services',
      'Cyber Security',
      'Digital Delivery',
      'ICT Infrastructure and Support',
    ]);
    expect(await directory.filtersText()).toBe(`Results are filtered by ${DIGITAL}`);
    const channelTotal = await directory.total();
    expect(channelTotal).toBeGreaterThan(0);
    expect(channelTotal).toBeLessThan(APPROVED_SUPPLIERS);
    const channels = await directory.results.locator('.supplier-result__channel').allInnerTexts();
    expect(channels.length).toBeGreaterThan(0);
    for (const channel of channels) {
      expect(channel).toBe(`(${DIGITAL})`);
    }

    await directory.choose(directory.catalogue, CLOUD);
    expect(await directory.service.isDisabled()).toBe(false);
    expect(await directory.filtersText()).toBe(`Results are filtered by ${DIGITAL}, ${CLOUD}`);
    expect(await directory.total()).toBeLessThanOrEqual(channelTotal);

    await directory.choose(directory.service, 'Cloud migration');
    expect(await directory.filtersText()).toBe(`Results are filtered by ${DIGITAL}, ${CLOUD}, Cloud migration`);
    for (const services of await directory.results.locator('.supplier-result__services').allInnerTexts()) {
      expect(services).toContain('Cloud migration');
    }

    await directory.choose(directory.channel, PROFESSIONAL);
    expect(await directory.chosenLabel(directory.catalogue)).toBe('All catalogues');
    expect(await directory.chosenLabel(directory.service)).toBe('Choose a catalogue first');
    expect(await directory.service.isDisabled()).toBe(true);
    expect(await directory.filtersText()).toBe(`Results are filtered by ${PROFESSIONAL}`);
    expect(directory.query().get('catalogue')).toBeNull();
    expect(directory.query().get('service')).toBeNull();
    await expectNoAxeViolations(page);
    expect(errors).toEqual([]);
  });

  it('suggests services for the keyword; Escape or the overlay closes them; picking one sets the dropdowns', async () => {
    const { page, errors } = await freshPage();
    const directory = await DirectoryPage.open(page);

    await directory.expectSearch(() => directory.typeKeyword('cloud'));
    await directory.suggestions.waitFor();
    expect(await directory.searchBox.getAttribute('aria-expanded')).toBe('true');
    const titles = await directory.suggestionTitles();
    expect(titles.length).toBeGreaterThan(0);
    expect(titles.some((title) => title.toLowerCase().includes('cloud'))).toBe(true);
    await expectNoAxeViolations(page);

    await directory.searchBox.press('Escape');
    await directory.expectSuggestionsClosed();
    expect(await directory.searchBox.inputValue()).toBe('cloud');

    await directory.searchBox.press('ArrowDown');
    await directory.suggestions.waitFor();
    await page.mouse.click(5, 880);
    await directory.expectSuggestionsClosed();

    await directory.searchBox.press('ArrowDown');
    const option = directory.suggestions.getByRole('option').first();
    expect(await option.getAttribute('aria-selected')).toBe('true');
    expect(await directory.searchBox.getAttribute('aria-activedescendant')).toBe(await option.getAttribute('id'));
    const picked = {
      service: (await option.locator('.service-suggestions__title').innerText()).trim(),
      context: (await option.locator('.service-suggestions__context').innerText()).trim(),
    };
    await directory.expectSearch(() => directory.searchBox.press('Enter'));
    await directory.expectSuggestionsClosed();
    const chosen = {
      channel: await directory.chosenLabel(directory.channel),
      catalogue: await directory.chosenLabel(directory.catalogue),
      service: await directory.chosenLabel(directory.service),
    };
    expect(chosen.service).toBe(picked.service);
    expect(picked.context).toBe(`${chosen.catalogue} (${chosen.channel})`);
    expect(await directory.filtersText()).toBe(`Results are filtered by ${chosen.channel}, ${chosen.catalogue}, ${chosen.service}, "cloud"`);
    expect(directory.query().get('channel')).not.toBeNull();
    expect(directory.query().get('catalogue')).not.toBeNull();
    expect(directory.query().get('service')).not.toBeNull();

    // Picking by pointer works the same way.
    await directory.expectSearch(() => directory.typeKeyword('security'));
    await directory.suggestions.waitFor();
    const second = directory.suggestions.getByRole('option').first();
    const secondTitle = (await second.locator('.service-suggestions__title').innerText()).trim();
    await directory.expectSearch(() => second.click());
    await directory.expectSuggestionsClosed();
    expect(await directory.chosenLabel(directory.service)).toBe(secondTitle);
    expect(errors).toEqual([]);
  });

  it('shows No results found for a keyword nothing matches', async () => {
    const { page, errors } = await freshPage();
    const directory = await DirectoryPage.open(page);
    await directory.expectSearch(() => directory.typeKeyword('xqzvwkplm'));
    expect(await directory.countText()).toBe(texts.noResults);
    expect(await directory.filtersText()).toBe('Results are filtered by "xqzvwkplm"');
    expect(await directory.resultTitles()).toEqual([]);
    expect(await directory.downloadLink.count()).toBe(0);
    expect(await directory.suggestions.isVisible()).toBe(false);
    await expectNoAxeViolations(page);
    expect(errors).toEqual([]);
  });

  it('downloads the shown suppliers as a CSV named after the filters', async () => {
    const { page, errors } = await freshPage();
    const directory = await DirectoryPage.open(page);
    await directory.choose(directory.channel, DIGITAL);
    await directory.choose(directory.catalogue, CLOUD);
    const total = await directory.total();
    expect(total).toBeGreaterThan(0);
    expect(total).toBeLessThanOrEqual(DIRECTORY_PAGE_SIZE);
    const shown = await directory.resultTitles();

    const [download] = await Promise.all([page.waitForEvent('download'), directory.downloadLink.click()]);
    expect(download.suggestedFilename()).toBe('approved-suppliers-digital and ict-cloud services.csv');
    // The server names the file the same way when the link is opened directly.
    const direct = await page.request.get((await directory.downloadLink.getAttribute('href')) ?? '');
    expect(direct.headers()['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent(download.suggestedFilename())}`);
    const rows = parseCsv(await readFile(await download.path(), 'utf8'));
    expect(rows[0]).toEqual(['Name', 'Channel', 'Catalogue', 'Service']);
    const body = rows.slice(1);
    expect(body).toHaveLength(total);
    expect(body.map((row) => row[0]).sort()).toEqual([...shown].sort());
    for (const row of body) {
      expect(row[1]).toBe(DIGITAL);
      expect(row[2]).toBe(CLOUD);
      expect(row[3]).not.toBe('');
    }

    // With a service chosen, the Service column is that service (spec §3).
    await directory.choose(directory.service, 'Cloud migration');
    const [serviceDownload] = await Promise.all([page.waitForEvent('download'), directory.downloadLink.click()]);
    expect(serviceDownload.suggestedFilename()).toBe('approved-suppliers-digital and ict-cloud services-cloud migration.csv');
    const serviceRows = parseCsv(await readFile(await serviceDownload.path(), 'utf8')).slice(1);
    expect(serviceRows).toHaveLength(await directory.total());
    expect(serviceRows.map((row) => row[3])).toEqual(serviceRows.map(() => 'Cloud migration'));

    // No filters: every approved supplier, in approved-suppliers.csv.
    await directory.choose(directory.channel, 'All sales channels');
    const [allDownload] = await Promise.all([page.waitForEvent('download'), directory.downloadLink.click()]);
    expect(allDownload.suggestedFilename()).toBe('approved-suppliers.csv');
    expect(parseCsv(await readFile(await allDownload.path(), 'utf8')).slice(1)).toHaveLength(APPROVED_SUPPLIERS);
    expect(errors).toEqual([]);
  });

  it('waits for a running search before the next one, with the latest filters, and shows a failed search as no results', async () => {
    const { page } = await freshPage();
    const directory = await DirectoryPage.open(page);
    let isFailing = false;
    // The first search is held until the test lets it go, so a slow machine cannot finish it early.
    let releaseSearch = () => {};
    const searchReleased = new Promise<void>((resolve) => {
      releaseSearch = resolve;
    });
    await page.route('**/api/v1/directory/search', async (route) => {
      if (isFailing) {
        await route.fulfill({ status: 500, json: { error: 'internal', message: 'An unexpected error occurred.' } });
        return;
      }
      await searchReleased;
      await route.continue();
    });
    const searched = directory.searches.length;

    await directory.channel.selectOption({ label: DIGITAL });
    await directory.results.locator('[role="status"]', { hasText: 'Searching…' }).waitFor();
    expect(await directory.results.getAttribute('aria-busy')).toBe('true');
    await directory.catalogue.selectOption({ label: CLOUD });
    await directory.typeKeyword('cloud');
    await page.waitForTimeout(500);
    // Still one search running; the catalogue and keyword wait for it.
    expect(directory.searches).toHaveLength(searched + 1);

    await directory.expectAnswer(async () => releaseSearch(), { filters: `Results are filtered by ${DIGITAL}, ${CLOUD}, "cloud"` });
    expect(directory.searches).toHaveLength(searched + 2);
    expect(JSON.parse(directory.searches.at(-1) ?? '{}')).toMatchObject({ keyword: 'cloud' });

    isFailing = true;
    await directory.expectAnswer(() => directory.typeKeyword('hosting'), { filters: '"hosting"', count: texts.noResults });
    expect(await directory.resultTitles()).toEqual([]);
    expect(await directory.suggestions.isVisible()).toBe(false);
    expect(await directory.app.getByRole('alert').count()).toBe(0);
  });

  it('keeps the filters in the address, so Back restores the previous search and the address can be shared', async () => {
    const { page, errors } = await freshPage();
    const directory = await DirectoryPage.open(page);

    await directory.choose(directory.channel, DIGITAL);
    const channelId = directory.query().get('channel');
    expect(channelId).toMatch(/^\d+$/);
    await directory.expectSearch(() => directory.typeKeyword('cloud'));
    await directory.searchBox.press('Escape');
    expect(directory.query().get('keyword')).toBe('cloud');
    await directory.choose(directory.catalogue, CLOUD);
    const shared = new URL(page.url()).search;
    expect(directory.query().get('catalogue')).toMatch(/^\d+$/);

    await directory.expectAnswer(() => page.goBack(), { filters: `Results are filtered by ${DIGITAL}, "cloud"` });
    expect(await directory.chosenLabel(directory.catalogue)).toBe('All catalogues');
    expect(await directory.searchBox.inputValue()).toBe('cloud');

    await directory.expectAnswer(() => page.goBack(), { filters: `Results are filtered by ${DIGITAL}` });
    expect(await directory.searchBox.inputValue()).toBe('');
    expect(await directory.chosenLabel(directory.channel)).toBe(DIGITAL);

    await directory.expectAnswer(() => page.goBack(), { filters: texts.noFilters, count: `${APPROVED_SUPPLIERS} results below` });
    expect(await directory.catalogue.isDisabled()).toBe(true);

    await directory.expectAnswer(() => page.goForward(), { filters: `Results are filtered by ${DIGITAL}` });

    // A shared address opens the same search.
    const { page: other } = await freshPage();
    const opened = await DirectoryPage.open(other, shared);
    expect(await opened.filtersText()).toBe(`Results are filtered by ${DIGITAL}, ${CLOUD}, "cloud"`);
    expect(await opened.chosenLabel(opened.channel)).toBe(DIGITAL);
    expect(await opened.chosenLabel(opened.catalogue)).toBe(CLOUD);
    expect(await opened.searchBox.inputValue()).toBe('cloud');
    expect(errors).toEqual([]);
  });

  it('works from the keyboard alone: dropdowns, download, search box, suggestions and pages', async () => {
    const { page, errors } = await freshPage();
    const directory = await DirectoryPage.open(page);
    const isFocused = (locator: Locator) => locator.evaluate((element) => element === document.activeElement);

    // From the top of the page, Tab reaches the search box, then the Search button and the channel.
    for (let presses = 0; presses < 30 && !(await isFocused(directory.searchBox)); presses += 1) {
      await page.keyboard.press('Tab');
    }
    expect(await isFocused(directory.searchBox)).toBe(true);
    await page.keyboard.press('Tab');
    expect(await isFocused(directory.searchButton)).toBe(true);
    await page.keyboard.press('Tab');
    expect(await isFocused(directory.channel)).toBe(true);

    // The arrow keys change each dropdown; the next one is then enabled and next in the tab order.
    await directory.whenFiltersChange(() => page.keyboard.press('ArrowDown'));
    expect(await directory.chosenLabel(directory.channel)).toBe(DIGITAL);
    await page.keyboard.press('Tab');
    expect(await isFocused(directory.catalogue)).toBe(true);
    await directory.whenFiltersChange(() => page.keyboard.press('ArrowDown'));
    expect(await directory.chosenLabel(directory.catalogue)).toBe(CLOUD);
    await page.keyboard.press('Tab');
    expect(await isFocused(directory.service)).toBe(true);
    // Down the services until one has suppliers.
    do {
      await directory.whenFiltersChange(() => page.keyboard.press('ArrowDown'));
    } while ((await directory.total()) === 0);
    const service = await directory.chosenLabel(directory.service);

    // On to the download link; Enter downloads.
    await page.keyboard.press('Tab');
    expect(await isFocused(directory.downloadLink)).toBe(true);
    const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
    expect(download.suggestedFilename()).toBe(`approved-suppliers-digital and ict-cloud services-${service.toLowerCase()}.csv`);

    // Back to the search box: type, move down the suggestions and pick the second with Enter.
    for (let presses = 0; presses < 5; presses += 1) {
      await page.keyboard.press('Shift+Tab');
    }
    expect(await isFocused(directory.searchBox)).toBe(true);
    await directory.expectSearch(() => page.keyboard.type('security'));
    await directory.suggestions.waitFor();
    const options = directory.suggestions.getByRole('option');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    const active = (await options.count()) > 1 ? options.nth(1) : options.first();
    expect(await active.getAttribute('aria-selected')).toBe('true');
    expect(await directory.searchBox.getAttribute('aria-activedescendant')).toBe(await active.getAttribute('id'));
    const picked = (await active.locator('.service-suggestions__title').innerText()).trim();
    await directory.whenFiltersChange(() => page.keyboard.press('Enter'));
    await directory.expectSuggestionsClosed();
    expect(await directory.chosenLabel(directory.service)).toBe(picked);
    expect(await isFocused(directory.searchBox)).toBe(true);

    // Empty the box and clear the channel (Home), then Tab on to the next page of everything.
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await isFocused(directory.channel)).toBe(true);
    // The emptied keyword searches once its debounce ends, after the channel's search.
    await directory.expectAnswer(() => page.keyboard.press('Home'), { filters: texts.noFilters, count: `${APPROVED_SUPPLIERS} results below` });
    const next = directory.pagination.getByRole('link', { name: 'Next' });
    for (let presses = 0; presses < 40 && !(await isFocused(next)); presses += 1) {
      await page.keyboard.press('Tab');
    }
    await directory.expectSearch(() => page.keyboard.press('Enter'));
    expect(directory.query().get('page')).toBe('2');
    // Focus moves to the top of the new page of results.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Search results');
    expect(errors).toEqual([]);
  });

  it('stacks the dropdowns on a small screen and sets them in a row from 768 px', async () => {
    for (const [width, isRow] of [
      [375, false],
      [1024, true],
    ] as const) {
      const { page } = await freshPage(width);
      const directory = await DirectoryPage.open(page);
      const tops = await Promise.all(
        [directory.channel, directory.catalogue, directory.service].map(async (select) => (await select.boundingBox())?.y ?? -1),
      );
      if (isRow) {
        expect(new Set(tops).size).toBe(1);
      } else {
        expect(tops[0]).toBeLessThan(tops[1] ?? 0);
        expect(tops[1]).toBeLessThan(tops[2] ?? 0);
      }
      await expectNoAxeViolations(page);
    }
  });
});
