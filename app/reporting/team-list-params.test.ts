import { describe, expect, it } from 'vitest';
import { exportFileName, exportPath, isFiltered, nextBillingPeriod, periodOptions, teamNoticeListQuery, teamReportListQuery } from './team-list-params';

describe('the team lists’ URL', () => {
  it('reads the notices filters, ignoring what the API would refuse', () => {
    expect(teamNoticeListQuery(new URLSearchParams('status=withdrawn&supplier=4&agency=2&period=2026-03&page=2'))).toEqual({
      status: 'withdrawn',
      supplier: 4,
      agency: 2,
      period: '2026-03',
      page: 2,
    });
    // A draft is the supplier's own; ids, months and pages of the wrong shape are dropped.
    expect(teamNoticeListQuery(new URLSearchParams('status=draft&supplier=abc&agency=0&period=2026-13&page=-1'))).toEqual({});
    expect(teamNoticeListQuery(new URLSearchParams('supplier=99999999999'))).toEqual({});
    // The mismatches the team's home links to (issue 31).
    expect(teamNoticeListQuery(new URLSearchParams('mismatch=over-value'))).toEqual({ mismatch: 'over-value' });
    expect(teamNoticeListQuery(new URLSearchParams('mismatch=late'))).toEqual({});
    // The notice a page starts from: one of after and before.
    expect(teamNoticeListQuery(new URLSearchParams('status=submitted&page=4&after=812'))).toEqual({ status: 'submitted', page: 4, after: 812 });
    expect(teamNoticeListQuery(new URLSearchParams('page=2&before=31'))).toEqual({ page: 2, before: 31 });
    expect(teamNoticeListQuery(new URLSearchParams('after=812&before=31'))).toEqual({});
  });

  it('reads the reports filters', () => {
    expect(teamReportListQuery(new URLSearchParams('engagementNotice=7&period=2026-06&status=submitted'))).toEqual({ engagementNotice: 7, period: '2026-06' });
    expect(teamReportListQuery(new URLSearchParams('agencyResponse=queried'))).toEqual({ agencyResponse: 'queried' });
    expect(teamReportListQuery(new URLSearchParams('agencyResponse=disputed'))).toEqual({});
  });

  it('says whether a list is filtered, the page aside', () => {
    expect(isFiltered({ page: 3 })).toBe(false);
    expect(isFiltered({ page: 3, after: 812 })).toBe(false);
    expect(isFiltered({ supplier: 1 })).toBe(true);
  });

  it('exports the filters of every page, in a stable order', () => {
    expect(exportPath('admin/engagement-notices', { supplier: 4, status: 'submitted', page: 3 })).toBe('admin/engagement-notices/export.csv?status=submitted&supplier=4');
    expect(exportPath('admin/engagement-notices', { status: 'withdrawn', page: 3, before: 31 })).toBe('admin/engagement-notices/export.csv?status=withdrawn');
    expect(exportPath('admin/billing-reports', {})).toBe('admin/billing-reports/export.csv');
    expect(exportFileName('billing-reports', { period: '2026-06' })).toBe('billing-reports-2026-06.csv');
    expect(exportFileName('engagement-notices', {})).toBe('engagement-notices.csv');
  });
});

describe('the months a period filter offers', () => {
  const now = new Date('2026-11-24T01:00:00Z');

  it('runs from months ahead back to months before, the latest first', () => {
    const options = periodOptions(now, { monthsAhead: 2, monthsBack: 1 });
    expect(options).toEqual([
      { value: '2027-01', label: 'January 2027' },
      { value: '2026-12', label: 'December 2026' },
      { value: '2026-11', label: 'November 2026' },
      { value: '2026-10', label: 'October 2026' },
    ]);
  });

  it('keeps a chosen month outside that range', () => {
    const options = periodOptions(now, { monthsAhead: 0, monthsBack: 1, chosen: '2019-05' });
    expect(options.map((option) => option.value)).toEqual(['2026-11', '2026-10', '2019-05']);
  });

  it('turns the year after December', () => {
    expect(nextBillingPeriod('2026-12')).toBe('2027-01');
    expect(nextBillingPeriod('2026-09')).toBe('2026-10');
  });
});
