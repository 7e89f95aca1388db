/**
 * npm run bench:soak: the portal under a steady, realistic mix of requests for ten minutes, then at
 * rising rates, to see that nothing fails, nothing grows, and where the time of the slowest
 * requests starts to climb.
 *
 * Starts the real server (`server/main.ts`, demo data, embedded PGlite in a fresh folder; PostgreSQL
 * when DATABASE_URL is set), signs people in over HTTP as a browser does, and sends, open loop (a
 * request is started on time whether or not earlier ones have answered, as independent visitors
 * do): directory searches, sign-ins, dashboard reads, draft saves and uploads. Prints the errors,
 * p50 and p99 per kind of request, the server's memory over time, and for each rate of the sweep
 * the p99, naming the first rate at which it passes 200 ms. Writes the tables into
 * bench/README.md between its soak markers. Exits by itself; the data folder is removed.
 *
 * Options: SOAK_SECONDS (600), SOAK_RATE (requests a second in the soak, 20), SOAK_SWEEP (rates of
 * the sweep, "20,40,80,120,160,200,240"), SOAK_SWEEP_SECONDS (30 each), SOAK_WRITE_README ("false" to print only).
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { minuteInUtc, percentile, writeReadmeSection } from './report';
import { callApi, DEMO_PASSWORD, signInOverHttp, startServer, uploadTextFile, type ApiCaller, type ServerProcess } from '../server/resilience/support';

const SOAK_SECONDS = Number(process.env.SOAK_SECONDS ?? 600);
const SOAK_RATE = Number(process.env.SOAK_RATE ?? 20);
const SWEEP_RATES = (process.env.SOAK_SWEEP ?? '20,40,80,120,160,200,240').split(',').map(Number);
const SWEEP_SECONDS = Number(process.env.SOAK_SWEEP_SECONDS ?? 30);
const SLOW_P99_MS = 200;
const MEMORY_SAMPLE_MS = 10_000;
const SESSIONS = 6;

type Kind = 'directory search' | 'sign-in' | 'dashboard read' | 'draft save' | 'upload';

/** How often each kind comes, out of 100: mostly visitors searching, then signed-in people reading, saving and uploading. */
const MIX: readonly [Kind, number][] = [
  ['directory search', 45],
  ['dashboard read', 30],
  ['draft save', 12],
  ['upload', 8],
  ['sign-in', 5],
];

const SEARCHES: readonly object[] = [
  {},
  { page: 2 },
  { keyword: 'cloud' },
  { keyword: 'management' },
  { keyword: 'kowhai' },
  { keyword: 'desing' },
  { channel: 1 },
  { catalogue: 2, page: 1 },
  { keyword: 'security', channel: 1 },
  { service: 3 },
];

const DASHBOARD_READS: readonly string[] = ['/user', '/user/details', '/engagement-notice', '/billing-report', '/application', '/user/listings'];

interface Sample {
  kind: Kind;
  ms: number;
  ok: boolean;
}

interface Session extends ApiCaller {
  supplierId: number;
}

function pick<T>(items: readonly T[], index: number): T {
  const item = items[index % items.length];
  if (item === undefined) {
    throw new Error('empty list');
  }
  return item;
}

/** A different client address for each sign-in, as real visitors have (the per-address limit counts each apart). */
let addressCounter = 0;
function nextAddress(): string {
  addressCounter += 1;
  return `10.${String((addressCounter >> 16) & 255)}.${String((addressCounter >> 8) & 255)}.${String(addressCounter & 255)}`;
}

async function signInSession(server: ServerProcess): Promise<Session> {
  const signedIn = await signInOverHttp(server, 'admin@example.com', DEMO_PASSWORD, { remoteAddress: nextAddress() });
  const user = await callApi<{ activeSupplier?: { supplierID: number } | null }>(server.baseUrl, { accessToken: signedIn.accessToken }, 'GET', '/user');
  const supplierId = user.body.activeSupplier?.supplierID;
  if (user.status !== 200 || supplierId === undefined) {
    throw new Error(`GET /user after sign-in answered ${String(user.status)}`);
  }
  return { accessToken: signedIn.accessToken, supplierId };
}

/** One request of the kind; true when it answered as a person would expect. */
async function perform(server: ServerProcess, sessions: readonly Session[], kind: Kind, counter: number): Promise<boolean> {
  const session = pick(sessions, counter);
  switch (kind) {
    case 'directory search': {
      const response = await fetch(`${server.baseUrl}/api/v1/directory/search`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(pick(SEARCHES, counter)),
      });
      await response.arrayBuffer();
      return response.status === 200;
    }
    case 'dashboard read':
      return (await callApi(server.baseUrl, session, 'GET', pick(DASHBOARD_READS, counter))).status === 200;
    case 'draft save': {
      const saved = await callApi(server.baseUrl, session, 'POST', '/engagement-notice/save', {
        form: { key: 'engagement-notice', version: 1 },
        progress: 1,
        engagementNotice: {},
        supplierID: session.supplierId,
        status: 'draft',
      });
      return saved.status === 200;
    }
    case 'upload':
      return (await uploadTextFile(server.baseUrl, session, `soak-${String(counter)}.txt`, `Soak test file ${String(counter)}\n`.repeat(200))).status === 200;
    case 'sign-in':
      await signInSession(server);
      return true;
  }
}

/** The kind of the n-th request: the mix, spread evenly. */
function kindOf(counter: number): Kind {
  let slot = (counter * 37) % 100;
  for (const [kind, weight] of MIX) {
    if (slot < weight) {
      return kind;
    }
    slot -= weight;
  }
  return 'directory search';
}

/** Sends `rate` requests a second for `seconds`, open loop; answers every request's sample once all have answered. */
async function runAtRate(server: ServerProcess, sessions: readonly Session[], rate: number, seconds: number, onSecond?: (elapsed: number) => void): Promise<Sample[]> {
  const samples: Sample[] = [];
  const inFlight: Promise<void>[] = [];
  const started = performance.now();
  const total = Math.round(rate * seconds);
  let sent = 0;
  let lastSecond = 0;
  while (sent < total) {
    const due = Math.min(total, Math.floor(((performance.now() - started) / 1000) * rate) + 1);
    for (; sent < due; sent += 1) {
      const counter = sent;
      const kind = kindOf(counter);
      const begun = performance.now();
      inFlight.push(
        perform(server, sessions, kind, counter).then(
          (ok) => {
            samples.push({ kind, ms: performance.now() - begun, ok });
          },
          () => {
            samples.push({ kind, ms: performance.now() - begun, ok: false });
          },
        ),
      );
    }
    const second = Math.floor((performance.now() - started) / 1000);
    if (second !== lastSecond) {
      lastSecond = second;
      onSecond?.(second);
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  await Promise.all(inFlight);
  return samples;
}

/** The server process's resident memory in MB (Linux /proc). */
async function residentMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${String(pid)}/status`, 'utf8');
  const match = /VmRSS:\s+(\d+) kB/.exec(status);
  return match ? Math.round(Number(match[1]) / 1024) : Number.NaN;
}

function latencyTable(samples: readonly Sample[]): string {
  const rows = ['| request | count | errors | p50 (ms) | p99 (ms) | max (ms) |', '|---|---:|---:|---:|---:|---:|'];
  for (const [kind] of [...MIX, ['all', 0] as const]) {
    const own = kind === 'all' ? samples : samples.filter((sample) => sample.kind === kind);
    const times = own.map((sample) => sample.ms).sort((a, b) => a - b);
    rows.push(
      `| ${kind} | ${String(own.length)} | ${String(own.filter((sample) => !sample.ok).length)} | ${percentile(times, 0.5).toFixed(0)} | ${percentile(times, 0.99).toFixed(0)} | ${(times.at(-1) ?? Number.NaN).toFixed(0)} |`,
    );
  }
  return rows.join('\n');
}

async function main(): Promise<void> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'marketplace-soak-'));
  const databaseUrl = process.env.DATABASE_URL;
  const server = await startServer({ dataDir, ...(databaseUrl ? { databaseUrl } : {}), env: { LOG_LEVEL: 'error' } });
  const pid = server.child.pid ?? 0;
  try {
    const sessions: Session[] = [];
    for (let index = 0; index < SESSIONS; index += 1) {
      sessions.push(await signInSession(server));
    }
    // Warm-up: the first requests compile code paths and fill the search cache.
    await runAtRate(server, sessions, SOAK_RATE, 10);

    console.log(`soak: ${String(SOAK_RATE)} requests a second for ${String(SOAK_SECONDS)} s`);
    const memory: { second: number; mb: number }[] = [{ second: 0, mb: await residentMb(pid) }];
    const sampler = setInterval(() => {
      void residentMb(pid).then((mb) => memory.push({ second: Math.round((memory.length * MEMORY_SAMPLE_MS) / 1000), mb }));
    }, MEMORY_SAMPLE_MS);
    const soak = await runAtRate(server, sessions, SOAK_RATE, SOAK_SECONDS, (second) => {
      if (second % 60 === 0) {
        console.log(`  ${String(second)} s`);
      }
    });
    clearInterval(sampler);
    memory.push({ second: SOAK_SECONDS, mb: await residentMb(pid) });

    const sweep: { rate: number; p50: number; p99: number; errors: number; count: number }[] = [];
    for (const rate of SWEEP_RATES) {
      const samples = await runAtRate(server, sessions, rate, SWEEP_SECONDS);
      const times = samples.map((sample) => sample.ms).sort((a, b) => a - b);
      sweep.push({ rate, p50: percentile(times, 0.5), p99: percentile(times, 0.99), errors: samples.filter((sample) => !sample.ok).length, count: samples.length });
      console.log(`sweep ${String(rate)}/s: p99 ${percentile(times, 0.99).toFixed(0)} ms`);
    }

    const firstSlow = sweep.find((step) => step.p99 > SLOW_P99_MS);
    const perMinute = memory.filter((point) => point.second % 60 === 0 || point.second === SOAK_SECONDS);
    const errors = soak.filter((sample) => !sample.ok).length;
    const report = [
      `Run ${minuteInUtc()} UTC, ${databaseUrl ? 'PostgreSQL' : 'embedded PGlite'}, ${String(os.cpus().length)} CPUs shared by the load generator, the server and its database; Node ${process.version}.`,
      '',
      `**Soak**: ${String(SOAK_RATE)} requests a second for ${String(SOAK_SECONDS)} s (${String(soak.length)} requests, ${String(errors)} errors), after a 10 s warm-up, ${String(SESSIONS)} signed-in sessions:`,
      '',
      latencyTable(soak),
      '',
      `**Server memory** (resident, MB) each minute: ${perMinute.map((point) => String(point.mb)).join(', ')}.`,
      '',
      `**Rate sweep** (${String(SWEEP_SECONDS)} s each, same mix):`,
      '',
      '| requests a second | requests | errors | p50 (ms) | p99 (ms) |',
      '|---:|---:|---:|---:|---:|',
      ...sweep.map((step) => `| ${String(step.rate)} | ${String(step.count)} | ${String(step.errors)} | ${step.p50.toFixed(0)} | ${step.p99.toFixed(0)} |`),
      '',
      firstSlow
        ? `p99 first passes ${String(SLOW_P99_MS)} ms at **${String(firstSlow.rate)} requests a second**.`
        : `p99 stays under ${String(SLOW_P99_MS)} ms up to ${String(SWEEP_RATES.at(-1) ?? 0)} requests a second, the highest rate tried.`,
    ].join('\n');
    console.log(`\n${report}`);

    if (process.env.SOAK_WRITE_README !== 'false') {
      await writeReadmeSection('soak', report);
    }
    if (errors > 0) {
      process.exitCode = 1;
    }
  } finally {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
