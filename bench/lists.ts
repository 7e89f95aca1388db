/**
 * npm run bench:lists: every list screen's API against issue 33's budget, "with any filter and sort
 * it offers, first page and the 1,000th: p99 < 100 ms, and within 2× of the same query's bare SQL",
 * against PostgreSQL. For each size of BENCH_SIZES (small,large by default) it creates a throwaway
 * database on DATABASE_URL's server (default postgres://postgres@127.0.0.1:5432), loads
 * bench/generate-directory-data.ts (suppliers and listings), bench/generate-open-data-data.ts
 * (agencies, engagement notices, billing reports) and bench/generate-list-data.ts (people, agency
 * and supplier registrations, applications, detail changes, threads and messages, audit entries),
 * builds the real app in process on a random loopback port, signs in through the embedded provider
 * as the tests do (server/auth/test-support.ts: the authorization-code flow, a passkey as second
 * factor) as a team member, as a user of the largest supplier and as a user of the agency with the
 * most notices, then for every list route and each filter and sort its querystring schema offers:
 *   (1) asks for page 1 and reads its total, then asks for page 1,000, or the last page when there
 *       are fewer (a list paged from an entry: after the last entry of the page before, reached by
 *       following Next as its screen does);
 *   (2) measures each page with autocannon at BENCH_CONNECTIONS (16) connections, BENCH_REQUESTS
 *       (200) requests after one unmeasured (or BENCH_MAX_SECONDS, 4, of requests when the unmeasured
 *       one says 200 would take longer): p50 and p99;
 *   (3) measures the same page's bare SQL: the route's own service function is called once with the
 *       route's arguments through a drizzle instance that records every statement it sends (count,
 *       page and the lookups that shape the page), and a route this script adds replays those
 *       statements, text and parameters as sent, one after another through the app's own pool,
 *       answering nothing but "ok": the same load, the same pool, no authentication, validation,
 *       shaping or serialisation;
 *   (4) reports p99 against 100 ms and API p99 / bare p99 against 2.
 * Then every CSV export of those lists, unfiltered (its largest file), downloaded over HTTP while
 * this process's memory is sampled (issue 33: "streams with flat memory (RSS growth < 50 MB) at its
 * largest size, and its rows per second are reported"); the directory's export is bench:directory's.
 * Prints the tables per size and, with both sizes, how each list's p99 grew from small to large (the
 * data grows tenfold), to read the cost at full size off; BENCH_EXPLAIN=1 prints EXPLAIN (ANALYZE,
 * BUFFERS) of the slowest statement of the slowest pages; BENCH_WRITE_README=1 writes the tables
 * into bench/README.md (between the lists markers; the exports' between the lists-exports markers). Exits 1 when a budget is missed.
 *
 * Sizes (issue 33's target is 150,000 suppliers, 20,000 agency users, 1,000,000 notices, 10,000,000
 * reports, 20,000,000 audit entries, 1,000,000 threads; too much to generate here within minutes):
 * large is a tenth of it, 50,000 suppliers for the directory's own large size; small a tenth of that.
 * BENCH_ONLY (list names, comma-separated) measures some lists only ('export' the exports only).
 */
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import autocannon from 'autocannon';
import { sql, type SQL } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { AgencyNoticesQuery, AgencyReportsQuery } from '../common/api/agency-engagements';
import type { ApplicationListQuery } from '../common/api/applications';
import type { AuditListQuery } from '../common/api/audit';
import type { BillingReportListQuery, MissingBillingReportListQuery, TeamBillingReportListQuery } from '../common/api/billing-reports';
import type { EngagementNoticeListQuery, TeamEngagementNoticeListQuery } from '../common/api/engagement-notices';
import type { TeamApplicationListQuery } from '../common/api/team-applications';
import type { TeamListingListQuery } from '../common/api/team-listings';
import type { TeamSupplierListQuery } from '../common/api/team-suppliers';
import type { TeamSupplierChangeListQuery } from '../common/api/supplier-detail-changes';
import type { TeamThreadListQuery } from '../common/api/threads';
import { lastDueBillingPeriod } from '../common/reporting/billing-reports';
import { overdueBefore } from '../common/working-days';
import { buildApp } from '../server/app';
import type { App } from '../server/app-type';
import { agencyBearer, bearer, createSignedInUser } from '../server/auth/test-support';
import type { Database } from '../server/db/client';
import * as schema from '../server/db/schema/index';
import { listAgenciesForTeam } from '../server/modules/agencies/service';
import { listApplications } from '../server/modules/applications/service';
import { listApplicationsForTeam } from '../server/modules/applications/workflow';
import { listAuditEntries } from '../server/modules/audit/service';
import { listListingsForTeam } from '../server/modules/listings/team-listings';
import { listRegistrations } from '../server/modules/registration/decide-registration';
import { listAgencyNotices } from '../server/modules/reporting/agency-notices';
import { listAgencyReports } from '../server/modules/reporting/agency-reports';
import { listBillingReports, listBillingReportsForTeam } from '../server/modules/reporting/billing-reports';
import { listEngagementNotices, listEngagementNoticesForTeam } from '../server/modules/reporting/engagement-notices';
import { listMissingReportsForTeam } from '../server/modules/reporting/missing-reports';
import { listSupplierChanges } from '../server/modules/suppliers/detail-changes';
import { listSuppliersForTeam } from '../server/modules/suppliers/team-service';
import { listSupplierThreads, listTeamInbox } from '../server/modules/threads/inbox';
import { listThreads } from '../server/modules/threads/service';
import { FLAT_MEMORY_BUDGET_MB, measureDownload, rssGrowthMb, type DownloadMeasure } from './memory';
import { generateDirectoryData } from './generate-directory-data';
import { generateListData, type ListDataSummary } from './generate-list-data';
import { generateOpenDataData } from './generate-open-data-data';
import { rows } from './bulk-sql';
import { scratchDatabase } from './scratch-database';
import { loadAverage, minuteInUtc, writeReadmeSection } from './report';

const benchDatabase = scratchDatabase('marketplace_bench_lists');
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
/** A measure that would take longer than this at REQUESTS requests runs for this long instead (a slow page gets fewer samples). */
const MAX_SECONDS = Number(process.env.BENCH_MAX_SECONDS ?? 4);
const TARGET_PAGE = 1_000;
const P99_BUDGET_MS = 100;
const RATIO_BUDGET = 2;
const ONLY = process.env.BENCH_ONLY?.split(',').map((name) => name.trim());

interface BenchSize {
  name: 'small' | 'large';
  suppliers: number;
  listings: number;
  agencies: number;
  agencyUsers: number;
  notices: number;
  reports: number;
  threads: number;
  auditEntries: number;
}
const SIZES: Record<BenchSize['name'], BenchSize> = {
  small: { name: 'small', suppliers: 5_000, listings: 50_000, agencies: 100, agencyUsers: 200, notices: 10_000, reports: 100_000, threads: 10_000, auditEntries: 200_000 },
  large: { name: 'large', suppliers: 50_000, listings: 500_000, agencies: 300, agencyUsers: 2_000, notices: 100_000, reports: 1_000_000, threads: 100_000, auditEntries: 2_000_000 },
};
const RUN_SIZES = (process.env.BENCH_SIZES ?? 'small,large').split(',').map((name) => {
  const size = (SIZES as Partial<Record<string, BenchSize>>)[name.trim()];
  if (!size) {
    throw new Error(`BENCH_SIZES: unknown size ${name} (small, large)`);
  }
  return size;
});

type Query = Record<string, string | number>;
type Who = 'team' | 'supplier' | 'agency';

/** Who is signed in, and the ids the lists are asked about. */
interface World {
  data: ListDataSummary;
  teamUserId: number;
  supplierUserId: number;
  /** A notice of the largest supplier with many reports, an agency's notice with reports, a day range, a person. */
  supplierNoticeId: number;
  agencyNoticeId: number;
  busySupplierId: number;
  busyPeriod: string;
  teamMemberId: number;
}

/** One list screen with one combination of filters and sort: its route, and its service called as the route calls it. */
interface Variant {
  list: string;
  who: Who;
  label: string;
  path: string;
  query: Query;
  service: (db: Database, query: Query) => Promise<unknown>;
}


function variants(world: World, config: { reviewTargetDays: number }): Variant[] {
  const { data } = world;
  const team = (list: string, path: string, service: Variant['service'], filters: [string, Query][]): Variant[] =>
    filters.map(([label, query]) => ({ list, who: 'team', label, path, query, service }));
  const supplier = (list: string, path: string, service: Variant['service'], filters: [string, Query][]): Variant[] =>
    filters.map(([label, query]) => ({ list, who: 'supplier', label, path, query, service }));
  const agency = (list: string, path: string, service: Variant['service'], filters: [string, Query][]): Variant[] =>
    filters.map(([label, query]) => ({ list, who: 'agency', label, path, query, service }));
  const clock = () => ({ unansweredBefore: overdueBefore(new Date(), config.reviewTargetDays) });
  return [
    ...team('team: agencies', '/api/v1/admin/agencies', (db, query) => listAgenciesForTeam(db, { status: String(query.status ?? 'submitted') as 'submitted', page: Number(query.page ?? 1) }), [
      ['submitted (default)', {}],
      ['status=approved', { status: 'approved' }],
      ['status=declined', { status: 'declined' }],
    ]),
    ...team('team: engagement notices', '/api/v1/admin/engagement-notices', (db, query) => listEngagementNoticesForTeam(db, (query as unknown as TeamEngagementNoticeListQuery), clock()), [
      ['no filter', {}],
      ['status=withdrawn', { status: 'withdrawn' }],
      ['agency', { agency: data.busiestAgencyId }],
      ['supplier', { supplier: world.busySupplierId }],
      ['period', { period: world.busyPeriod }],
      ['mismatch=unconfirmed', { mismatch: 'unconfirmed' }],
      ['mismatch=over-value', { mismatch: 'over-value' }],
    ]),
    ...team('team: billing reports', '/api/v1/admin/billing-reports', (db, query) => listBillingReportsForTeam(db, (query as unknown as TeamBillingReportListQuery)), [
      ['no filter', {}],
      ['agency', { agency: data.busiestAgencyId }],
      ['supplier', { supplier: world.busySupplierId }],
      ['engagementNotice', { engagementNotice: world.supplierNoticeId }],
      ['period', { period: world.busyPeriod }],
      ['agencyResponse=queried', { agencyResponse: 'queried' }],
    ]),
    ...team('team: missing reports', '/api/v1/admin/billing-reports/missing', (db, query) => listMissingReportsForTeam(db, (query as unknown as MissingBillingReportListQuery), lastDueBillingPeriod(new Date())), [
      ['no filter', {}],
      ['supplier', { supplier: world.busySupplierId }],
      ['period', { period: world.busyPeriod }],
    ]),
    ...team('team: registrations', '/api/v1/admin/registrations', (db, query) =>
      listRegistrations(db, { status: String(query.status ?? 'pending') as 'pending', page: Number(query.page ?? 1), ...(query.after === undefined ? {} : { after: Number(query.after) }) }), [
      ['pending (default)', {}],
      ['status=approved', { status: 'approved' }],
      ['status=declined', { status: 'declined' }],
    ]),
    ...team('team: applications', '/api/v1/admin/applications', (db, query) => {
      const typed = (query as unknown as TeamApplicationListQuery);
      return listApplicationsForTeam(db, { ...typed, page: typed.page ?? 1 });
    }, [
      ['work queue (default sort)', {}],
      ['sort=latest', { sort: 'latest' }],
      ['status=submitted', { status: 'submitted' }],
      ['status=published, sort=latest', { status: 'published', sort: 'latest' }],
    ]),
    ...team('team: suppliers', '/api/v1/admin/suppliers', (db, query) => listSuppliersForTeam(db, (query as unknown as TeamSupplierListQuery)), [
      ['no filter', {}],
      ['q=cloud', { q: 'cloud' }],
      ['status=applicant', { status: 'applicant' }],
    ]),
    ...team('team: supplier changes', '/api/v1/admin/supplier-changes', (db, query) => listSupplierChanges(db, (query as unknown as TeamSupplierChangeListQuery)), [
      ['no filter', {}],
      ['status=pending', { status: 'pending' }],
      ['status=approved', { status: 'approved' }],
    ]),
    ...team('team: listings', '/api/v1/admin/listings', (db, query) => listListingsForTeam(db, (query as unknown as TeamListingListQuery)), [
      ['in_review (default)', {}],
      ['status=published', { status: 'published' }],
      ['status=draft', { status: 'draft' }],
    ]),
    ...team('team: inbox', '/api/v1/admin/threads', (db, query) => listTeamInbox(db, world.teamUserId, (query as unknown as TeamThreadListQuery)), [
      ['open (default)', {}],
      ['status=resolved', { status: 'resolved' }],
      ['assignee=none', { assignee: 'none' }],
      ['assignee', { assignee: world.teamMemberId }],
      ['model=engagement-notice', { model: 'engagement-notice' }],
      ['supplier', { supplier: world.busySupplierId }],
    ]),
    ...team('team: audit log', '/api/v1/admin/audit', (db, query) => listAuditEntries(db, (query as unknown as AuditListQuery)), [
      ['no filter', {}],
      ['supplier', { supplier: world.busySupplierId }],
      ['person (id)', { person: String(world.teamMemberId) }],
      ['person (part of an email)', { person: 'supplier12' }],
      ['action=engagement-notice.', { action: 'engagement-notice.' }],
      ['from, to (one month)', { from: '2025-03-01', to: '2025-03-31' }],
    ]),
    ...supplier('supplier: engagement notices', '/api/v1/engagement-notice', (db, query) => listEngagementNotices(db, data.heavySupplierId, (query as unknown as EngagementNoticeListQuery)), [
      ['lastEdited (default)', {}],
      ['status=submitted', { status: 'submitted' }],
      ['sort=startDate', { sort: 'startDate' }],
      ['sort=endDate, order=desc', { sort: 'endDate', order: 'desc' }],
      ['sort=value', { sort: 'value' }],
      ['sort=agency', { sort: 'agency' }],
    ]),
    ...supplier('supplier: billing reports', '/api/v1/billing-report', (db, query) => listBillingReports(db, data.heavySupplierId, (query as unknown as BillingReportListQuery)), [
      ['lastEdited (default)', {}],
      ['status=draft', { status: 'draft' }],
      ['engagementNotice', { engagementNotice: world.supplierNoticeId }],
      ['sort=billingPeriod', { sort: 'billingPeriod' }],
      ['sort=amount, order=desc', { sort: 'amount', order: 'desc' }],
    ]),
    ...supplier('supplier: messages', '/api/v1/messages', (db, query) => listSupplierThreads(db, data.heavySupplierId, world.supplierUserId, Number(query.page ?? 1)), [['no filter', {}]]),
    // The route also marks the page's threads read (an UPDATE): the bare statements are the list's only.
    ...supplier('supplier: record threads', `/api/v1/supplier/${String(data.heavySupplierId)}/thread`, (db, query) =>
      listThreads(db, { model: 'supplier', recordId: data.heavySupplierId }, data.heavySupplierId, Number(query.page ?? 1)), [['the supplier record', {}]]),
    ...supplier('supplier: applications', '/api/v1/application', (db, query) => listApplications(db, data.heavySupplierId, (query as unknown as ApplicationListQuery)), [
      ['no filter', {}],
      ['status=published', { status: 'published' }],
    ]),
    ...agency('agency: engagement notices', '/api/v1/agency/engagement-notices', (db, query) => listAgencyNotices(db, data.busiestAgencyId, (query as unknown as AgencyNoticesQuery)), [
      ['no filter', {}],
      ['response=awaiting', { response: 'awaiting' }],
      ['response=confirmed', { response: 'confirmed' }],
    ]),
    ...agency('agency: billing reports', '/api/v1/agency/billing-reports', (db, query) => listAgencyReports(db, data.busiestAgencyId, (query as unknown as AgencyReportsQuery)), [
      ['no filter', {}],
      ['response=queried', { response: 'queried' }],
      ['engagementNotice', { engagementNotice: world.agencyNoticeId }],
    ]),
  ].filter((variant) => !ONLY || ONLY.some((name) => variant.list.includes(name)));
}

/** One CSV export, unfiltered: the largest file its list gives. */
interface CsvExport {
  list: string;
  who: Who;
  path: string;
}

const ALL_CSV_EXPORTS: CsvExport[] = [
  { list: 'team: audit log export', who: 'team', path: '/api/v1/admin/audit/export.csv' },
  { list: 'team: billing reports export', who: 'team', path: '/api/v1/admin/billing-reports/export.csv' },
  { list: 'team: engagement notices export', who: 'team', path: '/api/v1/admin/engagement-notices/export.csv' },
  { list: 'agency: spend export', who: 'agency', path: '/api/v1/agency/spend/export.csv' },
];
const CSV_EXPORTS = ALL_CSV_EXPORTS.filter((csvExport) => !ONLY || ONLY.some((name) => csvExport.list.includes(name)));

interface ExportMeasured {
  csvExport: CsvExport;
  download: DownloadMeasure;
}

const rowsPerSecond = (download: DownloadMeasure) => (download.lines - 1) / (download.milliseconds / 1000);

interface Statement {
  text: string;
  params: unknown[];
}

/** The statements `service` sends, recorded by a drizzle instance of its own over `pool`, with how long each took alone. */
async function captureStatements(pool: pg.Pool, service: (db: Database) => Promise<unknown>): Promise<Statement[]> {
  const statements: Statement[] = [];
  const db = drizzle(pool, {
    schema,
    logger: { logQuery: (text, params) => statements.push({ text, params }) },
  }) as unknown as Database;
  await service(db);
  return statements.filter((statement) => !/^\s*(begin|commit|rollback|savepoint|release)\b/i.test(statement.text));
}

/** A recorded statement as drizzle SQL, its `$n` placeholders bound to the values recorded. */
function asSql(statement: Statement): SQL {
  const parts = statement.text.split(/\$(\d+)/);
  return sql.join(parts.map((part, index) => (index % 2 === 0 ? sql.raw(part) : sql`${statement.params[Number(part) - 1]}`)));
}

interface Loaded {
  p50: number;
  p99: number;
  requestsPerSecond: number;
  non2xx: number;
  errors: number;
}

/** REQUESTS requests after one unmeasured, or MAX_SECONDS of requests when the unmeasured one says REQUESTS would take longer. */
async function load(url: string, headers: Record<string, string>): Promise<Loaded> {
  const started = performance.now();
  await fetch(url, { headers }).then((response) => response.text());
  const single = performance.now() - started;
  const isSlow = (single * REQUESTS) / CONNECTIONS > MAX_SECONDS * 1000;
  const result = await autocannon({ url, headers, connections: CONNECTIONS, ...(isSlow ? { duration: MAX_SECONDS } : { amount: REQUESTS }) });
  return { p50: result.latency.p50, p99: result.latency.p99, requestsPerSecond: result.requests.average, non2xx: result.non2xx, errors: result.errors };
}

interface Measured {
  variant: Variant;
  page: number;
  lastPage: number;
  total: number | null;
  /** The total stopped counting: there are more. */
  isCapped: boolean;
  api: Loaded;
  bare: Loaded;
  statements: Statement[];
  /** Each statement once, alone, in ms (the slowest first is what EXPLAIN looks at). */
  statementMs: number[];
}

const queryString = (query: Query) => new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)])).toString();

/** The `after` of page `page` of a list paged from an entry, found by following its Next from page 1 (null past its end). */
async function cursorBefore(origin: string, variant: Variant, page: number, headers: Record<string, string>): Promise<number | null> {
  let cursor: number | null = null;
  for (let current = 1; current < page; current += 1) {
    const query: Query = { ...variant.query, ...(cursor === null ? {} : { after: cursor }), page: current };
    const response = await fetch(`${origin}${variant.path}?${queryString(query)}`, { headers });
    const next = ((await response.json()) as { nextCursor?: number | null }).nextCursor ?? null;
    if (next === null) {
      return cursor;
    }
    cursor = next;
  }
  return cursor;
}

async function measureVariant(origin: string, app: App, capturePool: pg.Pool, bare: Map<string, Statement[]>, variant: Variant, headers: Record<string, string>): Promise<Measured[]> {
  const firstUrl = `${origin}${variant.path}?${queryString(variant.query)}`;
  const first = await fetch(firstUrl, { headers });
  const body = await first.text();
  if (first.status !== 200) {
    throw new Error(`${variant.list} ${variant.label}: ${firstUrl} answered ${String(first.status)}: ${body.slice(0, 300)}`);
  }
  const parsed = JSON.parse(body) as { total?: number; pageSize?: number; totalIsCapped?: boolean; nextCursor?: number | null };
  const total = typeof parsed.total === 'number' ? parsed.total : null;
  // A total counted only so far (server/db/capped-count.ts) does not say where the list ends: page 1,000 is asked for, and may be past it.
  const lastPage = total !== null && parsed.pageSize ? (parsed.totalIsCapped === true ? TARGET_PAGE : Math.max(1, Math.ceil(total / parsed.pageSize))) : 1;
  const pages = [...new Set([1, Math.min(TARGET_PAGE, lastPage)])];
  const measured: Measured[] = [];
  for (const page of pages) {
    // A list paged from an entry (the audit log, the team's queues) is asked for its deep page as its screen asks: after the last entry of the page before, reached by Next.
    const cursor = page > 1 && parsed.nextCursor !== undefined ? await cursorBefore(origin, variant, page, headers) : null;
    const query = { ...variant.query, ...(cursor === null ? {} : { after: cursor }), page };
    const statements = await captureStatements(capturePool, (db) => variant.service(db, query));
    const statementMs: number[] = [];
    for (const statement of statements) {
      const started = performance.now();
      await app.database.db.execute(asSql(statement));
      statementMs.push(performance.now() - started);
    }
    const key = String(bare.size + 1);
    bare.set(key, statements);
    const url = `${origin}${variant.path}?${queryString(query)}`;
    const api = await load(url, headers);
    const bareLoaded = await load(`${origin}/bench/bare/${key}`, {});
    const result = { variant, page, lastPage, total, isCapped: parsed.totalIsCapped === true, api, bare: bareLoaded, statements, statementMs };
    measured.push(result);
    console.log(
      `  ${variant.list} | ${variant.label} | page ${String(page)}/${String(lastPage)}: API p50 ${String(api.p50)} / p99 ${String(api.p99)} ms, bare p50 ${String(bareLoaded.p50)} / p99 ${String(bareLoaded.p99)} ms` +
        ` (${String(statements.length)} statements, alone ${statementMs.map((value) => value.toFixed(1)).join(' + ')} ms)${api.non2xx + api.errors + bareLoaded.non2xx + bareLoaded.errors > 0 ? ` NON-2XX ${String(api.non2xx)} ERRORS ${String(api.errors)}` : ''}`,
    );
  }
  return measured;
}

/** EXPLAIN ANALYZE, key lines (every line with BENCH_PLANS=full). */
async function explain(db: Database, label: string, statement: Statement): Promise<void> {
  const plan = await rows<{ 'QUERY PLAN': string }>(db, sql`EXPLAIN (ANALYZE, BUFFERS) ${asSql(statement)}`);
  const lines = plan.map((row) => row['QUERY PLAN']);
  const shown = process.env.BENCH_PLANS === 'full' ? lines : lines.filter((line) => /Scan|Join|SubPlan|Sort|Limit|Aggregate|Execution Time|Planning Time|Rows Removed|Buffers: shared hit=\d+ read/.test(line));
  console.log(`\n-- ${label}\n   ${statement.text.length > 400 ? `${statement.text.slice(0, 397)}...` : statement.text}`);
  for (const line of shown) {
    console.log(`   ${line.length > 170 ? `${line.slice(0, 167)}...` : line}`);
  }
}

interface SizeResult {
  size: BenchSize;
  data: Record<string, unknown>;
  loadMs: number;
  measured: Measured[];
  exports: ExportMeasured[];
  loadAverageStart: string;
  loadAverageEnd: string;
}


async function runSize(size: BenchSize): Promise<SizeResult> {
  const loadAverageStart = loadAverage();
  console.log(
    `\nlists benchmark, size ${size.name}: ${String(size.suppliers)} approved suppliers, ${String(size.agencies)} agencies, ${String(size.agencyUsers)} agency users, ` +
      `${String(size.notices)} notices, ~${String(size.reports)} reports, ${String(size.threads)} threads, ${String(size.auditEntries)} audit entries; load average ${loadAverageStart}`,
  );
  // Tokens outlive the run; the sign-in limit is per address and the helpers sign in from their own.
  const scratch = await benchDatabase.open({ ACCESS_TOKEN_TTL: '14400' });
  const { config, database } = scratch;
  const { db } = database;
  let app: App | undefined;
  const capturePool = new pg.Pool({ connectionString: config.databaseUrl, max: 2 });
  try {
    const loadStarted = performance.now();
    const directory = await generateDirectoryData(db, { approvedSuppliers: size.suppliers, publishedListings: size.listings, searchBuild: 'bulk' });
    console.log(`directory data in ${(directory.milliseconds / 1000).toFixed(0)} s: ${String(directory.suppliers)} suppliers, ${String(directory.publishedListings)} listings`);
    const { withdrawLater, ...openData } = await generateOpenDataData(db, { agencies: size.agencies, notices: size.notices, reports: size.reports });
    console.log(`notices and reports in ${(openData.milliseconds / 1000).toFixed(0)} s: ${String(openData.notices)} notices, ${String(openData.reports)} reports (${String(withdrawLater.length)} to withdraw later, left as they are)`);
    const data = await generateListData(db, { agencyUsers: size.agencyUsers, threads: size.threads, auditEntries: size.auditEntries });
    console.log(`list data in ${(data.milliseconds / 1000).toFixed(0)} s: ${JSON.stringify(data)}`);
    await db.execute(sql`VACUUM ANALYZE`);
    const loadMs = performance.now() - loadStarted;
    console.log(`loaded in ${(loadMs / 1000).toFixed(0)} s`);

    app = await buildApp(config, { database });
    // The bare route goes in before the first request (signing in) makes the app ready.
    const bare = new Map<string, Statement[]>();
    app.get('/bench/bare/:key', async (request) => {
      const statements = bare.get((request.params as { key: string }).key) ?? [];
      for (const statement of statements) {
        await db.execute(asSql(statement));
      }
      return 'ok';
    });
    const context = { app, config, database };
    const teamUser = await createSignedInUser(context, { name: 'Bench Team Member', isTeamMember: true });
    const supplierUser = await createSignedInUser(context, { name: 'Bench Supplier Admin', withSecondFactor: true, suppliers: [{ supplierId: data.heavySupplierId, isAdmin: true }] });
    const agencyUser = await createSignedInUser(context, { name: 'Bench Agency Admin', withSecondFactor: true, agencies: [{ agencyId: data.busiestAgencyId, isAdmin: true }] });
    const headers: Record<Who, Record<string, string>> = {
      team: bearer(teamUser.accessToken),
      supplier: bearer(supplierUser.accessToken, data.heavySupplierId),
      agency: agencyBearer(agencyUser.accessToken, data.busiestAgencyId),
    };
    const [ids] = await rows<{ supplierNotice: number; agencyNotice: number; busySupplier: number; period: string; teamMember: number }>(
      db,
      sql`SELECT (SELECT engagement_notice_id FROM billing_reports WHERE supplier_id = ${data.heavySupplierId} GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1) AS "supplierNotice",
                 (SELECT r.engagement_notice_id FROM billing_reports r JOIN engagement_notices n ON n.id = r.engagement_notice_id
                   WHERE n.agency_id = ${data.busiestAgencyId} AND r.status = 'submitted' GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1) AS "agencyNotice",
                 ${data.heavySupplierId}::int AS "busySupplier",
                 (SELECT billing_period FROM billing_reports GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1) AS period,
                 (SELECT assignee_user_id FROM threads WHERE assignee_user_id IS NOT NULL GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1) AS "teamMember"`,
    );
    const world: World = {
      data,
      teamUserId: teamUser.user.id,
      supplierUserId: supplierUser.user.id,
      supplierNoticeId: ids?.supplierNotice ?? 1,
      agencyNoticeId: ids?.agencyNotice ?? 1,
      busySupplierId: ids?.busySupplier ?? data.heavySupplierId,
      busyPeriod: ids?.period ?? '2025-03',
      teamMemberId: ids?.teamMember ?? 1,
    };
    await app.listen({ host: '127.0.0.1', port: 0 });
    const origin = `http://127.0.0.1:${String((app.server.address() as AddressInfo).port)}`;
    console.log(`\nserver ${origin}; ${String(CONNECTIONS)} connections, ${String(REQUESTS)} requests a measure (after one unmeasured)`);
    const measured: Measured[] = [];
    for (const variant of variants(world, config)) {
      measured.push(...(await measureVariant(origin, app, capturePool, bare, variant, headers[variant.who])));
    }
    const exports: ExportMeasured[] = [];
    if (CSV_EXPORTS.length > 0) {
      console.log(`\nCSV exports, unfiltered, one at a time (RSS budget: growth < ${String(FLAT_MEMORY_BUDGET_MB)} MB)`);
    }
    for (const csvExport of CSV_EXPORTS) {
      const download = await measureDownload(`${origin}${csvExport.path}`, headers[csvExport.who]);
      exports.push({ csvExport, download });
      console.log(
        `${csvExport.list}: ${String(download.lines - 1)} rows, ${(download.bytes / 1024 / 1024).toFixed(1)} MB in ${(download.milliseconds / 1000).toFixed(1)} s ` +
          `(${rowsPerSecond(download).toFixed(0)} rows/s); RSS ${download.rssBeforeMb.toFixed(0)} → peak ${download.rssPeakMb.toFixed(0)} MB (+${rssGrowthMb(download).toFixed(1)}), ` +
          `heap ${download.heapBeforeMb.toFixed(0)} → peak ${download.heapPeakMb.toFixed(0)} MB`,
      );
    }
    if (process.env.BENCH_EXPLAIN === '1') {
      const slowest = [...measured].sort((a, b) => b.api.p99 - a.api.p99).slice(0, Number(process.env.BENCH_EXPLAIN_COUNT ?? 8));
      console.log(`\nEXPLAIN (ANALYZE, BUFFERS) of the slowest statement of the ${String(slowest.length)} slowest pages`);
      for (const entry of slowest) {
        const index = entry.statementMs.indexOf(Math.max(...entry.statementMs));
        const statement = entry.statements[index];
        if (statement) {
          await explain(db, `${entry.variant.list} | ${entry.variant.label} | page ${String(entry.page)} (API p99 ${String(entry.api.p99)} ms; statement ${String(index + 1)} of ${String(entry.statements.length)}, ${(entry.statementMs[index] ?? 0).toFixed(1)} ms alone)`, statement);
        }
      }
    }
    return { size, data: { ...openData, ...data }, loadMs, measured, exports, loadAverageStart, loadAverageEnd: loadAverage() };
  } finally {
    await capturePool.end();
    await app?.close();
    await scratch.close();
  }
}

const ms = (value: number) => String(value);
// A page whose requests time out (autocannon's 10 s) or fail misses both: its latencies are not measured.
const misses = (entry: Measured) => [entry.api.errors + entry.api.non2xx > 0 ? `${String(entry.api.errors + entry.api.non2xx)} failed or timed out` : '', entry.api.p99 >= P99_BUDGET_MS ? 'p99' : '', entry.bare.p99 > 0 && entry.api.p99 / entry.bare.p99 > RATIO_BUDGET ? '2×' : ''].filter(Boolean).join(', ');
const ratio = (entry: Measured) => (entry.bare.p99 > 0 ? (entry.api.p99 / entry.bare.p99).toFixed(1) : '–');

function sizeTable(result: SizeResult): string {
  const { size, data } = result;
  return [
    `### Size ${size.name} (${minuteInUtc()} UTC; ${String(os.cpus().length)} CPUs, load average ${result.loadAverageStart} at the start, ${result.loadAverageEnd} at the end, a shared machine)`,
    '',
    `Data: ${String(size.suppliers)} approved suppliers (${String(size.listings)} listings), ${String(size.agencies)} approved agencies, ${String(data.notices)} notices, ${String(data.reports)} reports, ` +
      `${String(data.threads)} threads (${String(data.messages)} messages), ${String(data.auditEntries)} audit entries, ${String(data.agencyUsers)} agency users, ${String(data.registrations)} registrations, ` +
      `${String(data.applications)} applications, ${String(data.detailChanges)} detail changes; the supplier's lists are the largest supplier's (${String(data.heavySupplierNotices)} notices, ${String(data.heavySupplierReports)} reports), ` +
      `the agency's the busiest agency's (${String(data.busiestAgencyNotices)} notices). Loaded in ${(result.loadMs / 1000).toFixed(0)} s.`,
    '',
    `${String(CONNECTIONS)} connections, ${String(REQUESTS)} requests a measure; bare: the same statements replayed through the same pool by a route with nothing else.`,
    '',
    '| list | filter / sort | page (of) | total | API p50 / p99 ms | bare p50 / p99 ms | p99 API / bare | misses |',
    '|---|---|---:|---:|---:|---:|---:|---|',
    ...result.measured.map(
      (entry) =>
        `| ${entry.variant.list} | ${entry.variant.label} | ${String(entry.page)} (${entry.isCapped ? 'more' : String(entry.lastPage)}) | ${entry.total === null ? '' : `${entry.isCapped ? 'more than ' : ''}${String(entry.total)}`} | ${ms(entry.api.p50)} / ${ms(entry.api.p99)} | ${ms(entry.bare.p50)} / ${ms(entry.bare.p99)} | ${ratio(entry)} | ${misses(entry) === '' ? '' : `**${misses(entry)}**`} |`,
    ),
  ].join('\n');
}

/** Each CSV export's rows a second and what serving it added to this process's memory (the app runs in it). */
function exportTable(result: SizeResult): string {
  const { exports } = result;
  return [
    `### CSV exports, size ${result.size.name} (${minuteInUtc()} UTC; load average ${result.loadAverageEnd} at the end)`,
    '',
    `Unfiltered (the largest file of each), one download at a time over HTTP; this process's memory sampled every 5 ms after a full collection (the app runs in it); budget: RSS growth < ${String(FLAT_MEMORY_BUDGET_MB)} MB.`,
    '',
    '| export | rows | size | time | rows/s | RSS before → peak | heap before → peak | misses |',
    '|---|---:|---:|---:|---:|---:|---:|---|',
    ...exports.map(
      ({ csvExport, download }) =>
        `| ${csvExport.list} | ${String(download.lines - 1)} | ${(download.bytes / 1024 / 1024).toFixed(1)} MB | ${(download.milliseconds / 1000).toFixed(1)} s | ${rowsPerSecond(download).toFixed(0)} | ` +
        `${download.rssBeforeMb.toFixed(0)} → ${download.rssPeakMb.toFixed(0)} MB (+${rssGrowthMb(download).toFixed(1)}) | ${download.heapBeforeMb.toFixed(0)} → ${download.heapPeakMb.toFixed(0)} MB | ` +
        `${rssGrowthMb(download) < FLAT_MEMORY_BUDGET_MB ? '' : '**memory**'} |`,
    ),
  ].join('\n');
}

/** From small to large: each page's p99 at both sizes, and the factor. */
function growthTable(small: SizeResult, large: SizeResult): string {
  const keyOf = (entry: Measured) => `${entry.variant.list}|${entry.variant.label}|${entry.page === 1 ? 'first' : 'deep'}`;
  const smallByKey = new Map(small.measured.map((entry) => [keyOf(entry), entry]));
  return [
    '### Growth from small to large (ten times the data)',
    '',
    'The deep page is page 1,000 or the last, whichever comes first, at each size. A factor near 1 stays flat as the data grows; near 10 grows with it, so about 10 × again at the full target size.',
    '',
    '| list | filter / sort | page | small p99 ms | large p99 ms | factor | bare small → large p99 ms |',
    '|---|---|---|---:|---:|---:|---:|',
    ...large.measured.map((entry) => {
      const before = smallByKey.get(keyOf(entry));
      return `| ${entry.variant.list} | ${entry.variant.label} | ${entry.page === 1 ? '1' : `deep (${String(before?.page ?? '?')} → ${String(entry.page)})`} | ${before ? ms(before.api.p99) : ''} | ${ms(entry.api.p99)} | ${before && before.api.p99 > 0 ? (entry.api.p99 / before.api.p99).toFixed(1) : ''} | ${before ? ms(before.bare.p99) : ''} → ${ms(entry.bare.p99)} |`;
    }),
  ].join('\n');
}

console.log(
  `lists benchmark: ${String(os.cpus().length)} CPUs (${os.cpus()[0]?.model ?? 'unknown'}), Node ${process.version}, ${new Date().toISOString()}, sizes ${RUN_SIZES.map((size) => size.name).join(', ')}`,
);
const results: SizeResult[] = [];
for (const size of RUN_SIZES) {
  results.push(await runSize(size));
}
const small = results.find((result) => result.size.name === 'small');
const large = results.find((result) => result.size.name === 'large');
const text = [...results.map(sizeTable), ...(small && large ? [growthTable(small, large)] : [])].join('\n\n');
const exportsText = results.filter((result) => result.exports.length > 0).map(exportTable).join('\n\n');
console.log(`\n${text}\n\n${exportsText}`);
const missed = results.flatMap((result) => result.measured.filter((entry) => misses(entry) !== ''));
console.log(`\n${String(missed.length)} of ${String(results.reduce((sum, result) => sum + result.measured.length, 0))} pages miss a budget (p99 < ${String(P99_BUDGET_MS)} ms, API / bare p99 ≤ ${String(RATIO_BUDGET)})`);
const heavyExports = results.flatMap((result) => result.exports.filter(({ download }) => rssGrowthMb(download) >= FLAT_MEMORY_BUDGET_MB));
console.log(`${String(heavyExports.length)} of ${String(results.reduce((sum, result) => sum + result.exports.length, 0))} exports miss the memory budget (RSS growth < ${String(FLAT_MEMORY_BUDGET_MB)} MB)`);
if (process.env.BENCH_WRITE_README === '1' && !ONLY) {
  await writeReadmeSection('lists', text);
}
if (process.env.BENCH_WRITE_README === '1' && CSV_EXPORTS.length === ALL_CSV_EXPORTS.length) {
  await writeReadmeSection('lists-exports', exportsText);
}
process.exitCode = missed.length + heavyExports.length > 0 ? 1 : 0;
