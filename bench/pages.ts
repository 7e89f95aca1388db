/**
 * npm run bench:pages: what each page costs a visitor, against the budgets of bench/README.md.
 *
 * Builds the portal (`npm run build`), starts the built server as `npm start` runs it (demo data,
 * embedded database, a fresh data folder, a free port) and, for each page of a fixed list:
 * - loads it in headless Chromium (Debian's, through playwright-core) until the network is idle and
 *   adds up the gzip size of every script and stylesheet it fetched; signed-in pages are loaded in a
 *   browser that signed in through the real sign-in page first (a supplier admin, a team member with
 *   the demo passkey, an agency's admin);
 * - runs Lighthouse 12 on each page (mobile, its default simulated throttling) in another instance
 *   of the same Chromium, started by chrome-launcher: the four category scores, LCP, TBT and CLS. A
 *   signed-in page is measured with that person's cookies and local storage put in first (on a page
 *   of the portal that loads no script, so nothing is cached) and Lighthouse told to keep them.
 * Each page is measured RUNS times and the median of each figure is kept. The floor every React page
 * pays is React and ReactDOM's own gzip size, measured here by bundling them for production.
 * Prints the table, checks every budget, and writes both into bench/README.md between the pages
 * markers. Exits 1 when a budget is missed.
 *
 * Options: BENCH_PAGES_RUNS (3), BENCH_PAGES_WRITE_README ("false" to print only), BENCH_PAGES_DETAILS
 * ("true": print what each Lighthouse audit below full marks found, element by element),
 * BENCH_PAGES_ONLY (page names, comma-separated: measure only those, write nothing), CHROMIUM_PATH.
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import { build } from 'esbuild';
import lighthouse from 'lighthouse';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { AGENCY_FORM_PATH } from '../common/agency-form';
import { REGISTER_BASENAME } from '../common/registration/steps';
import type { DirectorySearchResponse } from '../common/api/directory';
import {
  AGENCY_DASHBOARD_PATH,
  API_PREFIX,
  API_REFERENCE_PATH,
  DASHBOARD_PATH,
  DIRECTORY_PATH,
  FAQ_PATH,
  HOME_PATH,
  INSIGHTS_PATH,
  SALES_CHANNELS_PATH,
  TEAM_APP_PATH,
  supplierProfilePath,
} from '../common/site-paths';
import { LoginPage } from '../e2e/pages/login-page';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../e2e/support/chromium';
import { demo, demoBuyer, secondStepIfDemoTeam } from '../e2e/support/session';
import { APP_ENTRY, staticClosure, type Manifest } from '../server/pages/assets';
import { startServer, type ServerProcess } from '../server/resilience/support';
import { loadAverage, median, minuteInUtc, writeReadmeSection } from './report';

const RUNS = Number(process.env.BENCH_PAGES_RUNS ?? 3);
const WRITE_README = process.env.BENCH_PAGES_WRITE_README !== 'false';
const PRINT_DETAILS = process.env.BENCH_PAGES_DETAILS === 'true';
/** Names of the pages to measure (comma-separated); all by default, and only then is the README written. */
const ONLY = process.env.BENCH_PAGES_ONLY?.split(',').map((name) => name.trim());
const ROOT = path.join(import.meta.dirname, '..');
const DEMO_ADMIN_EMAIL = 'admin@example.com';

type Budget = 'content' | 'directory' | 'form' | 'dashboard';

/** The running portal and the browser that measures it. */
interface Portal {
  server: ServerProcess;
  browser: Browser;
}

interface PageSpec {
  name: string;
  /** A path, or how to find one on the running portal. */
  path: string | ((portal: Portal) => Promise<string>);
  budget: Budget;
  /** Whose signed-in page it is. */
  signedIn?: SignedInAs;
}

type SignedInAs = 'supplier' | 'team' | 'agency';

/** The extra JS over the floor each kind of page may fetch (issue 15), and what Lighthouse must say of public pages. */
const JS_OVER_FLOOR_KB: Record<Budget, number> = { content: 15, directory: 40, form: 100, dashboard: 100 };
const LIGHTHOUSE_BUDGET = { performance: 98, accessibility: 100, bestPractices: 100, seo: 100, clsBelow: 0.01, tbtBelowMs: 100 };
/**
 * Signed-in screens (issue 33): performance ≥ 95, the rest as public pages but SEO, which is
 * reported only: they ask search engines not to index them.
 */
const SIGNED_IN_PERFORMANCE = 95;

/** The first link on `listPath` whose path starts with `prefix`. */
async function firstLinkOn(server: ServerProcess, listPath: string, prefix: string): Promise<string> {
  const html = await (await fetch(`${server.baseUrl}${listPath}`)).text();
  const match = new RegExp(`href="(${prefix}/[^"#?]+)"`).exec(html);
  if (!match?.[1]) {
    throw new Error(`no link to ${prefix}/… on ${listPath}`);
  }
  return match[1];
}

/** The first catalogue of the first sales channel of the demo data. */
async function firstCataloguePage(server: ServerProcess): Promise<string> {
  return firstLinkOn(server, await firstLinkOn(server, SALES_CHANNELS_PATH, SALES_CHANNELS_PATH), '/catalogues');
}

/** The profile of the first approved supplier the directory's search lists. */
async function firstSupplierProfile(server: ServerProcess): Promise<string> {
  const response = await fetch(`${server.baseUrl}${API_PREFIX}/directory/search`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
  const { results } = (await response.json()) as DirectorySearchResponse;
  const first = results[0];
  if (!first) {
    throw new Error('the directory lists no supplier');
  }
  return supplierProfilePath(first.id);
}

/** The first service listing a supplier's profile links to, among the profiles of the directory's first page. */
async function firstListingPage(server: ServerProcess): Promise<string> {
  const response = await fetch(`${server.baseUrl}${API_PREFIX}/directory/search`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
  const { results } = (await response.json()) as DirectorySearchResponse;
  for (const result of results) {
    const profile = supplierProfilePath(result.id);
    const html = await (await fetch(`${server.baseUrl}${profile}`)).text();
    const match = new RegExp(`href="(${profile}/services/[^"#?]+)"`).exec(html);
    if (match?.[1]) {
      return match[1];
    }
  }
  throw new Error('no supplier of the directory\'s first page links to a listing');
}

const PAGES: readonly PageSpec[] = [
  { name: 'home', path: HOME_PATH, budget: 'content' },
  { name: 'directory', path: DIRECTORY_PATH, budget: 'directory' },
  { name: 'FAQ', path: FAQ_PATH, budget: 'content' },
  { name: 'insights', path: INSIGHTS_PATH, budget: 'content' },
  { name: 'catalogue', path: ({ server }) => firstCataloguePage(server), budget: 'content' },
  { name: 'supplier profile', path: ({ server }) => firstSupplierProfile(server), budget: 'content' },
  { name: 'service listing', path: ({ server }) => firstListingPage(server), budget: 'content' },
  { name: 'sign-in', path: signInPagePath, budget: 'content' },
  { name: 'API reference', path: API_REFERENCE_PATH, budget: 'content' },
  // The largest of the reference's pages: the team's 70 operations, each folded with its fields.
  { name: 'API reference: team operations', path: `${API_REFERENCE_PATH}/team`, budget: 'content' },
  { name: 'registration start', path: REGISTER_BASENAME, budget: 'form' },
  { name: 'agency form start', path: AGENCY_FORM_PATH, budget: 'form' },
  { name: 'dashboard: applications', path: `${DASHBOARD_PATH}/applications`, budget: 'dashboard', signedIn: 'supplier' },
  { name: 'dashboard: supplier', path: `${DASHBOARD_PATH}/supplier`, budget: 'dashboard', signedIn: 'supplier' },
  { name: 'dashboard: users', path: `${DASHBOARD_PATH}/users`, budget: 'dashboard', signedIn: 'supplier' },
  { name: 'team console: home', path: TEAM_APP_PATH, budget: 'dashboard', signedIn: 'team' },
  { name: 'agency dashboard', path: AGENCY_DASHBOARD_PATH, budget: 'dashboard', signedIn: 'agency' },
];

/**
 * The sign-in page is reached by the identity provider's redirect from Login; its address is one
 * interaction's. The authorisation request that leads there can be sent again, so it is the path.
 */
async function signInPagePath({ server, browser }: Portal): Promise<string> {
  const page = await browser.newPage();
  try {
    await page.goto(server.publicUrl);
    const authorisation = page.waitForRequest((request) => new URL(request.url()).searchParams.has('code_challenge'));
    await page.getByRole('banner').getByRole('button', { name: 'Login', exact: true }).click();
    const url = new URL((await authorisation).url());
    return `${url.pathname}${url.search}`;
  } finally {
    await page.close();
  }
}

interface Transfer {
  jsKb: number;
  /** Of `jsKb`, the form's renderer and validator: a form screen loads them with it (issue 15). */
  formKb: number;
  cssKb: number;
  scripts: string[];
}

/** The form renderer's and validator's modules, which the apps import when a form screen shows (app/lib/forms/use-step-form.ts). */
const FORM_RENDERER_MODULES = ['app/lib/forms/renderer.ts', 'app/lib/forms/validators.ts'];
/** A form's precompiled validators, served by the API (server/modules/forms/validators.ts). */
const FORM_VALIDATORS_PATH = /\/api\/v1\/forms\/.+\/validators\.js$/;

/**
 * The built files only a form screen fetches: the renderer's and validator's chunks and what they
 * import, less anything the entry or an app's own chunks import (React, the router, the API client).
 */
async function formRendererFiles(): Promise<Set<string>> {
  const manifest = JSON.parse(await readFile(path.join(ROOT, 'dist/app/.vite/manifest.json'), 'utf8')) as Manifest;
  const elsewhere = new Set<string>();
  for (const key of Object.keys(manifest).filter((key) => key === APP_ENTRY || key.endsWith('/mount.tsx'))) {
    staticClosure(manifest, key, elsewhere);
  }
  const files = new Set<string>();
  for (const key of FORM_RENDERER_MODULES) {
    for (const inClosure of staticClosure(manifest, key)) {
      const chunk = manifest[inClosure];
      if (chunk && !elsewhere.has(inClosure)) {
        files.add(path.basename(chunk.file));
      }
    }
  }
  return files;
}

interface LighthouseFigures {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Lighthouse's measure of this machine's CPU (higher is faster); its simulated throttling scales observed work by a fixed 4×. */
  benchmarkIndex: number;
  failedAudits: string[];
}

interface PageResult {
  spec: PageSpec;
  path: string;
  transfer: Transfer;
  lighthouse: LighthouseFigures | null;
}

const kb = (bytes: number) => bytes / 1024;

/** React and ReactDOM as a production build ships them, minified and gzipped: what every React page pays. */
async function measureReactFloor(): Promise<number> {
  const result = await build({
    stdin: { contents: "import 'react'; import 'react-dom/client';", resolveDir: ROOT, loader: 'js' },
    bundle: true,
    minify: true,
    format: 'esm',
    write: false,
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
  });
  return kb(gzipSync(result.outputFiles[0]?.contents ?? new Uint8Array()).length);
}

/** Loads `path` until the network is idle and adds up the gzip size of the scripts and stylesheets it fetched. */
async function measureTransfer(context: BrowserContext, url: string, formFiles: Set<string>): Promise<Transfer> {
  const page = await context.newPage();
  const pending: Promise<void>[] = [];
  let js = 0;
  let form = 0;
  let css = 0;
  const scripts: string[] = [];
  page.on('response', (response) => {
    const type = response.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') {
      return;
    }
    pending.push(
      response.body().then(
        (body) => {
          const size = gzipSync(body).length;
          if (type === 'script') {
            const { pathname } = new URL(response.url());
            js += size;
            if (formFiles.has(path.basename(pathname)) || FORM_VALIDATORS_PATH.test(pathname)) {
              form += size;
            }
            scripts.push(path.basename(pathname));
          } else {
            css += size;
          }
        },
        () => undefined,
      ),
    );
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await Promise.all(pending);
  await page.close();
  return { jsKb: kb(js), formKb: kb(form), cssKb: kb(css), scripts: scripts.sort() };
}

/** Lighthouse now and then fails to trace a load (a runtime error, no figures): such a load is tried again, twice at most. */
async function runLighthouse(port: number, url: string, keepStorage: boolean, attempt = 1): Promise<LighthouseFigures> {
  try {
    return await runLighthouseOnce(port, url, keepStorage);
  } catch (error) {
    if (attempt >= 3) {
      throw error;
    }
    console.log(`  ${error instanceof Error ? error.message : String(error)}: trying again`);
    return runLighthouse(port, url, keepStorage, attempt + 1);
  }
}

async function runLighthouseOnce(port: number, url: string, keepStorage: boolean): Promise<LighthouseFigures> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    // A signed-in page keeps the session put in first; a public page starts with nothing stored.
    disableStorageReset: keepStorage,
    onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
  });
  if (!result) {
    throw new Error(`Lighthouse gave no result for ${url}`);
  }
  const { categories, audits, runtimeError, environment } = result.lhr;
  if (runtimeError) {
    throw new Error(`Lighthouse could not measure ${url}: ${runtimeError.code} ${runtimeError.message}`);
  }
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
  const failedAudits = Object.values(audits)
    .filter((audit) => audit.score !== null && audit.score < 1 && ['binary', 'numeric'].includes(audit.scoreDisplayMode))
    .filter((audit) => !['largest-contentful-paint', 'first-contentful-paint', 'speed-index', 'total-blocking-time', 'interactive', 'max-potential-fid', 'cumulative-layout-shift'].includes(audit.id))
    .map((audit) => audit.id);
  if (PRINT_DETAILS) {
    // Also where the main thread's time went, which the blocking time comes from.
    for (const id of [...failedAudits, 'long-tasks', 'bootup-time', 'mainthread-work-breakdown']) {
      const details = audits[id]?.details;
      const items = details && 'items' in details && Array.isArray(details.items) ? details.items : [];
      console.log(`  ${id}: ${audits[id]?.title ?? ''}\n${items.slice(0, 5).map((item) => `    ${JSON.stringify(item).slice(0, 1500)}`).join('\n')}`);
    }
  }
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    lcpMs: audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
    tbtMs: audits['total-blocking-time']?.numericValue ?? Number.NaN,
    cls: audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
    benchmarkIndex: environment.benchmarkIndex,
    failedAudits,
  };
}

function medianLighthouse(runs: LighthouseFigures[]): LighthouseFigures {
  const of = (pick: (figures: LighthouseFigures) => number) => median(runs.map(pick));
  return {
    performance: of((figures) => figures.performance),
    accessibility: of((figures) => figures.accessibility),
    bestPractices: of((figures) => figures.bestPractices),
    seo: of((figures) => figures.seo),
    lcpMs: of((figures) => figures.lcpMs),
    tbtMs: of((figures) => figures.tbtMs),
    cls: of((figures) => figures.cls),
    benchmarkIndex: of((figures) => figures.benchmarkIndex),
    failedAudits: [...new Set(runs.flatMap((figures) => figures.failedAudits))].sort(),
  };
}

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/** Where each person signs in, and as whom. */
const SIGN_IN: Record<SignedInAs, { path: string; email: string }> = {
  supplier: { path: DASHBOARD_PATH, email: DEMO_ADMIN_EMAIL },
  team: { path: TEAM_APP_PATH, email: demo.teamMember.email },
  agency: { path: AGENCY_DASHBOARD_PATH, email: demoBuyer.email },
};

/** The cookies and local storage of a browser that signed in as `who` through the real sign-in page. */
async function signedInState({ server, browser }: Portal, who: SignedInAs): Promise<StorageState> {
  const { path: startPath, email } = SIGN_IN[who];
  const context = await browser.newContext({ baseURL: server.publicUrl });
  const page = await context.newPage();
  await page.goto(startPath);
  await (await LoginPage.verifyOnPage(page)).signIn(email);
  await secondStepIfDemoTeam(page, email);
  await page.waitForURL((url) => url.pathname.startsWith(startPath));
  await page.getByRole('heading', { level: 1 }).waitFor();
  // The header's links drawn: a returning person's browser remembers them (app/header/remembered-links.ts).
  await page.getByRole('banner').getByRole('navigation', { name: 'Account' }).waitFor();
  const state = await context.storageState();
  await context.close();
  return state;
}

/**
 * Puts `state` into the Lighthouse Chromium: its cookies, and its local storage set on a page of
 * the portal that loads no script (/healthz), so nothing the measured page fetches is cached.
 */
async function primeLighthouseBrowser(port: number, origin: string, state: StorageState): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${String(port)}`);
  try {
    const [context] = browser.contexts();
    if (!context) {
      throw new Error('the Lighthouse Chromium has no browser context');
    }
    await context.addCookies(state.cookies);
    const page = await context.newPage();
    await page.goto(`${origin}/healthz`);
    const items = state.origins.find((entry) => entry.origin === origin)?.localStorage ?? [];
    await page.evaluate((entries) => {
      for (const { name, value } of entries) {
        window.localStorage.setItem(name, value);
      }
    }, items);
    await page.close();
  } finally {
    // Disconnects only: the browser is chrome-launcher's.
    await browser.close();
  }
}

/** The JS a page's budget counts: all it fetched, less a form screen's renderer and validator. */
function budgetedJsKb(transfer: Transfer): number {
  return transfer.jsKb - transfer.formKb;
}

function budgetProblems(result: PageResult, floorKb: number): string[] {
  const problems: string[] = [];
  const jsBudget = floorKb + JS_OVER_FLOOR_KB[result.spec.budget];
  if (budgetedJsKb(result.transfer) > jsBudget) {
    problems.push(`${result.spec.name}: ${budgetedJsKb(result.transfer).toFixed(1)} kB of JS besides a form's renderer and validator, over its ${jsBudget.toFixed(1)} kB`);
  }
  const figures = result.lighthouse;
  const performanceBudget = result.spec.signedIn ? SIGNED_IN_PERFORMANCE : LIGHTHOUSE_BUDGET.performance;
  if (figures) {
    const checks: [boolean, string][] = [
      [figures.performance >= performanceBudget, `performance ${String(figures.performance)} < ${String(performanceBudget)}`],
      [figures.accessibility >= LIGHTHOUSE_BUDGET.accessibility, `accessibility ${String(figures.accessibility)}`],
      [figures.bestPractices >= LIGHTHOUSE_BUDGET.bestPractices, `best practices ${String(figures.bestPractices)}`],
      [result.spec.signedIn !== undefined || figures.seo >= LIGHTHOUSE_BUDGET.seo, `SEO ${String(figures.seo)}`],
      [figures.cls < LIGHTHOUSE_BUDGET.clsBelow, `CLS ${figures.cls.toFixed(3)}`],
      [figures.tbtMs < LIGHTHOUSE_BUDGET.tbtBelowMs, `TBT ${figures.tbtMs.toFixed(0)} ms`],
    ];
    for (const [isMet, problem] of checks) {
      if (!isMet) {
        problems.push(`${result.spec.name}: ${problem}${figures.failedAudits.length > 0 ? ` (failing audits: ${figures.failedAudits.join(', ')})` : ''}`);
      }
    }
  }
  return problems;
}

function renderTable(results: PageResult[], floorKb: number): string {
  const lines = [
    '| page | path | JS gz | of which form renderer and validator | the rest (budget) | CSS gz | perf / a11y / best practices / SEO | LCP | TBT | CLS |',
    '|---|---|---:|---:|---:|---:|---|---:|---:|---:|',
  ];
  for (const result of results) {
    const figures = result.lighthouse;
    const budget = floorKb + JS_OVER_FLOOR_KB[result.spec.budget];
    const shownPath = result.spec.name === 'sign-in' ? '(from Login)' : `\`${result.path}\``;
    lines.push(
      [
        '',
        result.spec.name,
        shownPath,
        `${result.transfer.jsKb.toFixed(1)} kB`,
        result.transfer.formKb > 0 ? `${result.transfer.formKb.toFixed(1)} kB` : '–',
        `${budgetedJsKb(result.transfer).toFixed(1)} kB (≤ ${budget.toFixed(1)})`,
        `${result.transfer.cssKb.toFixed(1)} kB`,
        figures ? `${String(figures.performance)} / ${String(figures.accessibility)} / ${String(figures.bestPractices)} / ${String(figures.seo)}` : '–',
        figures ? `${(figures.lcpMs / 1000).toFixed(2)} s` : '–',
        figures ? `${figures.tbtMs.toFixed(0)} ms` : '–',
        figures ? figures.cls.toFixed(3) : '–',
        '',
      ].join(' | ').trim(),
    );
  }
  return lines.join('\n');
}

async function main(): Promise<void> {
  console.log('building the portal (npm run build)…');
  execFileSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts'], { cwd: ROOT, stdio: 'inherit' });
  const floorKb = await measureReactFloor();
  const formFiles = await formRendererFiles();
  console.log(`floor: React and ReactDOM, ${floorKb.toFixed(1)} kB gzip`);

  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'marketplace-bench-pages-'));
  const server = await startServer({ dataDir, bundle: true, env: { LOGIN_RATE_LIMIT: '1000' } });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: [...CHROMIUM_FLAGS] });
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS] });
  const results: PageResult[] = [];
  try {
    const portal: Portal = { server, browser };
    const signedIn = new Map<SignedInAs, StorageState>();
    const stateOf = async (who: SignedInAs) => {
      const known = signedIn.get(who);
      if (known) {
        return known;
      }
      const state = await signedInState(portal, who);
      signedIn.set(who, state);
      return state;
    };
    for (const spec of PAGES.filter((page) => ONLY?.includes(page.name) ?? true)) {
      const pagePath = typeof spec.path === 'string' ? spec.path : await spec.path(portal);
      const url = `${server.publicUrl}${pagePath}`;
      const transfers: Transfer[] = [];
      const audits: LighthouseFigures[] = [];
      for (let run = 0; run < RUNS; run += 1) {
        // A fresh browser profile each time, nothing cached; the signed-in one holds the session.
        const state = spec.signedIn ? await stateOf(spec.signedIn) : undefined;
        const context = await browser.newContext({ baseURL: server.publicUrl, ...(state ? { storageState: state } : {}) });
        transfers.push(await measureTransfer(context, url, formFiles));
        await context.close();
        if (state) {
          await primeLighthouseBrowser(chrome.port, server.publicUrl, state);
        }
        audits.push(await runLighthouse(chrome.port, url, state !== undefined));
      }
      const result: PageResult = {
        spec,
        path: pagePath,
        transfer: {
          jsKb: median(transfers.map((transfer) => transfer.jsKb)),
          formKb: median(transfers.map((transfer) => transfer.formKb)),
          cssKb: median(transfers.map((transfer) => transfer.cssKb)),
          scripts: transfers[0]?.scripts ?? [],
        },
        lighthouse: audits.length > 0 ? medianLighthouse(audits) : null,
      };
      results.push(result);
      const figures = result.lighthouse;
      console.log(
        `${spec.name.padEnd(24)} JS ${result.transfer.jsKb.toFixed(1).padStart(6)} kB (form ${result.transfer.formKb.toFixed(1)})  CSS ${result.transfer.cssKb.toFixed(1).padStart(5)} kB` +
          (figures
            ? `  LH ${String(figures.performance)}/${String(figures.accessibility)}/${String(figures.bestPractices)}/${String(figures.seo)}` +
              `  LCP ${(figures.lcpMs / 1000).toFixed(2)} s  TBT ${figures.tbtMs.toFixed(0)} ms  CLS ${figures.cls.toFixed(3)}`
            : '') +
          `\n${' '.repeat(25)}scripts: ${result.transfer.scripts.join(' ')}` +
          (figures && figures.failedAudits.length > 0 ? `\n${' '.repeat(25)}audits below 1: ${figures.failedAudits.join(', ')}` : ''),
      );
    }
  } finally {
    await browser.close();
    chrome.kill();
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }

  const problems = results.flatMap((result) => budgetProblems(result, floorKb));
  const table = renderTable(results, floorKb);
  const when = minuteInUtc();
  const load = loadAverage();
  const benchmarkIndexes = results.flatMap((result) => (result.lighthouse ? [result.lighthouse.benchmarkIndex] : []));
  const machine = benchmarkIndexes.length > 0 ? `; Lighthouse's benchmark index of this machine ${median(benchmarkIndexes).toFixed(0)}` : '';
  const section = [
    `### One run (${when} UTC, ${String(RUNS)} loads of each page, medians; load average at the end ${load}${machine})`,
    '',
    `Floor (React and ReactDOM, production, gzip): **${floorKb.toFixed(1)} kB**. Budgets of JS over the floor: content pages ${String(JS_OVER_FLOOR_KB.content)} kB, directory ${String(JS_OVER_FLOOR_KB.directory)} kB, form starts and dashboard ${String(JS_OVER_FLOOR_KB.dashboard)} kB, besides a form screen's renderer and validator, which load with it. Lighthouse (mobile, simulated throttling) on every public page: performance ≥ ${String(LIGHTHOUSE_BUDGET.performance)}, the other three 100, CLS < ${String(LIGHTHOUSE_BUDGET.clsBelow)}, TBT < ${String(LIGHTHOUSE_BUDGET.tbtBelowMs)} ms; on the signed-in screens, performance ≥ ${String(SIGNED_IN_PERFORMANCE)} and SEO reported only (they are not for search engines).`,
    '',
    table,
    '',
    problems.length === 0 ? '**Every budget met.**' : `**Budgets missed (${String(problems.length)}):**\n\n${problems.map((problem) => `- ${problem}`).join('\n')}`,
  ].join('\n');
  console.log(`\n${section}`);
  if (WRITE_README && ONLY === undefined) {
    await writeReadmeSection('pages', section);
  }
  process.exitCode = problems.length === 0 ? 0 : 1;
}

await main();
