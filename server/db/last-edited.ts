/**
 * The `lastEdited` stamp a save writes: strictly later than the stored one, so that two saves in the
 * same millisecond still differ and the second, sent with the first's stale stamp, gets its 409.
 */
export function nextLastEdited(stored: Date | undefined): Date {
  return new Date(Math.max(Date.now(), (stored?.getTime() ?? 0) + 1));
}
