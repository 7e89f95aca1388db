import { describe, expect, it } from 'vitest';
import { noticeListQuery, noticeName, orderLabel, reportListQuery, reportName } from './list-params';

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
});

describe('wording', () => {
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
