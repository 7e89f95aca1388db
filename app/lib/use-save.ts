/**
 * The one way a screen saves: a TanStack Query mutation whose failure is read as a SaveProblem (a
 * 400's field errors, a 409 "someone else saved", or any other failure in plain English), for
 * SaveProblemNotice (components/save-problem-notice.tsx) or the screen's own error summary.
 */
import { useMutation, type MutationFunction } from '@tanstack/react-query';
import type { FieldError } from '../../common/forms/definition';
import { ApiError, ApiResponseError } from './api-error';
import { fieldErrorsOf } from './forms/field-errors';

export type SaveProblem =
  | { kind: 'fields'; errors: FieldError[] }
  /** 409: someone saved since it was loaded (or it can no longer change); the screen offers to load the latest. */
  | { kind: 'conflict'; message: string }
  | { kind: 'failed'; message: string };

/**
 * What went wrong with a save: field errors of a 400 (or of a 409 that names its fields), a 409's message, the API's own message for
 * another refusal it explained, the unreadable-answer message, else `failedMessage`.
 */
export function saveProblemOf(error: unknown, failedMessage: string): SaveProblem {
  const fieldErrors = fieldErrorsOf(error);
  if (fieldErrors.length > 0) {
    return { kind: 'fields', errors: fieldErrors };
  }
  // A conflict with one answer (a month already reported) is shown by that answer, not as "reload".
  const conflictingFields = error instanceof ApiError && error.status === 409 ? fieldErrorsOf(new ApiError(400, error.body)) : [];
  if (conflictingFields.length > 0) {
    return { kind: 'fields', errors: conflictingFields };
  }
  if (error instanceof ApiError && error.status === 409) {
    return { kind: 'conflict', message: error.message };
  }
  if ((error instanceof ApiError && error.status < 500 && error.body) || error instanceof ApiResponseError) {
    return { kind: 'failed', message: error.message };
  }
  return { kind: 'failed', message: failedMessage };
}

export interface SaveOptions<TResult, TVariables> {
  mutationFn: MutationFunction<TResult, TVariables>;
  /** Runs once saved (refreshing queries, say), before the caller's own onSuccess. */
  onSuccess?: (result: TResult, variables: TVariables) => unknown;
  /** Shown for a failure the server did not explain (a lost connection, a 5xx). */
  failedMessage: string;
}

/** A save: `save(variables)` starts it; `isSaving` while it runs; `problem` once it failed, until the next try. */
export function useSave<TResult = unknown, TVariables = void>({ mutationFn, onSuccess, failedMessage }: SaveOptions<TResult, TVariables>) {
  const mutation = useMutation({ mutationFn, onSuccess: (result, variables) => onSuccess?.(result, variables) });
  return {
    save: mutation.mutate,
    isSaving: mutation.isPending,
    /** What the running save was given (which button was pressed). */
    savingWith: mutation.isPending ? mutation.variables : undefined,
    problem: mutation.isError ? saveProblemOf(mutation.error, failedMessage) : null,
    reset: mutation.reset,
  };
}

/**
 * One form step's share of a save's problem: the API names a field `<stepId>.<path>`, so this
 * step's field errors (by their paths within the step) show by their inputs; the rest of the
 * problem shows above the form.
 */
export function splitStepProblem(problem: SaveProblem | null, stepId: string): { stepErrors: FieldError[]; otherProblem: SaveProblem | null } {
  if (problem?.kind !== 'fields') {
    return { stepErrors: [], otherProblem: problem };
  }
  const own = problem.errors.filter((error) => error.path[0] === stepId);
  const others = problem.errors.filter((error) => error.path[0] !== stepId);
  return {
    stepErrors: own.map((error) => ({ ...error, path: error.path.slice(1) })),
    otherProblem: others.length === 0 ? null : { kind: 'fields', errors: others },
  };
}
