/**
 * The one way dates are written for people, on the server (mail) and in the browser alike: in New
 * Zealand time whatever the reader's or the server's time zone, so both sides show the same.
 */

/** The marketplace serves New Zealand suppliers: every date is read on the Auckland clock. */
export const DISPLAY_TIME_ZONE = 'Pacific/Auckland';

const dateFormat = new Intl.DateTimeFormat('en-NZ', { day: 'numeric', month: 'long', year: 'numeric', timeZone: DISPLAY_TIME_ZONE });
// A calendar date (yyyy-mm-dd, a date answer) is the same day everywhere: read on UTC, where it starts.
const calendarDateFormat = new Intl.DateTimeFormat('en-NZ', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;
const timeFormat = new Intl.DateTimeFormat('en-NZ', { hour: 'numeric', minute: '2-digit', hour12: true, timeZone: DISPLAY_TIME_ZONE });

function toDate(value: Date | string): Date {
  return typeof value === 'string' ? new Date(value) : value;
}

/** A date as '15 January 2027' (an ISO 8601 string or a Date; a calendar date yyyy-mm-dd is that day). */
export function formatDate(value: Date | string): string {
  if (typeof value === 'string' && CALENDAR_DATE.test(value)) {
    return calendarDateFormat.format(new Date(`${value}T00:00:00Z`));
  }
  return dateFormat.format(toDate(value));
}

/** A date and time as '15 January 2027, 2:30 pm' (an ISO 8601 string or a Date). */
export function formatDateTime(value: Date | string): string {
  const date = toDate(value);
  // Some engines write a narrow no-break space before am/pm; people read a plain space.
  return `${dateFormat.format(date)}, ${timeFormat.format(date).replace(/\s/gu, ' ')}`;
}
