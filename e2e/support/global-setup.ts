/**
 * Starts the portal the way a newcomer does (the built server with demo data and the embedded
 * identity provider), once per journey worker (vitest.e2e.config.ts), each on its own port with a
 * fresh data folder, for the whole browser run: journey files run side by side, and the files one
 * worker runs one after another meet only each other's data, as they did in a run of one worker.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** One address per journey worker: worker n drives the n-th server. */
    baseUrls: string[];
  }
}

/** What `npm start` runs (`npm run build` makes it): the journeys drive the portal as it ships. */
const SERVER_BUNDLE = 'dist/server/main.js';

/**
 * The port to serve on: E2E_PORT (and the ports after it, one per worker) when given, else one the
 * system has free. A fixed default let a second run on the machine (another checkout's CI) drive
 * the first run's server; a given port that is taken fails here, rather than the health check
 * answering for someone else's server.
 */
async function choosePort(worker: number): Promise<number> {
  const wanted = process.env.E2E_PORT ? Number(process.env.E2E_PORT) + worker : 0;
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', (error) => reject(new Error(`E2E_PORT ${String(wanted)} is not free: ${error.message}`)));
    probe.listen(wanted, () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : wanted;
      probe.close(() => resolve(port));
    });
  });
}

async function waitForHealth(baseUrl: string, server: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) {
      throw new Error(`the server exited with ${server.exitCode}:\n${output()}`);
    }
    try {
      const response = await fetch(`${baseUrl}/healthz`);
      if (response.ok) {
        return;
      }
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the server did not become healthy in 90 s:\n${output()}`);
}

interface RunningServer {
  baseUrl: string;
  stop: () => Promise<void>;
}

/** One server with demo data on a fresh data folder (or the database E2E_DATABASE_URL names). */
async function startServer(worker: number): Promise<RunningServer> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'marketplace-e2e-'));
  const port = await choosePort(worker);
  const baseUrl = `http://localhost:${String(port)}`;
  let output = '';
  const server = spawn(process.execPath, ['--enable-source-maps', SERVER_BUNDLE], {
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      DATABASE_URL: process.env.E2E_DATABASE_URL ?? '',
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      // Journeys sign in many times from one address.
      LOGIN_RATE_LIMIT: '1000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  server.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  // A function, so that TypeScript does not take the exit code for unchanged across an await.
  const running = () => server.exitCode === null && server.signalCode === null;
  const stop = async () => {
    if (running()) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      if (running()) {
        server.kill('SIGKILL');
      }
    }
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(baseUrl, server, () => output);
  } catch (error) {
    server.kill('SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  return { baseUrl, stop };
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (!existsSync(SERVER_BUNDLE)) {
    throw new Error(`${SERVER_BUNDLE} is missing: run \`npm run build\` first (\`npm run test:e2e\` does)`);
  }
  // One server per worker vitest.e2e.config.ts runs.
  const workers = Math.max(1, project.config.maxWorkers);
  const started = await Promise.allSettled(Array.from({ length: workers }, (_, worker) => startServer(worker)));
  const servers = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const stopAll = async () => {
    await Promise.all(servers.map((server) => server.stop()));
  };
  const failure = started.find((result) => result.status === 'rejected');
  if (failure) {
    await stopAll();
    throw failure.reason instanceof Error ? failure.reason : new Error(String(failure.reason));
  }
  project.provide('baseUrls', servers.map((server) => server.baseUrl));
  return stopAll;
}
