/**
 * npm run bench:directory: the directory search and CSV export under load, in one process and one
 * run, against PostgreSQL. Creates the throwaway database `marketplace_bench` on DATABASE_URL's
 * server (default postgres://postgres@127.0.0.1:5432), loads bench/generate-directory-data.ts
 * into it, starts the real app on a random loopback port and measures with autocannon:
 *   (a) POST /api/v1/directory/search with a mix of keyword, filtered and empty queries: the
 *       mix repeats, so after the first round every search is answered from the response cache;
 *       then again with 1 request in 10 a cache miss (a page never asked before);
 *   (a') the same searches without the cache, behind a route this script adds (every one a miss);
 *   (b) the same SQL run bare through the same pool, behind a route this script adds (the floor);
 *   (c) a trivial route of the same server (the ceiling);
 * then a full CSV export (time, sampled RSS and heap), and EXPLAIN ANALYZE of the main queries.
 * The generated data includes service listings (issue 30), so the figures are with their summaries
 * and features searched (in supplier_search_terms).
 * Drops the database and exits by itself. Results and their reading: bench/README.md.
 */
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import autocannon from 'autocannon';
import { sql, type SQL } from 'drizzle-orm';
import { DirectorySearchRequestSchema, DirectorySearchResponseSchema, type DirectorySearchRequest } from '../common/api/directory';
import { DIRECTORY_MAX_SUGGESTIONS, DIRECTORY_PAGE_SIZE } from '../common/directory';
import { buildApp } from '../server/app';
import type { App } from '../server/app-type';
import type { Database } from '../server/db/client';
import { directorySearchCache, normaliseKeyword, searchDirectory } from '../server/modules/directory/service';
import { directoryPageQuery, type DirectoryFilters, type DirectoryQueryOptions } from '../server/modules/directory/search-sql';
import { measureDownload, rssGrowthMb, type DownloadMeasure } from './memory';
import { generateDirectoryData } from './generate-directory-data';
import { rows } from './bulk-sql';
import { scratchDatabase } from './scratch-database';
import { loadAverage, minuteInUtc, percentile, writeReadmeSection } from './report';

const benchDatabase = scratchDatabase('marketplace_bench');
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const WARMUP_S = 3;

/** The sizes a run measures (BENCH_SIZES=small,large by default; target on request). */
interface BenchSize {
  name: 'small' | 'large' | 'target';
  approvedSuppliers: number;
  publishedListings: number;
  /** How supplier_search is built (generate-directory-data.ts): the triggers, or one statement after a load with triggers off. */
  searchBuild: 'triggers' | 'bulk';
  /** Seconds per autocannon run. */
  durationS: number;
}
const SIZES: Record<BenchSize['name'], BenchSize> = {
  small: { name: 'small', approvedSuppliers: 5_000, publishedListings: 50_000, searchBuild: 'triggers', durationS: Number(process.env.BENCH_DURATION ?? 10) },
  large: { name: 'large', approvedSuppliers: 50_000, publishedListings: 500_000, searchBuild: 'bulk', durationS: Number(process.env.BENCH_DURATION_LARGE ?? 5) },
  // Issue 33: ten times the national scale (about half an hour on two cores, 19 minutes of it the load).
  target: { name: 'target', approvedSuppliers: 150_000, publishedListings: 1_500_000, searchBuild: 'bulk', durationS: Number(process.env.BENCH_DURATION_LARGE ?? 5) },
};
const RUN_SIZES = (process.env.BENCH_SIZES ?? 'small,large').split(',').map((name) => {
  const size = (SIZES as Partial<Record<string, BenchSize>>)[name.trim()];
  if (!size) {
    throw new Error(`BENCH_SIZES: unknown size ${name} (small, large, target)`);
  }
  return size;
});
/** Repetitions of each body, one at a time, for its service time. */
const PROFILE_ROUNDS = Number(process.env.BENCH_ROUNDS ?? 10);

/** The search mix: what visitors type and pick, ids looked up in the loaded catalogue. */
async function searchMix(db: Database): Promise<DirectorySearchRequest[]> {
  const ids = await rows<{ kind: string; slug: string; id: number }>(
    db,
    sql`SELECT 'channel' AS kind, slug, id FROM channels UNION ALL SELECT 'catalogue', slug, id FROM catalogues
        UNION ALL SELECT 'service', slug, id FROM services`,
  );
  const id = (kind: string, slug: string): number => {
    const found = ids.find((row) => row.kind === kind && row.slug === slug);
    if (!found) {
      throw new Error(`No ${kind} ${slug}`);
    }
    return found.id;
  };
  const digital = id('channel', 'digital-and-ict');
  const professional = id('channel', 'professional-services');
  const construction = id('channel', 'construction-and-facilities');
  const cyber = id('catalogue', 'cyber-security');
  const cloud = id('catalogue', 'cloud-services');
  const people = id('catalogue', 'people-and-capability');
  const fitOut = id('catalogue', 'construction-and-fit-out');
  const pentest = id('service', 'penetration-testing');
  const cleaning = id('service', 'commercial-cleaning');
  const audit = id('service', 'internal-audit');
  return [
    // Browsing: the first pages, and each filter level, without a keyword.
    { keyword: '' },
    { keyword: '', page: 2 },
    { keyword: '', page: 5 },
    { channel: digital, keyword: '' },
    { channel: professional, catalogue: people, keyword: '' },
    { channel: digital, catalogue: cyber, service: pentest, keyword: '' },
    { channel: construction, catalogue: fitOut, keyword: '' },
    { channel: construction, catalogue: id('catalogue', 'facilities-management'), service: cleaning, keyword: '', page: 3 },
    // Keywords: services, supplier names, typos, and a few broad words.
    { keyword: 'penetration testing' },
    { keyword: 'cloud migration' },
    { keyword: 'asbestos' },
    { keyword: 'internal audit' },
    { keyword: 'recruitment' },
    { keyword: 'graphic design' },
    { keyword: 'seismic strengthening' },
    { keyword: 'translation' },
    { keyword: 'kowhai' },
    { keyword: 'Harbour' },
    { keyword: 'Ironbark Cloud' },
    { keyword: 'Māori engagement' },
    { keyword: 'penetation' },
    { keyword: 'recrutment' },
    { keyword: 'acessibility testing' },
    { keyword: 'cloud' },
    { keyword: 'security' },
    { keyword: 'management' },
    { keyword: 'cloud', page: 2 },
    // Words found only in listing text (issue 30): a feature of some listings, and two words of their summaries.
    { keyword: 'bilingual' },
    { keyword: 'discovery workshop' },
    // Keywords within a filter, as after picking a suggestion or a channel.
    { channel: digital, keyword: 'security' },
    { channel: digital, catalogue: cloud, keyword: 'backup' },
    { channel: digital, catalogue: cyber, service: pentest, keyword: 'penetration' },
    { channel: professional, keyword: 'audit' },
    { channel: professional, catalogue: id('catalogue', 'financial-and-audit'), service: audit, keyword: 'audit' },
  ];
}

/** (a'): the search route without the response cache: same schemas, same service, every request runs the SQL. */
function registerUncachedSearch(app: App): void {
  const { db } = app.database;
  app.post(
    '/bench/uncached-search',
    { schema: { body: DirectorySearchRequestSchema, response: { 200: DirectorySearchResponseSchema } } },
    async (request) => searchDirectory(db, request.body),
  );
}

/** (b): the search's own statement with the same parameters, answered raw: no validation, shaping or schema. */
function registerBareSearch(app: App): void {
  const { db } = app.database;
  app.post('/bench/bare-search', async (request) => {
    const body = request.body as DirectorySearchRequest;
    const filters: DirectoryFilters = { channel: body.channel ?? null, catalogue: body.catalogue ?? null, service: body.service ?? null };
    const pageSize = body.pageSize ?? DIRECTORY_PAGE_SIZE;
    const query = directoryPageQuery(normaliseKeyword(body.keyword), filters, {
      limit: pageSize,
      position: { offset: ((body.page ?? 1) - 1) * pageSize },
      suggestions: DIRECTORY_MAX_SUGGESTIONS,
    });
    return (await rows(db, query))[0];
  });
  // (c): the ceiling, through the same hooks (helmet, request ids, error handler).
  app.get('/bench/trivial', async () => ({ ok: true }));
}

interface Measured {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

/**
 * Runs autocannon on one route, cycling through the bodies. With `missEvery` n, every n-th request
 * asks for a page never asked before (the next body of the mix at page 2, 3, 4, …: a cache miss).
 */
async function load(name: string, url: string, method: 'GET' | 'POST', bodies: readonly object[], seconds: number, missEvery = 0): Promise<Measured> {
  let next = 0;
  let unseenPage = 1;
  const encoded = bodies.map((body) => JSON.stringify(body));
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    requests: [
      {
        method,
        headers: method === 'POST' ? { 'content-type': 'application/json' } : {},
        setupRequest: (request) => {
          if (method === 'GET') {
            return request;
          }
          let body = encoded[next % encoded.length];
          if (missEvery > 0 && next % missEvery === 0) {
            unseenPage += 1;
            body = JSON.stringify({ ...bodies[next % bodies.length], page: unseenPage });
          }
          next += 1;
          return { ...request, body };
        },
      },
    ],
  });
  return {
    name,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

interface BodyTime {
  body: DirectorySearchRequest;
  total: number;
  p50: number;
  max: number;
}

/** Milliseconds of each of `rounds` requests of one body, one at a time, after two unmeasured ones. */
async function timeBody(origin: string, route: string, body: DirectorySearchRequest, rounds: number): Promise<{ times: number[]; total: number }> {
  const times: number[] = [];
  let total = 0;
  for (let round = 0; round < rounds + 2; round += 1) {
    const started = performance.now();
    const response = await fetch(`${origin}${route}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    total = ((await response.json()) as { total: number }).total;
    if (round >= 2) {
      times.push(performance.now() - started);
    }
  }
  return { times, total };
}

/**
 * One request at a time: the service time of each body (p50 and max of the rounds) on the
 * uncached route and on the bare route (the same statement), interleaved so both see the same
 * machine; and the hits of the cached route.
 */
async function profileMix(origin: string, mix: readonly DirectorySearchRequest[]): Promise<{ uncached: BodyTime[]; bare: BodyTime[] }> {
  const uncached: BodyTime[] = [];
  const bare: BodyTime[] = [];
  for (const body of mix) {
    const served = await timeBody(origin, '/bench/uncached-search', body, PROFILE_ROUNDS);
    const raw = await timeBody(origin, '/bench/bare-search', body, PROFILE_ROUNDS);
    for (const [list, measured] of [[uncached, served], [bare, raw]] as const) {
      const sorted = [...measured.times].sort((a, b) => a - b);
      list.push({ body, total: measured.total, p50: percentile(sorted, 0.5), max: sorted.at(-1) ?? NaN });
    }
  }
  const mean = (list: BodyTime[], key: 'p50' | 'max') => list.reduce((sum, entry) => sum + entry[key], 0) / list.length;
  console.log(`\nservice time of each body alone, ${String(PROFILE_ROUNDS)} rounds: uncached API p50 / max, bare SQL p50 (ms)`);
  console.log(`  mix average: uncached p50 ${mean(uncached, 'p50').toFixed(1)}, max ${mean(uncached, 'max').toFixed(1)}; bare p50 ${mean(bare, 'p50').toFixed(1)}`);
  uncached
    .map((entry, index) => ({ entry, bare: bare[index] }))
    .sort((a, b) => b.entry.p50 - a.entry.p50)
    .forEach(({ entry, bare: raw }) => {
      console.log(
        `  ${entry.p50.toFixed(1).padStart(6)} ${entry.max.toFixed(1).padStart(6)} ${(raw?.p50 ?? NaN).toFixed(1).padStart(6)}  ${String(entry.total).padStart(6)} matches  ${JSON.stringify(entry.body)}`,
      );
    });
  const hits: number[] = [];
  for (const body of mix) {
    hits.push(...(await timeBody(origin, '/api/v1/directory/search', body, 3)).times);
  }
  hits.sort((a, b) => a - b);
  console.log(`cache hits, one at a time: p50 ${percentile(hits, 0.5).toFixed(1)} ms, max ${(hits.at(-1) ?? NaN).toFixed(1)} ms`);
  return { uncached, bare };
}

/** EXPLAIN ANALYZE of the main queries; prints the lines that show the access paths and the time. */
async function explainMainQueries(db: Database): Promise<void> {
  const none: DirectoryFilters = { channel: null, catalogue: null, service: null };
  const [ids] = await rows<{ channel: number; catalogue: number; service: number }>(
    db,
    sql`SELECT c.channel_id AS channel, c.id AS catalogue, sv.id AS service FROM services sv JOIN catalogues c ON c.id = sv.catalogue_id
        WHERE sv.slug = 'penetration-testing'`,
  );
  if (!ids) {
    throw new Error('penetration-testing is missing');
  }
  const page = (options: Partial<DirectoryQueryOptions> = {}) => ({
    limit: DIRECTORY_PAGE_SIZE,
    position: { offset: 0 },
    suggestions: DIRECTORY_MAX_SUGGESTIONS,
    ...options,
  });
  const pentest = { channel: ids.channel, catalogue: ids.catalogue, service: ids.service };
  const queries: [string, SQL][] = [
    ['no keyword', directoryPageQuery(null, none, page())],
    ['no keyword, page 5', directoryPageQuery(null, none, page({ position: { offset: 80 } }))],
    ['no keyword, service filter', directoryPageQuery(null, pentest, page())],
    ['keyword "penetration testing"', directoryPageQuery('penetration testing', none, page())],
    ['typo "penetation"', directoryPageQuery('penetation', none, page())],
    ['name "kowhai"', directoryPageQuery('kowhai', none, page())],
    ['broad keyword "management"', directoryPageQuery('management', none, page())],
    ['listing text "discovery workshop"', directoryPageQuery('discovery workshop', none, page())],
    ['keyword "security" in a channel', directoryPageQuery('security', { ...none, channel: ids.channel }, page())],
    ['export batch after a cursor, no keyword', directoryPageQuery(null, none, page({ limit: 500, position: { after: { rank: 0, sortKey: 'm', supplierId: 0 } }, suggestions: 0 }))],
  ];
  console.log('\nEXPLAIN ANALYZE (key lines; full plans with BENCH_PLANS=full)');
  for (const [label, query] of queries) {
    // Run once first so the plan shows a warm cache, as under load.
    await db.execute(query);
    const plan = await rows<{ 'QUERY PLAN': string }>(db, sql`EXPLAIN (ANALYZE, BUFFERS) ${query}`);
    const lines = plan.map((row) => row['QUERY PLAN']);
    const shown =
      process.env.BENCH_PLANS === 'full'
        ? lines
        : lines.filter((line) => /Scan|Execution Time|Planning Time/.test(line)).map((line) => line.replace(/\s+\(cost=[^)]*\)/, ''));
    console.log(`\n-- ${label}`);
    for (const line of shown) {
      console.log(`   ${line.length > 160 ? `${line.slice(0, 157)}...` : line}`);
    }
  }
}

function table(measured: readonly Measured[]): void {
  console.log('\n| run | requests/s | p50 ms | p99 ms | non-2xx | errors |');
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const m of measured) {
    console.log(`| ${m.name} | ${m.requestsPerSecond.toFixed(0)} | ${String(m.p50)} | ${String(m.p99)} | ${String(m.non2xx)} | ${String(m.errors)} |`);
  }
}

interface SizeResult {
  size: BenchSize;
  loadMs: number;
  searchBuildMs: number | null;
  listed: number;
  uncached: BodyTime[];
  bare: BodyTime[];
  runs: Measured[];
  ratio: number;
  fullExport: DownloadMeasure;
  keywordExportMs: number;
}

async function runSize(size: BenchSize): Promise<SizeResult> {
  console.log(`\n=== size ${size.name}: ${String(size.approvedSuppliers)} approved suppliers, ${String(size.publishedListings)} published listings ===`);
  const scratch = await benchDatabase.open();
  const { config, database } = scratch;
  let app: App | undefined;
  try {
    const summary = await generateDirectoryData(database.db, {
      approvedSuppliers: size.approvedSuppliers,
      publishedListings: size.publishedListings,
      searchBuild: size.searchBuild,
    });
    await database.db.execute(sql`VACUUM ANALYZE`);
    const [listed] = await rows<{ n: number }>(database.db, sql`SELECT count(*)::integer AS n FROM supplier_search`);
    const [sizes] = await rows<{ search: string; terms: string; documentBytes: number; termsPerSupplier: number; toasted: string }>(
      database.db,
      sql`SELECT pg_size_pretty(pg_total_relation_size('supplier_search')) AS search, pg_size_pretty(pg_total_relation_size('supplier_search_terms')) AS terms,
                 (SELECT avg(pg_column_size(document))::integer FROM supplier_search) AS "documentBytes",
                 round((SELECT count(*) FROM supplier_search_terms)::numeric / greatest((SELECT count(*) FROM supplier_search), 1), 1)::float8 AS "termsPerSupplier",
                 pg_size_pretty(pg_total_relation_size((SELECT reltoastrelid FROM pg_class WHERE relname = 'supplier_search'))) AS toasted`,
    );
    console.log(
      `data (supplier_search by ${size.searchBuild}): ${JSON.stringify(summary)}, listed in the directory: ${String(listed?.n ?? 0)}; ` +
        `supplier_search ${sizes?.search ?? '?'} (of which TOAST ${sizes?.toasted ?? '?'}; documents ${String(sizes?.documentBytes ?? '?')} bytes on average, as stored), ` +
        `supplier_search_terms ${sizes?.terms ?? '?'} with indexes (${String(sizes?.termsPerSupplier ?? '?')} terms a supplier)`,
    );

    app = await buildApp(config, { database });
    registerUncachedSearch(app);
    registerBareSearch(app);
    await app.listen({ host: '127.0.0.1', port: 0 });
    const origin = `http://127.0.0.1:${String((app.server.address() as AddressInfo).port)}`;
    const mix = await searchMix(database.db);
    console.log(`server: ${origin}; ${String(CONNECTIONS)} connections, ${String(size.durationS)} s per run; search mix of ${String(mix.length)} bodies`);

    // Every body must answer 200 before it is measured.
    for (const body of mix) {
      const response = await fetch(`${origin}/api/v1/directory/search`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (response.status !== 200) {
        throw new Error(`search ${JSON.stringify(body)} answered ${String(response.status)}: ${await response.text()}`);
      }
    }
    // One at a time first, on a quiet server: the service time of each body.
    const { uncached: uncachedTimes, bare: bareTimes } = await profileMix(origin, mix);

    await load('warm-up', `${origin}/api/v1/directory/search`, 'POST', mix, WARMUP_S);
    const cache = directorySearchCache(database.db);
    const counted = { ...cache.stats };
    const cacheUse = (label: string) => {
      const { hits, misses, versionReads } = cache.stats;
      console.log(`cache during ${label}: ${String(hits - counted.hits)} hits, ${String(misses - counted.misses)} misses, ${String(versionReads - counted.versionReads)} version reads`);
      Object.assign(counted, cache.stats);
    };
    const search = await load('(a) search API (cached)', `${origin}/api/v1/directory/search`, 'POST', mix, size.durationS);
    cacheUse('(a)');
    const missing = await load('(a) search API, 1 in 10 a miss', `${origin}/api/v1/directory/search`, 'POST', mix, size.durationS, 10);
    cacheUse('(a), 1 in 10 a miss');
    const uncached = await load("(a') search API without the cache", `${origin}/bench/uncached-search`, 'POST', mix, size.durationS);
    const bare = await load('(b) same SQL, bare route', `${origin}/bench/bare-search`, 'POST', mix, size.durationS);
    const trivial = await load('(c) trivial route', `${origin}/bench/trivial`, 'GET', [], size.durationS);
    table([search, missing, uncached, bare, trivial]);
    const ratio = uncached.requestsPerSecond / bare.requestsPerSecond;
    console.log(`uncached search / bare SQL throughput: ${ratio.toFixed(2)} (target ≥ 0.80)`);
    console.log(`cached search / bare SQL: ${(search.requestsPerSecond / bare.requestsPerSecond).toFixed(2)}; cached search / trivial: ${(search.requestsPerSecond / trivial.requestsPerSecond).toFixed(3)}`);
    console.log(`cached search p99: ${String(search.p99)} ms (target < 50 ms)`);

    await measureDownload(`${origin}/api/v1/directory/export.csv`); // warm-up
    const full = await measureDownload(`${origin}/api/v1/directory/export.csv`);
    console.log(
      `\nfull CSV export: ${full.milliseconds.toFixed(0)} ms, ${String(full.lines - 1)} suppliers, ` +
        `${(full.bytes / 1024).toFixed(0)} kB; RSS ${full.rssBeforeMb.toFixed(1)} → peak ${full.rssPeakMb.toFixed(1)} MB ` +
        `(+${rssGrowthMb(full).toFixed(1)}); heap ${full.heapBeforeMb.toFixed(1)} → peak ${full.heapPeakMb.toFixed(1)} MB ` +
        `(+${(full.heapPeakMb - full.heapBeforeMb).toFixed(1)})`,
    );
    const keyword = await measureDownload(`${origin}/api/v1/directory/export.csv?keyword=management`);
    console.log(`keyword CSV export ("management"): ${keyword.milliseconds.toFixed(0)} ms, ${String(keyword.lines - 1)} suppliers`);

    await explainMainQueries(database.db);
    return {
      size,
      loadMs: summary.milliseconds,
      searchBuildMs: summary.searchBuildMilliseconds,
      listed: listed?.n ?? 0,
      uncached: uncachedTimes,
      bare: bareTimes,
      runs: [search, missing, uncached, bare, trivial],
      ratio,
      fullExport: full,
      keywordExportMs: keyword.milliseconds,
    };
  } finally {
    await app?.close();
    await scratch.close();
  }
}

/** The sizes side by side, as markdown: what each cost is, and how it grew. */
function summarise(results: readonly SizeResult[]): string {
  const label = (body: DirectorySearchRequest) => `\`${JSON.stringify(body).replaceAll('|', '\\|')}\``;
  const out: string[] = [];
  const line = (name: string, cell: (r: SizeResult) => string) => {
    out.push(`| ${name} | ${results.map(cell).join(' | ')} |`);
  };
  out.push(`Each search body alone, ${String(PROFILE_ROUNDS)} rounds: matches, uncached API p50 / max and the bare statement's p50 (ms).`, '');
  out.push(`| search body | ${results.map((r) => `${r.size.name}: matches, p50 / max, bare p50`).join(' | ')} |`);
  out.push(`|---|${results.map(() => '---:').join('|')}|`);
  results[0]?.uncached.forEach((entry, index) => {
    const cells = results.map((r) => {
      const u = r.uncached[index];
      const b = r.bare[index];
      return u && b ? `${u.total.toLocaleString('en-NZ')}: ${u.p50.toFixed(1)} / ${u.max.toFixed(1)}, ${b.p50.toFixed(1)}` : '';
    });
    out.push(`| ${label(entry.body)} | ${cells.join(' | ')} |`);
  });
  out.push('', `| measure | ${results.map((r) => `${r.size.name} (${r.listed.toLocaleString('en-NZ')} listed)`).join(' | ')} |`);
  out.push(`|---|${results.map(() => '---:').join('|')}|`);
  line('load, of which supplier_search build (s)', (r) => `${(r.loadMs / 1000).toFixed(0)}${r.searchBuildMs === null ? ' (triggers)' : `, ${(r.searchBuildMs / 1000).toFixed(0)} (bulk)`}`);
  line('slowest uncached body, p50 / max (ms)', (r) => {
    const worst = [...r.uncached].sort((a, b) => b.max - a.max)[0];
    return worst ? `${worst.p50.toFixed(1)} / ${worst.max.toFixed(1)} ${label(worst.body)}` : '';
  });
  line('bodies with uncached max > 50 ms', (r) => `${String(r.uncached.filter((entry) => entry.max > 50).length)} of ${String(r.uncached.length)}`);
  line('bodies with uncached p50 > 50 ms', (r) => `${String(r.uncached.filter((entry) => entry.p50 > 50).length)} of ${String(r.uncached.length)}`);
  line('mix average uncached p50 (ms)', (r) => (r.uncached.reduce((sum, e) => sum + e.p50, 0) / r.uncached.length).toFixed(1));
  for (const [index, name] of ['(a) cached', '(a) 1 in 10 a miss', "(a') uncached", '(b) bare SQL', '(c) trivial'].entries()) {
    line(`${name}: requests/s, p50 / p99 ms`, (r) => {
      const run = r.runs[index];
      return run ? `${run.requestsPerSecond.toFixed(0)}, ${String(run.p50)} / ${String(run.p99)}` : '';
    });
  }
  line("throughput (a') / (b)", (r) => r.ratio.toFixed(2));
  line('full CSV export: s, suppliers, rows/s', (r) =>
    `${(r.fullExport.milliseconds / 1000).toFixed(1)}, ${(r.fullExport.lines - 1).toLocaleString('en-NZ')}, ${((r.fullExport.lines - 1) / (r.fullExport.milliseconds / 1000)).toFixed(0)}`,
  );
  line('export RSS before → peak (MB)', (r) => `${r.fullExport.rssBeforeMb.toFixed(0)} → ${r.fullExport.rssPeakMb.toFixed(0)} (+${rssGrowthMb(r.fullExport).toFixed(1)})`);
  line('export heap before → peak (MB)', (r) => `${r.fullExport.heapBeforeMb.toFixed(0)} → ${r.fullExport.heapPeakMb.toFixed(0)} (+${(r.fullExport.heapPeakMb - r.fullExport.heapBeforeMb).toFixed(1)})`);
  line('keyword export "management" (s)', (r) => (r.keywordExportMs / 1000).toFixed(1));
  return out.join('\n');
}

async function main(): Promise<void> {
  const started = new Date();
  const atStart = loadAverage();
  console.log(
    `directory benchmark: ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? 'unknown'}), Node ${process.version}, ${started.toISOString()}, ` +
      `sizes ${RUN_SIZES.map((size) => size.name).join(', ')}, load average ${atStart}`,
  );
  const results: SizeResult[] = [];
  for (const size of RUN_SIZES) {
    results.push(await runSize(size));
  }
  const summary = summarise(results);
  console.log(`\n=== summary ===\n\n${summary}`);
  console.log(`\nload average at the end: ${loadAverage()}`);
  if (process.env.BENCH_WRITE_README === '1') {
    const when = `${minuteInUtc(started)} UTC`;
    const heading =
      `### One run (${when}, sizes ${results.map((r) => r.size.name).join(', ')}; ${String(os.cpus().length)} CPUs, ` +
      `load average ${atStart} at the start, ${loadAverage()} at the end)`;
    await writeReadmeSection('directory', `${heading}\n\n${summary}`);
  }
}

await main();
