/**
 * The registration's answers as local storage keeps them on this device, under one key. No React
 * here: the page's entry reads them to know whether the first step the server drew needs the app
 * at once (first-visit.ts).
 */
import type { FormData } from '../../common/forms/definition';
import { isRecord } from '../../common/is-record';
import { REGISTRATION_STORAGE_KEY } from '../../common/registration/steps';
import { readStoredJson, writeStoredJson } from '../lib/device-storage';

export interface SavedRegistration {
  /** Flat answers, each key led by its step's number. */
  answers: FormData;
  /** Names of uploaded files, by id, for the review. */
  fileNames: Record<string, string>;
}

export const EMPTY_REGISTRATION: SavedRegistration = { answers: {}, fileNames: {} };

export function loadSavedRegistration(storage?: Storage): SavedRegistration {
  const parsed = readStoredJson(REGISTRATION_STORAGE_KEY, storage);
  if (!isRecord(parsed) || !isRecord(parsed.answers)) {
    return EMPTY_REGISTRATION;
  }
  const fileNames = isRecord(parsed.fileNames)
    ? Object.fromEntries(Object.entries(parsed.fileNames).filter((entry): entry is [string, string] => typeof entry[1] === 'string'))
    : {};
  return { answers: parsed.answers, fileNames };
}

/** Keeps the answers on this device; where storage fails, they stay in memory and the wizard goes on. */
export function persist(saved: SavedRegistration): void {
  writeStoredJson(REGISTRATION_STORAGE_KEY, saved);
}

export function clearSavedRegistration(): void {
  writeStoredJson(REGISTRATION_STORAGE_KEY, null);
}
