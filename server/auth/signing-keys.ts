/**
 * The embedded provider's signing keys (RS256), generated once and stored in `server_settings`,
 * so a restart keeps accepting the tokens it issued and a second process signs with the same keys.
 *
 * Rotating them (issue 34) takes three steps, each followed by a rolling restart, so that at every
 * moment each running process accepts the tokens any other signs:
 *   1. `add`: a new key, published and accepted, not yet signing (the first key signs);
 *   2. `sign-with-newest`: the new key moves first and signs; the old one is still accepted;
 *   3. `remove-old`: once nothing signed by the old keys can still be in use (RETIRE_AFTER_SECONDS
 *      after step 2), they go.
 * Processes read the keys as they start: the restart after each step is what applies it.
 */
import { eq } from 'drizzle-orm';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, type JWK } from 'jose';
import type { Database } from '../db/client';
import { serverSettings } from '../db/schema/index';
import { SESSION_TTL_SECONDS } from './session-lifetime';

export const SIGNING_KEYS_SETTING = 'oidc.jwks';

/**
 * How long the old keys stay accepted after the new one signs: the longest a token signed by them
 * stays in use, a sign-in's session (12 hours), whose ID token is still sent as the sign-out's hint.
 */
export const RETIRE_AFTER_SECONDS = SESSION_TTL_SECONDS;

/** What `server_settings` holds: the private keys, the signing one first. */
interface StoredKeys {
  keys: JWK[];
  /** When each key added by a rotation was added (ISO); the first key, made at install, has none. */
  added?: Record<string, string>;
  /** When the first key began to sign, after a rotation (ISO). */
  signingSince?: string;
}

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

function isJwkSet(value: unknown): value is StoredKeys {
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

/** What `server_settings` holds for the keys (undefined when nothing); `lock` holds the row until the transaction ends. */
async function readStored(db: Database, { lock = false } = {}): Promise<unknown> {
  const query = db.select({ value: serverSettings.value }).from(serverSettings).where(eq(serverSettings.key, SIGNING_KEYS_SETTING));
  const [row] = await (lock ? query.for('update') : query);
  return row?.value;
}

/**
 * Reads the stored key set, creating it when absent. Two processes starting together both insert
 * with `on conflict do nothing` and then read back the one row that won, so they agree.
 */
export async function loadSigningKeys(db: Database): Promise<SigningKeys> {
  let stored = await readStored(db);
  if (stored === undefined) {
    const candidate = { keys: [await generateSigningKey()] };
    await db.insert(serverSettings).values({ key: SIGNING_KEYS_SETTING, value: candidate }).onConflictDoNothing();
    stored = await readStored(db);
  }
  if (!isJwkSet(stored)) {
    throw new Error(`server_settings "${SIGNING_KEYS_SETTING}" does not hold a private JSON Web Key Set`);
  }
  return { privateJwks: { keys: stored.keys }, publicJwks: { keys: stored.keys.map(toPublic) } };
}

/** A rotation step that cannot be taken now, and why. */
export class SigningKeyRotationRefused extends Error {}

export const ROTATION_STEPS = ['add', 'sign-with-newest', 'remove-old'] as const;
export type RotationStep = (typeof ROTATION_STEPS)[number];

const NO_KEYS_YET = 'There are no signing keys yet: start the portal once, which makes them.';

const kidOf = (key: JWK) => key.kid ?? '';
/** When a key was added; the install's first key is the oldest. */
const addedAt = (stored: StoredKeys, key: JWK) => stored.added?.[kidOf(key)] ?? '';

/** The key added last. */
function newestKey(stored: StoredKeys): JWK {
  const [first] = stored.keys;
  if (!first) {
    throw new Error('no signing key');
  }
  return stored.keys.reduce((newest, key) => (addedAt(stored, key) > addedAt(stored, newest) ? key : newest), first);
}

/** One step of a rotation, in a transaction that holds the keys; answers what to do next. */
export async function rotateSigningKeys(db: Database, step: RotationStep, now: Date = new Date()): Promise<string> {
  // Made first, so that the row is held only as long as it takes to write.
  const created = step === 'add' ? await generateSigningKey() : undefined;
  return db.transaction(async (tx) => {
    const stored = await readStored(tx, { lock: true });
    if (!isJwkSet(stored)) {
      throw new SigningKeyRotationRefused(NO_KEYS_YET);
    }
    const [signing] = stored.keys;
    const newest = newestKey(stored);
    let next: StoredKeys;
    let message: string;
    if (created) {
      if (stored.keys.length > 1) {
        throw new SigningKeyRotationRefused('A rotation is under way already: finish it (sign-with-newest, then remove-old) before adding another key.');
      }
      next = { ...stored, keys: [...stored.keys, created], added: { ...stored.added, [kidOf(created)]: now.toISOString() } };
      message = `Added key ${kidOf(created)}: accepted from each process's restart, not signing yet. Restart every process, one at a time; then run: npm run signing-keys -- sign-with-newest`;
    } else if (step === 'sign-with-newest') {
      if (newest === signing) {
        throw new SigningKeyRotationRefused(stored.keys.length > 1 ? 'The newest key signs already: remove-old is the next step.' : 'There is no new key to sign with: run add first.');
      }
      next = { ...stored, keys: [newest, ...stored.keys.filter((key) => key !== newest)], signingSince: now.toISOString() };
      const retireFrom = new Date(now.getTime() + RETIRE_AFTER_SECONDS * 1000);
      message = `Key ${kidOf(newest)} signs from each process's restart; the old keys are still accepted. Restart every process, one at a time; then, from ${retireFrom.toISOString()}, run: npm run signing-keys -- remove-old`;
    } else {
      if (stored.keys.length === 1) {
        throw new SigningKeyRotationRefused('There is only the signing key: nothing to remove.');
      }
      if (newest !== signing || stored.signingSince === undefined) {
        throw new SigningKeyRotationRefused('The newest key does not sign yet: run sign-with-newest first (removing now would remove the key that signs).');
      }
      const retireFrom = new Date(new Date(stored.signingSince).getTime() + RETIRE_AFTER_SECONDS * 1000);
      if (now < retireFrom) {
        throw new SigningKeyRotationRefused(`Tokens signed by the old keys may still be in use until ${retireFrom.toISOString()}: remove them after that.`);
      }
      next = { keys: [signing], added: { [kidOf(signing)]: addedAt(stored, signing) }, signingSince: stored.signingSince };
      message = `Removed ${String(stored.keys.length - 1)} old key(s): from each process's restart, only key ${kidOf(signing)} is accepted. Restart every process, one at a time.`;
    }
    await tx.update(serverSettings).set({ value: next }).where(eq(serverSettings.key, SIGNING_KEYS_SETTING));
    return message;
  });
}

/** The keys, the signing one first, as the command lists them. */
export async function describeSigningKeys(db: Database): Promise<string> {
  const stored = await readStored(db);
  if (!isJwkSet(stored)) {
    return NO_KEYS_YET;
  }
  return stored.keys
    .map((key, index) => `${kidOf(key)}  ${index === 0 ? `signs${stored.signingSince ? ` (since ${stored.signingSince})` : ''}` : 'accepted, not signing'}  added ${addedAt(stored, key) || 'at install'}`)
    .join('\n');
}
