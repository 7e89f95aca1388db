import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatMonth, nextCalendarDay, startOfDisplayDay } from './dates';

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

describe('startOfDisplayDay', () => {
  it('is midnight on the Auckland clock, in daylight time (UTC+13) and in standard time (UTC+12)', () => {
    expect(startOfDisplayDay('2027-01-15')?.toISOString()).toBe('2027-01-14T11:00:00.000Z');
    expect(startOfDisplayDay('2027-07-01')?.toISOString()).toBe('2027-06-30T12:00:00.000Z');
  });

  it('follows the change of offset on the days daylight saving starts and ends', () => {
    // Daylight saving starts at 2 am on 26 September 2027 and ends at 3 am on 4 April 2027.
    expect(startOfDisplayDay('2027-09-26')?.toISOString()).toBe('2027-09-25T12:00:00.000Z');
    expect(startOfDisplayDay('2027-09-27')?.toISOString()).toBe('2027-09-26T11:00:00.000Z');
    expect(startOfDisplayDay('2027-04-04')?.toISOString()).toBe('2027-04-03T11:00:00.000Z');
    expect(startOfDisplayDay('2027-04-05')?.toISOString()).toBe('2027-04-04T12:00:00.000Z');
  });

  it('is null for a day that does not exist or is not yyyy-mm-dd', () => {
    for (const text of ['2027-02-29', '2027-13-01', '2027-00-10', '2027-1-1', 'yesterday', '']) {
      expect(startOfDisplayDay(text), text).toBeNull();
    }
    expect(startOfDisplayDay('2028-02-29')).not.toBeNull();
  });

  it('nextCalendarDay crosses months and years', () => {
    expect(nextCalendarDay('2027-12-31')).toBe('2028-01-01');
    expect(nextCalendarDay('2028-02-28')).toBe('2028-02-29');
  });
});

describe('formatMonth', () => {
  it('writes a month, yyyy-mm, as its name and year', () => {
    expect(formatMonth('2026-03')).toBe('March 2026');
    expect(formatMonth('2027-01')).toBe('January 2027');
    expect(formatMonth('2026-12')).toBe('December 2026');
  });
});
