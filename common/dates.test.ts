import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './dates';

describe('formatDate and formatDateTime (New Zealand time)', () => {
  it('writes a date as "15 January 2027" and a time as "2:30 pm"', () => {
    // 01:30 UTC is 2:30 pm in Auckland in January (daylight time, UTC+13).
    expect(formatDate('2027-01-15T01:30:00.000Z')).toBe('15 January 2027');
    expect(formatDateTime('2027-01-15T01:30:00.000Z')).toBe('15 January 2027, 2:30 pm');
  });

  it('takes the date on the Auckland clock, not the UTC one', () => {
    // 20:00 UTC on 14 January is 9 am on 15 January in Auckland.
    expect(formatDate(new Date('2027-01-14T20:00:00.000Z'))).toBe('15 January 2027');
    expect(formatDateTime(new Date('2027-01-14T20:00:00.000Z'))).toBe('15 January 2027, 9:00 am');
  });

  it('follows standard time in winter (UTC+12)', () => {
    expect(formatDateTime('2027-07-01T00:05:00.000Z')).toBe('1 July 2027, 12:05 pm');
  });
});

describe('formatDate of a calendar date (a date answer)', () => {
  it('reads yyyy-mm-dd as that day, whatever the clock', () => {
    expect(formatDate('2027-01-15')).toBe('15 January 2027');
    expect(formatDate('2026-12-31')).toBe('31 December 2026');
  });
});
