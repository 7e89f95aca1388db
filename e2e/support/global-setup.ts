/**
 * Starts the portal the way a newcomer does (the built server with demo data and the embedded
 * identity provider) on its own port and a fresh data folder, for the whole browser run.
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
    baseUrl: string;
  }
}

/** What `npm start` runs (`npm run build` makes it): the journeys drive the portal as it ships. */
const SERVER_BUNDLE = 'dist/server/main.js';

/**
 * The port to serve on: E2E_PORT when given, else one the system has free. A fixed default let a
 * second run on the machine (another checkout's CI) drive the first run's server; a given port
 * that is taken fails here, rather than the health check answering for someone else's server.
 */
async function choosePort(): Promise<number> {
  const wanted = process.env.E2E_PORT ? Number(process.env.E2E_PORT) : 0;
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

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (!existsSync(SERVER_BUNDLE)) {
    throw new Error(`${SERVER_BUNDLE} is missing: run \`npm run build\` first (\`npm run test:e2e\` does)`);
  }
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'marketplace-e2e-'));
  const port = await choosePort();
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
  try {
    await waitForHealth(baseUrl, server, () => output);
  } catch (error) {
    server.kill('SIGKILL');
    throw error;
  }
  project.provide('baseUrl', baseUrl);

  return async () => {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    if (server.exitCode === null) {
      server.kill('SIGKILL');
    }
    await rm(dataDir, { recursive: true, force: true });
  };
}
