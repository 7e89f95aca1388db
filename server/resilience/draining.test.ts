/**
 * A stop as an orchestrator makes it (issue 34): SIGTERM to the real server process. It reports
 * itself not ready at once (`/readyz` 503, draining) and goes on answering requests for
 * SHUTDOWN_DRAIN_SECONDS, so a load balancer has stopped sending it any before it closes; then it
 * finishes what is in flight and exits 0, well within SHUTDOWN_TIMEOUT_SECONDS.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type ServerProcess } from './support';

const DRAIN_SECONDS = 3;

describe('a server process told to stop', () => {
  let dataDir: string;
  let server: ServerProcess | undefined;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'marketplace-draining-'));
    server = await startServer({ dataDir, env: { SHUTDOWN_DRAIN_SECONDS: String(DRAIN_SECONDS), SHUTDOWN_TIMEOUT_SECONDS: '20' } });
  }, 120_000);
  afterAll(async () => {
    await server?.kill();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('reports not ready at once, serves through the drain, then exits cleanly', async () => {
    const running = server;
    if (!running) {
      throw new Error('no server');
    }
    const get = (pathname: string) => fetch(`${running.baseUrl}${pathname}`);
    await expect.poll(async () => (await get('/readyz')).status, { timeout: 30_000 }).toBe(200);

    const exited = new Promise<{ code: number | null; at: number }>((resolve) => running.child.once('exit', (code) => resolve({ code, at: Date.now() })));
    const signalled = Date.now();
    running.child.kill('SIGTERM');

    await expect.poll(async () => (await get('/readyz')).status, { timeout: 2_000, interval: 50 }).toBe(503);
    const readiness = (await (await get('/readyz')).json()) as { status: string; checks: { draining: boolean } };
    expect(readiness).toMatchObject({ status: 'not ready', checks: { draining: true } });
    // Still serving while the balancer catches up: pages, the API and liveness.
    const page = await get('/about');
    expect(page.status).toBe(200);
    // The API answers too (a visitor without a token is refused, not turned away).
    expect((await get('/api/v1/user')).status).toBe(401);
    expect((await get('/healthz')).status).toBe(200);
    expect(running.child.exitCode).toBeNull();

    const { code, at } = await exited;
    expect(code, running.output()).toBe(0);
    const took = (at - signalled) / 1000;
    expect(took).toBeGreaterThanOrEqual(DRAIN_SECONDS);
    expect(took).toBeLessThan(DRAIN_SECONDS + 15);
  }, 60_000);
});
