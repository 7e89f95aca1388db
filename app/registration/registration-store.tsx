/**
 * The registration's answers while the visitor works through the wizard: one flat record keyed by
 * step number (`1_trading_name`, common/registration/answers.ts), kept in local storage on this
 * device so a reload or a closed tab loses nothing, and cleared after a successful submit.
 */
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { answersOfStep, prefixKeys } from '../../common/registration/answers';
import type { FormData } from '../../common/forms/definition';
import { clearSavedRegistration, EMPTY_REGISTRATION, loadSavedRegistration, persist, type SavedRegistration } from './saved-registration';

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
    clearSavedRegistration();
    setSaved(EMPTY_REGISTRATION);
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
