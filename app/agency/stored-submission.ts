/**
 * The agency's submission as local storage keeps it (spec §3 "Agency application"): the answers
 * keyed by field, the resume id once saved, the step reached and the status, under `agency`. No
 * React here: the page's entry reads it to know whether the start page needs the app.
 */
import type { FormData } from '../../common/forms/definition';
import { isRecord } from '../../common/is-record';

export const AGENCY_STORAGE_KEY = 'agency';

export interface AgencySubmission {
  /** The resume id, once the server holds the answers. */
  id?: string;
  lastStep?: number;
  status?: string;
  answers: FormData;
}

export const EMPTY_SUBMISSION: AgencySubmission = { answers: {} };

/** Whether there is anything for 'Start again' to clear. */
export function hasSavedAnswers(submission: AgencySubmission): boolean {
  return submission.id !== undefined || Object.keys(submission.answers).length > 0;
}

/**
 * The stored submission, or an empty one when there is none or it cannot be read. `localStorage`
 * is read inside the guard: where storage is turned off, even reading the property throws.
 */
export function readStoredSubmission(storage?: Storage): AgencySubmission {
  try {
    const parsed: unknown = JSON.parse((storage ?? globalThis.localStorage).getItem(AGENCY_STORAGE_KEY) ?? 'null');
    if (!isRecord(parsed) || !isRecord(parsed.answers)) {
      return EMPTY_SUBMISSION;
    }
    return {
      answers: parsed.answers,
      ...(typeof parsed.id === 'string' ? { id: parsed.id } : {}),
      ...(typeof parsed.lastStep === 'number' ? { lastStep: parsed.lastStep } : {}),
      ...(typeof parsed.status === 'string' ? { status: parsed.status } : {}),
    };
  } catch {
    // Storage turned off or a value another version wrote: start afresh.
    return EMPTY_SUBMISSION;
  }
}

export function writeStoredSubmission(submission: AgencySubmission | null, storage?: Storage): void {
  try {
    const store = storage ?? globalThis.localStorage;
    if (submission === null) {
      store.removeItem(AGENCY_STORAGE_KEY);
    } else {
      store.setItem(AGENCY_STORAGE_KEY, JSON.stringify(submission));
    }
  } catch {
    // Storage full or turned off: the server still holds what was saved.
  }
}
