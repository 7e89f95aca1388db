import { describe, expect, it } from 'vitest';
import { changedSearch, isPastFirstPage, pageCursorParams, wholeNumberParam } from './url-params';

describe("the lists' URL", () => {
  it('reads whole numbers only', () => {
    expect(wholeNumberParam('7', 10)).toBe(7);
    expect(wholeNumberParam('11', 10)).toBeUndefined();
    expect(wholeNumberParam('07', 10)).toBeUndefined();
    expect(wholeNumberParam(' 7', 10)).toBeUndefined();
    expect(wholeNumberParam(null, 10)).toBeUndefined();
  });

  it('goes back to page 1 on any change but a new page, and drops emptied parameters', () => {
    const current = new URLSearchParams('status=draft&sort=value&page=3');
    expect(changedSearch(current, { status: 'submitted' }).toString()).toBe('status=submitted&sort=value');
    expect(changedSearch(current, { status: '' }).toString()).toBe('sort=value');
    expect(changedSearch(current, { page: '4' }).toString()).toBe('status=draft&sort=value&page=4');
    expect(changedSearch(current, { page: '1' }).toString()).toBe('status=draft&sort=value');
    // The current search is left as it was.
    expect(current.toString()).toBe('status=draft&sort=value&page=3');
    // A list paged from an entry forgets it with its page.
    expect(changedSearch(new URLSearchParams('status=draft&page=3&after=40'), { status: 'sent' }).toString()).toBe('status=sent');
    expect(changedSearch(new URLSearchParams('page=3&after=40'), { page: '2', before: '31', after: undefined }).toString()).toBe('page=2&before=31');
    // A page number alone (Go to the first page) is no longer from that entry.
    expect(changedSearch(new URLSearchParams('status=draft&page=3&after=40'), { page: undefined }).toString()).toBe('status=draft');
  });

  it('reads the entry a page starts from, one of after and before', () => {
    expect(pageCursorParams(new URLSearchParams('page=3&after=40'))).toEqual({ after: 40 });
    expect(pageCursorParams(new URLSearchParams('before=31'))).toEqual({ before: 31 });
    expect(pageCursorParams(new URLSearchParams('after=40&before=31'))).toEqual({});
    expect(pageCursorParams(new URLSearchParams('after=0&before=x'))).toEqual({});
  });

  it('tells a page past the first, by number or from an entry', () => {
    expect(isPastFirstPage({})).toBe(false);
    expect(isPastFirstPage({ page: 1 })).toBe(false);
    expect(isPastFirstPage({ page: 2 })).toBe(true);
    expect(isPastFirstPage({ before: 7 })).toBe(true);
  });
});
