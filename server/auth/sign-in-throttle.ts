/**
 * Per-account sign-in throttling: the per-address limit stops one address guessing, this stops many
 * addresses guessing one account's password. The first FREE_FAILURES failures cost nothing; each
 * one after that makes the account wait twice as long before the next try (1 s, 2 s, 4 s, …) up to
 * MAX_DELAY_SECONDS, and while it waits even the right password is refused. The cap is short on
 * purpose: an attacker can slow a person down for minutes at most, never lock them out for long.
 * A quiet hour, or a successful sign-in, starts the count again. Counters live in the database, so
 * every server process sees the same ones.
 */
import { createHash } from 'node:crypto';
import { eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { signInFailures } from '../db/schema/index';

export const FREE_FAILURES = 5;
export const MAX_DELAY_SECONDS = 5 * 60;
/** Failures further apart than this start the count again. */
export const FAILURE_MEMORY_MS = 60 * 60 * 1000;

/** The key of a typed email: its hash, the same for any case. */
export function accountKeyOf(email: string): string {
  return createHash('sha256').update(`sign-in:${email.trim().toLowerCase()}`).digest('hex');
}

/** Seconds to wait after `failures` failures in a row (0 while they are free). */
export function delayAfter(failures: number): number {
  return failures <= FREE_FAILURES ? 0 : Math.min(2 ** (failures - FREE_FAILURES - 1), MAX_DELAY_SECONDS);
}

/** Seconds the account must still wait before the next try; 0 when it may try now. */
export async function secondsUntilSignInAllowed(db: Database, email: string, now: Date = new Date()): Promise<number> {
  const [row] = await db
    .select({ blockedUntil: signInFailures.blockedUntil })
    .from(signInFailures)
    .where(eq(signInFailures.accountKey, accountKeyOf(email)))
    .limit(1);
  const blockedUntil = row?.blockedUntil?.getTime() ?? 0;
  return blockedUntil > now.getTime() ? Math.ceil((blockedUntil - now.getTime()) / 1000) : 0;
}

/** Counts a failed sign-in (atomically, whichever process sees it) and sets the wait it earns. */
export async function recordSignInFailure(db: Database, email: string, now: Date = new Date()): Promise<number> {
  const forgetBefore = new Date(now.getTime() - FAILURE_MEMORY_MS);
  const [row] = await db
    .insert(signInFailures)
    .values({ accountKey: accountKeyOf(email), failures: 1, lastFailureAt: now })
    .onConflictDoUpdate({
      target: signInFailures.accountKey,
      set: {
        failures: sql`case when ${signInFailures.lastFailureAt} < ${forgetBefore} then 1 else ${signInFailures.failures} + 1 end`,
        lastFailureAt: now,
      },
    })
    .returning({ failures: signInFailures.failures });
  // Counters nobody has added to for a day are of no use any more.
  await db.delete(signInFailures).where(lt(signInFailures.lastFailureAt, new Date(now.getTime() - 24 * FAILURE_MEMORY_MS)));
  const failures = row?.failures ?? 1;
  const delay = delayAfter(failures);
  if (delay > 0) {
    await db
      .update(signInFailures)
      .set({ blockedUntil: new Date(now.getTime() + delay * 1000) })
      .where(eq(signInFailures.accountKey, accountKeyOf(email)));
  }
  return failures;
}

/** A successful sign-in forgets the failures. */
export async function clearSignInFailures(db: Database, email: string): Promise<void> {
  await db.delete(signInFailures).where(eq(signInFailures.accountKey, accountKeyOf(email)));
}

/** 'Wait 8 seconds' / 'Wait 2 minutes', rounded up. */
export function describeWait(seconds: number): string {
  if (seconds < 60) {
    return seconds === 1 ? '1 second' : `${String(seconds)} seconds`;
  }
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minute' : `${String(minutes)} minutes`;
}
