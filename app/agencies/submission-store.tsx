/**
 * The agency's submission for the app's screens (spec §3 "Agency application"), kept in local
 * storage (stored-submission.ts) so a reload keeps it, and cleared on form reset ('Start again').
 */
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { EMPTY_SUBMISSION, readStoredSubmission, writeStoredSubmission, type AgencySubmission } from './stored-submission';

interface SubmissionContextValue {
  submission: AgencySubmission;
  /** Replaces the submission and stores it. */
  setSubmission: (submission: AgencySubmission) => void;
  /** Form reset: clears the submission and local storage. */
  resetSubmission: () => void;
}

const SubmissionContext = createContext<SubmissionContextValue | null>(null);

export function SubmissionProvider({ children }: { children: ReactNode }) {
  const [submission, setState] = useState<AgencySubmission>(() => readStoredSubmission());
  const setSubmission = useCallback((next: AgencySubmission) => {
    writeStoredSubmission(next);
    setState(next);
  }, []);
  const resetSubmission = useCallback(() => {
    writeStoredSubmission(null);
    setState(EMPTY_SUBMISSION);
  }, []);
  const value = useMemo(() => ({ submission, setSubmission, resetSubmission }), [submission, setSubmission, resetSubmission]);
  return <SubmissionContext value={value}>{children}</SubmissionContext>;
}

export function useSubmission(): SubmissionContextValue {
  const value = useContext(SubmissionContext);
  if (!value) {
    throw new Error('useSubmission needs a SubmissionProvider');
  }
  return value;
}
