import { describe, expect, it } from 'vitest';
import { isOverdue, overdueBefore, workingDaysBetween } from './working-days';

/** An instant on the Auckland clock (daylight time, UTC+13, from late September to early April). */
const nzdt = (local: string) => new Date(`${local}+13:00`);
/** An instant on the Auckland clock in standard time (UTC+12). */
const nzst = (local: string) => new Date(`${local}+12:00`);

describe('workingDaysBetween (Monday to Friday on the Auckland calendar, holidays not left out)', () => {
  it('counts nothing within one day, and nothing backwards', () => {
    expect(workingDaysBetween(nzdt('2026-01-27T08:00:00'), nzdt('2026-01-27T17:30:00'))).toBe(0);
    expect(workingDaysBetween(nzdt('2026-01-28T09:00:00'), nzdt('2026-01-27T09:00:00'))).toBe(0);
  });

  it('counts each weekday after the first day, up to and including the last', () => {
    // Tuesday to Thursday of the same week.
    expect(workingDaysBetween(nzdt('2026-01-27T09:00:00'), nzdt('2026-01-29T09:00:00'))).toBe(2);
    // Monday to the next Monday: a whole week is five working days.
    expect(workingDaysBetween(nzdt('2026-01-26T09:00:00'), nzdt('2026-02-02T09:00:00'))).toBe(5);
    // Three weeks.
    expect(workingDaysBetween(nzdt('2026-01-26T09:00:00'), nzdt('2026-02-16T09:00:00'))).toBe(15);
  });

  it('skips weekends: Friday to Monday is one day, and so is Saturday or Sunday to Monday', () => {
    expect(workingDaysBetween(nzdt('2026-01-23T16:00:00'), nzdt('2026-01-26T09:00:00'))).toBe(1);
    expect(workingDaysBetween(nzdt('2026-01-24T10:00:00'), nzdt('2026-01-26T09:00:00'))).toBe(1);
    expect(workingDaysBetween(nzdt('2026-01-25T10:00:00'), nzdt('2026-01-26T09:00:00'))).toBe(1);
    // Friday to Sunday: the weekend adds nothing.
    expect(workingDaysBetween(nzdt('2026-01-23T16:00:00'), nzdt('2026-01-25T16:00:00'))).toBe(0);
  });

  it('runs across month ends, February and leap years included', () => {
    // Friday 30 January 2026 to Tuesday 3 February 2026.
    expect(workingDaysBetween(nzdt('2026-01-30T12:00:00'), nzdt('2026-02-03T12:00:00'))).toBe(2);
    // Friday 27 February 2026 to Monday 2 March 2026 (no 29 February in 2026).
    expect(workingDaysBetween(nzdt('2026-02-27T12:00:00'), nzdt('2026-03-02T12:00:00'))).toBe(1);
    // Monday 28 February 2028 to Wednesday 1 March 2028: Tuesday 29 February counts.
    expect(workingDaysBetween(nzdt('2028-02-28T12:00:00'), nzdt('2028-03-01T12:00:00'))).toBe(2);
    // Wednesday 30 December 2026 to Monday 4 January 2027: Thursday, Friday, Monday (holidays count).
    expect(workingDaysBetween(nzdt('2026-12-30T12:00:00'), nzdt('2027-01-04T12:00:00'))).toBe(3);
    // Tuesday 30 June 2026 (standard time) to Wednesday 1 July 2026.
    expect(workingDaysBetween(nzst('2026-06-30T12:00:00'), nzst('2026-07-01T12:00:00'))).toBe(1);
  });

  it('reads days on the Auckland clock, not UTC, through daylight-saving changes', () => {
    // 20:00 UTC on Friday 23 January is 9 am on Saturday 24 January in Auckland: Saturday to Monday is 1.
    expect(workingDaysBetween(new Date('2026-01-23T20:00:00Z'), nzdt('2026-01-26T09:00:00'))).toBe(1);
    // Friday 2 April 2026 (daylight time) to Tuesday 7 April 2026 (standard time, from Sunday 5 April).
    expect(workingDaysBetween(nzdt('2026-04-02T23:30:00'), nzst('2026-04-07T00:30:00'))).toBe(3);
  });
});

describe('isOverdue and overdueBefore', () => {
  const now = nzdt('2026-02-16T10:00:00'); // a Monday

  it('is overdue only past the target, not on it', () => {
    // Monday 2 February to Monday 16 February: 10 working days, on the target.
    expect(isOverdue(nzdt('2026-02-02T09:00:00'), now, 10)).toBe(false);
    // Friday 30 January: 11 working days.
    expect(isOverdue(nzdt('2026-01-30T17:00:00'), now, 10)).toBe(true);
    // The weekend before counts like the Friday: Sunday 1 February to now is 11 (Monday 2 February counts).
    expect(isOverdue(nzdt('2026-02-01T12:00:00'), now, 10)).toBe(true);
    expect(isOverdue(nzdt('2026-02-02T00:00:00'), now, 10)).toBe(false);
  });

  it('gives the instant that splits overdue from not, the same as isOverdue', () => {
    // Overdue when waiting since before the start of Monday 2 February (Auckland).
    expect(overdueBefore(now, 10).toISOString()).toBe(nzdt('2026-02-02T00:00:00').toISOString());
    const cutoff = overdueBefore(now, 10).getTime();
    for (const since of [cutoff - 1, cutoff, cutoff + 1, cutoff - 36 * 3600_000, cutoff + 36 * 3600_000]) {
      expect(isOverdue(new Date(since), now, 10), new Date(since).toISOString()).toBe(since < cutoff);
    }
  });

  it('agrees with isOverdue hour by hour over two months, weekends and a daylight-saving change included', () => {
    for (const target of [0, 1, 5, 10]) {
      for (const nowIso of ['2026-04-06T08:00:00+12:00', '2026-03-01T23:59:00+13:00', '2026-09-28T00:30:00+13:00']) {
        const at = new Date(nowIso);
        const cutoff = overdueBefore(at, target).getTime();
        for (let since = at.getTime() - 60 * 24 * 3600_000; since <= at.getTime(); since += 3600_000) {
          expect(isOverdue(new Date(since), at, target)).toBe(since < cutoff);
        }
      }
    }
  });

  it('with a target of 0, anything from an earlier working day is overdue', () => {
    expect(isOverdue(nzdt('2026-02-13T17:00:00'), now, 0)).toBe(true);
    expect(isOverdue(nzdt('2026-02-15T17:00:00'), now, 0)).toBe(true);
    expect(isOverdue(nzdt('2026-02-16T08:00:00'), now, 0)).toBe(false);
  });
});
