/**
 * The agency's submission as local storage keeps it (spec §3 "Agency application"): the answers
 * keyed by field, the resume id once saved, the step reached and the status, under `agency`. No
 * React here: the page's entry reads it to know whether the start page needs the app.
 */
import type { FormData } from '../../common/forms/definition';
import { isRecord } from '../../common/is-record';
import { readStoredJson, writeStoredJson } from '../lib/device-storage';

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

/** The stored submission, or an empty one when there is none or it cannot be read. */
export function readStoredSubmission(storage?: Storage): AgencySubmission {
  const parsed = readStoredJson(AGENCY_STORAGE_KEY, storage);
  if (!isRecord(parsed) || !isRecord(parsed.answers)) {
    return EMPTY_SUBMISSION;
  }
  return {
    answers: parsed.answers,
    ...(typeof parsed.id === 'string' ? { id: parsed.id } : {}),
    ...(typeof parsed.lastStep === 'number' ? { lastStep: parsed.lastStep } : {}),
    ...(typeof parsed.status === 'string' ? { status: parsed.status } : {}),
  };
}

/** Keeps the submission on this device (null clears it); where storage fails, the server still holds what was saved. */
export function writeStoredSubmission(submission: AgencySubmission | null, storage?: Storage): void {
  writeStoredJson(AGENCY_STORAGE_KEY, submission, storage);
}
