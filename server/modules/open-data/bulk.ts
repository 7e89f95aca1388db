/**
 * The open data's daily bulk file (issue 32): every release published so far, as one release
 * package, gzipped, in the file store; written by a job on the queue, streamed page by page so its
 * size never sits in memory, and the last BULK_FILES_KEPT days kept.
 */
import { pipeline, Readable, Transform } from 'node:stream';
import { createGzip } from 'node:zlib';
import { desc, eq, notInArray } from 'drizzle-orm';
import { DISPLAY_TIME_ZONE } from '../../../common/dates';
import type { Database } from '../../db/client';
import { openDataBulkFiles } from '../../db/schema/index';
import type { Storage } from '../../storage/storage';
import { packageMetadata, packageTextAround, releasesAfter, type PackageSettings } from './service';

export const BULK_FILES_KEPT = 7;
const PAGE = 1000;

/** A day's file: YYYY-MM-DD in New Zealand, the same day whenever the job runs in it. */
export function bulkDayOf(instant: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: DISPLAY_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant);
}

export const bulkFileName = (day: string) => `releases-${day}.json.gz`;
const storageKeyOf = (day: string) => `open-data/releases-${day}`;

/** The package's JSON in pieces: its metadata, then each release as the pages are read. */
async function* packageText(db: Database, settings: PackageSettings, uri: string, now: Date, tally: { releases: number }): AsyncGenerator<string> {
  const around = packageTextAround({ ...packageMetadata(settings, uri, now), releases: [] });
  yield around.before;
  let after = 0;
  let first = true;
  for (;;) {
    const rows = await releasesAfter(db, after, PAGE);
    for (const row of rows) {
      yield `${first ? '' : ','}${row.json}`;
      first = false;
      tally.releases += 1;
    }
    const last = rows.at(-1);
    if (!last || rows.length < PAGE) {
      break;
    }
    after = last.sequence;
  }
  yield around.after;
}

export interface BulkFile {
  day: string;
  releaseCount: number;
  bytes: number;
  createdAt: Date;
}

/** Writes today's bulk file (replacing one written earlier today), then removes those past the kept days. */
export async function writeBulkFile(db: Database, storage: Storage, settings: PackageSettings, now: Date = new Date()): Promise<BulkFile> {
  const day = bulkDayOf(now);
  const key = storageKeyOf(day);
  const tally = { releases: 0 };
  let bytes = 0;
  // Counted as the store reads it (a 'data' listener would let the stream flow past the store).
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  // pipeline, not pipe: a failed read destroys the whole chain, so the store's put fails instead of waiting.
  const body = pipeline(Readable.from(packageText(db, settings, `${settings.publicUrl}/api/v1/open-data/bulk/${day}`, now, tally)), createGzip(), counter, () => undefined);
  await storage.put(key, body, { contentType: 'application/gzip' });
  const file = { day, releaseCount: tally.releases, bytes, createdAt: now };
  await db
    .insert(openDataBulkFiles)
    .values({ ...file, storageKey: key })
    .onConflictDoUpdate({ target: openDataBulkFiles.day, set: { ...file, storageKey: key } });
  const kept = await db.select({ day: openDataBulkFiles.day }).from(openDataBulkFiles).orderBy(desc(openDataBulkFiles.day)).limit(BULK_FILES_KEPT);
  const old = await db
    .delete(openDataBulkFiles)
    .where(notInArray(openDataBulkFiles.day, kept.map((row) => row.day)))
    .returning({ storageKey: openDataBulkFiles.storageKey });
  for (const { storageKey } of old) {
    await storage.delete(storageKey);
  }
  return file;
}

/** The kept bulk files, the newest first. */
export async function listBulkFiles(db: Database): Promise<BulkFile[]> {
  return db
    .select({ day: openDataBulkFiles.day, releaseCount: openDataBulkFiles.releaseCount, bytes: openDataBulkFiles.bytes, createdAt: openDataBulkFiles.createdAt })
    .from(openDataBulkFiles)
    .orderBy(desc(openDataBulkFiles.day));
}

/** One kept day's file from the store; null when that day has none. */
export async function openBulkFile(db: Database, storage: Storage, day: string) {
  const [row] = await db.select().from(openDataBulkFiles).where(eq(openDataBulkFiles.day, day)).limit(1);
  return row ? storage.get(row.storageKey) : null;
}

export async function hasBulkFileOf(db: Database, day: string): Promise<boolean> {
  const [row] = await db.select({ day: openDataBulkFiles.day }).from(openDataBulkFiles).where(eq(openDataBulkFiles.day, day)).limit(1);
  return row !== undefined;
}
