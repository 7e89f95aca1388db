/** The process as `npm start` runs it: starts on a fresh data folder, serves, stops cleanly on SIGTERM. */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const port = 40_000 + Math.floor(Math.random() * 10_000);
let dataDir = '';

afterAll(async () => {
  if (dataDir) {
    await rm(dataDir, { recursive: true, force: true });
  }
});

describe('server/main.ts', () => {
  it('migrates, seeds, serves and shuts down cleanly on SIGTERM', async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'marketplace-main-'));
    const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'info', LOG_FORMAT: '', NO_COLOR: '1', NODE_ENV: 'development' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    server.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    server.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const child = { hasExited: false };
    const exited = new Promise<number | null>((resolve) =>
      server.once('exit', (code) => {
        child.hasExited = true;
        resolve(code);
      }),
    );

    // Up to 100 s: a fresh embedded database migrates and seeds, slowly on a busy machine; a process
    // that dies on the way (a port in use, a failed migration) ends the wait at once with its output.
    let health: Response | undefined;
    for (let attempt = 0; attempt < 400 && !health && !child.hasExited; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      health = await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => undefined);
    }
    expect(health?.status, output).toBe(200);
    expect(output).toContain('admin@example.com');
    expect(output).toContain('demo-password');
    // A first start prints cleanly (issue 27): readable log lines beside the banner, no library's warning.
    expect(output).toMatch(/^\[\d{2}:\d{2}:\d{2}\] INFO: Server listening at /m);
    expect(output).not.toMatch(/^\{"level"/m);
    expect(output).not.toContain('WARNING');

    server.kill('SIGTERM');
    expect(await exited).toBe(0);
  }, 120_000);
});
