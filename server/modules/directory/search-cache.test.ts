/** The search response cache: hits skip the SQL, keys never mix requests, changes show once the version is re-read. */
import { eq, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import type { DirectorySearchRequest } from '../../../common/api/directory';
import { supplierServices } from '../../db/schema/index';
import { buildTestApp, type TestContext } from '../../test/harness';
import { DirectorySearchCache, directorySearchCache, searchDirectory } from './service';
import { createChannel, createSupplier, search, serviceId, type CreatedChannel } from './test-support';

const dialect = new PgDialect();

describe('directory search cache', () => {
  let context: TestContext;
  let channel: CreatedChannel;
  let clock = 0;
  let cache: DirectorySearchCache;
  let execute: MockInstance;

  /** What the database was asked since the last call: 'version' reads and 'search' statements. */
  const executed = () => {
    const kinds = execute.mock.calls.map(([query]) => (dialect.sqlToQuery(query as SQL).sql.includes('directory_version') ? 'version' : 'search'));
    execute.mockClear();
    return kinds;
  };
  const version = async () => {
    const result: unknown = await context.database.db.execute(sql`SELECT version::text AS version FROM directory_version`);
    return (result as { rows: { version: string }[] }).rows[0]?.version;
  };

  beforeAll(async () => {
    context = await buildTestApp();
    const { db } = context.database;
    channel = await createChannel(db, {
      title: 'Cached',
      catalogues: [
        { title: 'Pipes', services: [{ title: 'Plumbing' }, { title: 'Drain laying' }] },
        { title: 'Wires', services: [{ title: 'Electrical wiring' }] },
      ],
    });
    for (let index = 0; index < 5; index += 1) {
      await createSupplier(db, { tradingName: `Plumber ${String(index)}`, published: [serviceId(channel, 'Plumbing')] });
    }
    await createSupplier(db, { tradingName: 'Sparky Ltd', published: [serviceId(channel, 'Electrical wiring')] });
  });
  afterAll(() => context.close());

  beforeEach(() => {
    clock = 0;
    cache = new DirectorySearchCache(context.database.db, { versionCheckIntervalMs: 1000, now: () => clock });
    execute = vi.spyOn(context.database.db, 'execute');
  });
  afterEach(() => {
    execute.mockRestore();
  });

  it('answers a repeated search without any SQL until the version is due, then with one version read', async () => {
    const request = { keyword: 'plumbing' };
    const first = await cache.search(request);
    expect(executed()).toEqual(['version', 'search']);
    clock = 999;
    // The keyword is normalised: spacing does not make another entry.
    expect(await cache.search({ keyword: '  plumbing ' })).toBe(first);
    expect(executed()).toEqual([]);
    clock = 1000;
    expect(await cache.search(request)).toBe(first);
    expect(executed()).toEqual(['version']);
    expect(cache.stats).toEqual({ hits: 2, misses: 1, versionReads: 2 });
  });

  it('shares one version read among concurrent searches', async () => {
    await cache.search({});
    clock = 5000;
    executed();
    await Promise.all([cache.search({}), cache.search({}), cache.search({ page: 2 }), cache.search({ keyword: 'wiring' })]);
    expect(executed().sort()).toEqual(['search', 'search', 'version']);
  });

  it('never answers one request with the response of another: filters, keyword, page and page size', async () => {
    const wires = channel.catalogues.find((catalogue) => catalogue.title === 'Wires');
    const requests: DirectorySearchRequest[] = [
      {},
      { channel: channel.id },
      { channel: channel.id, catalogue: wires?.id ?? 0 },
      { service: serviceId(channel, 'Plumbing') },
      { service: serviceId(channel, 'Drain laying') },
      { keyword: 'plumber' },
      { keyword: 'sparky' },
      { pageSize: 2 },
      { pageSize: 2, page: 2 },
      { pageSize: 2, page: 3 },
    ];
    // Twice over, so the second round is served from the cache.
    for (let round = 0; round < 2; round += 1) {
      for (const request of requests) {
        expect(await cache.search(request)).toEqual(await searchDirectory(context.database.db, request));
      }
    }
    expect(cache.stats).toMatchObject({ hits: requests.length, misses: requests.length });
    const pages = await Promise.all([1, 2, 3].map((page) => cache.search({ pageSize: 2, page })));
    expect(new Set(pages.flatMap((page) => page.results.map((result) => result.id))).size).toBe(6);
  });

  it('shows a listing published through SQL once the bumped version is re-read', async () => {
    const { db } = context.database;
    const before = await cache.search({ keyword: 'drain' });
    expect(before.total).toBe(0);
    const drainer = await createSupplier(db, { tradingName: 'Drainer Co', unpublished: [serviceId(channel, 'Drain laying')] });
    const versionBefore = await version();
    await db.execute(sql`UPDATE supplier_services SET published_at = now() WHERE supplier_id = ${drainer}`);
    expect(Number(await version())).toBeGreaterThan(Number(versionBefore));
    // Within the interval this instance has not looked at the version yet: the documented staleness.
    clock = 999;
    expect((await cache.search({ keyword: 'drain' })).total).toBe(0);
    clock = 1000;
    const after = await cache.search({ keyword: 'drain' });
    expect(after.results.map((result) => result.title)).toEqual(['Drainer Co']);
    // Withdrawn again: gone at the next version read.
    await db.update(supplierServices).set({ publishedAt: null }).where(eq(supplierServices.supplierId, drainer));
    clock = 2000;
    expect((await cache.search({ keyword: 'drain' })).total).toBe(0);
  });

  it('bumps the version when a service, catalogue or channel title changes', async () => {
    const { db } = context.database;
    const changes = [
      sql`UPDATE services SET description = 'Fixes leaks.' WHERE id = ${serviceId(channel, 'Plumbing')}`,
      sql`UPDATE catalogues SET title = 'Pipework' WHERE title = 'Pipes' AND channel_id = ${channel.id}`,
      sql`UPDATE channels SET title = 'Cached trades' WHERE id = ${channel.id}`,
    ];
    for (const change of changes) {
      const before = Number(await version());
      await db.execute(change);
      expect(Number(await version())).toBeGreaterThan(before);
    }
  });

  it('keeps at most maxEntries responses, dropping the least recently used', async () => {
    cache.maxEntries = 2;
    await cache.search({ keyword: 'plumber' });
    await cache.search({ keyword: 'sparky' });
    await cache.search({ keyword: 'plumber' }); // now the most recent
    await cache.search({ keyword: 'wiring' }); // evicts 'sparky'
    executed();
    await cache.search({ keyword: 'plumber' });
    expect(executed()).toEqual([]);
    await cache.search({ keyword: 'sparky' });
    expect(executed()).toEqual(['search']);
  });

  it('serves the API from the app cache, which re-reads the version at most once a second by default', async () => {
    const appCache = directorySearchCache(context.database.db);
    expect(appCache.versionCheckIntervalMs).toBe(1000);
    const hits = appCache.stats.hits;
    await search(context.app, { keyword: 'plumber' });
    executed();
    await search(context.app, { keyword: 'plumber' });
    expect(executed()).toEqual([]);
    expect(appCache.stats.hits).toBe(hits + 1);
  });
});
