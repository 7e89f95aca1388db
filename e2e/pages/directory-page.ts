/** The approved-suppliers directory (spec §2 "Approved-suppliers directory"): the suppliers app on /approved-suppliers. */
import type { Locator, Page, Request } from 'playwright-core';
import { expect } from 'vitest';

export const DIRECTORY_PATH = '/approved-suppliers';
const SEARCH_PATH = '/api/v1/directory/search';

export const texts = {
  noFilters: 'Choose categories above to personalise your results',
  noResults: 'No results found',
  download: 'Download Selected Suppliers',
  tooShort: 'Error: Enter 2 or more characters to search',
  clearFilters: 'Clear the search and filters',
};

/** A result card's services as it groups them: each catalogue heading ('Catalogue (Channel)') with its services. */
export interface CatalogueGroup {
  catalogue: string;
  services: string[];
}

function isSearch(request: Request): boolean {
  return request.method() === 'POST' && new URL(request.url()).pathname === SEARCH_PATH;
}

/** A CSV file's rows as arrays of cells (RFC 4180 quoting; a leading byte-order mark is dropped). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let isQuoted = false;
  const source = text.replace(/^\uFEFF/, '');
  for (let index = 0; index < source.length; index += 1) {
    const character = source.charAt(index);
    if (isQuoted) {
      if (character === '"' && source.charAt(index + 1) === '"') {
        cell += '"';
        index += 1;
      } else if (character === '"') {
        isQuoted = false;
      } else {
        cell += character;
      }
    } else if (character === '"') {
      isQuoted = true;
    } else if (character === ',') {
      row.push(cell);
      cell = '';
    } else if (character === '\n' || character === '\r') {
      if (character === '\r' && source.charAt(index + 1) === '\n') {
        index += 1;
      }
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else {
      cell += character;
    }
  }
  if (cell !== '' || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

export class DirectoryPage {
  readonly app: Locator;
  readonly searchBox: Locator;
  readonly searchButton: Locator;
  readonly channel: Locator;
  readonly catalogue: Locator;
  readonly service: Locator;
  readonly results: Locator;
  readonly suggestions: Locator;
  readonly downloadLink: Locator;
  readonly pagination: Locator;
  readonly keywordError: Locator;
  readonly clearFiltersLink: Locator;
  readonly resultsHeading: Locator;
  /** Searches the page has sent since it opened. */
  readonly searches: string[] = [];

  constructor(readonly page: Page) {
    this.app = page.locator('#app__suppliers');
    this.searchBox = this.app.getByRole('combobox', { name: 'Search suppliers or services' });
    this.searchButton = this.app.getByRole('button', { name: 'Search', exact: true });
    this.channel = this.app.getByLabel('Sales channel');
    this.catalogue = this.app.getByLabel('Catalogue');
    this.service = this.app.getByLabel('Service', { exact: true });
    this.results = this.app.getByRole('region', { name: 'Search results' });
    this.suggestions = this.app.getByRole('listbox', { name: 'Suggested services' });
    this.downloadLink = this.app.getByRole('link', { name: texts.download });
    this.pagination = this.app.getByRole('navigation', { name: 'Results pages' });
    this.keywordError = this.app.getByRole('alert').filter({ hasText: 'characters to search' });
    this.clearFiltersLink = this.app.getByRole('link', { name: texts.clearFilters });
    this.resultsHeading = this.results.getByRole('heading', { name: 'Search results' });
    page.on('request', (request) => {
      if (isSearch(request)) {
        this.searches.push(request.postData() ?? '');
      }
    });
  }

  /** Opens the directory (with `query`, e.g. '?channel=1') and waits for its first answer. */
  static async open(page: Page, query = ''): Promise<DirectoryPage> {
    const directory = new DirectoryPage(page);
    await page.goto(`${DIRECTORY_PATH}${query}`);
    await directory.waitForAnswer();
    return directory;
  }

  /** Waits until no search runs and a result count (or 'No results found') shows. */
  async waitForAnswer(): Promise<void> {
    await this.app.locator('.directory-results[aria-busy="false"] .results-summary__count').waitFor();
  }

  /** Runs `action` and waits for the search it sends and its answer on screen. */
  async expectSearch(action: () => Promise<unknown>): Promise<void> {
    const answered = this.page.waitForResponse((response) => isSearch(response.request()));
    await action();
    await answered;
    await this.waitForAnswer();
  }

  /** Runs `action` and waits for the answer it shows (searched, or from the page's cache). */
  async expectAnswer(action: () => Promise<unknown>, expected: { filters?: string; count?: string | RegExp }): Promise<void> {
    await action();
    await this.waitForAnswer();
    if (expected.filters !== undefined) {
      await this.app.locator('.results-summary__filters', { hasText: expected.filters }).waitFor();
    }
    if (expected.count !== undefined) {
      await this.app.locator('.results-summary__count', { hasText: expected.count }).waitFor();
    }
  }

  async filtersText(): Promise<string> {
    return (await this.app.locator('.results-summary__filters').innerText()).trim();
  }

  async countText(): Promise<string> {
    return (await this.app.locator('.results-summary__count').innerText()).trim();
  }

  /** n of '{n} results below' ('1 result below'), or 0 for 'No results found'. */
  async total(): Promise<number> {
    const text = await this.countText();
    if (text === texts.noResults) {
      return 0;
    }
    const match = /^(\d+) results? below$/.exec(text);
    if (!match?.[1]) {
      throw new Error(`unexpected result count text: ${text}`);
    }
    return Number(match[1]);
  }

  /** The supplier names of the page of results shown. */
  async resultTitles(): Promise<string[]> {
    const titles = await this.results.locator('.supplier-result__title').allInnerTexts();
    return titles.map((title) => title.trim());
  }

  /** The card of the supplier named `title` in the results shown. */
  resultCard(title: string): Locator {
    return this.results.locator('.supplier-result').filter({ has: this.page.getByRole('heading', { name: title, exact: true }) });
  }

  /** A card's catalogues, each with its services, in the order shown. */
  async catalogueGroups(card: Locator): Promise<CatalogueGroup[]> {
    return card.locator('.supplier-result__catalogue').evaluateAll((groups) =>
      groups.map((group) => ({
        catalogue: (group.querySelector('dt')?.textContent ?? '').trim(),
        services: [...group.querySelectorAll('dd li')].map((item) => item.textContent.trim()),
      })),
    );
  }

  /** The page scrolls sideways (content wider than the viewport). */
  hasSidewaysScroll(): Promise<boolean> {
    return this.page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
  }

  async isFocused(locator: Locator): Promise<boolean> {
    return locator.evaluate((element) => element === document.activeElement);
  }

  async chosenLabel(select: Locator): Promise<string> {
    return (await select.locator('option:checked').innerText()).trim();
  }

  /**
   * Chooses an option and waits for the answer of the new filters. Every choice changes the filters
   * text, so it waits for that (a choice seen a moment ago is answered from the app's cache, unsent).
   */
  async choose(select: Locator, label: string): Promise<void> {
    await this.whenFiltersChange(() => select.selectOption({ label }));
  }

  /** Runs `action` (which changes the filters) and waits until the answer for the new filters shows. */
  async whenFiltersChange(action: () => Promise<unknown>): Promise<void> {
    const before = await this.filtersText();
    await action();
    await this.page.waitForFunction(
      (previous) => {
        const text = document.querySelector('#app__suppliers .results-summary__filters')?.textContent.trim();
        return text !== previous && document.querySelector('#app__suppliers .directory-results[aria-busy="false"]') !== null;
      },
      before,
    );
    await this.waitForAnswer();
  }

  async optionLabels(select: Locator): Promise<string[]> {
    return (await select.locator('option').allInnerTexts()).map((label) => label.trim());
  }

  /** Types the keyword as a person would, key by key. */
  async typeKeyword(text: string): Promise<void> {
    await this.searchBox.fill('');
    await this.searchBox.pressSequentially(text);
  }

  async suggestionTitles(): Promise<string[]> {
    const titles = await this.suggestions.locator('.service-suggestions__title').allInnerTexts();
    return titles.map((title) => title.trim());
  }

  query(): URLSearchParams {
    return new URL(this.page.url()).searchParams;
  }

  async expectSuggestionsClosed(): Promise<void> {
    await this.suggestions.waitFor({ state: 'hidden' });
    expect(await this.searchBox.getAttribute('aria-expanded')).toBe('false');
  }
}
