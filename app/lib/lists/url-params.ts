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
 * forgetting the entry the page started from (`after`, `before`: a list paged from an entry).
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
    next.delete('after');
    next.delete('before');
  }
  if (next.get('page') === '1') {
    next.delete('page');
  }
  return next;
}
