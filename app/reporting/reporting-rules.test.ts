import { describe, expect, it } from 'vitest';
import { DUPLICATE_PERIOD_MESSAGE } from '../../common/api/billing-reports';
import { reportingStepProblems } from './reporting-rules';
import { billingReportKind, engagementNoticeKind } from './reporting-kinds';

const now = new Date('2026-11-24T01:00:00Z');
const reportableNotices = [{ id: 7, title: 'Discovery', agencyName: 'Ministry', reference: null, label: 'Discovery (Ministry)', reportedPeriods: ['2026-09', '2026-10'] }];

describe("a notice's or report's step rules (run beside the schema, the same as the API's)", () => {
  it('refuses an engagement that ends before it starts, on the end date', () => {
    expect(reportingStepProblems(engagementNoticeKind, 'dates-and-value', { start_date: '2026-05-02', end_date: '2026-05-01' }, { now })).toEqual([
      { path: ['end_date'], message: 'The end date must be the same as or after the start date' },
    ]);
    expect(reportingStepProblems(engagementNoticeKind, 'dates-and-value', { start_date: '2026-05-02', end_date: '2026-05-02' }, { now })).toEqual([]);
    // Another step, or the other kind's step of the same name, has no such rule.
    expect(reportingStepProblems(engagementNoticeKind, 'engagement', { start_date: '2026-05-02', end_date: '2026-05-01' }, { now })).toEqual([]);
  });

  it('refuses a billing month in the future (in New Zealand) and a month the notice already has a report for', () => {
    const problems = (answers: Record<string, unknown>, savedAs?: { noticeId: unknown; period: unknown }) =>
      reportingStepProblems(billingReportKind, 'engagement', answers, { now, reportableNotices, savedAs }).map((problem) => problem.message);
    expect(problems({ engagement_notice: 7, billing_period: '2026-12' })).toEqual(['The billing period cannot be in the future']);
    expect(problems({ engagement_notice: 7, billing_period: '2026-11' })).toEqual([]);
    expect(problems({ engagement_notice: 7, billing_period: '2026-10' })).toEqual([DUPLICATE_PERIOD_MESSAGE]);
    // The draft's own month is not a duplicate of itself; moved to another notice's reported month, it is.
    expect(problems({ engagement_notice: 7, billing_period: '2026-10' }, { noticeId: 7, period: '2026-10' })).toEqual([]);
    expect(problems({ engagement_notice: 7, billing_period: '2026-09' }, { noticeId: 7, period: '2026-10' })).toEqual([DUPLICATE_PERIOD_MESSAGE]);
    // A month half typed is the schema's to describe.
    expect(problems({ engagement_notice: 7, billing_period: '2026-1' })).toEqual([]);
  });
});
