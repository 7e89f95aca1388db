import { describe, expect, it } from 'vitest';
import { billingReportPrefill, reportingPaths } from './reporting-paths';

describe('a prefilled new billing report', () => {
  it('names its notice and month in its address, and reads them back', () => {
    const path = reportingPaths.submitBillingReportFor(4, '2026-09');
    expect(path).toBe('/billing-reports/submit?engagementNotice=4&period=2026-09');
    expect(billingReportPrefill(new URL(path, 'http://localhost').searchParams)).toEqual({ engagementNotice: 4, period: '2026-09' });
  });

  it('starts empty from an address that names no notice or month, or one that cannot be', () => {
    for (const search of ['', 'engagementNotice=4', 'period=2026-09', 'engagementNotice=0&period=2026-09', 'engagementNotice=4&period=2026-13', 'engagementNotice=x&period=2026-09']) {
      expect(billingReportPrefill(new URLSearchParams(search))).toBeUndefined();
    }
  });
});
