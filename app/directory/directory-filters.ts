/**
 * The directory's filters (spec §3 "Search payload"): how they read from and write to the page's
 * address, how they become a search request and an export address, and the titles they stand for.
 */
import type { DirectorySearchRequest, DirectoryTree } from '../../common/api/directory';
import { directoryCsvFileName, isSearchableKeyword, DIRECTORY_KEYWORD_MAX_LENGTH, DIRECTORY_PAGE_SIZE } from '../../common/directory';

export interface DirectoryFilters {
  channel: number | null;
  catalogue: number | null;
  service: number | null;
  /** The keyword searched for: trimmed, and empty or of 2 or more characters (common/directory.ts). */
  keyword: string;
  page: number;
}

export const NO_FILTERS: DirectoryFilters = { channel: null, catalogue: null, service: null, keyword: '', page: 1 };

/** Highest page the search accepts (common/api/directory.ts). */
const MAX_PAGE = 10_000;

export type DirectoryChannel = DirectoryTree[number];
export type DirectoryCatalogue = DirectoryChannel['catalogues'][number];

export function findChannel(tree: DirectoryTree, channelId: number | null): DirectoryChannel | undefined {
  return channelId === null ? undefined : tree.find((channel) => channel.id === channelId);
}

export function findCatalogue(channel: DirectoryChannel | undefined, catalogueId: number | null): DirectoryCatalogue | undefined {
  return catalogueId === null ? undefined : channel?.catalogues.find((catalogue) => catalogue.id === catalogueId);
}

/** Normalises what the user typed into the keyword the search uses. */
export function toSearchKeyword(text: string): string {
  return text.trim().slice(0, DIRECTORY_KEYWORD_MAX_LENGTH);
}

function readId(params: URLSearchParams, name: string): number | null {
  const value = params.get(name);
  return value !== null && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : null;
}

/**
 * Reads the filters from a query string (`?keyword=…&channel=…&catalogue=…&service=…&page=…`).
 * Anything the page's tree does not hold is dropped, as is a catalogue outside its channel or a
 * service outside its catalogue, so a stale or edited address still opens a coherent search.
 */
export function readFiltersFromQuery(search: string, tree: DirectoryTree): DirectoryFilters {
  const params = new URLSearchParams(search);
  const channel = findChannel(tree, readId(params, 'channel'));
  const catalogue = findCatalogue(channel, readId(params, 'catalogue'));
  const serviceId = readId(params, 'service');
  const service = serviceId === null ? undefined : catalogue?.services.find((candidate) => candidate.id === serviceId);
  const keyword = toSearchKeyword(params.get('keyword') ?? '');
  const page = readId(params, 'page') ?? 1;
  return {
    channel: channel?.id ?? null,
    catalogue: catalogue?.id ?? null,
    service: service?.id ?? null,
    keyword: isSearchableKeyword(keyword) ? keyword : '',
    page: Math.min(page, MAX_PAGE),
  };
}

/** The query string of the filters (empty ones and page 1 left out), with its `?`, or '' for none. */
export function filtersToQuery(filters: DirectoryFilters): string {
  const params = new URLSearchParams();
  if (filters.keyword !== '') {
    params.set('keyword', filters.keyword);
  }
  for (const name of ['channel', 'catalogue', 'service'] as const) {
    const id = filters[name];
    if (id !== null) {
      params.set(name, String(id));
    }
  }
  if (filters.page > 1) {
    params.set('page', String(filters.page));
  }
  const query = params.toString();
  return query === '' ? '' : `?${query}`;
}

export function toSearchRequest(filters: DirectoryFilters): DirectorySearchRequest {
  return {
    channel: filters.channel,
    catalogue: filters.catalogue,
    service: filters.service,
    keyword: filters.keyword,
    page: filters.page,
    pageSize: DIRECTORY_PAGE_SIZE,
  };
}

export function areFiltersEqual(a: DirectoryFilters, b: DirectoryFilters): boolean {
  return a.channel === b.channel && a.catalogue === b.catalogue && a.service === b.service && a.keyword === b.keyword && a.page === b.page;
}

/** The titles of the chosen channel, catalogue and service, from the page's tree. */
export interface FilterTitles {
  channel: string | null;
  catalogue: string | null;
  service: string | null;
  keyword: string;
}

export function resolveFilterTitles(filters: DirectoryFilters, tree: DirectoryTree): FilterTitles {
  const channel = findChannel(tree, filters.channel);
  const catalogue = findCatalogue(channel, filters.catalogue);
  const service = filters.service === null ? undefined : catalogue?.services.find((candidate) => candidate.id === filters.service);
  return { channel: channel?.title ?? null, catalogue: catalogue?.title ?? null, service: service?.title ?? null, keyword: filters.keyword };
}

function chosenCategoryTitles(titles: FilterTitles): string[] {
  return [titles.channel, titles.catalogue, titles.service].filter((title): title is string => title !== null);
}

/**
 * The filters as 'Results are filtered by {filters}' shows them: channel, catalogue and service
 * titles, then the keyword in double quotes, joined by ', '; '' when nothing is chosen.
 */
export function describeFilters(titles: FilterTitles): string {
  const parts = chosenCategoryTitles(titles);
  if (titles.keyword !== '') {
    parts.push(`"${titles.keyword}"`);
  }
  return parts.join(', ');
}

/**
 * Spec §9 file name from the chosen channel, catalogue and service titles, in that order (the
 * keyword narrows the rows but does not name the file, as the export's Content-Disposition names
 * it): e.g. approved-suppliers-digital and ict-cloud services.csv.
 */
export function exportFileName(titles: FilterTitles): string {
  return directoryCsvFileName(chosenCategoryTitles(titles));
}

/** The CSV export address: `exportAction` with the chosen filters as query parameters (no page: all results). */
export function buildExportUrl(exportAction: string, filters: DirectoryFilters): string {
  const url = new URL(exportAction, window.location.href);
  for (const name of ['channel', 'catalogue', 'service'] as const) {
    const id = filters[name];
    if (id !== null) {
      url.searchParams.set(name, String(id));
    }
  }
  if (filters.keyword !== '') {
    url.searchParams.set('keyword', filters.keyword);
  }
  return url.origin === window.location.origin ? `${url.pathname}${url.search}` : url.href;
}
