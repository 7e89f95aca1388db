/**
 * Clearing up after a process killed mid-upload (issue 14, Prove 3). `saveUpload` stores the bytes
 * first and commits the row after, so a row never names missing bytes; a kill between the two
 * leaves bytes with no row: no one was ever answered their id, so no one can reach them. The same
 * kill can leave a temporary file of a write cut short. Both are removed once older than
 * ABANDONED_AFTER_MS (no upload takes that long, so another process's upload in progress is never
 * touched), by a scheduled job (UPLOAD_SWEEP_SCHEDULE, hourly) that the job queue runs once per
 * period in one of the processes; they share the storage folder, as uploads are read by any of them.
 * Local storage only: for an S3 bucket, a lifecycle rule is the place for this.
 */
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { and, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import type { JobKind } from '../../jobs/job-queue';
import { uploadedFiles } from '../../db/schema/index';
import { ANY_SUPPLIER, ownedBy } from '../../db/supplier-scope';
import { LocalStorage, isStorageKey } from '../../storage/index';
import { ABANDONED_AFTER_MS, removeAbandonedTemporaryFiles } from '../../storage/write-atomically';

/** The folder of `saveUpload`'s keys (`uploads/<supplier or "staff" for the team>/<id>`) under the storage root. */
const UPLOAD_KEY_PREFIX = 'uploads';
const META_SUFFIX = '.meta.json';
/** Rows asked for at a time. */
const BATCH_SIZE = 500;

async function readFolder(folder: string): Promise<string[]> {
  try {
    return await readdir(folder);
  } catch (error) {
    if (error instanceof Error && 'code' in error && (error.code === 'ENOENT' || error.code === 'ENOTDIR')) {
      return [];
    }
    throw error;
  }
}

/** Keys of stored uploads (bytes or metadata) last written before `before`. */
async function findOldUploadKeys(root: string, before: number): Promise<string[]> {
  const keys = new Set<string>();
  const base = path.join(root, UPLOAD_KEY_PREFIX);
  for (const owner of await readFolder(base)) {
    for (const name of await readFolder(path.join(base, owner))) {
      const key = `${UPLOAD_KEY_PREFIX}/${owner}/${name.endsWith(META_SUFFIX) ? name.slice(0, -META_SUFFIX.length) : name}`;
      if (!isStorageKey(key)) {
        continue; // a temporary file, or something that is not an upload
      }
      const { mtimeMs } = await stat(path.join(base, owner, name));
      if (mtimeMs < before) {
        keys.add(key);
      }
    }
  }
  return [...keys];
}

/** Removes stored uploads with no row, older than ABANDONED_AFTER_MS; answers how many went. */
export async function removeOrphanedUploads(db: Database, root: string, now: Date = new Date()): Promise<number> {
  const storage = new LocalStorage(root);
  const candidates = await findOldUploadKeys(root, now.getTime() - ABANDONED_AFTER_MS);
  let removed = 0;
  for (let start = 0; start < candidates.length; start += BATCH_SIZE) {
    const batch = candidates.slice(start, start + BATCH_SIZE);
    const rows = await db
      .select({ storageKey: uploadedFiles.storageKey })
      .from(uploadedFiles)
      // Every supplier's files: whether any row names the key is the question.
      .where(and(inArray(uploadedFiles.storageKey, batch), ownedBy(uploadedFiles, ANY_SUPPLIER)));
    const recorded = new Set(rows.map((row) => row.storageKey));
    for (const key of batch.filter((candidate) => !recorded.has(candidate))) {
      await storage.delete(key);
      removed += 1;
    }
  }
  return removed;
}

export const UPLOAD_SWEEP_QUEUE = 'upload-sweep';

export interface UploadSweepDeps {
  db: Database;
  /** The local storage folder (`$DATA_DIR/uploads`). */
  directory: string;
  log: FastifyBaseLogger;
}

/** One sweep: temporary files and orphaned uploads; answers what went. */
export async function sweepAbandonedUploads(deps: Pick<UploadSweepDeps, 'db' | 'directory'>, now: Date = new Date()): Promise<{ temporaries: number; orphans: number }> {
  const temporaries = await removeAbandonedTemporaryFiles(deps.directory, now);
  const orphans = await removeOrphanedUploads(deps.db, deps.directory, now);
  return { temporaries, orphans };
}

/** The scheduled job: one sweep, logged when it removed anything. */
export function uploadSweepJobKind(deps: UploadSweepDeps, schedule: string): JobKind {
  return {
    name: UPLOAD_SWEEP_QUEUE,
    label: 'Removing abandoned uploads',
    // The next period sweeps again: no retry needed.
    retry: { limit: 0, delaySeconds: 60, backoff: false },
    schedule,
    async run() {
      const { temporaries, orphans } = await sweepAbandonedUploads(deps);
      if (temporaries + orphans > 0) {
        deps.log.info({ temporaries, orphans }, 'removed abandoned uploads');
      }
    },
  };
}
