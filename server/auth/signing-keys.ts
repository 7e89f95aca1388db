/**
 * The embedded provider's signing keys (RS256), generated once and stored in `server_settings`,
 * so a restart keeps accepting the tokens it issued and a second process signs with the same keys.
 */
import { eq } from 'drizzle-orm';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, type JWK } from 'jose';
import type { Database } from '../db/client';
import { serverSettings } from '../db/schema/index';

export const SIGNING_KEYS_SETTING = 'oidc.jwks';

export interface SigningKeys {
  /** Private keys, for the provider. */
  privateJwks: { keys: JWK[] };
  /** Public halves, for verifying tokens in this process without an HTTP round trip. */
  publicJwks: { keys: JWK[] };
}

function toPublic(jwk: JWK): JWK {
  const { d: _d, p: _p, q: _q, dp: _dp, dq: _dq, qi: _qi, ...publicKey } = jwk;
  return publicKey;
}

function isJwkSet(value: unknown): value is { keys: JWK[] } {
  if (typeof value !== 'object' || value === null || !('keys' in value)) {
    return false;
  }
  const { keys } = value;
  return (
    Array.isArray(keys) &&
    keys.length > 0 &&
    keys.every((key: unknown) => typeof key === 'object' && key !== null && 'kty' in key && 'd' in key && 'kid' in key)
  );
}

async function generateSigningKey(): Promise<JWK> {
  const { privateKey } = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true });
  const jwk = await exportJWK(privateKey);
  return { ...jwk, kid: await calculateJwkThumbprint(jwk), alg: 'RS256', use: 'sig' };
}

/**
 * Reads the stored key set, creating it when absent. Two processes starting together both insert
 * with `on conflict do nothing` and then read back the one row that won, so they agree.
 */
export async function loadSigningKeys(db: Database): Promise<SigningKeys> {
  const read = async () => {
    const [row] = await db.select({ value: serverSettings.value }).from(serverSettings).where(eq(serverSettings.key, SIGNING_KEYS_SETTING));
    return row?.value;
  };

  let stored = await read();
  if (stored === undefined) {
    const candidate = { keys: [await generateSigningKey()] };
    await db.insert(serverSettings).values({ key: SIGNING_KEYS_SETTING, value: candidate }).onConflictDoNothing();
    stored = await read();
  }
  if (!isJwkSet(stored)) {
    throw new Error(`server_settings "${SIGNING_KEYS_SETTING}" does not hold a private JSON Web Key Set`);
  }
  return { privateJwks: stored, publicJwks: { keys: stored.keys.map(toPublic) } };
}
