/**
 * A quick comparison for bench/README.md: each deep page of the team's lists read from its entry
 * (keyset) and by skipping rows (OFFSET), alone, on a database bench:lists left behind
 * (PROBE_DATABASE_URL). Not part of any run; kept beside the benchmark that made its data.
 */
import { sql } from 'drizzle-orm';
import { openDatabase } from '../server/db/client';
import { rows } from './bulk-sql';
import { listApplicationsForTeam } from '../server/modules/applications/workflow';
import { listAuditEntries } from '../server/modules/audit/service';
import { listRegistrations } from '../server/modules/registration/decide-registration';
import { listEngagementNoticesForTeam } from '../server/modules/reporting/engagement-notices';
import { listSupplierChanges } from '../server/modules/suppliers/detail-changes';
import { listSuppliersForTeam } from '../server/modules/suppliers/team-service';
import { listTeamInbox } from '../server/modules/threads/inbox';
import type { Database } from '../server/db/client';

interface Paged {
  nextCursor: number | null;
  total: number;
  pageSize: number;
}
type Read = (db: Database, query: Record<string, unknown>) => Promise<Paged>;

const url = process.env.PROBE_DATABASE_URL;
if (!url) {
  throw new Error('PROBE_DATABASE_URL names the database bench:lists left');
}
const handle = await openDatabase({ databaseUrl: url, poolSize: 2 });
const { db } = handle;
const [teamMember] = await rows<{ id: number }>(db, sql`SELECT id FROM users WHERE is_staff ORDER BY id LIMIT 1`);
const [period] = await rows<{ period: string }>(db, sql`SELECT billing_period AS period FROM billing_reports GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1`);
const clock = { unansweredBefore: new Date() };
const cases: [string, Record<string, unknown>, Read][] = [
  ['team applications, status=published, sort=latest', { status: 'published', sort: 'latest' }, (d, q) => listApplicationsForTeam(d, { ...q, page: Number(q.page) })],
  ['team applications, work queue', {}, (d, q) => listApplicationsForTeam(d, { ...q, page: Number(q.page) })],
  ['team suppliers, status=applicant', { status: 'applicant' }, (d, q) => listSuppliersForTeam(d, q)],
  ['team suppliers, no filter', {}, (d, q) => listSuppliersForTeam(d, q)],
  ['registrations, status=approved', { status: 'approved' }, (d, q) => listRegistrations(d, { ...q, page: Number(q.page) } as never)],
  ['registrations, status=declined', { status: 'declined' }, (d, q) => listRegistrations(d, { ...q, page: Number(q.page) } as never)],
  ['supplier changes, status=approved', { status: 'approved' }, (d, q) => listSupplierChanges(d, q)],
  ['engagement notices, period', { period: period?.period }, (d, q) => listEngagementNoticesForTeam(d, q, clock)],
  ['inbox, status=resolved', { status: 'resolved' }, (d, q) => listTeamInbox(d, teamMember?.id ?? 1, q)],
  ['inbox, assignee=none', { assignee: 'none' }, (d, q) => listTeamInbox(d, teamMember?.id ?? 1, q)],
  ['audit log, no filter', {}, (d, q) => listAuditEntries(d, q)],
];

const ROUNDS = 15;
const TARGET_PAGE = 1000;

async function median(work: () => Promise<unknown>): Promise<number> {
  await work();
  const times: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const started = performance.now();
    await work();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] ?? 0;
}

console.log(`| list | page | from its entry (ms, median of ${String(ROUNDS)}) | skipping rows (ms) | page 1 (ms) |`);
console.log('|---|---:|---:|---:|---:|');
for (const [label, filters, read] of cases) {
  const first = await read(db, { ...filters, page: 1 });
  const lastPage = Math.min(TARGET_PAGE, Math.max(1, Math.ceil(first.total / first.pageSize)));
  let cursor = first.nextCursor;
  for (let page = 2; page < lastPage && cursor !== null; page += 1) {
    cursor = (await read(db, { ...filters, page, after: cursor })).nextCursor;
  }
  const fromEntry = cursor === null ? 0 : await median(() => read(db, { ...filters, page: lastPage, after: cursor }));
  const skipping = await median(() => read(db, { ...filters, page: lastPage }));
  const firstPage = await median(() => read(db, { ...filters, page: 1 }));
  console.log(`| ${label} | ${String(lastPage)} | ${fromEntry.toFixed(1)} | ${skipping.toFixed(1)} | ${firstPage.toFixed(1)} |`);
}
await handle.close();
