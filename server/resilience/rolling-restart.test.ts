/**
 * A deploy without a failed request (issue 34): processes A and B behind a load balancer the test
 * starts (a small proxy that sends each request to a process whose `/readyz` last answered 200,
 * taking turns, and never retries), on one PostgreSQL database, under steady traffic: signed-in
 * writes (a thread opened with its first message), signed-in reads and public pages. Each process in
 * turn is stopped with SIGTERM (it reports not ready, serves on through SHUTDOWN_DRAIN_SECONDS,
 * finishes what is in flight and exits) and replaced by a new process, which the balancer takes on. Then:
 * no request failed, every acknowledged write is there, and the sign-in from before the deploy still
 * works, its access token as its refresh token. Needs DATABASE_URL (as `npm run test:db` sets it):
 * PGlite opens in one process at a time.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import type { Thread } from '../../common/api/threads';
import type { CurrentUserResponse } from '../../common/api/user';
import { requestRefreshWith } from '../auth/test-support';
import {
  DEMO_PASSWORD,
  callApi,
  createScratchDatabase,
  findFreePort,
  flowConfigFor,
  httpSender,
  signInOverHttp,
  startServer,
  type ApiCaller,
  type ScratchDatabase,
  type ServerOptions,
  type ServerProcess,
} from './support';

const databaseUrl = process.env.DATABASE_URL;
/** The address both processes stand behind. */
const PUBLIC_URL = 'http://marketplace.test';
/** Longer than the balancer takes to notice (it asks every 100 ms). */
const DRAIN_SECONDS = 2;
const CLIENTS = 4;

/** The test's load balancer: each request to the next ready process; a process is ready while its /readyz answers 200. */
async function startBalancer(backends: { port: number }[]): Promise<{ url: string; close: () => Promise<void> }> {
  const ready = new Set<number>();
  const checking = setInterval(() => {
    for (const backend of backends) {
      fetch(`http://127.0.0.1:${String(backend.port)}/readyz`)
        .then((response) => (response.status === 200 ? ready.add(backend.port) : ready.delete(backend.port)))
        .catch(() => ready.delete(backend.port));
    }
  }, 100);
  let turn = 0;
  const server = http.createServer((request, response) => {
    const ports = backends.map((backend) => backend.port).filter((port) => ready.has(port));
    turn += 1;
    const port = ports[turn % Math.max(1, ports.length)];
    if (port === undefined) {
      response.writeHead(503).end('no process is ready');
      return;
    }
    // A new connection a request, as the processes close their idle ones when they stop.
    const upstream = http.request({ host: '127.0.0.1', port, method: request.method, path: request.url, headers: request.headers, agent: false }, (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
    });
    upstream.on('error', (error) => {
      if (!response.headersSent) {
        response.writeHead(502).end(`the process on ${String(port)} failed: ${error.message}`);
      } else {
        response.destroy(error);
      }
    });
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${String(port)}`,
    close: async () => {
      clearInterval(checking);
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

describe.skipIf(!databaseUrl)('a rolling restart of two processes behind a load balancer', () => {
  let dataDir: string | undefined;
  let scratch: ScratchDatabase | undefined;
  const servers: ServerProcess[] = [];
  let balancer: Awaited<ReturnType<typeof startBalancer>> | undefined;
  afterAll(async () => {
    await balancer?.close();
    await Promise.all(servers.map((server) => server.kill()));
    await scratch?.drop();
    if (dataDir) {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('fails no request, loses no write and keeps the sign-in', async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'marketplace-rolling-'));
    scratch = await createScratchDatabase(databaseUrl ?? '');
    const portA = await findFreePort();
    let portB = await findFreePort();
    // Neither is listening yet, so the second pick can be the first.
    while (portB === portA) {
      portB = await findFreePort();
    }
    const options = (port: number): ServerOptions => ({
      dataDir: dataDir ?? '',
      databaseUrl: scratch?.url ?? '',
      publicUrl: PUBLIC_URL,
      port,
      env: { SHUTDOWN_DRAIN_SECONDS: String(DRAIN_SECONDS), NEW_THREADS_PER_SUPPLIER_PER_DAY: '100000' },
    });
    // A first (it migrates and seeds), then B on the same data.
    servers.push(await startServer(options(portA)));
    servers.push(await startServer(options(portB)));
    const backends = [{ port: portA }, { port: portB }];
    balancer = await startBalancer(backends);
    const through = { baseUrl: balancer.url, flowConfig: flowConfigFor(PUBLIC_URL) };
    await expect.poll(async () => (await fetch(`${through.baseUrl}/readyz`)).status, { timeout: 10_000 }).toBe(200);

    const tokens = await signInOverHttp(through, 'admin@example.com', DEMO_PASSWORD);
    const me = await callApi<CurrentUserResponse>(through.baseUrl, { accessToken: tokens.accessToken }, 'GET', '/user');
    const supplierId = me.body.suppliers.find((supplier) => supplier.tradingName === 'Kōwhai Digital')?.supplierID ?? 0;
    const caller: ApiCaller = { accessToken: tokens.accessToken, supplierId };

    const failures: string[] = [];
    /** What the deploy is doing, for a failure's message. */
    let phase = 'before the deploy';
    const fail = (what: string) => failures.push(`${what}, during ${phase}`);
    const written: { id: number; content: string }[] = [];
    let requests = 0;
    let stopped = false;
    const client = async (name: string) => {
      for (let step = 0; !stopped; step += 1) {
        const what = ['write', 'read', 'page'][step % 3];
        try {
          if (what === 'write') {
            const content = `Rolling ${name}-${String(step)}-${randomBytes(3).toString('hex')}`;
            const answer = await callApi<Thread>(through.baseUrl, caller, 'POST', `/supplier/${String(supplierId)}/thread`, { title: content, content });
            if (answer.status === 200) {
              written.push({ id: answer.body.id, content });
            } else {
              fail(`write: ${String(answer.status)}`);
            }
          } else if (what === 'read') {
            const answer = await callApi(through.baseUrl, caller, 'GET', '/user');
            if (answer.status !== 200) {
              fail(`read: ${String(answer.status)}`);
            }
          } else {
            const answer = await fetch(`${through.baseUrl}/about`);
            await answer.text();
            if (answer.status !== 200) {
              fail(`page: ${String(answer.status)}`);
            }
          }
        } catch (error) {
          fail(`${what ?? ''}: ${String(error)}`);
        }
        requests += 1;
      }
    };
    const clients = Array.from({ length: CLIENTS }, (_, index) => client(`c${String(index)}`));

    // The deploy: each process in turn stopped, and started again on its port once it has exited.
    const rolled: number[] = [];
    for (const index of [0, 1]) {
      const old = servers[index];
      if (!old) {
        throw new Error('no process');
      }
      const requestsBefore = requests;
      phase = `the stop of process ${String(index + 1)} (port ${String(old.port)})`;
      await old.stop();
      expect(old.child.exitCode, old.output()).toBe(0);
      phase = `the start of process ${String(index + 1)} again`;
      // On a new port, as a replaced machine would be: no other test file can have taken the old one meanwhile.
      const replacement = await startServer(options(await findFreePort()));
      servers[index] = replacement;
      const backend = backends[index];
      if (backend) {
        backend.port = replacement.port;
      }
      await expect.poll(async () => (await fetch(`http://127.0.0.1:${String(replacement.port)}/readyz`)).status, { timeout: 10_000 }).toBe(200);
      // The balancer has seen it ready before the other goes.
      await new Promise((resolve) => setTimeout(resolve, 300));
      rolled.push(requests - requestsBefore);
    }
    phase = 'after the deploy';
    stopped = true;
    await Promise.all(clients);

    expect(failures).toEqual([]);
    // Traffic ran all along: requests were answered while each process was replaced.
    expect(rolled.every((count) => count > 20), `requests during each replacement: ${rolled.join(', ')}`).toBe(true);
    expect(written.length).toBeGreaterThan(10);

    // Every acknowledged write is there, read through the balancer from the new processes.
    const listed = new Set<string>();
    for (let page = 1; page <= 1000; page += 1) {
      const answer = await callApi<{ threads: Thread[]; total: number }>(through.baseUrl, caller, 'GET', `/supplier/${String(supplierId)}/thread?page=${String(page)}`);
      for (const thread of answer.body.threads) {
        listed.add(`${String(thread.id)} ${thread.title}`);
      }
      if (answer.body.threads.length === 0 || listed.size >= answer.body.total) {
        break;
      }
    }
    expect(written.filter((write) => !listed.has(`${String(write.id)} ${write.content}`))).toEqual([]);

    // The sign-in from before the deploy: its access token and its refresh token work on the new processes.
    expect((await callApi(through.baseUrl, caller, 'GET', '/user')).status).toBe(200);
    const refreshed = await requestRefreshWith(httpSender(through.baseUrl), through.flowConfig, tokens.refreshToken);
    expect(refreshed.statusCode, refreshed.body).toBe(200);
  }, 240_000);
});
