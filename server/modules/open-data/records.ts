/**
 * The compiled release of each large contracting process, kept in open_data_records as the
 * publisher appends releases (issue 33), so its record is read, not compiled, when asked for. A
 * framework's record holds a release for every supplier approved into it: compiling it at each
 * request took 1.25 s of the event loop at 18,000 releases. Smaller processes (RECORDS_KEPT_FROM)
 * are compiled when asked for.
 *
 * The publisher merges a process's new releases onto its compiled release when none is dated
 * before it, which is what compiling every release would give. Otherwise (an approval dated before
 * its framework was published, a release appended by a publisher that did not keep records) the
 * record waits, its compiled release null, to be compiled afresh once at the end of the run: a first
 * run publishes a framework's approvals in hundreds of batches, each dated before the framework.
 * Meanwhile the record is compiled when asked for.
 */
import { asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { openDataRecords, openDataReleases } from '../../db/schema/index';
import { compileOnto, compileReleases, isNewerThan } from './compile';
import type { Release } from './releases';

/** Processes compiled afresh in one transaction when the publisher catches up with those never compiled. */
export const RECORD_COMPILE_BATCH_SIZE = 20;
/**
 * A process's record is kept from this many releases: a framework's, which gains a release for
 * every supplier approved into it. A record of 100 releases compiled when asked for answers in
 * about 10 ms.
 */
export const RECORDS_KEPT_FROM = 100;

/** A release just appended, with the sequence it was given. */
export interface AppendedRelease {
  sequence: number;
  release: Release;
}

interface CompiledRecord {
  ocid: string;
  /** Null: to be compiled afresh at the end of the run. */
  compiledRelease: Release | null;
  compiledThrough: number;
}

/** Every release of one process, in the order they were published. */
export async function releasesOf(db: Database, ocid: string): Promise<{ sequence: number; releaseId: string; release: Release; publishedAt: Date }[]> {
  const rows = await db
    .select({ sequence: openDataReleases.sequence, releaseId: openDataReleases.releaseId, release: openDataReleases.release, publishedAt: openDataReleases.publishedAt })
    .from(openDataReleases)
    .where(eq(openDataReleases.ocid, ocid))
    .orderBy(asc(openDataReleases.sequence));
  return rows.map((row) => ({ ...row, release: row.release as unknown as Release }));
}

async function compileAfresh(db: Database, ocid: string): Promise<CompiledRecord> {
  const rows = await releasesOf(db, ocid);
  return { ocid, compiledRelease: compileReleases(rows.map((row) => row.release)), compiledThrough: rows.at(-1)?.sequence ?? 0 };
}

async function save(db: Database, records: readonly CompiledRecord[]): Promise<void> {
  if (records.length === 0) {
    return;
  }
  await db
    .insert(openDataRecords)
    .values(records.map((record) => ({ ...record, compiledRelease: record.compiledRelease as unknown as Record<string, unknown> | null })))
    .onConflictDoUpdate({
      target: openDataRecords.ocid,
      set: { compiledRelease: sql`excluded.compiled_release`, compiledThrough: sql`excluded.compiled_through`, updatedAt: sql`now()` },
    });
}

function groupByOcid(appended: readonly AppendedRelease[]): Map<string, AppendedRelease[]> {
  const groups = new Map<string, AppendedRelease[]>();
  for (const entry of appended) {
    const group = groups.get(entry.release.ocid);
    if (group) {
      group.push(entry);
    } else {
      groups.set(entry.release.ocid, [entry]);
    }
  }
  return groups;
}

/**
 * Brings the kept records of the processes these releases belong to up to date, in the transaction
 * that appended them (under the publisher's lock, so no other release is appended meanwhile). A
 * process's record is kept once it has `keptFrom` releases: below that it is compiled when asked
 * for, in a few milliseconds (an engagement has an award, a spend release a month and perhaps a
 * withdrawal), and keeping it would rewrite it with every report.
 */
export async function keepRecords(db: Database, appended: readonly AppendedRelease[], keptFrom = RECORDS_KEPT_FROM): Promise<void> {
  const first = appended.reduce((lowest, entry) => Math.min(lowest, entry.sequence), Number.POSITIVE_INFINITY);
  const groups = groupByOcid(appended);
  if (groups.size === 0) {
    return;
  }
  const ocids = [...groups.keys()];
  // Each process's releases, and its newest before these: a kept record is current only if compiled through that one.
  const counts = await db
    .select({
      ocid: openDataReleases.ocid,
      releases: count(),
      before: sql<number | null>`max(${openDataReleases.sequence}) FILTER (WHERE ${openDataReleases.sequence} < ${first})`.mapWith(Number),
    })
    .from(openDataReleases)
    .where(inArray(openDataReleases.ocid, ocids))
    .groupBy(openDataReleases.ocid);
  const stored = await db.select().from(openDataRecords).where(inArray(openDataRecords.ocid, ocids));
  const releaseCounts = new Map(counts.map((row) => [row.ocid, row]));
  const records = new Map(stored.map((record) => [record.ocid, record]));
  const compiled: CompiledRecord[] = [];
  for (const [ocid, group] of groups) {
    const record = records.get(ocid);
    const { releases = 0, before = null } = releaseCounts.get(ocid) ?? {};
    if (!record && releases < keptFrom) {
      continue;
    }
    const newer = group.map((entry) => entry.release);
    const compiledThrough = Math.max(...group.map((entry) => entry.sequence));
    const current = record?.compiledRelease ? (record.compiledRelease as unknown as Release) : null;
    if (!before) {
      compiled.push({ ocid, compiledRelease: compileReleases(newer), compiledThrough });
    } else if (current && record?.compiledThrough === before && isNewerThan(current, newer)) {
      compiled.push({ ocid, compiledRelease: compileOnto(current, newer), compiledThrough });
    } else {
      compiled.push({ ocid, compiledRelease: null, compiledThrough: 0 });
    }
  }
  await save(db, compiled);
}

/** Compiles up to `limit` processes waiting (published before records were kept, or left by `keepRecords`); answers how many. */
export async function compileWaitingRecords(db: Database, limit = RECORD_COMPILE_BATCH_SIZE): Promise<number> {
  const waiting = await db.select({ ocid: openDataRecords.ocid }).from(openDataRecords).where(isNull(openDataRecords.compiledRelease)).orderBy(asc(openDataRecords.ocid)).limit(limit);
  const compiled: CompiledRecord[] = [];
  for (const { ocid } of waiting) {
    compiled.push(await compileAfresh(db, ocid));
  }
  await save(db, compiled);
  return waiting.length;
}
