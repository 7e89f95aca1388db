/**
 * The sign-in session as this browser stores it, read without the identity client: oidc-client-ts
 * keeps the signed-in user in local storage under `oidc.user:<authority>:<client>` (app/lib/auth.ts).
 * Reading it here lets a page know who is signed in, and send their access token, before (and
 * mostly without) loading the identity client; a session may still turn out to have ended.
 */
import { readStoredJson } from './device-storage';

const STORED_USER_KEY_PREFIX = 'oidc.user:';

/** The stored session's key for the page's identity provider and client. */
export function storedSessionKey({ authority, clientId }: { authority: string; clientId: string }): string {
  return `${STORED_USER_KEY_PREFIX}${authority}:${clientId}`;
}

export function isStoredSessionKey(key: string | null): boolean {
  return key?.startsWith(STORED_USER_KEY_PREFIX) === true;
}

export function hasStoredSession(storage: Storage = window.localStorage): boolean {
  try {
    for (let index = 0; index < storage.length; index += 1) {
      if (isStoredSessionKey(storage.key(index))) {
        return true;
      }
    }
  } catch {
    // Storage refused (a privacy setting): nobody can be signed in here.
  }
  return false;
}

/** What the apps read of a stored session. */
export interface StoredSession {
  accessToken: string;
  /** When the access token expires, in seconds since 1970 (absent: it does not say). */
  expiresAt: number | undefined;
}

/** The session stored under `key`, or null when there is none (or it is not one oidc-client-ts wrote). */
export function readStoredSession(key: string, storage?: Storage): StoredSession | null {
  const stored = readStoredJson(key, storage);
  if (typeof stored !== 'object' || stored === null || !('access_token' in stored) || typeof stored.access_token !== 'string' || stored.access_token === '') {
    return null;
  }
  const expiresAt = 'expires_at' in stored && typeof stored.expires_at === 'number' ? stored.expires_at : undefined;
  return { accessToken: stored.access_token, expiresAt };
}

/** Seconds until the session's access token expires (Infinity when it does not say), as oidc-client-ts counts them. */
export function secondsLeft(session: StoredSession, nowMs: number = Date.now()): number {
  return session.expiresAt === undefined ? Number.POSITIVE_INFINITY : session.expiresAt - Math.floor(nowMs / 1000);
}

/** Whether the access token has expired (oidc-client-ts's `User.expired`: no time left). */
export function isExpired(session: StoredSession, nowMs: number = Date.now()): boolean {
  return secondsLeft(session, nowMs) <= 0;
}
