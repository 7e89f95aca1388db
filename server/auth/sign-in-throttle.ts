/**
 * Per-account sign-in throttling: the per-address limit stops one address guessing, this stops many
 * addresses guessing one account's password. The first FREE_FAILURES failures cost nothing; each
 * one after that makes the account wait twice as long before the next try (1 s, 2 s, 4 s, …) up to
 * MAX_DELAY_SECONDS, and while it waits even the right password is refused. A quiet hour, or a
 * successful sign-in, starts the count again. Counters live in the database, so every server
 * process sees the same ones.
 *
 * Two rules make it hold against a real attacker (issue 29, items 1 and 2):
 * - An attempt is claimed, counted as a failure, before its password is checked, one claim at a
 *   time per budget: a burst of simultaneous guesses can no longer all read "no wait yet" and be
 *   checked in full. A right password then gives the failure back (the count starts again).
 * - A browser that has signed in to an account, or reset its password by the emailed link, carries
 *   a signed device cookie for it (OWASP's "device cookies"), and spends its own budget for that
 *   account, not the account-wide one that strangers' guesses use up: however long an attacker
 *   keeps the account waiting, its owner still gets in, from a browser used before or, from a new
 *   one, by resetting the password. A stolen cookie buys only that budget, with the same waits.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq, lt } from 'drizzle-orm';
import type { Database } from '../db/client';
import { lockLimit } from '../db/limit-lock';
import { signInFailures } from '../db/schema/index';

export const FREE_FAILURES = 5;
export const MAX_DELAY_SECONDS = 5 * 60;
/** Failures further apart than this start the count again. */
export const FAILURE_MEMORY_MS = 60 * 60 * 1000;
/** How often, on average, a claim also clears day-old counters (1 in N claims). */
const CLEAR_EVERY_CLAIMS = 50;

/** The key of a typed email: its hash, the same for any case. */
export function accountKeyOf(email: string): string {
  return createHash('sha256').update(`sign-in:${email.trim().toLowerCase()}`).digest('hex');
}

/** Seconds to wait after `failures` failures in a row (0 while they are free). */
export function delayAfter(failures: number): number {
  return failures <= FREE_FAILURES ? 0 : Math.min(2 ** (failures - FREE_FAILURES - 1), MAX_DELAY_SECONDS);
}

/** What a claim answers: the attempt may go ahead, or must wait this many seconds. */
export type SignInClaim = { allowed: true } | { allowed: false; waitSeconds: number };

/**
 * Claims one attempt from the budget `key` (an account's, `accountKeyOf`, or a device's,
 * `deviceKeyOf`), before the password is checked: refused while the budget waits; otherwise the
 * attempt is counted as a failure now, with the wait it earns, and `clearSignInFailures` forgets it
 * if the password was right. Claims of one key queue behind each other (an advisory lock in the
 * transaction that writes the count), so every concurrent claim sees the ones before it.
 */
export async function claimSignInAttempt(db: Database, key: string, now: Date = new Date()): Promise<SignInClaim> {
  const forgetBefore = new Date(now.getTime() - FAILURE_MEMORY_MS);
  const claim = await db.transaction(async (tx): Promise<SignInClaim> => {
    await lockLimit(tx, 'sign-in', key);
    const [row] = await tx.select().from(signInFailures).where(eq(signInFailures.accountKey, key)).limit(1);
    const blockedUntil = row?.blockedUntil?.getTime() ?? 0;
    if (blockedUntil > now.getTime()) {
      return { allowed: false, waitSeconds: Math.ceil((blockedUntil - now.getTime()) / 1000) };
    }
    const failures = row && row.lastFailureAt >= forgetBefore ? row.failures + 1 : 1;
    const delay = delayAfter(failures);
    const values = { failures, lastFailureAt: now, blockedUntil: delay > 0 ? new Date(now.getTime() + delay * 1000) : null };
    await tx
      .insert(signInFailures)
      .values({ accountKey: key, ...values })
      .onConflictDoUpdate({ target: signInFailures.accountKey, set: values });
    return { allowed: true };
  });
  if (claim.allowed && Math.random() * CLEAR_EVERY_CLAIMS < 1) {
    // Counters nobody has added to for a day are of no use any more.
    await db.delete(signInFailures).where(lt(signInFailures.lastFailureAt, new Date(now.getTime() - 24 * FAILURE_MEMORY_MS)));
  }
  return claim;
}

/** A successful sign-in forgets the failures of the budget it was claimed from. */
export async function clearSignInFailures(db: Database, key: string): Promise<void> {
  await db.delete(signInFailures).where(eq(signInFailures.accountKey, key));
}

/** A browser's device cookie for an account: long-lived, sent only to the sign-in pages. */
export const DEVICE_COOKIE_PREFIX = 'sign_in_device_';
export const DEVICE_COOKIE_PATH = '/interaction';
export const DEVICE_COOKIE_MAX_AGE_SECONDS = 180 * 24 * 60 * 60;
const DEVICE_NONCE = /^[A-Za-z0-9_-]{22}$/;

/** The cookie's name for the typed email: one per account, so a shared browser keeps each one's. */
export function deviceCookieNameOf(email: string): string {
  return `${DEVICE_COOKIE_PREFIX}${accountKeyOf(email).slice(0, 16)}`;
}

function deviceSignature(secret: string, email: string, nonce: string): string {
  return createHmac('sha256', secret).update(`sign-in-device:${accountKeyOf(email)}:${nonce}`).digest('base64url');
}

/** A new device cookie's value for the account of `email`: a random nonce, signed with the first key. */
export function issueDeviceCookieValue(secrets: readonly string[], email: string): string {
  const [secret] = secrets;
  if (secret === undefined) {
    throw new Error('no key to sign the sign-in device cookie with');
  }
  const nonce = randomBytes(16).toString('base64url');
  return `${nonce}.${deviceSignature(secret, email, nonce)}`;
}

/**
 * The nonce of a device cookie when it is one this portal signed (with any of `secrets`, so keys can
 * rotate) for the account of `email`; undefined for a missing, forged or other account's cookie.
 */
export function deviceNonceOf(secrets: readonly string[], email: string, value: string | undefined): string | undefined {
  const [nonce = '', signature = '', extra] = (value ?? '').split('.');
  if (extra !== undefined || !DEVICE_NONCE.test(nonce)) {
    return undefined;
  }
  const given = Buffer.from(signature);
  const isSigned = secrets.some((secret) => {
    const expected = Buffer.from(deviceSignature(secret, email, nonce));
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
  return isSigned ? nonce : undefined;
}

/**
 * The Set-Cookie header giving this browser a new device cookie for the account of `email`: after
 * a successful sign-in, or a password reset (the link proved the mailbox).
 */
export function deviceCookieFor(config: { publicUrl: string; oidc: { cookieKeys: readonly string[] } }, email: string): string {
  const secure = config.publicUrl.startsWith('https:') ? '; Secure' : '';
  const value = issueDeviceCookieValue(config.oidc.cookieKeys, email);
  return `${deviceCookieNameOf(email)}=${value}; Path=${DEVICE_COOKIE_PATH}; Max-Age=${String(DEVICE_COOKIE_MAX_AGE_SECONDS)}; HttpOnly; SameSite=Lax${secure}`;
}

/** The budget key of one device for one account (hashed like the account's, so no cookie is stored). */
export function deviceKeyOf(email: string, nonce: string): string {
  return createHash('sha256').update(`sign-in-device:${accountKeyOf(email)}:${nonce}`).digest('hex');
}

/** 'Wait 8 seconds' / 'Wait 2 minutes', rounded up. */
export function describeWait(seconds: number): string {
  if (seconds < 60) {
    return seconds === 1 ? '1 second' : `${String(seconds)} seconds`;
  }
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minute' : `${String(minutes)} minutes`;
}
