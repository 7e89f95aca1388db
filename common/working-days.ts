/**
 * Working days, the unit of the team's review target (REVIEW_TARGET_DAYS): Monday to Friday on the
 * Auckland calendar (common/dates.ts DISPLAY_TIME_ZONE), so the server and the team's app count the same
 * days whatever their own time zone. Public holidays are NOT left out: a holiday counts as a working
 * day (there is no holiday calendar in the portal yet).
 */
import { displayWallClockMs } from './dates';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The wall-clock time in Auckland at `instant`, read as if it were UTC (milliseconds since the epoch). */
function zonedWallClock(instant: Date): number {
  return displayWallClockMs(instant.getTime());
}

/** The Auckland calendar day of `instant` as a day number (days since 1970-01-01). */
function zonedDayNumber(instant: Date): number {
  return Math.floor(zonedWallClock(instant) / DAY_MS);
}

/** 1970-01-01 was a Thursday: day number 0 is weekday 4 (0 = Sunday). */
function isWeekday(dayNumber: number): boolean {
  const weekday = (((dayNumber + 4) % 7) + 7) % 7;
  return weekday !== 0 && weekday !== 6;
}

/** Weekdays in the day numbers (after, upTo]. */
function weekdaysAfter(after: number, upTo: number): number {
  const days = upTo - after;
  if (days <= 0) {
    return 0;
  }
  const fullWeeks = Math.floor(days / 7);
  let total = fullWeeks * 5;
  for (let day = after + fullWeeks * 7 + 1; day <= upTo; day += 1) {
    total += isWeekday(day) ? 1 : 0;
  }
  return total;
}

/**
 * Whole working days from `from` to `to`: the Mondays to Fridays (Auckland calendar) after the day
 * of `from` up to and including the day of `to`. Friday to the next Monday is 1; Saturday to Monday
 * is 1; any time on the same day is 0; `to` before `from` is 0.
 */
export function workingDaysBetween(from: Date, to: Date): number {
  return weekdaysAfter(zonedDayNumber(from), zonedDayNumber(to));
}

/** Whether an item waiting since `since` is past the review target at `now`: more than `targetDays` working days. */
export function isOverdue(since: Date, now: Date, targetDays: number): boolean {
  return workingDaysBetween(since, now) > targetDays;
}

/** The instant the Auckland calendar day `dayNumber` starts. */
function startOfZonedDay(dayNumber: number): Date {
  const wallMidnight = dayNumber * DAY_MS;
  // Auckland is ahead of UTC: guess with the offset at UTC midnight, then correct once (DST moves at 2–3 am, never at midnight).
  let guess = wallMidnight - (zonedWallClock(new Date(wallMidnight)) - wallMidnight);
  guess -= zonedWallClock(new Date(guess)) - wallMidnight;
  return new Date(guess);
}

/**
 * The instant before which an item is overdue at `now`: `isOverdue(since, now, targetDays)` is
 * exactly `since < overdueBefore(now, targetDays)`, so a database can count overdue items with one
 * comparison.
 */
export function overdueBefore(now: Date, targetDays: number): Date {
  const today = zonedDayNumber(now);
  // Walk back until the days after `day` up to today hold more than targetDays weekdays.
  let day = today;
  let counted = 0;
  while (counted <= targetDays) {
    counted += isWeekday(day) ? 1 : 0;
    day -= 1;
  }
  // Overdue: waiting since a day up to `day`, that is since before the next day starts.
  return startOfZonedDay(day + 1);
}
