/**
 * The per-address limits count in the database: two app instances on one database (two server
 * processes behind one address) allow a client the limit once between them, not once each; a
 * window that has ended starts again; each route counts on its own.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORGOT_PASSWORD_PATH } from '../../common/api/users';
import { buildApp } from '../app';
import type { App } from '../app-type';
import type { DatabaseHandle } from '../db/client';
import { rateLimitCounters } from '../db/schema/index';
import { createTestDatabase, testConfig } from '../test/harness';
import { countHit, readHits } from './shared-rate-limit-store';

const LIMIT = 3;

describe('the shared rate-limit store', () => {
  let database: DatabaseHandle;
  let first: App;
  let second: App;

  beforeAll(async () => {
    database = await createTestDatabase();
    const config = testConfig({ LOGIN_RATE_LIMIT: String(LIMIT) });
    [first, second] = await Promise.all([buildApp(config, { database }), buildApp(config, { database })]);
    await Promise.all([first.ready(), second.ready()]);
  });
  afterAll(async () => {
    await first.close();
    await second.close();
    await database.close();
  });

  const askForReset = (app: App, address: string) =>
    app.inject({
      method: 'POST',
      url: FORGOT_PASSWORD_PATH,
      remoteAddress: address,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=nobody-here%40example.com',
    });

  it('lets one address make the limit of requests across both instances, then refuses it on either', async () => {
    const statuses: number[] = [];
    for (const app of [first, second, first]) {
      statuses.push((await askForReset(app, '203.0.113.7')).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200]);
    expect((await askForReset(second, '203.0.113.7')).statusCode).toBe(429);
    expect((await askForReset(first, '203.0.113.7')).statusCode).toBe(429);
    // Another address has its own count.
    expect((await askForReset(second, '203.0.113.8')).statusCode).toBe(200);
  });

  it('keeps no address, only a hash of the route and the address', async () => {
    const keys = await database.db.select({ key: rateLimitCounters.key }).from(rateLimitCounters);
    expect(keys.length).toBeGreaterThan(0);
    for (const { key } of keys) {
      expect(key).toMatch(/^[0-9a-f]{64}$/);
    }
  });

  it('counts hits in a window, starts a new window once it ends, and reads without counting', async () => {
    const { db } = database;
    expect(await countHit(db, 'window-test', 60_000)).toMatchObject({ current: 1 });
    const second = await countHit(db, 'window-test', 60_000);
    expect(second.current).toBe(2);
    expect(second.ttl).toBeGreaterThan(0);
    expect(second.ttl).toBeLessThanOrEqual(60_000);
    expect(await readHits(db, 'window-test')).toMatchObject({ current: 2 });
    expect(await readHits(db, 'window-test')).toMatchObject({ current: 2 });

    await db.update(rateLimitCounters).set({ windowEndsAt: sql`now() - interval '1 second'` }).where(sql`${rateLimitCounters.key} = 'window-test'`);
    expect(await readHits(db, 'window-test')).toEqual({ current: 0, ttl: 0 });
    expect(await countHit(db, 'window-test', 60_000)).toMatchObject({ current: 1 });
  });

  it('counts concurrent hits exactly, whichever instance sees them', async () => {
    const { db } = database;
    const results = await Promise.all(Array.from({ length: 20 }, () => countHit(db, 'concurrent-test', 60_000)));
    expect(results.map((result) => result.current).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, index) => index + 1));
  });
});
