/**
 * npm run bench:observability: what watching the portal costs (issue 34). The real server
 * (`server/main.ts`, a process of its own, so that the load generator does not share its thread), on
 * the same PostgreSQL data, started four ways in one run, in turn, round after round:
 *   - bare: `/metrics` not configured (no request or statement is timed) and no tracing;
 *   - metrics: METRICS_TOKEN set, so each request and each statement is timed into histograms;
 *   - metrics and traces: as well, OpenTelemetry spans for each request and statement, exported to
 *     a collector this script starts on loopback (it reads what it is sent and answers 200);
 *   - the same with one request in ten traced (OTEL_TRACES_SAMPLER=parentbased_traceidratio,
 *     OTEL_TRACES_SAMPLER_ARG=0.1, which the OpenTelemetry SDK reads itself).
 * Each is measured with autocannon on two routes: `GET /healthz` (no statement: the cost per
 * request at its largest share) and the directory search with every request one not asked before
 * in that measure (a cache miss: validation, statements, shaping), from the same 1,500 searches of
 * like cost each time (the data version is moved on before each measure, emptying the cache). Then, as the off state's only
 * leftover, the cost of the statement watch's check when nobody listens and nothing traces, per
 * call, against calling the query function directly.
 *
 * Prints and, with BENCH_WRITE_README=1, writes into bench/README.md: requests a second, p50 and
 * p99 per way (medians over the rounds), and each as a ratio against bare. Options:
 * BENCH_ROUNDS (5), BENCH_DURATION (seconds per measure, 6), BENCH_CONNECTIONS (8),
 * BENCH_SUPPLIERS (2,000 approved suppliers, ten listings each).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { StatementWatch } from '../server/db/statement-watch';
import { startServer } from '../server/resilience/support';
import { rows } from './bulk-sql';
import { generateDirectoryData } from './generate-directory-data';
import { loadAverage, median, minuteInUtc, writeReadmeSection } from './report';
import { scratchDatabase, type ScratchPortal } from './scratch-database';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 6);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 8);
const SUPPLIERS = Number(process.env.BENCH_SUPPLIERS ?? 2_000);
const WARM_UP_S = 2;
const METRICS_TOKEN = 'observability-bench-token-0123456789';

type Way = 'bare' | 'metrics' | 'metrics and traces' | 'metrics and one trace in ten';
const WAYS: readonly Way[] = ['bare', 'metrics', 'metrics and traces', 'metrics and one trace in ten'];
type Route = 'GET /healthz' | 'directory search, uncached';
const ROUTES: readonly Route[] = ['GET /healthz', 'directory search, uncached'];

interface Measure {
  requests: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
}

/** An OTLP/HTTP collector that reads each export and answers 200, counting them. */
async function startCollector(): Promise<{ endpoint: string; exports: () => number; bytes: () => number; close: () => Promise<void> }> {
  let exports = 0;
  let bytes = 0;
  const server = http.createServer((request, response) => {
    request.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
    });
    request.on('end', () => {
      exports += 1;
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    endpoint: `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`,
    exports: () => exports,
    bytes: () => bytes,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

const KEYWORDS = ['', 'cloud', 'management', 'security', 'design', 'data'];

/** Six keywords (and none), fifty pages, five page sizes of about the same cost: 1,500 searches, each asked once a measure. */
const SEARCHES = KEYWORDS.flatMap((keyword) =>
  Array.from({ length: 50 }, (_, page) => [18, 19, 20, 21, 22].map((pageSize) => JSON.stringify({ ...(keyword ? { keyword } : {}), page: page + 1, pageSize }))).flat(),
);

async function measure(origin: string, route: Route, seconds = DURATION_S): Promise<Measure> {
  let searched = 0;
  const result = await autocannon({
    url: route === 'GET /healthz' ? `${origin}/healthz` : `${origin}/api/v1/directory/search`,
    connections: CONNECTIONS,
    duration: seconds,
    requests: [
      route === 'GET /healthz'
        ? { method: 'GET' }
        : {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            setupRequest: (request) => {
              searched += 1;
              return { ...request, body: SEARCHES[searched % SEARCHES.length] };
            },
          },
    ],
  });
  const failed = result.non2xx + result.errors + result.timeouts;
  if (failed > 0) {
    throw new Error(`${route}: ${String(failed)} of ${String(result.requests.total)} requests failed`);
  }
  return { requests: result.requests.total, requestsPerSecond: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

/** The server started one way on the scratch database; stopped by the answer's `stop`. */
async function serve(scratch: ScratchPortal, way: Way, collectorEndpoint: string): Promise<{ origin: string; stop: () => Promise<void> }> {
  const env: Record<string, string> = {
    SEED_DEMO: 'false',
    JOB_WORKER: 'false',
    ...(way === 'bare' ? {} : { METRICS_TOKEN }),
    ...(way === 'metrics and traces' || way === 'metrics and one trace in ten'
      ? {
          OTEL_EXPORTER_OTLP_ENDPOINT: collectorEndpoint,
          OTEL_SERVICE_NAME: 'observability-bench',
          // Read by the OpenTelemetry SDK itself.
          OTEL_TRACES_SAMPLER: way === 'metrics and traces' ? 'always_on' : 'parentbased_traceidratio',
          OTEL_TRACES_SAMPLER_ARG: '0.1',
        }
      : {}),
  };
  const server = await startServer({ dataDir: scratch.config.dataDir, databaseUrl: scratch.config.databaseUrl ?? '', env });
  return { origin: server.baseUrl, stop: () => server.stop() };
}

/** Nanoseconds a call of a watched `query` costs over a direct one, with nobody listening and no tracing. */
function watchCheckNanoseconds(): { direct: number; watched: number } {
  const answer = Promise.resolve({ rows: [] });
  const direct = { query: (_text: string) => answer };
  const watched = { query: (_text: string) => answer };
  new StatementWatch().watch(watched, 'primary');
  const calls = 2_000_000;
  const time = (target: { query: (text: string) => unknown }) => {
    const started = process.hrtime.bigint();
    for (let call = 0; call < calls; call += 1) {
      target.query('select 1');
    }
    return Number(process.hrtime.bigint() - started) / calls;
  };
  // Warmed up first, then the faster of three runs each.
  time(direct);
  time(watched);
  return {
    direct: Math.min(time(direct), time(direct), time(direct)),
    watched: Math.min(time(watched), time(watched), time(watched)),
  };
}

const format = (value: number, digits = 1) => value.toFixed(digits);

async function main(): Promise<void> {
  const started = new Date();
  const scratch = await scratchDatabase('marketplace_bench_observability').open();
  const collector = await startCollector();
  try {
    const summary = await generateDirectoryData(scratch.database.db, { approvedSuppliers: SUPPLIERS, publishedListings: SUPPLIERS * 10, searchBuild: 'triggers' });
    await scratch.database.db.execute(sql`VACUUM ANALYZE`);
    const [listed] = await rows<{ n: number }>(scratch.database.db, sql`SELECT count(*)::integer AS n FROM supplier_search`);
    console.log(`data: ${JSON.stringify(summary)}; listed: ${String(listed?.n ?? 0)}`);

    const results = new Map<string, Measure[]>();
    for (let round = 1; round <= ROUNDS; round += 1) {
      // The ways in a different order each round, so that none is always first after a rest.
      const order = WAYS.map((_, index) => WAYS[(index + round - 1) % WAYS.length] as Way);
      for (const way of order) {
        const served = await serve(scratch, way, collector.endpoint);
        try {
          // Warm: the first requests of a new process compile its routes and open its connections.
          await measure(served.origin, 'directory search, uncached', WARM_UP_S);
          for (const route of ROUTES) {
            // A new data version: the searches cached so far are dropped (within the second the cache trusts its version).
            await scratch.database.db.execute(sql`UPDATE directory_version SET version = version + 1`);
            await new Promise((resolve) => setTimeout(resolve, 1100));
            const measured = await measure(served.origin, route);
            const key = `${way}|${route}`;
            results.set(key, [...(results.get(key) ?? []), measured]);
            console.log(`round ${String(round)}, ${way}, ${route}: ${format(measured.requestsPerSecond, 0)} requests/s, p50 ${String(measured.p50)} ms, p99 ${String(measured.p99)} ms`);
          }
          if (way !== 'bare') {
            const scraped = await fetch(`${served.origin}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
            if (!(await scraped.text()).includes('portal_database_statement_duration_seconds_count{pool="primary",operation="select",outcome="ok"}')) {
              throw new Error(`${way}: /metrics shows no statement`);
            }
          }
        } finally {
          await served.stop();
        }
      }
    }
    if (collector.exports() === 0) {
      throw new Error('the collector received no span');
    }
    const check = watchCheckNanoseconds();
    const mostSearches = Math.max(...WAYS.flatMap((way) => (results.get(`${way}|directory search, uncached`) ?? []).map((m) => m.requests)));
    if (mostSearches > SEARCHES.length) {
      throw new Error(`a search measure sent ${String(mostSearches)} requests: more than the ${String(SEARCHES.length)} distinct searches, so some were cache hits`);
    }

    const medianOf = (way: Way, route: Route, pick: (measure: Measure) => number) => median((results.get(`${way}|${route}`) ?? []).map(pick));
    const lines: string[] = [];
    lines.push(
      `### One run (${minuteInUtc(started)} UTC; ${String(os.cpus().length)} CPUs, load average ${loadAverage()} at the end)`,
      '',
      `${String(SUPPLIERS)} approved suppliers, ${String(SUPPLIERS * 10)} listings on PostgreSQL; ${String(CONNECTIONS)} connections, ${String(DURATION_S)} s a measure, ${String(ROUNDS)} rounds of the four ways in turn, medians. ` +
        `A search measure sent at most ${String(mostSearches)} of the ${String(SEARCHES.length)} searches, each once: every one a cache miss; the collector took ${String(collector.exports())} exports (${format(collector.bytes() / 1e6)} MB of spans).`,
      '',
      '| route | way | requests/s | its range over the rounds | against bare | p50 ms | p99 ms | p99 against bare |',
      '|---|---|---:|---:|---:|---:|---:|---:|',
    );
    for (const route of ROUTES) {
      const bareRate = medianOf('bare', route, (m) => m.requestsPerSecond);
      const bareP99 = medianOf('bare', route, (m) => m.p99);
      for (const way of WAYS) {
        const rate = medianOf(way, route, (m) => m.requestsPerSecond);
        const p99 = medianOf(way, route, (m) => m.p99);
        const rates = (results.get(`${way}|${route}`) ?? []).map((m) => m.requestsPerSecond);
        lines.push(
          `| ${route} | ${way} | ${format(rate, 0)} | ${format(Math.min(...rates), 0)} – ${format(Math.max(...rates), 0)} | ${format(rate / bareRate, 2)} | ${String(medianOf(way, route, (m) => m.p50))} | ${String(p99)} | ${format(p99 / bareP99, 2)} |`,
        );
      }
    }
    lines.push(
      '',
      `Off (no \`/metrics\`, no tracing), a statement still passes the watch's check: ${format(check.watched, 1)} ns a call against ${format(check.direct, 1)} ns called directly, ` +
        `${format(check.watched - check.direct, 1)} ns more, beside a statement's milliseconds. No request hook is added.`,
    );
    const section = lines.join('\n');
    console.log(`\n${section}`);
    if (process.env.BENCH_WRITE_README === '1') {
      await writeReadmeSection('observability', section);
    }
  } finally {
    await collector.close();
    await scratch.close();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
