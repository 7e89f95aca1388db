/**
 * The registration's answers as local storage keeps them on this device, under one key. No React
 * here: the page's entry reads them to know whether the first step the server drew needs the app
 * at once (first-visit.ts).
 */
import type { FormData } from '../../common/forms/definition';
import { isRecord } from '../../common/is-record';
import { REGISTRATION_STORAGE_KEY } from '../../common/registration/steps';

export interface SavedRegistration {
  /** Flat answers, each key led by its step's number. */
  answers: FormData;
  /** Names of uploaded files, by id, for the review. */
  fileNames: Record<string, string>;
}

export const EMPTY_REGISTRATION: SavedRegistration = { answers: {}, fileNames: {} };

/** This device's storage; none where storage is turned off (even reading the property throws there). */
function safeStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    // Storage turned off: the wizard still works, without surviving a reload.
    return undefined;
  }
}

export function loadSavedRegistration(storage: Storage | undefined = safeStorage()): SavedRegistration {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(REGISTRATION_STORAGE_KEY) ?? 'null');
    if (isRecord(parsed) && isRecord(parsed.answers)) {
      const fileNames = isRecord(parsed.fileNames)
        ? Object.fromEntries(Object.entries(parsed.fileNames).filter((entry): entry is [string, string] => typeof entry[1] === 'string'))
        : {};
      return { answers: parsed.answers, fileNames };
    }
  } catch {
    // A record this version cannot read: start again.
  }
  return EMPTY_REGISTRATION;
}

export function persist(saved: SavedRegistration): void {
  try {
    safeStorage()?.setItem(REGISTRATION_STORAGE_KEY, JSON.stringify(saved));
  } catch {
    // Full or turned off: the answers stay in memory.
  }
}

export function clearSavedRegistration(): void {
  try {
    safeStorage()?.removeItem(REGISTRATION_STORAGE_KEY);
  } catch {
    // Nothing kept.
  }
}
