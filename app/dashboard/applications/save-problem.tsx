/** What went wrong with a save, shown above the screen's form: a conflict offers to reload. */
import { useState } from 'react';
import type { FieldError } from '../../../common/forms/definition';
import { ApiError } from '../../lib/api';
import { ErrorState } from '../../lib/components/error-state';
import { ErrorSummary } from '../../lib/components/error-summary';
import { fieldErrorsOf } from '../../lib/forms/field-errors';
import { useDraftQuery } from './apply-layout';

export type SaveProblem = { kind: 'fields'; errors: FieldError[] } | { kind: 'conflict' | 'failed'; message: string };

export function problemOf(error: unknown): SaveProblem {
  const fieldErrors = fieldErrorsOf(error);
  if (fieldErrors.length > 0) {
    return { kind: 'fields', errors: fieldErrors };
  }
  if (error instanceof ApiError && error.status === 409) {
    return { kind: 'conflict', message: error.message };
  }
  if (error instanceof ApiError && error.status < 500 && error.body) {
    return { kind: 'failed', message: error.message };
  }
  return { kind: 'failed', message: 'Your application could not be saved. Check your connection and try again.' };
}

/**
 * A conflict (someone saved since, or it was submitted) with a way to load the latest; any other
 * failure; field errors the screen does not show itself, as a summary without links.
 */
export function SaveProblemNotice({ problem, onReload }: { problem: SaveProblem | null; onReload: () => void }) {
  if (!problem) {
    return null;
  }
  if (problem.kind !== 'fields') {
    return problem.kind === 'conflict' ? (
      <ErrorState message={problem.message} retryLabel="Reload the application" onRetry={onReload} />
    ) : (
      <ErrorState message={problem.message} />
    );
  }
  return <ErrorSummary errors={problem.errors.map((error) => ({ message: error.message }))} />;
}

/**
 * A flow screen's save: `run` marks it saving and, when the work fails, shows why (`notice`, with
 * a reload of the application for a 409) and lets the person try again.
 */
export function useFlowSave() {
  const draftQuery = useDraftQuery();
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<SaveProblem | null>(null);
  const run = async (work: () => Promise<void>): Promise<void> => {
    setSaving(true);
    setProblem(null);
    try {
      await work();
    } catch (error) {
      setProblem(problemOf(error));
      setSaving(false);
    }
  };
  const notice = <SaveProblemNotice problem={problem} onReload={() => void draftQuery.refetch()} />;
  return { saving, run, notice };
}
