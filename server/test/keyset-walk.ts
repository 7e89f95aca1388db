/**
 * A list paged from an entry (server/db/keyset-page.ts), walked as its screen walks it: from the
 * first page by Next to the last, then back by Previous. Every page must hold what the same page
 * number shows, every entry once; the tests of each such list call it with its own filters.
 */
import { expect } from 'vitest';

/** One page of a list as the walk reads it: the ids it shows, in order, and its cursors. */
export interface WalkedPage {
  ids: number[];
  nextCursor: number | null;
  previousCursor: number | null;
}

/**
 * Walks the list at `filters` (a query string, '' for none) forwards and back with `read` (which
 * asks the API for the query string it is given) and checks it against the numbered pages. Returns
 * the ids in list order, for the caller to check the order itself.
 */
export async function expectKeysetWalk(read: (query: string) => Promise<WalkedPage>, filters: string, { minimumPages }: { minimumPages: number }): Promise<number[]> {
  const withFilters = (paging: string) => (filters === '' ? paging : `${filters}&${paging}`);
  const forwards: WalkedPage[] = [await read(withFilters('page=1'))];
  expect(forwards[0]?.previousCursor, 'the first page has no previous page').toBeNull();
  for (let page = forwards[0]; page?.nextCursor !== null && page !== undefined; page = forwards.at(-1)) {
    expect(forwards.length, 'the walk ends').toBeLessThan(1_000);
    forwards.push(await read(withFilters(`after=${String(page.nextCursor)}&page=${String(forwards.length + 1)}`)));
  }
  expect(forwards.length, `${filters}: pages`).toBeGreaterThanOrEqual(minimumPages);
  const ids = forwards.flatMap((page) => page.ids);
  expect(new Set(ids).size, `${filters}: every entry once`).toBe(ids.length);
  for (const [index, page] of forwards.entries()) {
    const numbered = await read(withFilters(`page=${String(index + 1)}`));
    expect(numbered.ids, `${filters}: page ${String(index + 1)} by number`).toEqual(page.ids);
  }

  const backwards: WalkedPage[] = [];
  for (let index = forwards.length - 2; index >= 0; index -= 1) {
    const later = backwards.at(-1) ?? forwards.at(-1);
    expect(later?.previousCursor, `${filters}: page ${String(index + 2)} has a previous page`).not.toBeNull();
    backwards.push(await read(withFilters(`before=${String(later?.previousCursor)}&page=${String(index + 1)}`)));
  }
  expect(
    backwards.map((page) => page.ids),
    `${filters}: the pages read backwards`,
  ).toEqual(forwards.slice(0, -1).reverse().map((page) => page.ids));
  expect(backwards.at(-1)?.previousCursor ?? null, `${filters}: back at the first page`).toBeNull();
  return ids;
}
