import { describe, expect, it } from 'vitest';
import { changedSearch, noticeListQuery, noticeName, orderLabel, pageCount, reportListQuery, reportName, wholeNumberParam } from './list-params';

describe("the lists' URL", () => {
  it('reads a notice list query, with the default sort and its order when none is given', () => {
    expect(noticeListQuery(new URLSearchParams(''))).toEqual({ sort: 'lastEdited', order: 'desc' });
    expect(noticeListQuery(new URLSearchParams('status=withdrawn&sort=value&page=3'))).toEqual({ status: 'withdrawn', sort: 'value', order: 'asc', page: 3 });
    expect(noticeListQuery(new URLSearchParams('sort=agency&order=desc'))).toEqual({ sort: 'agency', order: 'desc' });
  });

  it('ignores unknown or malformed values instead of sending them to the API', () => {
    expect(noticeListQuery(new URLSearchParams('status=lost&sort=colour&order=up&page=0'))).toEqual({ sort: 'lastEdited', order: 'desc' });
    expect(noticeListQuery(new URLSearchParams('page=1e3'))).toEqual({ sort: 'lastEdited', order: 'desc' });
    expect(noticeListQuery(new URLSearchParams('page=100000'))).toEqual({ sort: 'lastEdited', order: 'desc' });
    // A billing report is never withdrawn.
    expect(reportListQuery(new URLSearchParams('status=withdrawn'))).toEqual({ sort: 'lastEdited', order: 'desc' });
  });

  it('reads a billing report list query with its notice filter', () => {
    expect(reportListQuery(new URLSearchParams('engagementNotice=12&status=draft&sort=billingPeriod&order=desc&page=2'))).toEqual({
      engagementNotice: 12,
      status: 'draft',
      sort: 'billingPeriod',
      order: 'desc',
      page: 2,
    });
    expect(reportListQuery(new URLSearchParams('engagementNotice=-4'))).toEqual({ sort: 'lastEdited', order: 'desc' });
    expect(reportListQuery(new URLSearchParams('engagementNotice=99999999999'))).toEqual({ sort: 'lastEdited', order: 'desc' });
  });

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
  });
});

describe('paging and wording', () => {
  it('counts pages, at least one', () => {
    expect(pageCount({ total: 0, pageSize: 25 })).toBe(1);
    expect(pageCount({ total: 25, pageSize: 25 })).toBe(1);
    expect(pageCount({ total: 26, pageSize: 25 })).toBe(2);
  });

  it('words each order for what is sorted', () => {
    expect(orderLabel('lastEdited', 'desc')).toBe('Most recent first');
    expect(orderLabel('startDate', 'asc')).toBe('Earliest first');
    expect(orderLabel('value', 'desc')).toBe('Highest first');
    expect(orderLabel('amount', 'asc')).toBe('Lowest first');
    expect(orderLabel('agency', 'asc')).toBe('A to Z');
  });

  it('names a notice by its title, else as "Notice n", and a report by its notice and month', () => {
    expect(noticeName({ id: 4, title: 'Heritage collection search' })).toBe('Heritage collection search');
    expect(noticeName({ id: 4, title: null })).toBe('Notice 4');
    expect(noticeName({ id: 4, title: '  ' })).toBe('Notice 4');
    expect(reportName({ id: 9, engagementNotice: { id: 4, title: 'Portal' }, billingPeriod: '2026-03' })).toBe('Portal, March 2026');
    expect(reportName({ id: 9, engagementNotice: null, billingPeriod: null })).toBe('Billing report 9');
  });
});
