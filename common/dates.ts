/**
 * The one way dates are written for people, on the server (mail) and in the browser alike: in New
 * Zealand time whatever the reader's or the server's time zone, so both sides show the same.
 */
import { lazy } from './lazy';

/** The marketplace serves New Zealand suppliers: every date is read on the Auckland clock. */
export const DISPLAY_TIME_ZONE = 'Pacific/Auckland';

// The formatters are made on first use (lazy.ts): made as this module loads, they held back every
// page's first screen by tens of milliseconds on a phone.
const dateFormat = lazy(() => new Intl.DateTimeFormat('en-NZ', { day: 'numeric', month: 'long', year: 'numeric', timeZone: DISPLAY_TIME_ZONE }));
// A calendar date (yyyy-mm-dd, a date answer) is the same day everywhere: read on UTC, where it starts.
const calendarDateFormat = lazy(() => new Intl.DateTimeFormat('en-NZ', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }));
const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;
const monthFormat = lazy(() => new Intl.DateTimeFormat('en-NZ', { month: 'long', year: 'numeric', timeZone: 'UTC' }));
const timeFormat = lazy(() => new Intl.DateTimeFormat('en-NZ', { hour: 'numeric', minute: '2-digit', hour12: true, timeZone: DISPLAY_TIME_ZONE }));

function toDate(value: Date | string): Date {
  return typeof value === 'string' ? new Date(value) : value;
}

/** A date as '15 January 2027' (an ISO 8601 string or a Date; a calendar date yyyy-mm-dd is that day). */
export function formatDate(value: Date | string): string {
  if (typeof value === 'string' && CALENDAR_DATE.test(value)) {
    return calendarDateFormat().format(new Date(`${value}T00:00:00Z`));
  }
  return dateFormat().format(toDate(value));
}

/** A month, `yyyy-mm` (a month answer, a billing period), as 'March 2026'. */
export function formatMonth(month: string): string {
  const [year = 0, monthNumber = 1] = month.split('-').map(Number);
  return monthFormat().format(new Date(Date.UTC(year, monthNumber - 1, 1)));
}

/** A date and time as '15 January 2027, 2:30 pm' (an ISO 8601 string or a Date). */
export function formatDateTime(value: Date | string): string {
  const date = toDate(value);
  // Some engines write a narrow no-break space before am/pm; people read a plain space.
  return `${dateFormat().format(date)}, ${timeFormat().format(date).replace(/\s/gu, ' ')}`;
}

const zonedPartsFormat = lazy(
  () =>
    new Intl.DateTimeFormat('en-US', {
      timeZone: DISPLAY_TIME_ZONE,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    }),
);

/** The wall-clock time in Auckland at `instant` (ms), read as if it were UTC: milliseconds since the epoch, in whole seconds. */
export function displayWallClockMs(instant: number): number {
  const parts = Object.fromEntries(zonedPartsFormat().formatToParts(new Date(instant)).map((part) => [part.type, Number(part.value)]));
  return Date.UTC(parts.year ?? 1970, (parts.month ?? 1) - 1, parts.day ?? 1, parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0);
}

/** How far the Auckland clock is ahead of UTC at `instant`, in milliseconds. */
function displayZoneOffsetMs(instant: number): number {
  return displayWallClockMs(instant) - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant a calendar day (yyyy-mm-dd) starts in New Zealand, or null when it is not a real day
 * (`2027-02-30`). Midnight always exists there: daylight saving changes at 2 am and 3 am.
 */
export function startOfDisplayDay(calendarDate: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(calendarDate);
  if (!match) {
    return null;
  }
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const utcMidnight = Date.UTC(year, month - 1, day);
  const asUtc = new Date(utcMidnight);
  if (asUtc.getUTCFullYear() !== year || asUtc.getUTCMonth() !== month - 1 || asUtc.getUTCDate() !== day) {
    return null;
  }
  // The offset at the guess, then at the corrected instant (they differ only near a change of offset).
  const guess = utcMidnight - displayZoneOffsetMs(utcMidnight);
  return new Date(utcMidnight - displayZoneOffsetMs(guess));
}

/** The calendar day after `calendarDate` (yyyy-mm-dd), for an inclusive end. */
export function nextCalendarDay(calendarDate: string): string {
  const date = new Date(`${calendarDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}
