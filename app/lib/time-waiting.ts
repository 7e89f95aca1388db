/** How long something has waited for the team, as a queue says it: 'Less than a day', '1 day', '6 days'. */
const DAY_MS = 24 * 60 * 60 * 1000;

export function timeWaiting(since: string | Date, now: Date = new Date()): string {
  const start = typeof since === 'string' ? new Date(since) : since;
  const days = Math.floor((now.getTime() - start.getTime()) / DAY_MS);
  if (!Number.isFinite(days) || days < 1) {
    return 'Less than a day';
  }
  return days === 1 ? '1 day' : `${days.toLocaleString('en-NZ')} days`;
}
