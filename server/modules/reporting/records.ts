/**
 * What the two kinds of reporting record, engagement notices and billing reports, are kept with
 * alike: how the answers' copied fields are read, an entry of the status history, what the audit
 * log keeps, the batch size of the team's CSV exports, and which saves are refused.
 */
import { isEditableRecord, type RecordStatus } from '../../../common/reporting/record-status';
import type { StatusHistoryEntry } from '../../db/schema/index';
import { inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { users } from '../../db/schema/index';
import { AppError, ErrorCode } from '../../errors';

/** An answer that should be a whole number (an id, cents), or null. */
export function integerAnswer(value: unknown): number | null {
  return typeof value === 'number' && Number.isInteger(value) ? value : null;
}

/** An answer that should be text (a title, a date, a month), or null; left empty, it is not given. */
export function textAnswer(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

export function statusEntry(status: RecordStatus, at: Date, userId: number | null): StatusHistoryEntry {
  return { status, at: at.toISOString(), byUserId: userId };
}

/** What the audit log keeps of a record. */
export function auditState(row: { status: RecordStatus; progress: number; data: unknown }) {
  return { status: row.status, progress: row.progress, data: row.data };
}

/** The rows a CSV export reads at a time, each batch resuming after the last one's last row. */
export const EXPORT_BATCH_SIZE = 500;

/** What a save says of the record it refuses: its noun and the 409s' words. */
export interface RecordWords {
  noun: 'engagement notice' | 'billing report';
  locked: string;
  changed: string;
}

/** 400 when a save of an existing record does not say which version of it the supplier loaded. */
export function refuseSaveWithoutLastEdited(request: { id?: number; lastEdited?: string }, words: RecordWords): void {
  if (request.id !== undefined && request.lastEdited === undefined) {
    const message = `Send the lastEdited of the ${words.noun} you loaded`;
    throw new AppError(ErrorCode.BadRequest, message, [{ field: 'lastEdited', message }]);
  }
}

/**
 * 409 when an existing record may not take this save: it is no longer a draft, someone saved it
 * since the supplier loaded it, or it was started on another version of the form.
 */
export function refuseStaleSave(
  existing: { status: RecordStatus; lastEdited: Date; formVersion: number },
  request: { lastEdited?: string },
  formVersion: number,
  words: RecordWords,
): void {
  if (!isEditableRecord(existing.status)) {
    throw new AppError(ErrorCode.Conflict, words.locked);
  }
  if (existing.lastEdited.toISOString() !== request.lastEdited) {
    throw new AppError(ErrorCode.Conflict, words.changed);
  }
  if (existing.formVersion !== formVersion) {
    throw new AppError(ErrorCode.Conflict, `This ${words.noun} was started on another version of the form. Reload the page.`);
  }
}

/** The names of the people who answered for the agencies on notices and reports (issue 31), by user id. */
export async function responderNames(db: Database, rows: readonly { agencyRespondedByUserId: number | null }[]): Promise<Map<number, string>> {
  const ids = [...new Set(rows.flatMap((row) => (row.agencyRespondedByUserId === null ? [] : [row.agencyRespondedByUserId])))];
  if (ids.length === 0) {
    return new Map();
  }
  const rowsFound = await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, ids));
  return new Map(rowsFound.map((row) => [row.id, row.name]));
}
