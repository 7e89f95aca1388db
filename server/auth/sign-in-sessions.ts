/**
 * What 'Your account' shows of each sign-in of the embedded provider (`sign_in_sessions`, beside the
 * provider's `Session` record): the browser and address it signed in from, recorded when the sign-in
 * completes, and when it last called the API, recorded at most once a minute per session.
 */
import { and, eq, lt, notExists, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { oidcPayloads, signInSessions } from '../db/schema/index';

/** The shortest time between two writes of a session's "last used". */
export const LAST_USED_INTERVAL_MS = 60 * 1000;
/** Longer user agents are cut: what is past this tells a person nothing. */
const MAX_USER_AGENT_LENGTH = 512;
/** How many sessions a process remembers writing "last used" for, before it forgets them all. */
const MAX_REMEMBERED_SESSIONS = 10_000;

/** An address as people read it: IPv4 without the IPv6 wrapping Node gives it on a dual-stack socket. */
export function plainAddress(address: string | undefined): string | null {
  if (!address) {
    return null;
  }
  return address.startsWith('::ffff:') && address.includes('.') ? address.slice('::ffff:'.length) : address;
}

/** Records (or, for a browser that signs in again, renews) what a completed sign-in came from. */
export async function recordSignIn(
  db: Database,
  input: { sessionUid: string; userAgent: string | undefined; address: string | undefined; now?: Date },
): Promise<void> {
  const at = input.now ?? new Date();
  const values = {
    userAgent: (input.userAgent ?? '').slice(0, MAX_USER_AGENT_LENGTH),
    address: plainAddress(input.address),
    signedInAt: at,
    lastUsedAt: at,
  };
  await db
    .insert(signInSessions)
    .values({ sessionUid: input.sessionUid, ...values })
    .onConflictDoUpdate({ target: signInSessions.sessionUid, set: values });
}

/**
 * Records that a session called the API now, cheaply: a process skips the write when it wrote for
 * this session less than a minute ago, and the statement itself changes nothing when another
 * process did.
 */
export function createLastUsedRecorder(db: Database, options: { now?: () => Date } = {}) {
  const now = options.now ?? (() => new Date());
  const writtenAt = new Map<string, number>();
  return async (sessionUid: string): Promise<void> => {
    const at = now();
    const last = writtenAt.get(sessionUid);
    if (last !== undefined && at.getTime() - last < LAST_USED_INTERVAL_MS) {
      return;
    }
    if (writtenAt.size >= MAX_REMEMBERED_SESSIONS) {
      writtenAt.clear();
    }
    writtenAt.set(sessionUid, at.getTime());
    await db
      .update(signInSessions)
      .set({ lastUsedAt: at })
      .where(and(eq(signInSessions.sessionUid, sessionUid), lt(signInSessions.lastUsedAt, new Date(at.getTime() - LAST_USED_INTERVAL_MS))));
  };
}

/** Deletes the rows whose session has gone (signed out, ended, expired); returns how many. */
export async function deleteEndedSignIns(db: Database): Promise<number> {
  const deleted = await db
    .delete(signInSessions)
    .where(
      notExists(
        db
          .select({ one: sql`1` })
          .from(oidcPayloads)
          .where(and(eq(oidcPayloads.type, 'Session'), eq(oidcPayloads.uid, signInSessions.sessionUid))),
      ),
    )
    .returning({ sessionUid: signInSessions.sessionUid });
  return deleted.length;
}
