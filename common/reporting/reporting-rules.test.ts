import { describe, expect, it } from 'vitest';
import { billingPeriodLabel, billingPeriodOf, billingPeriodProblem, lastDueBillingPeriod, previousBillingPeriod } from './billing-reports';
import { engagementDatesProblem, serviceOptionLabel, withdrawalProblem } from './engagement-notices';
import { centsToDecimal, formatCents } from '../money';

describe('money in cents', () => {
  it('shows two decimals, grouped for people and plain for CSV', () => {
    expect(centsToDecimal(0)).toBe('0.00');
    expect(centsToDecimal(5)).toBe('0.05');
    expect(centsToDecimal(123_456)).toBe('1234.56');
    expect(formatCents(123_456_789)).toBe('$1,234,567.89');
    expect(formatCents(-150)).toBe('-$1.50');
  });
});

describe('billing periods', () => {
  it('turn months in New Zealand time', () => {
    expect(billingPeriodOf(new Date('2026-03-31T11:30:00Z'))).toBe('2026-04'); // 1 April, 00:30 in Auckland
    expect(billingPeriodOf(new Date('2026-03-31T10:30:00Z'))).toBe('2026-03');
  });

  it('are due up to last month in New Zealand, never the month still running', () => {
    expect(lastDueBillingPeriod(new Date('2026-03-31T11:30:00Z'))).toBe('2026-03'); // 1 April in Auckland
    expect(lastDueBillingPeriod(new Date('2026-03-31T10:30:00Z'))).toBe('2026-02');
    expect(lastDueBillingPeriod(new Date('2026-01-15T00:00:00Z'))).toBe('2025-12');
  });

  it('refuse a month after the current one', () => {
    const now = new Date('2026-06-15T00:00:00Z');
    expect(billingPeriodProblem('2026-06', now)).toBeNull();
    expect(billingPeriodProblem('2025-12', now)).toBeNull();
    expect(billingPeriodProblem('2026-07', now)).toBe('The billing period cannot be in the future');
  });

  it('step back across a year and read as words', () => {
    expect(previousBillingPeriod('2026-01')).toBe('2025-12');
    expect(previousBillingPeriod('2026-10')).toBe('2026-09');
    expect(billingPeriodLabel('2026-03')).toBe('March 2026');
  });
});

describe('engagement notice rules', () => {
  it("label services as 'title - (catalogue: title)'", () => {
    expect(serviceOptionLabel({ title: 'Hosting', catalogue: { title: 'Cloud' } })).toBe('Hosting - (catalogue: Cloud)');
  });

  it('need an end on or after the start, and words for Other', () => {
    expect(engagementDatesProblem('2026-01-01', '2026-01-01')).toBeNull();
    expect(engagementDatesProblem('2026-01-02', '2026-01-01')).not.toBeNull();
    expect(engagementDatesProblem(undefined, '2026-01-01')).toBeNull();
    expect(withdrawalProblem('duplicate', undefined)).toBeNull();
    expect(withdrawalProblem('other', ' ')).not.toBeNull();
    expect(withdrawalProblem('other', 'Merged into another contract')).toBeNull();
  });
});
