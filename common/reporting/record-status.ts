/**
 * The life of a reporting record, an engagement notice or a billing report (spec §3, §4), in one
 * vocabulary for both kinds: a draft is the supplier's own working copy, which only it sees and
 * may change or delete; a submitted record is locked and the team sees it; a notice may later be
 * withdrawn. The codes are what the API stores and sends.
 */
import type { StatusTone } from '../application-stages';

export const RECORD_STATUSES = {
  draft: { label: 'Draft', tone: 'draft', happened: 'Started as a draft' },
  submitted: { label: 'Submitted', tone: 'done', happened: 'Submitted' },
  withdrawn: { label: 'Withdrawn', tone: 'refused', happened: 'Withdrawn' },
} as const satisfies Record<string, { label: string; tone: StatusTone; happened: string }>;

export type RecordStatus = keyof typeof RECORD_STATUSES;

export function isRecordStatus(value: string): value is RecordStatus {
  return Object.hasOwn(RECORD_STATUSES, value);
}

export function recordStatusLabel(status: RecordStatus): string {
  return RECORD_STATUSES[status].label;
}

/** The statuses a supplier saves with: a draft, or the submission (which locks the record). */
export const SAVE_STATUSES = ['draft', 'submitted'] as const satisfies readonly RecordStatus[];
export type SaveStatus = (typeof SAVE_STATUSES)[number];

/** Whether the supplier may still change (save, submit, delete) a record: only a draft. */
export function isEditableRecord(status: RecordStatus): boolean {
  return status === 'draft';
}

/** Whether the team sees a record: every status but a draft, which stays the supplier's own. */
export function isSeenByTeam<S extends RecordStatus>(status: S): status is Exclude<S, 'draft'> {
  return status !== 'draft';
}
