/**
 * npm run bench:open-data: the open data (issue 32) at the directory benchmark's large size, against
 * PostgreSQL. Creates a throwaway database on DATABASE_URL's server (default
 * postgres://postgres@127.0.0.1:5432), loads bench/generate-directory-data.ts (50,000 approved
 * suppliers, supplier_search built in bulk) and bench/generate-open-data-data.ts (agencies,
 * engagement notices, billing reports) into it, then measures:
 *   (1) the first full publish run (publishOpenData over everything), a second with nothing new (it reads
 *       only what changed: nothing), one over everything with nothing new (the daily run), and one after
 *       some published notices were withdrawn and some confirmed reports corrected;
 *   (2) the feed on the real app (a random loopback port): a walk from the start to the end
 *       following links.next, one request at a time, against the same keyset query run bare through
 *       the same pool for the same cursors; then pages near the start, middle and end at
 *       BENCH_CONNECTIONS connections (autocannon), against a bare route running the same query;
 *   (3) records and releases by id, one request at a time;
 *   (4) the bulk file (writeBulkFile, in this process), sampling RSS and heap every 10 ms;
 * prints EXPLAIN ANALYZE of the publisher's and the feed's main statements, and writes the summary
 * into bench/README.md (between the open-data markers) with BENCH_WRITE_README=1.
 *
 * Sizes: BENCH_OPEN_DATA_SIZE=large (default: 50,000 suppliers, 100,000 notices, 500,000 reports)
 * or small (5,000, 10,000, 50,000); any of BENCH_SUPPLIERS, BENCH_LISTINGS, BENCH_AGENCIES,
 * BENCH_NOTICES, BENCH_REPORTS overrides one count.
 */
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import autocannon from 'autocannon';
import { sql, type SQL } from 'drizzle-orm';
import { OPEN_DATA_MAX_PAGE_SIZE, OPEN_DATA_PAGE_SIZE } from '../common/api/open-data';
import { OPEN_DATA_POLICY_PATH } from '../common/site-paths';
import { buildApp } from '../server/app';
import type { App } from '../server/app-type';
import type { Database } from '../server/db/client';
import { writeBulkFile } from '../server/modules/open-data/bulk';
import { publishOpenData } from '../server/modules/open-data/publisher';
import { publicationOf } from '../server/modules/open-data/routes';
import { releasesAfter, type PackageSettings } from '../server/modules/open-data/service';
import { generateDirectoryData } from './generate-directory-data';
import { changeAfterPublication, generateOpenDataData } from './generate-open-data-data';
import { FLAT_MEMORY_BUDGET_MB, measureMemory, mb, rssGrowthMb, type MemoryMeasure } from './memory';
import { rows } from './bulk-sql';
import { scratchDatabase } from './scratch-database';
import { loadAverage, minuteInUtc, percentile, writeReadmeSection } from './report';

const benchDatabase = scratchDatabase('marketplace_bench_open_data');
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 5);
/** The walk's page size: the largest a client may ask for unless told (BENCH_WALK_LIMIT). */
const WALK_LIMIT = Number(process.env.BENCH_WALK_LIMIT ?? OPEN_DATA_MAX_PAGE_SIZE);

interface Size {
  name: string;
  suppliers: number;
  listings: number;
  agencies: number;
  notices: number;
  reports: number;
}
const PRESETS: Record<string, Size> = {
  small: { name: 'small', suppliers: 5_000, listings: 50_000, agencies: 100, notices: 10_000, reports: 50_000 },
  large: { name: 'large', suppliers: 50_000, listings: 500_000, agencies: 300, notices: 100_000, reports: 500_000 },
};
function sizeOfRun(): Size {
  const preset = PRESETS[process.env.BENCH_OPEN_DATA_SIZE ?? 'large'];
  if (!preset) {
    throw new Error(`BENCH_OPEN_DATA_SIZE: unknown size ${process.env.BENCH_OPEN_DATA_SIZE ?? ''} (small, large)`);
  }
  const count = (name: string, fallback: number) => (process.env[name] ? Number(process.env[name]) : fallback);
  const size = {
    suppliers: count('BENCH_SUPPLIERS', preset.suppliers),
    listings: count('BENCH_LISTINGS', preset.listings),
    agencies: count('BENCH_AGENCIES', preset.agencies),
    notices: count('BENCH_NOTICES', preset.notices),
    reports: count('BENCH_REPORTS', preset.reports),
  };
  const changed = Object.entries(size).some(([key, value]) => preset[key as keyof Size] !== value);
  return { name: changed ? `${preset.name} (counts changed)` : preset.name, ...size };
}

const ms = (value: number) => (value >= 100 ? value.toFixed(0) : value.toFixed(1));

interface PublishRun {
  label: string;
  milliseconds: number;
  releases: number;
}

/** One publish run, with the releases written so far printed every 15 s (the feed's max sequence). */
async function publishRun(label: string, db: Database, app: { publication: ReturnType<typeof publicationOf> }, now: Date, everything = false): Promise<PublishRun> {
  const started = performance.now();
  const [before] = await rows<{ n: number }>(db, sql`SELECT coalesce(max(sequence), 0)::int AS n FROM open_data_releases`);
  let last = { at: started, n: before?.n ?? 0 };
  const progress = setInterval(() => {
    void rows<{ n: number }>(db, sql`SELECT coalesce(max(sequence), 0)::int AS n FROM open_data_releases`).then(([row]) => {
      const at = performance.now();
      const n = row?.n ?? 0;
      console.log(`  … ${label}: ${String(n - (before?.n ?? 0))} releases after ${((at - started) / 1000).toFixed(0)} s (${((n - last.n) / ((at - last.at) / 1000)).toFixed(0)}/s lately)`);
      last = { at, n };
    });
  }, 15_000);
  try {
    const releases = await publishOpenData(db, app.publication, { now, everything });
    const milliseconds = performance.now() - started;
    console.log(`${label}: ${String(releases)} releases in ${(milliseconds / 1000).toFixed(1)} s (${(releases / (milliseconds / 1000)).toFixed(0)}/s)`);
    return { label, milliseconds, releases };
  } finally {
    clearInterval(progress);
  }
}

interface Timing {
  count: number;
  p50: number;
  p99: number;
  max: number;
  total: number;
}

function timing(values: readonly number[]): Timing {
  const sorted = [...values].sort((a, b) => a - b);
  return { count: sorted.length, p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99), max: sorted.at(-1) ?? Number.NaN, total: sorted.reduce((sum, value) => sum + value, 0) };
}

interface WalkResult {
  pages: number;
  releases: number;
  bytes: number;
  api: Timing;
  bare: Timing;
  milliseconds: number;
}

/** From the beginning to the end following links.next, one request at a time; each cursor's bare statement timed right after its page. */
async function walkFeed(origin: string, db: Database, limit: number): Promise<WalkResult> {
  const api: number[] = [];
  const bare: number[] = [];
  let url = `${origin}/api/v1/open-data/releases?limit=${String(limit)}`;
  let after = 0;
  let releases = 0;
  let bytes = 0;
  const started = performance.now();
  for (;;) {
    const requested = performance.now();
    const response = await fetch(url);
    const text = await response.text();
    api.push(performance.now() - requested);
    if (response.status !== 200) {
      throw new Error(`${url} answered ${String(response.status)}: ${text.slice(0, 300)}`);
    }
    bytes += text.length;
    const page = JSON.parse(text) as { releases: unknown[]; links?: { next: string } };
    const timed = performance.now();
    // The feed's statement (service.ts releasesAfter, which releaseFeedPage reads) run bare: the floor of a page.
    await releasesAfter(db, after, limit);
    bare.push(performance.now() - timed);
    releases += page.releases.length;
    if (page.releases.length === 0 || !page.links) {
      break;
    }
    // links.next names the public address; the same path and query on this server.
    const next = new URL(page.links.next);
    after = Number(next.searchParams.get('after'));
    url = `${origin}${next.pathname}${next.search}`;
  }
  return { pages: api.length, releases, bytes, api: timing(api), bare: timing(bare), milliseconds: performance.now() - started };
}

interface Loaded {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

async function load(name: string, url: string): Promise<Loaded> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S });
  const measured = { name, requestsPerSecond: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, non2xx: result.non2xx, errors: result.errors };
  console.log(`  ${name}: ${measured.requestsPerSecond.toFixed(0)} req/s, p50 ${String(measured.p50)} ms, p99 ${String(measured.p99)} ms, non-2xx ${String(measured.non2xx)}, errors ${String(measured.errors)}`);
  return measured;
}

/** Sequential requests of each URL (after one unmeasured); the times in ms. */
async function timeGets(urls: readonly string[], rounds: number): Promise<{ times: number[]; bytes: number }> {
  const times: number[] = [];
  let bytes = 0;
  for (const url of urls) {
    for (let round = 0; round <= rounds; round += 1) {
      const started = performance.now();
      const response = await fetch(url);
      const text = await response.text();
      if (response.status !== 200) {
        throw new Error(`${url} answered ${String(response.status)}: ${text.slice(0, 300)}`);
      }
      if (round > 0) {
        times.push(performance.now() - started);
        bytes = Math.max(bytes, text.length);
      }
    }
  }
  return { times, bytes };
}

interface BulkMeasure extends MemoryMeasure {
  releases: number;
  bytes: number;
  /** After a full collection once written (null without --expose-gc): what the write left behind. */
  rssAfterGcMb: number | null;
  heapAfterGcMb: number | null;
}

async function measureBulk(db: Database, app: App, settings: PackageSettings): Promise<BulkMeasure> {
  const { result: file, ...memory } = await measureMemory(() => writeBulkFile(db, app.storage, settings), 10);
  global.gc?.();
  const after = global.gc ? process.memoryUsage() : null;
  return {
    ...memory,
    releases: file.releaseCount,
    bytes: file.bytes,
    rssAfterGcMb: after ? mb(after.rss) : null,
    heapAfterGcMb: after ? mb(after.heapUsed) : null,
  };
}

/** EXPLAIN ANALYZE, key lines (every line with BENCH_PLANS=full). */
async function explain(db: Database, label: string, query: SQL): Promise<string[]> {
  const plan = await rows<{ 'QUERY PLAN': string }>(db, sql`EXPLAIN (ANALYZE, BUFFERS) ${query}`);
  const lines = plan.map((row) => row['QUERY PLAN']);
  const shown = process.env.BENCH_PLANS === 'full' ? lines : lines.filter((line) => /Scan|Join|SubPlan|Sort|Execution Time|Planning Time|Rows Removed/.test(line));
  console.log(`\n-- ${label}`);
  for (const line of shown) {
    console.log(`   ${line.length > 170 ? `${line.slice(0, 167)}...` : line}`);
  }
  return lines;
}

/** The publisher's spend and engagement statements as publisher.ts writes them, read-only, with nothing left to publish. */
async function explainPublisher(db: Database): Promise<void> {
  console.log('\nEXPLAIN ANALYZE of a run over everything with nothing new (the daily run; a run each period reads only what changed)');
  await explain(
    db,
    'publishSpend: confirmed reports never published at their amount (LIMIT 500)',
    sql`SELECT br.id, (SELECT count(*)::int FROM open_data_releases o WHERE o.source LIKE 'report:' || br.id || ':%') AS versions_before
        FROM billing_reports br
        JOIN engagement_notices en ON en.id = br.engagement_notice_id AND TRUE
        JOIN agency_applications aa ON aa.id = en.agency_id
        WHERE TRUE AND br.status = 'submitted' AND br.agency_response = 'confirmed'
          AND en.status = 'submitted' AND en.agency_response = 'confirmed' AND en.supplier_confidential_reason IS NULL AND en.agency_confidential_reason IS NULL
          AND EXISTS (SELECT 1 FROM open_data_releases o WHERE o.source = 'notice:' || en.id)
          AND NOT EXISTS (SELECT 1 FROM open_data_releases o WHERE o.source = 'report:' || br.id || ':' || br.amount_cents)
        ORDER BY br.id LIMIT 500`,
  );
  await explain(
    db,
    "versionsBefore of one report (the SELECT list's subquery, once per report published)",
    sql`SELECT count(*)::int FROM open_data_releases WHERE source LIKE 'report:' || (SELECT max(id) FROM billing_reports) || ':%'`,
  );
  await explain(
    db,
    'publishEngagements: confirmed notices never published (LIMIT 500)',
    sql`SELECT en.id FROM engagement_notices en JOIN agency_applications aa ON aa.id = en.agency_id
        WHERE en.status = 'submitted' AND en.agency_response = 'confirmed' AND en.supplier_confidential_reason IS NULL AND en.agency_confidential_reason IS NULL
          AND NOT EXISTS (SELECT 1 FROM open_data_releases o WHERE o.source = 'notice:' || en.id)
        ORDER BY en.id LIMIT 500`,
  );
}

interface Result {
  size: Size;
  generated: Record<string, unknown>;
  loadMs: number;
  releasesBySource: Record<string, number>;
  firstRunByKind: string;
  tableSize: string;
  runs: PublishRun[];
  changes: { withdrawn: number; corrected: number };
  walk: WalkResult;
  loads: Loaded[];
  records: { label: string; ocid: string; releases: number; timing: Timing; bytes: number }[];
  releaseById: Timing;
  bulk: BulkMeasure;
  loadAverageStart: string;
  loadAverageEnd: string;
}

async function run(size: Size): Promise<Result> {
  const loadAverageStart = loadAverage();
  console.log(
    `open data benchmark: ${String(os.cpus().length)} CPUs (${os.cpus()[0]?.model ?? 'unknown'}), Node ${process.version}, ${new Date().toISOString()}, size ${size.name}: ` +
      `${String(size.suppliers)} approved suppliers, ${String(size.listings)} listings, ${String(size.agencies)} agencies, ${String(size.notices)} notices, ~${String(size.reports)} reports; load average ${loadAverageStart}`,
  );
  const scratch = await benchDatabase.open({
    // Far above what one address sends here: the limit's hook runs, never answers 429.
    OPEN_DATA_RATE_LIMIT: process.env.OPEN_DATA_RATE_LIMIT ?? '100000000',
  });
  const { config, database } = scratch;
  const { db } = database;
  let app: App | undefined;
  try {

    const loadStarted = performance.now();
    const directory = await generateDirectoryData(db, { approvedSuppliers: size.suppliers, publishedListings: size.listings, searchBuild: 'bulk' });
    console.log(`directory data: ${JSON.stringify(directory)}`);
    const { withdrawLater, ...generated } = await generateOpenDataData(db, { agencies: size.agencies, notices: size.notices, reports: size.reports });
    console.log(`open data facts: ${JSON.stringify({ ...generated, withdrawLater: withdrawLater.length })}`);
    await db.execute(sql`VACUUM ANALYZE`);
    const loadMs = performance.now() - loadStarted;
    console.log(`loaded in ${(loadMs / 1000).toFixed(0)} s`);

    // (1) Publishing.
    app = await buildApp(config, { database });
    const publication = publicationOf(app);
    const now = new Date();
    // The first run's batches per kind are told apart by their published_at (now() of each transaction).
    const first = await publishRun('first publish run, over everything', db, { publication }, now, true);
    const second = await publishRun('second run, nothing new', db, { publication }, now);
    const daily = await publishRun('a run over everything, nothing new (the daily one)', db, { publication }, now, true);
    const changes = await changeAfterPublication(db, withdrawLater, Math.round(size.reports / 100));
    console.log(`then ${String(changes.withdrawn)} published notices withdrawn, ${String(changes.corrected)} confirmed reports corrected`);
    const third = await publishRun('third run, after withdrawals and corrections', db, { publication }, now);
    const fourth = await publishRun('fourth run, nothing new', db, { publication }, now);
    await db.execute(sql`VACUUM ANALYZE open_data_releases`);
    const bySource = await rows<{ kind: string; n: number }>(
      db,
      sql`SELECT CASE WHEN source LIKE '%:withdrawn' THEN 'withdrawal' WHEN source LIKE 'report:%' AND release->>'tag' LIKE '%implementationUpdate%' THEN 'spend correction' ELSE split_part(source, ':', 1) END AS kind, count(*)::int AS n
          FROM open_data_releases GROUP BY 1 ORDER BY 1`,
    );
    const releasesBySource = Object.fromEntries(bySource.map((row) => [row.kind, row.n]));
    // Each batch is a transaction and published_at its start: the first run's time by kind.
    const kinds = await rows<{ kind: string; n: number; seconds: number; batches: number }>(
      db,
      sql`SELECT split_part(source, ':', 1) AS kind, count(*)::int AS n, count(DISTINCT published_at)::int AS batches,
                 extract(epoch FROM max(published_at) - min(published_at))::float8 AS seconds
          FROM open_data_releases WHERE published_at <= ${new Date(now.getTime() + first.milliseconds + 1_000)}
            AND published_at >= ${now} GROUP BY 1 ORDER BY min(published_at)`,
    );
    const firstRunByKind = kinds.map((row) => `${row.kind}: ${String(row.n)} in ${row.seconds.toFixed(1)} s (${String(row.batches)} batches)`).join('; ');
    console.log(`first run by kind (from the batches' published_at, first batch start to last batch start): ${firstRunByKind}`);
    const [table] = await rows<{ size: string; average: number }>(
      db,
      sql`SELECT pg_size_pretty(pg_total_relation_size('open_data_releases')) AS size, avg(pg_column_size(release))::int AS average FROM open_data_releases`,
    );
    const tableSize = `${table?.size ?? '?'} (release jsonb ${String(table?.average ?? '?')} bytes on average, as stored)`;
    console.log(`releases by kind: ${JSON.stringify(releasesBySource)}; open_data_releases ${tableSize}`);
    await explainPublisher(db);

    // (2) The feed.
    app.get('/bench/bare-feed', async (request, reply) => {
      const query = request.query as { after?: string };
      // The releases' text as read, in an array: the statement and nothing of the package around it.
      const rows = await releasesAfter(db, Number(query.after ?? 0), OPEN_DATA_PAGE_SIZE);
      return reply.type('application/json; charset=utf-8').send(`[${rows.map((row) => row.json).join(',')}]`);
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const origin = `http://127.0.0.1:${String((app.server.address() as AddressInfo).port)}`;
    console.log(`\nserver: ${origin}; walking the feed, ${String(WALK_LIMIT)} a page`);
    const walk = await walkFeed(origin, db, WALK_LIMIT);
    console.log(
      `feed walk: ${String(walk.pages)} pages, ${String(walk.releases)} releases, ${(walk.bytes / 1024 / 1024).toFixed(0)} MB in ${(walk.milliseconds / 1000).toFixed(1)} s; ` +
        `page p50 ${ms(walk.api.p50)} / p99 ${ms(walk.api.p99)} / max ${ms(walk.api.max)} ms; bare statement p50 ${ms(walk.bare.p50)} / p99 ${ms(walk.bare.p99)} ms; ` +
        `p50 ratio ${(walk.api.p50 / walk.bare.p50).toFixed(1)}`,
    );
    const [ends] = await rows<{ last: number }>(db, sql`SELECT max(sequence)::int AS last FROM open_data_releases`);
    const last = ends?.last ?? 0;
    const cursors = [
      ['start', 0],
      ['middle', Math.floor(last / 2)],
      ['end', Math.max(0, last - OPEN_DATA_PAGE_SIZE)],
    ] as const;
    console.log(`\n${String(CONNECTIONS)} connections, ${String(DURATION_S)} s a run, pages of ${String(OPEN_DATA_PAGE_SIZE)}`);
    await load('warm-up', `${origin}/api/v1/open-data/releases?after=${String(cursors[1][1])}`);
    const loads: Loaded[] = [];
    for (const [name, after] of cursors) {
      // The start is the address a client begins with: no cursor (after is from 1).
      const query = after > 0 ? `?after=${String(after)}` : '';
      loads.push(await load(`feed page at the ${name} (${after > 0 ? `after=${String(after)}` : 'no cursor'})`, `${origin}/api/v1/open-data/releases${query}`));
      loads.push(await load(`bare statement at the ${name}`, `${origin}/bench/bare-feed?after=${String(after)}`));
    }
    loads.push(await load('polling past the end (empty page)', `${origin}/api/v1/open-data/releases?after=${String(last)}`));
    loads.push(await load('policy page (a page of the same server)', `${origin}${OPEN_DATA_POLICY_PATH}`));

    // (3) Records and releases.
    const prefix = publication.ocidPrefix;
    const pickOcid = async (label: string, query: SQL) => {
      const [row] = await rows<{ ocid: string; n: number }>(db, query);
      return row ? { label, ocid: row.ocid, releases: row.n } : null;
    };
    const ocids = (
      await Promise.all([
        pickOcid('engagement, most releases', sql`SELECT ocid, count(*)::int AS n FROM open_data_releases WHERE ocid LIKE ${`${prefix}-engagement-%`} GROUP BY ocid ORDER BY n DESC, ocid LIMIT 1`),
        pickOcid('engagement, withdrawn', sql`SELECT ocid, count(*)::int AS n FROM open_data_releases WHERE ocid IN (SELECT ocid FROM open_data_releases WHERE source LIKE '%:withdrawn' ORDER BY sequence LIMIT 1) GROUP BY ocid`),
        pickOcid('engagement, median', sql`SELECT ocid, n FROM (SELECT ocid, count(*)::int AS n FROM open_data_releases WHERE ocid LIKE ${`${prefix}-engagement-%`} GROUP BY ocid) t ORDER BY n, ocid OFFSET (SELECT count(DISTINCT ocid) / 2 FROM open_data_releases WHERE ocid LIKE ${`${prefix}-engagement-%`}) LIMIT 1`),
        pickOcid('catalogue (framework and its approvals), largest', sql`SELECT ocid, count(*)::int AS n FROM open_data_releases WHERE ocid LIKE ${`${prefix}-catalogue-%`} GROUP BY ocid ORDER BY n DESC, ocid LIMIT 1`),
        pickOcid('catalogue, smallest', sql`SELECT ocid, count(*)::int AS n FROM open_data_releases WHERE ocid LIKE ${`${prefix}-catalogue-%`} GROUP BY ocid ORDER BY n, ocid LIMIT 1`),
      ])
    ).filter((entry) => entry !== null);
    console.log('\nrecords, one request at a time');
    const records: Result['records'] = [];
    for (const entry of ocids) {
      const rounds = entry.releases > 1_000 ? 5 : 30;
      const { times, bytes } = await timeGets([`${origin}/api/v1/open-data/records/${encodeURIComponent(entry.ocid)}`], rounds);
      const measured = timing(times);
      records.push({ ...entry, timing: measured, bytes });
      console.log(`  ${entry.label} (${entry.ocid}, ${String(entry.releases)} releases, ${(bytes / 1024).toFixed(0)} kB): p50 ${ms(measured.p50)} ms, p99 ${ms(measured.p99)} ms over ${String(measured.count)}`);
    }
    const releaseIds = await rows<{ id: string }>(db, sql`SELECT release_id AS id FROM open_data_releases WHERE sequence % greatest(${last} / 20, 1) = 0 ORDER BY sequence LIMIT 20`);
    const byId = timing((await timeGets(releaseIds.map((row) => `${origin}/api/v1/open-data/releases/${encodeURIComponent(row.id)}`), 5)).times);
    console.log(`releases by id (${String(releaseIds.length)} ids × 5): p50 ${ms(byId.p50)} ms, p99 ${ms(byId.p99)} ms`);

    await explain(
      db,
      `the feed's statement at the middle (after=${String(cursors[1][1])}, LIMIT ${String(OPEN_DATA_PAGE_SIZE)})`,
      sql`SELECT sequence, release, published_at FROM open_data_releases WHERE sequence > ${cursors[1][1]} ORDER BY sequence LIMIT ${OPEN_DATA_PAGE_SIZE}`,
    );

    // (4) The bulk file.
    const settings: PackageSettings = { publicUrl: config.publicUrl, productName: config.productName, publicationPolicyUrl: `${config.publicUrl}${OPEN_DATA_POLICY_PATH}` };
    console.log('\nbulk file');
    const bulk = await measureBulk(db, app, settings);
    console.log(
      `bulk file: ${String(bulk.releases)} releases in ${(bulk.milliseconds / 1000).toFixed(1)} s (${(bulk.releases / (bulk.milliseconds / 1000)).toFixed(0)}/s), ${mb(bulk.bytes).toFixed(1)} MB gzipped; ` +
        `RSS ${bulk.rssBeforeMb.toFixed(0)} → peak ${bulk.rssPeakMb.toFixed(0)} MB (+${rssGrowthMb(bulk).toFixed(1)}), heap ${bulk.heapBeforeMb.toFixed(0)} → peak ${bulk.heapPeakMb.toFixed(0)} MB (+${(bulk.heapPeakMb - bulk.heapBeforeMb).toFixed(1)}); after a full GC RSS ${bulk.rssAfterGcMb?.toFixed(0) ?? '?'} MB, heap ${bulk.heapAfterGcMb?.toFixed(0) ?? '?'} MB`,
    );
    const loadAverageEnd = loadAverage();
    console.log(`\nload average at the end: ${loadAverageEnd}`);
    return {
      size,
      generated,
      loadMs,
      releasesBySource,
      firstRunByKind,
      tableSize,
      runs: [first, second, daily, third, fourth],
      changes,
      walk,
      loads,
      records,
      releaseById: byId,
      bulk,
      loadAverageStart,
      loadAverageEnd,
    };
  } finally {
    await app?.close();
    await scratch.close();
  }
}

/** The run as a section of bench/README.md. */
function section(result: Result): string {
  const { size, runs, walk, loads, bulk } = result;
  const [first, second, daily, third, fourth] = runs;
  const rate = (run: PublishRun | undefined) => (run ? (run.releases / (run.milliseconds / 1000)).toFixed(0) : '');
  const runLine = (run: PublishRun | undefined) => (run ? `| ${run.label} | ${(run.milliseconds / 1000).toFixed(1)} s | ${String(run.releases)} | ${rate(run)} |` : '');
  const loaded = (name: string) => loads.find((entry) => entry.name.startsWith(name));
  const pair = (where: string) => {
    const api = loaded(`feed page at the ${where}`);
    const bare = loaded(`bare statement at the ${where}`);
    return api && bare
      ? `| ${api.name} | ${api.requestsPerSecond.toFixed(0)} | ${String(api.p50)} / ${String(api.p99)} | ${bare.requestsPerSecond.toFixed(0)} | ${String(bare.p50)} / ${String(bare.p99)} | ${(api.requestsPerSecond / bare.requestsPerSecond).toFixed(2)} |`
      : '';
  };
  const empty = loaded('polling past the end');
  const policy = loaded('policy page');
  return [
    `### One run (${minuteInUtc()} UTC, size ${size.name}; ${String(os.cpus().length)} CPUs, load average ${result.loadAverageStart} at the start, ${result.loadAverageEnd} at the end)`,
    '',
    `Data: ${String(size.suppliers)} approved suppliers (${String(size.listings)} listings), ${String(size.agencies)} agencies, ${JSON.stringify(result.generated)}; loaded in ${(result.loadMs / 1000).toFixed(0)} s.`,
    `Releases: ${JSON.stringify(result.releasesBySource)}; open_data_releases ${result.tableSize}.`,
    '',
    '| publish run | wall time | releases | releases/s |',
    '|---|---:|---:|---:|',
    runLine(first),
    runLine(second),
    runLine(daily),
    `| (then ${String(result.changes.withdrawn)} published notices withdrawn, ${String(result.changes.corrected)} confirmed reports corrected) | | | |`,
    runLine(third),
    runLine(fourth),
    '',
    `First run by kind (start of its first batch to start of its last): ${result.firstRunByKind}.`,
    '',
    `Second run / first: ${first && second ? (second.milliseconds / first.milliseconds).toFixed(3) : ''} (${second ? (second.milliseconds / 1000).toFixed(1) : ''} s to find nothing); ` +
      `second run / the run over everything with nothing new: ${second && daily ? (second.milliseconds / daily.milliseconds).toFixed(4) : ''}.`,
    '',
    `Feed walk, one request at a time, ${String(WALK_LIMIT)} a page, following links.next: ${String(walk.pages)} pages, ${String(walk.releases)} releases, ${(walk.bytes / 1024 / 1024).toFixed(0)} MB in ${(walk.milliseconds / 1000).toFixed(1)} s;`,
    `page p50 ${ms(walk.api.p50)} ms, p99 ${ms(walk.api.p99)} ms, max ${ms(walk.api.max)} ms; the same statement bare (same pool, same cursors, in process) p50 ${ms(walk.bare.p50)} ms, p99 ${ms(walk.bare.p99)} ms: page / bare p50 ${(walk.api.p50 / walk.bare.p50).toFixed(1)}.`,
    '',
    `Pages of ${String(OPEN_DATA_PAGE_SIZE)} at ${String(CONNECTIONS)} connections, ${String(DURATION_S)} s each (autocannon), against a route of the same server running the feed's statement bare:`,
    '',
    '| feed page | req/s | p50 / p99 ms | bare req/s | bare p50 / p99 ms | req/s feed / bare |',
    '|---|---:|---:|---:|---:|---:|',
    pair('start'),
    pair('middle'),
    pair('end'),
    empty ? `| polling past the end (an empty page) | ${empty.requestsPerSecond.toFixed(0)} | ${String(empty.p50)} / ${String(empty.p99)} | | | |` : '',
    policy ? `| (the policy page, for scale) | ${policy.requestsPerSecond.toFixed(0)} | ${String(policy.p50)} / ${String(policy.p99)} | | | |` : '',
    '',
    '| record / release | releases | size | p50 ms | p99 ms |',
    '|---|---:|---:|---:|---:|',
    ...result.records.map((entry) => `| record: ${entry.label} | ${String(entry.releases)} | ${(entry.bytes / 1024).toFixed(0)} kB | ${ms(entry.timing.p50)} | ${ms(entry.timing.p99)} |`),
    `| release by id (${String(result.releaseById.count)} requests) | 1 | | ${ms(result.releaseById.p50)} | ${ms(result.releaseById.p99)} |`,
    '',
    `Bulk file (writeBulkFile, in process, local file store): ${String(bulk.releases)} releases in ${(bulk.milliseconds / 1000).toFixed(1)} s (${(bulk.releases / (bulk.milliseconds / 1000)).toFixed(0)} releases/s), ` +
      `${mb(bulk.bytes).toFixed(1)} MB gzipped; RSS ${bulk.rssBeforeMb.toFixed(0)} → peak ${bulk.rssPeakMb.toFixed(0)} MB (**+${rssGrowthMb(bulk).toFixed(1)} MB**, issue 33's target < ${String(FLAT_MEMORY_BUDGET_MB)} MB), ` +
      `heap ${bulk.heapBeforeMb.toFixed(0)} → peak ${bulk.heapPeakMb.toFixed(0)} MB (+${(bulk.heapPeakMb - bulk.heapBeforeMb).toFixed(1)}); ` +
      (bulk.heapAfterGcMb === null ? 'no full GC measured (run with NODE_OPTIONS=--expose-gc).' : `after a full GC RSS ${bulk.rssAfterGcMb?.toFixed(0) ?? '?'} MB, heap ${bulk.heapAfterGcMb.toFixed(0)} MB.`),
  ]
    .filter((line, index, all) => line !== '' || all[index - 1] !== '')
    .join('\n');
}

const result = await run(sizeOfRun());
const text = section(result);
console.log(`\n${text}`);
if (process.env.BENCH_WRITE_README === '1') {
  await writeReadmeSection(`open-data-${result.size.name.split(' ')[0] ?? 'large'}`, text);
}
