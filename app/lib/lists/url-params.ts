/**
 * What a list screen reads from its URL and writes back to it (`?page=`, its filters), so a
 * filtered page can be bookmarked, shared and reached with Back. A value the list cannot use is
 * ignored (the list's default), never sent to the API.
 */

/** A whole number from 1 to `maximum` written in digits, else undefined. */
export function wholeNumberParam(value: string | null, maximum: number): number | undefined {
  if (value === null || !/^[1-9][0-9]{0,9}$/.test(value)) {
    return undefined;
  }
  const number = Number(value);
  return number <= maximum ? number : undefined;
}

/** The query string of a list query, its keys in a stable order, without the unset ones. */
export function listSearch(query: object): string {
  const entries = Object.entries(query)
    .filter((entry): entry is [string, string | number] => typeof entry[1] === 'string' || typeof entry[1] === 'number')
    .sort(([a], [b]) => a.localeCompare(b));
  return new URLSearchParams(entries.map(([key, value]) => [key, String(value)])).toString();
}

/** The API path of a list for its query: `base`, then the set values (page 1, the default, left out). */
export function listQueryPath(base: string, query: { page?: number }): string {
  const search = listSearch({ ...query, page: query.page !== undefined && query.page > 1 ? query.page : undefined });
  return search === '' ? base : `${base}?${search}`;
}

/**
 * The URL's search after a change to the list's controls: a value of undefined or '' drops that
 * parameter; any change but a new page goes back to page 1 (the old page may not exist any more),
 * and any change but a new cursor forgets the entry the page started from (`after`, `before`: a
 * list paged from an entry).
 */
export function changedSearch(current: URLSearchParams, changes: Record<string, string | undefined>): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined || value === '') {
      next.delete(key);
    } else {
      next.set(key, value);
    }
  }
  if (!('page' in changes)) {
    next.delete('page');
  }
  if (!('after' in changes) && !('before' in changes)) {
    next.delete('after');
    next.delete('before');
  }
  if (next.get('page') === '1') {
    next.delete('page');
  }
  return next;
}

/**
 * The entry a list paged from an entry starts its page after or before (`?after=`, `?before=`:
 * the API's cursors, server/db/keyset-page.ts). Both at once is no page: neither is kept, and the
 * page number alone is asked for.
 */
export function pageCursorParams(search: URLSearchParams): { after?: number; before?: number } {
  const after = wholeNumberParam(search.get('after'), Number.MAX_SAFE_INTEGER);
  const before = wholeNumberParam(search.get('before'), Number.MAX_SAFE_INTEGER);
  if (after !== undefined && before !== undefined) {
    return {};
  }
  return { ...(after === undefined ? {} : { after }), ...(before === undefined ? {} : { before }) };
}

/**
 * Whether a list's query asks for a page after its first: a page number past 1, or a page started
 * from an entry. An empty such page (the list shrank, or its entry is gone) offers the first page.
 */
export function isPastFirstPage(query: { page?: number; after?: number; before?: number }): boolean {
  return (query.page ?? 1) > 1 || query.after !== undefined || query.before !== undefined;
}
