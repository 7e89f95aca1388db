/**
 * Whether this browser holds a sign-in session, read without the identity client: oidc-client-ts
 * keeps the signed-in user in local storage under `oidc.user:<authority>:<client>` (app/lib/auth.ts).
 * A session may still turn out to have ended; the identity client decides that once loaded.
 */
const STORED_USER_KEY_PREFIX = 'oidc.user:';

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
