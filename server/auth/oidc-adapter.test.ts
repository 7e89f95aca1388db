/** The provider's database adapter: expiry, secondary lookups, consumption, revocation, cleanup. */
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client';
import { oidcPayloads } from '../db/schema/index';
import { createTestDatabase } from '../test/harness';
import { CLEANUP_INTERVAL_MS, createOidcAdapter } from './oidc-adapter';

describe('the oidc-provider database adapter', () => {
  let database: DatabaseHandle;
  let clock = Date.parse('2030-01-01T00:00:00Z');
  const now = () => new Date(clock);

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  const rows = async () => (await database.db.select({ value: count() }).from(oidcPayloads))[0]?.value;

  it('stores, finds and forgets expired payloads', async () => {
    const Adapter = createOidcAdapter(database.db, { now });
    const sessions = new Adapter('Session');
    await sessions.upsert('session-1', { jti: 'session-1', uid: 'uid-1', accountId: 'a' }, 60);
    expect(await sessions.find('session-1')).toEqual({ jti: 'session-1', uid: 'uid-1', accountId: 'a' });
    expect(await sessions.findByUid('uid-1')).toMatchObject({ jti: 'session-1' });
    // Models are separate name spaces.
    expect(await new Adapter('Interaction').find('session-1')).toBeUndefined();

    await sessions.upsert('session-1', { jti: 'session-1', uid: 'uid-2', accountId: 'a' }, 60);
    expect(await sessions.findByUid('uid-1')).toBeUndefined();
    expect(await sessions.findByUid('uid-2')).toMatchObject({ jti: 'session-1' });

    clock += 61_000;
    expect(await sessions.find('session-1')).toBeUndefined();
    expect(await sessions.findByUid('uid-2')).toBeUndefined();
  });

  it('marks codes consumed and finds device codes by user code', async () => {
    const Adapter = createOidcAdapter(database.db, { now });
    const codes = new Adapter('AuthorizationCode');
    await codes.upsert('code-1', { jti: 'code-1', grantId: 'grant-1' }, 60);
    expect((await codes.find('code-1'))?.consumed).toBeUndefined();
    await codes.consume('code-1');
    expect((await codes.find('code-1'))?.consumed).toBe(Math.floor(clock / 1000));

    const deviceCodes = new Adapter('DeviceCode');
    await deviceCodes.upsert('device-1', { jti: 'device-1', userCode: 'ABCD-EFGH' }, 60);
    expect(await deviceCodes.findByUserCode('ABCD-EFGH')).toMatchObject({ jti: 'device-1' });
  });

  it('revokes by grant and destroys single payloads', async () => {
    const Adapter = createOidcAdapter(database.db, { now });
    const accessTokens = new Adapter('AccessToken');
    const refreshTokens = new Adapter('RefreshToken');
    await accessTokens.upsert('at-1', { jti: 'at-1', grantId: 'grant-a' }, 60);
    await accessTokens.upsert('at-2', { jti: 'at-2', grantId: 'grant-b' }, 60);
    await refreshTokens.upsert('rt-1', { jti: 'rt-1', grantId: 'grant-a' }, 60);

    await accessTokens.revokeByGrantId('grant-a');
    expect(await accessTokens.find('at-1')).toBeUndefined();
    expect(await accessTokens.find('at-2')).toBeDefined();
    // Each model's adapter revokes its own kind; the provider calls every one of them.
    expect(await refreshTokens.find('rt-1')).toBeDefined();
    await refreshTokens.revokeByGrantId('grant-a');
    expect(await refreshTokens.find('rt-1')).toBeUndefined();

    await accessTokens.destroy('at-2');
    expect(await accessTokens.find('at-2')).toBeUndefined();
  });

  it('deletes expired rows on a write once the cleanup interval has passed', async () => {
    await database.db.delete(oidcPayloads);
    const Adapter = createOidcAdapter(database.db, { now });
    const grants = new Adapter('Grant');
    await grants.upsert('old', { jti: 'old' }, 10);
    await grants.upsert('forever', { jti: 'forever' }, undefined);
    clock += 11_000;
    await grants.upsert('fresh', { jti: 'fresh' }, 60);
    // Expired but not yet swept: invisible all the same.
    expect(await rows()).toBe(3);
    expect(await grants.find('old')).toBeUndefined();

    clock += CLEANUP_INTERVAL_MS;
    await grants.upsert('another', { jti: 'another' }, 3600);
    // `old` and `fresh` have expired by now; `forever` has no expiry.
    expect(await rows()).toBe(2);
    expect(await grants.find('forever')).toBeDefined();
    expect(await Adapter.deleteExpired()).toBe(0);
  });
});
