/**
 * Listing documents that expire (insurance certificates, accreditations; issue 30): when the
 * supplier is reminded, and when a document counts as expired. Dates are calendar dates
 * (yyyy-mm-dd) on the New Zealand clock.
 */
import { DISPLAY_TIME_ZONE } from '../dates';

/** Days before a document's expiry date that the supplier is emailed. */
export const DOCUMENT_REMINDER_DAYS = [28, 7] as const;

const DAY_MS = 86_400_000;
// en-CA writes dates as yyyy-mm-dd.
const calendarDate = new Intl.DateTimeFormat('en-CA', { timeZone: DISPLAY_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/** Today's date in New Zealand, yyyy-mm-dd. */
export function newZealandDate(now: Date): string {
  return calendarDate.format(now);
}

/** Whole days from `today` to `date` (both yyyy-mm-dd): 0 on the day, negative after it. */
export function daysUntil(today: string, date: string): number {
  return Math.round((Date.parse(`${date}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / DAY_MS);
}

/**
 * The reminder due for a document expiring in `daysLeft` days: the nearest of
 * DOCUMENT_REMINDER_DAYS it has reached (a document added 5 days before it expires gets the 7-day
 * one only); null before the first, and once it has expired.
 */
export function dueDocumentReminder(daysLeft: number): number | null {
  if (daysLeft < 0) {
    return null;
  }
  const reached = DOCUMENT_REMINDER_DAYS.filter((days) => daysLeft <= days);
  return reached.length === 0 ? null : Math.min(...reached);
}

/** Whether a document with this expiry date has expired by `today` (it is valid on the day itself). */
export function isDocumentExpired(expiresOn: string, today: string): boolean {
  return daysUntil(today, expiresOn) < 0;
}
