/**
 * The real server as a process (`node --import tsx server/main.ts`, as e2e/support/global-setup.ts
 * starts it), stopped with SIGKILL or SIGTERM, and a demo user signed in to it over real HTTP
 * (fetch, manual redirects, a cookie jar, PKCE) through the same flow the inject tests use
 * (server/auth/test-support.ts `signInWith`). Only the tests in this folder import this file.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { SUPPLIER_HEADER } from '../../common/constants';
import { UPLOAD_FILE_FIELD, UPLOAD_FOLDER_HEADER } from '../../common/api/uploads';
import { signInWith, type FlowConfig, type FlowResponse, type SendRequest, type SignInOptions, type SignInResult } from '../auth/test-support';
import { adminConnectionString, withDatabase } from '../test/postgres';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/**
 * Ports of this folder's servers; other test runs on the machine use 3100–3400. The suite on
 * PostgreSQL (DATABASE_URL) and the one on PGlite run at the same time in CI, and a server killed
 * mid-write restarts on its port: each suite has a half of its own, so the other cannot take that
 * port in between.
 */
const PORT_RANGE = process.env.DATABASE_URL ? { from: 3550, to: 3599 } : { from: 3500, to: 3549 };
/** The same on every process, as production requires of instances behind one address. */
const SHARED_FORM_SECRET = 'resilience-tests-shared-public-form-secret-0123456789';

function isPortFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/** A port of the range nobody listens on, tried from a random start so parallel files rarely meet. */
export async function findFreePort(): Promise<number> {
  const size = PORT_RANGE.to - PORT_RANGE.from + 1;
  const start = randomBytes(2).readUInt16BE() % size;
  for (let offset = 0; offset < size; offset += 1) {
    const port = PORT_RANGE.from + ((start + offset) % size);
    if (await isPortFree(port)) {
      return port;
    }
  }
  throw new Error(`no free port in ${PORT_RANGE.from}–${PORT_RANGE.to}`);
}

export interface ServerOptions {
  dataDir: string;
  /** PostgreSQL; unset: the embedded PGlite in `dataDir`. */
  databaseUrl?: string;
  /** The address people use; by default the process's own. Two processes behind one address share it. */
  publicUrl?: string;
  port?: number;
  env?: Record<string, string>;
  /** Run the built bundle (`dist/server/main.js`, what `npm start` runs) instead of the sources through tsx. */
  bundle?: boolean;
}

export interface ServerProcess {
  port: number;
  /** Where this process answers (its own port, on the loopback address). */
  baseUrl: string;
  publicUrl: string;
  flowConfig: FlowConfig;
  child: ChildProcess;
  /** The end of what it printed, for failure messages. */
  output(): string;
  /** The pino log lines it printed (JSON), parsed. */
  logEntries(): Record<string, unknown>[];
  /** `kill -9`: no shutdown code runs. */
  kill(): Promise<void>;
  /** SIGTERM (a clean shutdown), SIGKILL after 15 s. */
  stop(): Promise<void>;
}

function waitForExit(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) {
    return Promise.resolve();
  }
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/** What the server prints once it listens (server/main.ts). */
const LISTENING = '(listening ';

/**
 * Waits until this process says it listens and /healthz answers. Its own line first: another test
 * file's server can hold the port this one failed to take, and answer /healthz for it.
 */
async function waitForHealth(baseUrl: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`the server exited with ${child.exitCode}:\n${output()}`);
    }
    try {
      if (output().includes(LISTENING)) {
        const response = await fetch(`${baseUrl}/healthz`);
        if (response.ok) {
          return;
        }
      }
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the server did not become healthy in 90 s:\n${output()}`);
}

/** The flow's view of a server known only by its address (the provider's defaults). */
export function flowConfigFor(publicUrl: string): FlowConfig {
  return { publicUrl, oidc: { clientId: 'marketplace-portal', audience: `${publicUrl}/api` } };
}

/**
 * Starts `server/main.ts` (or the built bundle) with demo data and waits until /healthz answers. On
 * a port of its own choosing, it tries another when a server of a test file running alongside took
 * that one between the check and the start.
 */
export async function startServer(options: ServerOptions): Promise<ServerProcess> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await startServerOn(options, options.port ?? (await findFreePort()));
    } catch (error) {
      if (options.port !== undefined || attempt === 5 || !String(error).includes('EADDRINUSE')) {
        throw error;
      }
    }
  }
}

async function startServerOn(options: ServerOptions, port: number): Promise<ServerProcess> {
  const baseUrl = `http://127.0.0.1:${port}`;
  const publicUrl = options.publicUrl ?? `http://localhost:${port}`;
  let printed = '';
  const entry = options.bundle === true ? ['--enable-source-maps', 'dist/server/main.js'] : ['--import', 'tsx', 'server/main.ts'];
  const child = spawn(process.execPath, entry, {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: publicUrl,
      DATA_DIR: options.dataDir,
      DATABASE_URL: options.databaseUrl ?? '',
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      // logEntries() reads the log lines as JSON.
      LOG_FORMAT: 'json',
      // Each sign-in names its own client address (X-Forwarded-For), as behind a load balancer.
      TRUST_PROXY: 'true',
      PUBLIC_FORM_SECRET: SHARED_FORM_SECRET,
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = () => printed.slice(-8000);
  child.stdout.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  const server: ServerProcess = {
    port,
    baseUrl,
    publicUrl,
    flowConfig: flowConfigFor(publicUrl),
    child,
    output,
    logEntries: () =>
      printed.split('\n').flatMap((line) => {
        if (!line.startsWith('{')) {
          return [];
        }
        try {
          return [JSON.parse(line) as Record<string, unknown>];
        } catch {
          return [];
        }
      }),
    async kill() {
      child.kill('SIGKILL');
      await waitForExit(child);
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) {
        return;
      }
      const exited = waitForExit(child);
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
  try {
    await waitForHealth(baseUrl, child, output);
  } catch (error) {
    await server.kill();
    throw error;
  }
  return server;
}

/** Sends the flow's requests over real HTTP; the client address travels as X-Forwarded-For. */
export function httpSender(baseUrl: string): SendRequest {
  return async (request) => {
    const response = await fetch(`${baseUrl}${request.url}`, {
      method: request.method,
      headers: { ...request.headers, ...(request.remoteAddress ? { 'x-forwarded-for': request.remoteAddress } : {}) },
      ...(request.payload === undefined ? {} : { body: request.payload }),
      redirect: 'manual',
    });
    const headers: FlowResponse['headers'] = Object.fromEntries(response.headers.entries());
    headers['set-cookie'] = response.headers.getSetCookie();
    return { statusCode: response.status, headers, body: await response.text() };
  };
}

/** Signs in over HTTP to one process (as a browser would), with the provider session in the jar. */
export function signInOverHttp(
  server: Pick<ServerProcess, 'baseUrl' | 'flowConfig'>,
  email: string,
  password: string,
  options: SignInOptions = {},
): Promise<SignInResult> {
  return signInWith(httpSender(server.baseUrl), server.flowConfig, email, password, options);
}

export interface ApiAnswer<T = unknown> {
  status: number;
  body: T;
}

export interface ApiCaller {
  accessToken: string;
  supplierId?: number;
}

/** One API call (`/api/v1` + path) with a bearer token and, for dashboard routes, the active supplier. */
export async function callApi<T = unknown>(
  baseUrl: string,
  caller: ApiCaller,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  apiPath: string,
  json?: unknown,
): Promise<ApiAnswer<T>> {
  const response = await fetch(`${baseUrl}/api/v1${apiPath}`, {
    method,
    headers: {
      authorization: `Bearer ${caller.accessToken}`,
      ...(caller.supplierId === undefined ? {} : { [SUPPLIER_HEADER]: String(caller.supplierId) }),
      ...(json === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(json === undefined ? {} : { body: JSON.stringify(json) }),
  });
  const text = await response.text();
  return { status: response.status, body: (text === '' ? null : JSON.parse(text)) as T };
}

/** POST /api/v1/upload of a text file into MessageAttachments; answers the stored file's id. */
export async function uploadTextFile(baseUrl: string, caller: ApiCaller, fileName: string, content: string): Promise<ApiAnswer<{ files?: { id: string }[] }>> {
  const form = new FormData();
  form.append(UPLOAD_FILE_FIELD, new Blob([content], { type: 'text/plain' }), fileName);
  const response = await fetch(`${baseUrl}/api/v1/upload`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${caller.accessToken}`,
      [UPLOAD_FOLDER_HEADER]: 'MessageAttachments',
      ...(caller.supplierId === undefined ? {} : { [SUPPLIER_HEADER]: String(caller.supplierId) }),
    },
    body: form,
  });
  return { status: response.status, body: (await response.json()) as { files?: { id: string }[] } };
}

export interface ScratchDatabase {
  url: string;
  drop(): Promise<void>;
}

/** A new, empty database on the server of `databaseUrl`, dropped (with its connections) by `drop`. */
export async function createScratchDatabase(databaseUrl: string): Promise<ScratchDatabase> {
  const name = `resilience_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminConnectionString(databaseUrl) });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  return {
    url: withDatabase(databaseUrl, name),
    async drop() {
      const cleanup = new pg.Client({ connectionString: adminConnectionString(databaseUrl) });
      await cleanup.connect();
      try {
        await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await cleanup.end();
      }
    },
  };
}

/** The demo accounts' sign-in (server/seed). */
export { DEMO_PASSWORD } from '../seed/index';

export const uploadsFolderOf = (dataDir: string): string => path.join(dataDir, 'uploads');
