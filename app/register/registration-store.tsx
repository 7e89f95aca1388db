/**
 * The registration's answers while the visitor works through the wizard: one flat record keyed by
 * step number (`1_trading_name`, common/registration/answers.ts), kept in local storage on this
 * device so a reload or a closed tab loses nothing, and cleared after a successful submit.
 */
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { answersOfStep, prefixKeys } from '../../common/registration/answers';
import type { FormData } from '../../common/forms/definition';
import { isRecord } from '../../common/is-record';
import { REGISTRATION_STORAGE_KEY } from '../../common/registration/steps';

export interface SavedRegistration {
  /** Flat answers, each key led by its step's number. */
  answers: FormData;
  /** Names of uploaded files, by id, for the review. */
  fileNames: Record<string, string>;
}

const EMPTY: SavedRegistration = { answers: {}, fileNames: {} };

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
  return EMPTY;
}

function safeStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    // Storage turned off: the wizard still works, without surviving a reload.
    return undefined;
  }
}

function persist(saved: SavedRegistration): void {
  try {
    safeStorage()?.setItem(REGISTRATION_STORAGE_KEY, JSON.stringify(saved));
  } catch {
    // Full or turned off: the answers stay in memory.
  }
}

interface RegistrationStore {
  saved: SavedRegistration;
  answersOf: (stepNumber: number) => FormData;
  saveStep: (stepNumber: number, answers: FormData) => void;
  rememberFile: (file: { id: string; fileName: string }) => void;
  clear: () => void;
}

const StoreContext = createContext<RegistrationStore | null>(null);

export function RegistrationStoreProvider({ children }: { children: ReactNode }) {
  const [saved, setSaved] = useState<SavedRegistration>(() => loadSavedRegistration());
  const update = useCallback((change: (current: SavedRegistration) => SavedRegistration) => {
    setSaved((current) => {
      const next = change(current);
      persist(next);
      return next;
    });
  }, []);
  const saveStep = useCallback(
    (stepNumber: number, answers: FormData) =>
      update((current) => {
        const prefix = `${String(stepNumber)}_`;
        const others = Object.fromEntries(Object.entries(current.answers).filter(([key]) => !key.startsWith(prefix)));
        return { ...current, answers: { ...others, ...prefixKeys(stepNumber, answers) } };
      }),
    [update],
  );
  const rememberFile = useCallback(
    (file: { id: string; fileName: string }) => update((current) => ({ ...current, fileNames: { ...current.fileNames, [file.id]: file.fileName } })),
    [update],
  );
  const clear = useCallback(() => {
    try {
      safeStorage()?.removeItem(REGISTRATION_STORAGE_KEY);
    } catch {
      // Nothing kept.
    }
    setSaved(EMPTY);
  }, []);
  const value = useMemo(
    () => ({ saved, answersOf: (stepNumber: number) => answersOfStep(stepNumber, saved.answers), saveStep, rememberFile, clear }),
    [saved, saveStep, rememberFile, clear],
  );
  return <StoreContext value={value}>{children}</StoreContext>;
}

export function useRegistrationStore(): RegistrationStore {
  const store = useContext(StoreContext);
  if (!store) {
    throw new Error('useRegistrationStore needs a RegistrationStoreProvider');
  }
  return store;
}
