/**
 * The byte budget of the public registration upload (issue 29, item 5). The form is public, so a
 * count of requests alone let one address store 30 × 10 MB in 3 seconds. Each address may upload
 * REGISTRATION_UPLOAD_BYTES_PER_DAY in any 24 hours: the bytes are claimed in the database before
 * they are stored, so every process counts together, and the claim is counted and inserted under
 * the address's limit lock, so concurrent uploads queue and none passes the budget.
 */
import { createHash } from 'node:crypto';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { lockLimit } from '../../db/limit-lock';
import { uploadByteClaims } from '../../db/schema/index';
import { AppError, ErrorCode } from '../../errors';

/** The window the budget is counted over. */
export const BUDGET_WINDOW_MS = 24 * 60 * 60 * 1000;

export function budgetSpentMessage(teamEmail: string): string {
  return `You have uploaded as much as we can take from your connection today. Try again tomorrow, or email ${teamEmail} and we will help.`;
}

/** The address as stored: hashed, so the table never holds an address. */
function clientKeyOf(address: string): string {
  return createHash('sha256').update(`registration-upload:${address}`).digest('hex');
}

export interface UploadBudget {
  bytesPerDay: number;
  teamEmail: string;
}

/**
 * Claims `bytes` of the address's budget, or answers 429 when the claim would pass it. Answers the
 * claim's id, so a save that then fails can give the bytes back (releaseUploadBytes).
 */
export async function claimUploadBytes(db: Database, budget: UploadBudget, address: string, bytes: number, now: Date = new Date()): Promise<number> {
  const clientKey = clientKeyOf(address);
  return db.transaction(async (tx) => {
    await lockLimit(tx, 'registration-upload-bytes', clientKey);
    const [spent] = await tx
      .select({ bytes: sql<string | null>`sum(${uploadByteClaims.bytes})` })
      .from(uploadByteClaims)
      .where(and(eq(uploadByteClaims.clientKey, clientKey), gt(uploadByteClaims.claimedAt, new Date(now.getTime() - BUDGET_WINDOW_MS))));
    if (Number(spent?.bytes ?? 0) + bytes > budget.bytesPerDay) {
      throw new AppError(ErrorCode.TooManyRequests, budgetSpentMessage(budget.teamEmail));
    }
    const [claim] = await tx.insert(uploadByteClaims).values({ clientKey, bytes, claimedAt: now }).returning({ id: uploadByteClaims.id });
    if (!claim) {
      throw new Error('the upload byte claim was not inserted');
    }
    return claim.id;
  });
}

/** Gives back a claim whose bytes were never stored. */
export async function releaseUploadBytes(db: Database, claimId: number): Promise<void> {
  await db.delete(uploadByteClaims).where(eq(uploadByteClaims.id, claimId));
}

/** Removes the claims older than the window, which no budget counts any more; answers how many. */
export async function removeExpiredUploadClaims(db: Database, now: Date = new Date()): Promise<number> {
  const removed = await db
    .delete(uploadByteClaims)
    .where(lt(uploadByteClaims.claimedAt, new Date(now.getTime() - BUDGET_WINDOW_MS)))
    .returning({ id: uploadByteClaims.id });
  return removed.length;
}
