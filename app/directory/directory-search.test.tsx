// @vitest-environment jsdom
import '../test/jsdom-polyfills';
import { StrictMode } from 'react';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DirectorySearchRequest } from '../../common/api/directory';
import { DirectorySearch } from './directory-search';
import { answerSearch, buildResult, testSettings } from './directory-test-data';
import { SupplierResultList } from './supplier-result-list';
import type { CurrentUserResponse } from '../../common/api/user';
import { queryKeys } from '../lib/query-client';
import { buildAgency, buildCurrentUser } from '../test/factories';

/** The fake server: records each search, answers from answerSearch, fails or holds answers when told. */
const server = {
  searches: [] as DirectorySearchRequest[],
  exports: [] as string[],
  failSearches: false,
  holdSearches: false,
  holdExports: false,
  held: [] as (() => void)[],
  release() {
    const held = server.held;
    server.held = [];
    held.forEach((release) => {
      release();
    });
  },
};

function respond(body: () => Response, hold: boolean): Promise<Response> {
  if (!hold) {
    return Promise.resolve(body());
  }
  return new Promise((resolve) => server.held.push(() => resolve(body())));
}

function fakeFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const url = input instanceof Request ? input.url : String(input);
  if (url === testSettings.formAction && init?.method === 'POST') {
    const request = JSON.parse(init.body as string) as DirectorySearchRequest;
    server.searches.push(request);
    if (server.failSearches) {
      return Promise.resolve(Response.json({ error: 'internal', message: 'Something went wrong' }, { status: 500 }));
    }
    return respond(() => Response.json(answerSearch(request)), server.holdSearches);
  }
  if (url.startsWith(testSettings.exportAction)) {
    server.exports.push(url);
    return respond(() => new Response('Name,Channel,Catalogue,Service\r\n', { headers: { 'Content-Type': 'text/csv' } }), server.holdExports);
  }
  return Promise.reject(new TypeError(`unexpected fetch of ${url}`));
}

const downloads: { href: string; download: string }[] = [];

beforeEach(() => {
  vi.useFakeTimers();
  Object.assign(server, { searches: [], exports: [], failSearches: false, holdSearches: false, holdExports: false, held: [] });
  downloads.length = 0;
  vi.stubGlobal('fetch', vi.fn(fakeFetch));
  URL.createObjectURL = vi.fn(() => 'blob:http://localhost/csv');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function record(this: HTMLAnchorElement) {
    downloads.push({ href: this.href, download: this.download });
  });
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.history.replaceState(null, '', '/');
});

/** Lets answers arrive and React render them: timers at 0 ms and the promise chains behind them. */
async function settle() {
  await act(async () => {
    for (let round = 0; round < 10; round += 1) {
      await vi.advanceTimersByTimeAsync(0);
    }
  });
}

async function wait(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
  await settle();
}

async function renderDirectory(address = '/approved-suppliers') {
  window.history.replaceState(null, '', address);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <StrictMode>
      <QueryClientProvider client={client}>
        <DirectorySearch settings={testSettings} />
      </QueryClientProvider>
    </StrictMode>,
  );
  await settle();
  return view;
}

const searchBox = () => screen.getByRole<HTMLInputElement>('combobox', { name: 'Search suppliers or services' });
const select = (name: string) => screen.getByRole<HTMLSelectElement>('combobox', { name });
const lastSearch = () => server.searches.at(-1);

/** Types into the search box, as a person would: it has focus. */
function type(text: string) {
  act(() => {
    searchBox().focus();
  });
  fireEvent.change(searchBox(), { target: { value: text } });
}

async function choose(name: string, optionLabel: string) {
  const element = select(name);
  const option = within(element).getByRole<HTMLOptionElement>('option', { name: optionLabel });
  fireEvent.change(element, { target: { value: option.value } });
  await settle();
}

function summaryTexts() {
  return [...document.querySelectorAll('.results-summary p')].map((paragraph) => paragraph.textContent);
}

describe('DirectorySearch', () => {
  it('searches once on load with the filters of the address', async () => {
    await renderDirectory('/approved-suppliers?keyword=cloud&channel=1&catalogue=11');
    expect(server.searches).toEqual([{ channel: 1, catalogue: 11, service: null, keyword: 'cloud', page: 1, pageSize: 20 }]);
    expect(searchBox().value).toBe('cloud');
    expect(select('Sales channel').value).toBe('1');
    expect(select('Catalogue').value).toBe('11');
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
    expect(screen.getByRole('heading', { level: 2, name: 'Search results' })).toBeTruthy();
  });

  it('searches the keyword 300 ms after typing stops, only when longer than 3 characters or emptied', async () => {
    await renderDirectory();
    expect(server.searches).toHaveLength(1);

    type('clo');
    await wait(1000);
    expect(server.searches).toHaveLength(1);

    type('clou');
    await wait(150);
    type('cloud');
    await wait(299);
    expect(server.searches).toHaveLength(1);
    await wait(1);
    expect(server.searches).toHaveLength(2);
    expect(lastSearch()?.keyword).toBe('cloud');

    expect(summaryTexts()[0]).toBe('Results are filtered by "cloud"');

    // Emptied: the search of the empty keyword, answered from the cache of the first one.
    type('');
    await wait(300);
    expect(summaryTexts()[0]).toBe('Choose categories above to personalise your results');
    expect(server.searches).toHaveLength(2);
  });

  it('searches a keyword of 2 or more characters at once on Search or Enter (IT, UX)', async () => {
    await renderDirectory();
    type('IT');
    await wait(1000);
    // Typing alone waits for more than 3 characters.
    expect(server.searches).toHaveLength(1);

    fireEvent.submit(searchBox().form as HTMLFormElement);
    await settle();
    expect(server.searches).toHaveLength(2);
    expect(lastSearch()?.keyword).toBe('IT');
    expect(summaryTexts()[0]).toBe('Results are filtered by "IT"');
    expect(window.location.search).toBe('?keyword=IT');
    // The debounce that follows finds nothing new to search.
    await wait(300);
    expect(server.searches).toHaveLength(2);

    type('UX');
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await settle();
    expect(lastSearch()?.keyword).toBe('UX');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('refuses 1 character on Search with an error and no results of the search before', async () => {
    document.title = 'Approved suppliers';
    await renderDirectory();
    type('cloud');
    await wait(300);
    expect(summaryTexts()[0]).toBe('Results are filtered by "cloud"');
    const searches = server.searches.length;

    type('c');
    const button = screen.getByRole('button', { name: 'Search' });
    act(() => {
      button.focus();
    });
    fireEvent.click(button);
    await settle();
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('Error: Enter 2 or more characters to search');
    expect(searchBox().getAttribute('aria-describedby')).toBe(alert.id);
    expect(searchBox().getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(searchBox());
    expect(document.title).toBe('Error: Approved suppliers');
    // Nothing of the 'cloud' search is left under the error.
    expect(summaryTexts()).toEqual([]);
    expect(screen.queryByRole('link', { name: /Supplier on page/ })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Download Selected Suppliers' })).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Results pages' })).toBeNull();
    await wait(1000);
    expect(server.searches).toHaveLength(searches);

    // The error stays while the text is corrected, and goes with the search.
    type('IT');
    expect(screen.getByRole('alert')).toBeTruthy();
    fireEvent.submit(searchBox().form as HTMLFormElement);
    await settle();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(document.title).toBe('Approved suppliers');
    expect(summaryTexts()[0]).toBe('Results are filtered by "IT"');
  });

  it('enables each dropdown once the one before has a choice, and clears those after it on a change', async () => {
    await renderDirectory();
    expect(select('Catalogue').disabled).toBe(true);
    expect(select('Service').disabled).toBe(true);

    await choose('Sales channel', 'Digital and ICT');
    expect(select('Catalogue').disabled).toBe(false);
    expect(select('Service').disabled).toBe(true);
    expect(within(select('Catalogue')).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'All catalogues',
      'Cloud Services',
      'Cyber Security',
    ]);
    expect(lastSearch()).toMatchObject({ channel: 1, catalogue: null, service: null });

    await choose('Catalogue', 'Cloud Services');
    expect(select('Service').disabled).toBe(false);
    expect(lastSearch()).toMatchObject({ channel: 1, catalogue: 11, service: null });

    await choose('Service', 'Cloud migration');
    expect(lastSearch()).toMatchObject({ channel: 1, catalogue: 11, service: 112 });

    await choose('Catalogue', 'Cyber Security');
    expect(select('Service').value).toBe('');
    expect(lastSearch()).toMatchObject({ channel: 1, catalogue: 12, service: null });

    await choose('Service', 'Penetration testing');
    await choose('Sales channel', 'Professional Services');
    expect(select('Catalogue').value).toBe('');
    expect(select('Service').value).toBe('');
    expect(select('Service').disabled).toBe(true);
    expect(lastSearch()).toMatchObject({ channel: 2, catalogue: null, service: null });
    expect(server.searches).toHaveLength(7);
  });

  it('shows the exact summary texts', async () => {
    await renderDirectory();
    expect(summaryTexts()).toEqual(['Choose categories above to personalise your results', '34 results below']);
    expect(document.querySelector('.results-summary__count')?.getAttribute('role')).toBe('status');

    await choose('Sales channel', 'Digital and ICT');
    await choose('Catalogue', 'Cloud Services');
    type('hosting');
    await wait(300);
    expect(summaryTexts()).toEqual(['Results are filtered by Digital and ICT, Cloud Services, "hosting"', '1 result below']);

    type('zzzz');
    await wait(300);
    expect(summaryTexts()).toEqual(['Results are filtered by Digital and ICT, Cloud Services, "zzzz"', 'No results found']);
    expect(screen.queryByRole('link', { name: 'Download Selected Suppliers' })).toBeNull();
  });

  it('offers to clear the search and filters under No results found, and then shows every supplier', async () => {
    await renderDirectory('/approved-suppliers?channel=1&catalogue=11');
    type('zzzz');
    await wait(300);
    expect(summaryTexts()).toEqual(['Results are filtered by Digital and ICT, Cloud Services, "zzzz"', 'No results found']);
    const clear = screen.getByRole('link', { name: 'Clear the search and filters' });
    expect(clear.getAttribute('href')).toBe('/approved-suppliers');

    fireEvent.click(clear);
    await settle();
    expect(lastSearch()).toMatchObject({ channel: null, catalogue: null, service: null, keyword: '', page: 1 });
    expect(summaryTexts()).toEqual(['Choose categories above to personalise your results', '34 results below']);
    expect(searchBox().value).toBe('');
    expect(select('Sales channel').value).toBe('');
    expect(window.location.search).toBe('');
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Search results' }));
    expect(screen.queryByRole('link', { name: 'Clear the search and filters' })).toBeNull();
  });

  /** The result list alone, in a query client that knows the signed-in user when there is one (the header fetched it). */
  function renderResults(results: Parameters<typeof SupplierResultList>[0]['results'], currentUser?: CurrentUserResponse) {
    const client = new QueryClient();
    if (currentUser) {
      client.setQueryData(queryKeys.currentUser, currentUser);
    }
    render(
      <QueryClientProvider client={client}>
        <SupplierResultList results={results} />
      </QueryClientProvider>,
    );
  }

  it('offers a signed-in buyer to save each supplier to a shortlist, and nobody else', () => {
    const result = buildResult({ id: 7, title: 'Coral Coast Cyber' });
    renderResults([result]);
    expect(screen.queryByRole('link', { name: /to a shortlist/ })).toBeNull();
    cleanup();
    renderResults([result], buildCurrentUser({ suppliers: [], agencies: [buildAgency({ agencyID: 3 })] }));
    expect(screen.getByRole('link', { name: /^Save\s*Coral Coast Cyber\s*to a shortlist$/ }).getAttribute('href')).toBe('/agency/shortlists/save/7');
    cleanup();
    renderResults([result], buildCurrentUser());
    expect(screen.queryByRole('link', { name: /to a shortlist/ })).toBeNull();
  });

  it('shows a supplier in several catalogues with its services under each catalogue', () => {
    const hosting = { id: 111, title: 'Cloud hosting' };
    const testing = { id: 121, title: 'Penetration testing' };
    const change = { id: 211, title: 'Change management' };
    renderResults([
          buildResult({
            title: 'Coral Coast Cyber',
            services: [hosting, testing, change],
            catalogues: [
              { id: 11, title: 'Cloud Services', channel: 'Digital and ICT', services: [{ ...hosting, listingSlug: null }] },
              { id: 12, title: 'Cyber Security', channel: 'Digital and ICT', services: [{ ...testing, listingSlug: null }] },
              { id: 21, title: 'Consulting', channel: 'Professional Services', services: [{ ...change, listingSlug: null }] },
            ],
          }),
        ]);
    const groups = [...document.querySelectorAll('.supplier-result__catalogue')].map((group) => ({
      catalogue: group.querySelector('dt')?.textContent,
      services: [...group.querySelectorAll('dd li')].map((item) => item.textContent),
    }));
    expect(groups).toEqual([
      { catalogue: 'Cloud Services (Digital and ICT)', services: ['Cloud hosting'] },
      { catalogue: 'Cyber Security (Digital and ICT)', services: ['Penetration testing'] },
      { catalogue: 'Consulting (Professional Services)', services: ['Change management'] },
    ]);
  });

  it('lists each result with its link, channel, catalogue and services', async () => {
    await renderDirectory();
    const link = screen.getByRole('link', { name: 'Supplier on page 1' });
    const result = link.closest('li') ?? document.body;
    expect(link.getAttribute('href')).toBe('/suppliers/rangitoto-cloud');
    expect(within(result).getByText('Cloud Services', { exact: false }).textContent).toBe('Cloud Services (Digital and ICT)');
    // A service links to the supplier's listing of it when buyers can read one; otherwise it is text.
    expect(within(result).getByRole('link', { name: 'Cloud hosting' }).getAttribute('href')).toBe('/approved-suppliers/1/services/cloud-hosting');
    expect(within(result).getByText('Cloud migration').tagName).toBe('LI');
    expect(within(result).queryByRole('link', { name: 'Cloud migration' })).toBeNull();
  });

  it('pages with Previous and Next, in the address too', async () => {
    await renderDirectory();
    const pages = screen.getByRole('navigation', { name: 'Results pages' });
    expect(within(pages).getByText('Page 1 of 2')).toBeTruthy();
    expect(within(pages).queryByRole('link', { name: 'Previous' })).toBeNull();
    const next = within(pages).getByRole('link', { name: 'Next' });
    expect(next.getAttribute('href')).toBe('/approved-suppliers?page=2');
    fireEvent.click(next);
    await settle();
    expect(lastSearch()?.page).toBe(2);
    expect(window.location.search).toBe('?page=2');
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Search results' }));
    expect(screen.getByText('Page 2 of 2')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Previous' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Next' })).toBeNull();
  });

  describe('suggestions', () => {
    async function openSuggestions() {
      await renderDirectory();
      type('cloud');
      await wait(300);
      return screen.getByRole('listbox', { name: 'Suggested services' });
    }

    it('show for a keyword whose answer has services, as the combobox list', async () => {
      const listbox = await openSuggestions();
      expect(searchBox().getAttribute('aria-expanded')).toBe('true');
      expect(searchBox().getAttribute('aria-controls')).toBe(listbox.id);
      expect(within(listbox).getAllByRole('option').map((option) => option.textContent)).toEqual([
        'Cloud migration, Cloud Services (Digital and ICT)',
        'Cloud hosting, Cloud Services (Digital and ICT)',
      ]);

      type('policy');
      await wait(300);
      expect(searchBox().getAttribute('aria-expanded')).toBe('false');
      expect(screen.queryByRole('listbox')).toBeNull();
    });

    it('move with the arrow keys; Enter picks one: it sets the filters, searches and closes', async () => {
      const listbox = await openSuggestions();
      const options = within(listbox).getAllByRole('option');
      expect(searchBox().getAttribute('aria-activedescendant')).toBeNull();
      fireEvent.keyDown(searchBox(), { key: 'ArrowDown' });
      expect(searchBox().getAttribute('aria-activedescendant')).toBe(options[0]?.id);
      expect(options[0]?.getAttribute('aria-selected')).toBe('true');
      fireEvent.keyDown(searchBox(), { key: 'ArrowDown' });
      fireEvent.keyDown(searchBox(), { key: 'ArrowDown' });
      fireEvent.keyDown(searchBox(), { key: 'ArrowUp' });
      expect(searchBox().getAttribute('aria-activedescendant')).toBe(options[1]?.id);
      fireEvent.keyDown(searchBox(), { key: 'ArrowUp' });
      expect(searchBox().getAttribute('aria-activedescendant')).toBe(options[0]?.id);

      const before = server.searches.length;
      fireEvent.keyDown(searchBox(), { key: 'Enter' });
      await settle();
      expect(searchBox().getAttribute('aria-expanded')).toBe('false');
      expect(select('Sales channel').value).toBe('1');
      expect(select('Catalogue').value).toBe('11');
      expect(select('Service').value).toBe('112');
      expect(server.searches).toHaveLength(before + 1);
      expect(lastSearch()).toMatchObject({ channel: 1, catalogue: 11, service: 112, keyword: 'cloud' });
      expect(window.location.search).toBe('?keyword=cloud&channel=1&catalogue=11&service=112');
      // The answer of the pick has services too, but the list stays closed.
      expect(screen.queryByRole('listbox')).toBeNull();
    });

    it('pick one with the pointer', async () => {
      const listbox = await openSuggestions();
      fireEvent.click(within(listbox).getByRole('option', { name: /Cloud hosting/ }));
      await settle();
      expect(select('Service').value).toBe('111');
      expect(screen.queryByRole('listbox')).toBeNull();
    });

    it('close on Escape, and ArrowDown opens them again', async () => {
      await openSuggestions();
      fireEvent.keyDown(searchBox(), { key: 'Escape' });
      expect(screen.queryByRole('listbox')).toBeNull();
      expect(searchBox().value).toBe('cloud');
      fireEvent.keyDown(searchBox(), { key: 'ArrowDown' });
      const listbox = screen.getByRole('listbox');
      expect(searchBox().getAttribute('aria-activedescendant')).toBe(within(listbox).getAllByRole('option')[0]?.id);
    });

    it('close on a click on the overlay, and when focus leaves the search box', async () => {
      const { container } = await renderDirectory();
      type('cloud');
      await wait(300);
      const overlay = container.querySelector('.service-suggestions__overlay');
      expect(overlay).not.toBeNull();
      fireEvent.click(overlay as Element);
      expect(screen.queryByRole('listbox')).toBeNull();
      expect(container.querySelector('.service-suggestions__overlay')).toBeNull();

      fireEvent.keyDown(searchBox(), { key: 'ArrowDown' });
      expect(screen.getByRole('listbox')).toBeTruthy();
      act(() => {
        select('Sales channel').focus();
      });
      expect(screen.queryByRole('listbox')).toBeNull();
    });

    it('wait for the search box to have focus when they arrive after it lost it', async () => {
      await renderDirectory();
      type('cloud');
      act(() => {
        select('Sales channel').focus();
      });
      await wait(300);
      expect(screen.queryByRole('listbox')).toBeNull();
      expect(searchBox().getAttribute('aria-expanded')).toBe('false');
      act(() => {
        searchBox().focus();
      });
      expect(screen.getByRole('listbox')).toBeTruthy();
    });
  });

  it('shows No results found, silently, when the search fails', async () => {
    await renderDirectory();
    type('cloud');
    await wait(300);
    expect(screen.getByRole('listbox')).toBeTruthy();
    server.failSearches = true;
    type('cloudy');
    await wait(300);
    expect(summaryTexts()).toEqual(['Results are filtered by "cloudy"', 'No results found']);
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('link', { name: /Supplier on page/ })).toBeNull();
  });

  it('starts no search while one runs, then one search with the latest filters', async () => {
    server.holdSearches = true;
    await renderDirectory();
    const results = screen.getByRole('region', { name: 'Search results' });
    expect(results.getAttribute('aria-busy')).toBe('true');
    expect(within(results).getByRole('status').textContent).toContain('Searching…');

    await choose('Sales channel', 'Digital and ICT');
    await choose('Catalogue', 'Cloud Services');
    type('cloud');
    await wait(300);
    expect(server.searches).toHaveLength(1);

    server.holdSearches = false;
    server.release();
    await settle();
    expect(server.searches).toHaveLength(2);
    expect(lastSearch()).toMatchObject({ channel: 1, catalogue: 11, keyword: 'cloud' });
    expect(results.getAttribute('aria-busy')).toBe('false');
    expect(screen.queryByText('Searching…')).toBeNull();
    expect(summaryTexts()[0]).toBe('Results are filtered by Digital and ICT, Cloud Services, "cloud"');
  });

  it('downloads the CSV of the shown filters under the spec file name, holding searches until it ends', async () => {
    await renderDirectory('/approved-suppliers?channel=1&catalogue=11');
    const link = screen.getByRole('link', { name: 'Download Selected Suppliers' });
    expect(link.getAttribute('href')).toBe('/api/v1/directory/export.csv?channel=1&catalogue=11');
    expect(link.getAttribute('download')).toBe('approved-suppliers-digital and ict-cloud services.csv');

    server.holdExports = true;
    fireEvent.click(link);
    await settle();
    expect(screen.getByText('Preparing the download…')).toBeTruthy();
    fireEvent.click(link);
    await choose('Service', 'Cloud hosting');
    expect(server.exports).toEqual(['/api/v1/directory/export.csv?channel=1&catalogue=11']);
    expect(server.searches).toHaveLength(1);

    server.release();
    await settle();
    expect(downloads).toEqual([{ href: 'blob:http://localhost/csv', download: 'approved-suppliers-digital and ict-cloud services.csv' }]);
    expect(server.searches).toHaveLength(2);
    expect(lastSearch()).toMatchObject({ service: 111 });
    expect(screen.getByRole('link', { name: 'Download Selected Suppliers' }).getAttribute('download')).toBe(
      'approved-suppliers-digital and ict-cloud services-cloud hosting.csv',
    );
  });

  it('says when the download failed', async () => {
    await renderDirectory();
    vi.mocked(fetch).mockImplementationOnce(() => Promise.resolve(new Response('', { status: 500 })));
    fireEvent.click(screen.getByRole('link', { name: 'Download Selected Suppliers' }));
    await settle();
    expect(screen.getByRole('alert').textContent).toBe('The list could not be downloaded. Try again in a moment.');
    expect(downloads).toEqual([]);
  });

  it('keeps the address in step: a new entry per choice, one per run of typing, and Back restores', async () => {
    await renderDirectory();
    const start = window.history.length;
    await choose('Sales channel', 'Digital and ICT');
    expect(window.location.search).toBe('?channel=1');
    expect(window.history.length).toBe(start + 1);

    type('cloud');
    await wait(300);
    type('clouds');
    await wait(300);
    expect(window.location.search).toBe('?keyword=clouds&channel=1');
    expect(window.history.length).toBe(start + 2);

    await act(async () => {
      window.history.back();
      await vi.advanceTimersByTimeAsync(50);
    });
    await settle();
    expect(window.location.search).toBe('?channel=1');
    expect(searchBox().value).toBe('');
    expect(select('Sales channel').value).toBe('1');
    expect(summaryTexts()[0]).toBe('Results are filtered by Digital and ICT');

    await act(async () => {
      window.history.back();
      await vi.advanceTimersByTimeAsync(50);
    });
    await settle();
    expect(window.location.search).toBe('');
    expect(select('Sales channel').value).toBe('');
    expect(select('Catalogue').disabled).toBe(true);
    expect(summaryTexts()).toEqual(['Choose categories above to personalise your results', '34 results below']);
    // Restoring writes no history of its own.
    expect(window.history.length).toBe(start + 2);
  });
});
