/**
 * The signed-in person's own sign-ins on the embedded identity provider ('Your account' → 'Where
 * you are signed in'): listing them, ending one, ending all the others. Everything is scoped by the
 * access token's own account (`sub`), so no id a caller sends can reach another person's sign-in,
 * and every end is in the audit log, in the transaction that ends it.
 */
import { createHash } from 'node:crypto';
import { and, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import Bowser from 'bowser';
import type { SignInSession } from '../../../common/api/account-sessions';
import type { AuditLog } from '../../audit';
import { endOtherSessionsOf, endSessionOf } from '../../auth/accounts';
import type { Database } from '../../db/client';
import { oidcPayloads, signInSessions } from '../../db/schema/index';

/** Who is asking: their identity account, the session their token was issued in, and their user row. */
export interface SessionOwner {
  accountId: string;
  /** Undefined for a token from before tokens named their session. */
  currentSessionUid: string | undefined;
  userId: number;
  requestId: string;
}

const UNKNOWN_DEVICE = 'An unknown browser';

/** The reference a sign-in has in the API and the page: derived from the session, so not the session's own handle. */
export function sessionReference(sessionUid: string): string {
  return createHash('sha256').update(`sign-in-session:${sessionUid}`).digest('base64url').slice(0, 22);
}

/** Where the device is, in plain words: the model for Apple's phones and tablets, else the system. */
function placeOf(parsed: Bowser.Parser.ParsedResult): string | undefined {
  const { os, platform } = parsed;
  if (platform.model === 'iPhone' || platform.model === 'iPad') {
    return `an ${platform.model}`;
  }
  if (os.name === 'Android' && (platform.type === 'mobile' || platform.type === 'tablet')) {
    return `an Android ${platform.type === 'mobile' ? 'phone' : 'tablet'}`;
  }
  return os.name || undefined;
}

/** "Firefox on Windows", "Safari on an iPhone", "Chrome on an Android phone", from a user agent (bowser). */
export function describeDevice(userAgent: string | null | undefined): string {
  if (!userAgent || userAgent.trim() === '') {
    return UNKNOWN_DEVICE;
  }
  const parsed = Bowser.parse(userAgent);
  const browser = parsed.browser.name || undefined;
  const place = placeOf(parsed);
  if (browser && place) {
    return `${browser} on ${place}`;
  }
  if (browser) {
    return browser;
  }
  return place ? `A browser on ${place}` : UNKNOWN_DEVICE;
}

interface StoredSignIn {
  uid: string;
  session: SignInSession;
}

function epochSecondsOf(payload: unknown, field: string): number | undefined {
  const value: unknown = typeof payload === 'object' && payload !== null ? (payload as Record<string, unknown>)[field] : undefined;
  return typeof value === 'number' ? value : undefined;
}

/** The account's live sessions, this device first, then the most recently used. */
async function loadSignIns(db: Database, owner: Pick<SessionOwner, 'accountId' | 'currentSessionUid'>, now: Date): Promise<StoredSignIn[]> {
  const rows = await db
    .select({
      uid: oidcPayloads.uid,
      payload: oidcPayloads.payload,
      userAgent: signInSessions.userAgent,
      address: signInSessions.address,
      signedInAt: signInSessions.signedInAt,
      lastUsedAt: signInSessions.lastUsedAt,
    })
    .from(oidcPayloads)
    .leftJoin(signInSessions, eq(signInSessions.sessionUid, oidcPayloads.uid))
    .where(
      and(
        eq(oidcPayloads.type, 'Session'),
        sql`${oidcPayloads.payload}->>'accountId' = ${owner.accountId}`,
        or(isNull(oidcPayloads.expiresAt), gt(oidcPayloads.expiresAt, now)),
      ),
    );
  const signIns = rows.flatMap((row): StoredSignIn[] => {
    if (row.uid === null) {
      return [];
    }
    // A session from before sign-ins were recorded: the provider's own sign-in time, and no device.
    const loginSeconds = epochSecondsOf(row.payload, 'loginTs');
    const signedInAt = row.signedInAt ?? (loginSeconds === undefined ? now : new Date(loginSeconds * 1000));
    return [
      {
        uid: row.uid,
        session: {
          id: sessionReference(row.uid),
          device: describeDevice(row.userAgent),
          address: row.address ?? null,
          signedInAt: signedInAt.toISOString(),
          lastUsedAt: (row.lastUsedAt ?? signedInAt).toISOString(),
          isThisDevice: row.uid === owner.currentSessionUid,
        },
      },
    ];
  });
  return signIns.sort(
    (a, b) => Number(b.session.isThisDevice) - Number(a.session.isThisDevice) || b.session.lastUsedAt.localeCompare(a.session.lastUsedAt),
  );
}

export async function listSignIns(db: Database, owner: Pick<SessionOwner, 'accountId' | 'currentSessionUid'>, now: Date = new Date()): Promise<SignInSession[]> {
  return (await loadSignIns(db, owner, now)).map((signIn) => signIn.session);
}

/**
 * Ends the owner's sign-in with this reference. Null when they have none (another person's, made up,
 * or already ended): nothing changes then, and the route answers 404 either way.
 */
export async function endSignIn(db: Database, audit: AuditLog, owner: SessionOwner, reference: string, now: Date = new Date()): Promise<SignInSession | null> {
  const target = (await loadSignIns(db, owner, now)).find((signIn) => signIn.session.id === reference);
  if (!target) {
    return null;
  }
  return db.transaction(async (tx) => {
    if (!(await endSessionOf(tx, owner.accountId, target.uid))) {
      return null;
    }
    await tx.delete(signInSessions).where(eq(signInSessions.sessionUid, target.uid));
    await audit.record(
      {
        actorUserId: owner.userId,
        action: 'identity-account.end-session',
        entity: 'user',
        entityId: owner.userId,
        after: { device: target.session.device, address: target.session.address, wasThisDevice: target.session.isThisDevice },
        requestId: owner.requestId,
      },
      tx,
    );
    return target.session;
  });
}

/** Ends every sign-in of the owner but the one making the request; returns how many ended. */
export async function endOtherSignIns(db: Database, audit: AuditLog, owner: SessionOwner & { currentSessionUid: string }, now: Date = new Date()): Promise<number> {
  const others = (await loadSignIns(db, owner, now)).filter((signIn) => signIn.uid !== owner.currentSessionUid);
  return db.transaction(async (tx) => {
    // Also takes grants and tokens left behind by sessions that ended some other way.
    await endOtherSessionsOf(tx, owner.accountId, owner.currentSessionUid);
    if (others.length > 0) {
      await tx.delete(signInSessions).where(inArray(signInSessions.sessionUid, others.map((signIn) => signIn.uid)));
    }
    await audit.record(
      {
        actorUserId: owner.userId,
        action: 'identity-account.end-other-sessions',
        entity: 'user',
        entityId: owner.userId,
        after: { endedSessions: others.length, devices: others.map((signIn) => signIn.session.device) },
        requestId: owner.requestId,
      },
      tx,
    );
    return others.length;
  });
}
