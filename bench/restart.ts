/**
 * `npm run bench:restart`: how long a restart of the built portal takes to its first answer on an
 * existing database (issue 33: under 3 s, for PostgreSQL as for PGlite). Builds what is stale (as
 * `npm start` does), then for each database: a first start seeds the demo data and is stopped; then
 * BENCH_RESTART_ROUNDS (5) restarts of `node dist/server/main.js` on that data, each timed from the
 * spawn to the first 200 of `GET /` (the home page reads the directory's figures) and stopped with
 * SIGTERM. The baseline, in the same run, is a bare Node process answering HTTP: what any restart
 * costs on this machine before the portal does anything. PostgreSQL is a scratch database on the
 * server of DATABASE_URL (else 127.0.0.1:5432), dropped at the end. The figures go into
 * bench/README.md (between the restart markers) unless BENCH_WRITE_README=false.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadAverage, median, minuteInUtc, writeReadmeSection } from './report';
import { scratchDatabase } from './scratch-database';
import { freeLoopbackPort } from '../server/test/free-port';

const ROOT = path.join(import.meta.dirname, '..');
const ROUNDS = Number(process.env.BENCH_RESTART_ROUNDS ?? 5);
const BUDGET_MS = 3_000;

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((resolve) => child.once('exit', () => resolve()));
}

/** Polls `url` every 10 ms until it answers 200; the milliseconds since `startedAt`. */
async function firstAnswer(url: string, child: ChildProcess, startedAt: number, output: () => string): Promise<number> {
  const deadline = startedAt + 120_000;
  for (;;) {
    if (child.exitCode !== null) {
      throw new Error(`the process exited with ${String(child.exitCode)}:\n${output()}`);
    }
    try {
      const response = await fetch(url);
      await response.arrayBuffer();
      if (response.status === 200) {
        return performance.now() - startedAt;
      }
    } catch {
      // Not listening yet.
    }
    if (performance.now() > deadline) {
      throw new Error(`no answer from ${url} in 120 s:\n${output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

interface Start {
  /** Spawn to the first 200 of GET /. */
  firstAnswerMs: number;
  /** What the server printed: from its process's start to listening. */
  listeningMs: number | null;
}

/** Starts `args` with `env`, times its first answer, stops it with SIGTERM. */
async function timeStart(args: string[], env: Record<string, string>): Promise<Start> {
  const port = await freeLoopbackPort();
  let printed = '';
  const startedAt = performance.now();
  const child = spawn(process.execPath, args, { cwd: ROOT, env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' }, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  try {
    const firstAnswerMs = await firstAnswer(`http://127.0.0.1:${String(port)}/`, child, startedAt, () => printed.slice(-4000));
    const listening = /listening ([\d.]+) s after the process started/.exec(printed);
    return { firstAnswerMs, listeningMs: listening?.[1] ? Number(listening[1]) * 1000 : null };
  } finally {
    const done = exited(child);
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    await done;
    clearTimeout(timer);
  }
}

const BARE_SERVER = "require('node:http').createServer((_q, s) => s.end('ok')).listen(Number(process.env.PORT), process.env.HOST)";

async function rounds(name: string, run: () => Promise<Start>): Promise<Start[]> {
  const starts: Start[] = [];
  for (let round = 1; round <= ROUNDS; round += 1) {
    const start = await run();
    console.log(`${name}, restart ${String(round)}: first answer ${start.firstAnswerMs.toFixed(0)} ms${start.listeningMs === null ? '' : ` (listening after ${start.listeningMs.toFixed(0)} ms)`}`);
    starts.push(start);
  }
  return starts;
}

async function main(): Promise<void> {
  console.log('building what is stale (as npm start does)');
  await new Promise<void>((resolve, reject) => {
    const build = spawn(process.execPath, ['--import', 'tsx', 'scripts/build.ts', '--if-stale'], { cwd: ROOT, stdio: 'inherit' });
    build.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`the build exited with ${String(code)}`))));
  });
  const server = ['--enable-source-maps', 'dist/server/main.js'];
  const common = { NODE_ENV: 'development', LOG_LEVEL: 'warn', LOG_FORMAT: 'json' };

  const baseline = await rounds('bare Node HTTP process', () => timeStart(['-e', BARE_SERVER], {}));

  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-restart-'));
  const pglite = { ...common, DATA_DIR: dataDir, DATABASE_URL: '' };
  const postgres = await scratchDatabase('bench_restart').open();
  const postgresEnv = { ...common, DATA_DIR: postgres.config.dataDir, DATABASE_URL: postgres.config.databaseUrl ?? '' };
  try {
    const results: { name: string; first: Start; restarts: Start[] }[] = [];
    for (const [name, env] of [
      ['embedded PGlite', pglite],
      ['PostgreSQL', postgresEnv],
    ] as const) {
      const first = await timeStart(server, { ...env, SEED_DEMO: 'true' });
      console.log(`${name}, first start (seeds the demo data): first answer ${first.firstAnswerMs.toFixed(0)} ms`);
      results.push({ name, first, restarts: await rounds(name, () => timeStart(server, { ...env, SEED_DEMO: 'true' })) });
    }

    const baselineMs = median(baseline.map((start) => start.firstAnswerMs));
    const load = loadAverage();
    const lines = [
      `### One run (${minuteInUtc()} UTC; ${String(os.availableParallelism())} CPUs, load average ${load} at the end; ${String(ROUNDS)} restarts each, on the demo data)`,
      '',
      '| database | first start (seeds the demo data) | restart to first answer, median | slowest | × bare Node process | server\'s own "listening after", median | within 3 s |',
      '|---|---:|---:|---:|---:|---:|---|',
      ...results.map(({ name, first, restarts }) => {
        const times = restarts.map((start) => start.firstAnswerMs);
        const listening = restarts.flatMap((start) => (start.listeningMs === null ? [] : [start.listeningMs]));
        const slowest = Math.max(...times);
        return `| ${name} | ${(first.firstAnswerMs / 1000).toFixed(2)} s | ${(median(times) / 1000).toFixed(2)} s | ${(slowest / 1000).toFixed(2)} s | ${(median(times) / baselineMs).toFixed(1)} | ${listening.length > 0 ? `${(median(listening) / 1000).toFixed(2)} s` : '–'} | ${slowest < BUDGET_MS ? 'yes' : '**no**'} |`;
      }),
      '',
      `Baseline: a bare Node process answering HTTP, spawn to first answer, median ${baselineMs.toFixed(0)} ms.`,
    ];
    const section = lines.join('\n');
    console.log(`\n${section}`);
    if (process.env.BENCH_WRITE_README !== 'false') {
      await writeReadmeSection('restart', section);
    }
  } finally {
    await postgres.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
