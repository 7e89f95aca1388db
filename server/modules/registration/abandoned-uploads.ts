/**
 * Files uploaded through the public registration form that no registration took (issue 29, item 5).
 * The upload comes before the registration is submitted, from a visitor nobody knows, so a file no
 * submitted registration holds after REGISTRATION_UPLOAD_KEEP_HOURS never will be: its row and its
 * bytes are removed, with the budget claims no window counts any more. A scheduled job (on
 * UPLOAD_SWEEP_SCHEDULE, beside the upload sweep) does it once per period in one process, for any
 * storage driver.
 *
 * A registration submitted as the sweep runs: the sweep skips a file row another transaction has
 * locked, and submitting locks the row it takes (submit-registration.ts), so either the
 * registration holds the file and it stays, or the file is gone first and the visitor is asked to
 * upload it again. Never a registration naming a removed file.
 */
import { and, asc, eq, isNull, lt, notExists, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { REGISTRATION_UPLOAD_FOLDER } from '../../../common/api/uploads';
import type { Database } from '../../db/client';
import { supplierRegistrations, uploadedFiles } from '../../db/schema/index';
import { ANY_SUPPLIER, ownedBy } from '../../db/supplier-scope';
import type { JobKind } from '../../jobs/job-queue';
import type { Storage } from '../../storage/index';
import { removeExpiredUploadClaims } from './upload-budget';

export const REGISTRATION_UPLOAD_SWEEP_QUEUE = 'registration-upload-sweep';

/** Rows removed per transaction. */
const BATCH_SIZE = 200;

export interface RegistrationUploadSweepDeps {
  db: Database;
  storage: Storage;
  keepHours: number;
}

/** Removes one batch of unattached registration uploads older than the keep time; answers their storage keys, and whether the batch was full. */
async function removeBatch(deps: RegistrationUploadSweepDeps, cutoff: Date): Promise<{ keys: string[]; isFull: boolean }> {
  return deps.db.transaction(async (tx) => {
    const unattached = notExists(tx.select({ id: supplierRegistrations.id }).from(supplierRegistrations).where(eq(supplierRegistrations.financialStatementId, uploadedFiles.id)));
    // First lock the rows (skipping any a submission holds), then delete in a second statement: its
    // fresh snapshot sees a registration committed by a submission the lock waited for.
    const due = await tx
      .select({ id: uploadedFiles.id })
      .from(uploadedFiles)
      .where(
        and(
          // Files of the public form belong to no supplier until an approval hands them to one.
          ownedBy(uploadedFiles, ANY_SUPPLIER),
          isNull(uploadedFiles.supplierId),
          eq(uploadedFiles.folder, REGISTRATION_UPLOAD_FOLDER),
          lt(uploadedFiles.createdAt, cutoff),
          unattached,
        ),
      )
      .orderBy(asc(uploadedFiles.createdAt))
      .limit(BATCH_SIZE)
      .for('update', { skipLocked: true });
    if (due.length === 0) {
      return { keys: [], isFull: false };
    }
    const removed = await tx
      .delete(uploadedFiles)
      .where(
        and(
          inArray(
            uploadedFiles.id,
            due.map((row) => row.id),
          ),
          ownedBy(uploadedFiles, ANY_SUPPLIER),
          unattached,
        ),
      )
      .returning({ storageKey: uploadedFiles.storageKey });
    return { keys: removed.map((row) => row.storageKey), isFull: due.length === BATCH_SIZE };
  });
}

/**
 * One sweep: unattached registration uploads older than the keep time (rows, then bytes: bytes
 * left by a crash between the two have no row, and the upload sweep takes those) and expired
 * budget claims. Answers what went.
 */
export async function sweepRegistrationUploads(deps: RegistrationUploadSweepDeps, now: Date = new Date()): Promise<{ files: number; claims: number }> {
  const cutoff = new Date(now.getTime() - deps.keepHours * 60 * 60 * 1000);
  let files = 0;
  for (;;) {
    const { keys, isFull } = await removeBatch(deps, cutoff);
    for (const key of keys) {
      await deps.storage.delete(key);
    }
    files += keys.length;
    if (!isFull) {
      break;
    }
  }
  const claims = await removeExpiredUploadClaims(deps.db, now);
  return { files, claims };
}

/** The scheduled job: one sweep, logged when it removed anything. */
export function registrationUploadSweepJobKind(deps: RegistrationUploadSweepDeps & { log: FastifyBaseLogger }, schedule: string): JobKind {
  return {
    name: REGISTRATION_UPLOAD_SWEEP_QUEUE,
    label: 'Removing registration uploads no registration took',
    // The next period sweeps again: no retry needed.
    retry: { limit: 0, delaySeconds: 60, backoff: false },
    schedule,
    async run() {
      const { files, claims } = await sweepRegistrationUploads(deps);
      if (files + claims > 0) {
        deps.log.info({ files, claims }, 'removed registration uploads no registration took');
      }
    },
  };
}
