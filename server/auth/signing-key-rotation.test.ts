/**
 * Rotating the embedded provider's signing keys (issue 34): three steps, each applied by restarting
 * the processes one at a time, so that whichever process signed a token, whichever answers accepts
 * it; a sign-in made before the rotation carries on through it; the old key goes only once nothing
 * it signed can still be in use.
 */
import { decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app-type';
import type { Config } from '../config';
import type { DatabaseHandle } from '../db/client';
import { appsOnOneDatabase, createTestDatabase, type OneDatabase } from '../test/harness';
import { loadSigningKeys, RETIRE_AFTER_SECONDS, rotateSigningKeys, SigningKeyRotationRefused } from './signing-keys';
import { bearer, createIdentityAccount, refreshTokens, signIn } from './test-support';

const kidOf = (token: string) => decodeProtectedHeader(token).kid;

describe('rotating the signing keys', () => {
  let deployment: OneDatabase;
  let database: DatabaseHandle;
  let config: Config;
  /** A process (re)started: it reads the keys as it starts. */
  const startApp = () => deployment.start();

  const signInOn = async (app: App) => {
    const account = await createIdentityAccount(database.db);
    return signIn({ app, config }, account.email, account.password);
  };
  const answers = async (app: App, accessToken: string) => (await app.inject({ method: 'GET', url: '/api/v1/user', headers: bearer(accessToken) })).statusCode;
  const publishedKids = async (app: App) => (await app.inject({ method: 'GET', url: '/oidc/jwks' })).json<{ keys: { kid: string }[] }>().keys.map((key) => key.kid);

  beforeAll(async () => {
    deployment = await appsOnOneDatabase();
    ({ database, config } = deployment);
  });
  afterAll(() => deployment.close());

  it('adds a key, signs with it, then removes the old one, with every process accepting every token at each step', async () => {
    const before = await startApp();
    const earlier = await signInOn(before);
    const oldKid = kidOf(earlier.accessToken);
    expect((await loadSigningKeys(database.db)).privateJwks.keys.map((key) => key.kid)).toEqual([oldKid]);
    const started = new Date();

    // 1. A new key, accepted by the processes restarted after this step, not yet signing.
    expect(await rotateSigningKeys(database.db, 'add', started)).toMatch(/^Added key \S+: accepted .* sign-with-newest$/);
    await expect(rotateSigningKeys(database.db, 'add', started)).rejects.toThrow(/under way/);
    const afterAdd = await startApp();
    const [, newKid] = await publishedKids(afterAdd);
    expect(newKid).toBeDefined();
    expect(await publishedKids(afterAdd)).toEqual([oldKid, newKid]);
    expect(kidOf((await signInOn(afterAdd)).accessToken)).toBe(oldKid);

    // 2. The new key signs in the processes restarted after this step; those not yet restarted
    //    accept what they sign, since they know the key from step 1.
    expect(await rotateSigningKeys(database.db, 'sign-with-newest', started)).toContain('remove-old');
    await expect(rotateSigningKeys(database.db, 'sign-with-newest', started)).rejects.toThrow(/signs already/);
    const afterSwitch = await startApp();
    const later = await signInOn(afterSwitch);
    expect(kidOf(later.accessToken)).toBe(newKid);
    expect(await answers(afterAdd, later.accessToken)).toBe(200);
    expect(await answers(afterSwitch, earlier.accessToken)).toBe(200);
    // A sign-in from before the rotation renews into a token of the new key.
    const renewed = await refreshTokens(afterSwitch, config, earlier.refreshToken);
    expect(kidOf(renewed.accessToken)).toBe(newKid);
    expect(await answers(afterAdd, renewed.accessToken)).toBe(200);

    // 3. The old key goes once nothing it signed can still be in use.
    const tooSoon = new Date(started.getTime() + (RETIRE_AFTER_SECONDS - 60) * 1000);
    await expect(rotateSigningKeys(database.db, 'remove-old', tooSoon)).rejects.toThrow(/may still be in use until/);
    const inTime = new Date(started.getTime() + (RETIRE_AFTER_SECONDS + 60) * 1000);
    expect(await rotateSigningKeys(database.db, 'remove-old', inTime)).toContain('Removed 1 old key');
    const afterRemove = await startApp();
    expect(await publishedKids(afterRemove)).toEqual([newKid]);
    expect(await answers(afterRemove, later.accessToken)).toBe(200);
    expect(await answers(afterRemove, renewed.accessToken)).toBe(200);
    expect(await answers(afterRemove, earlier.accessToken)).toBe(401);
    // Refused for its key alone: a process started before the removal still accepts it.
    expect(await answers(afterSwitch, earlier.accessToken)).toBe(200);
    await expect(rotateSigningKeys(database.db, 'remove-old', inTime)).rejects.toThrow(SigningKeyRotationRefused);
    await expect(rotateSigningKeys(database.db, 'sign-with-newest', inTime)).rejects.toThrow(/run add first/);
  });

  it('never removes the key that signs: removing before the new key signs is refused', async () => {
    const other = await createTestDatabase();
    try {
      await loadSigningKeys(other.db);
      await rotateSigningKeys(other.db, 'add');
      const later = new Date(Date.now() + 2 * RETIRE_AFTER_SECONDS * 1000);
      await expect(rotateSigningKeys(other.db, 'remove-old', later)).rejects.toThrow(/does not sign yet/);
      expect((await loadSigningKeys(other.db)).privateJwks.keys).toHaveLength(2);
    } finally {
      await other.close();
    }
  });
});
