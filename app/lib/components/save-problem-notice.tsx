/**
 * What went wrong with a save, above the screen's form: a 409 with a way to load the latest, any
 * other failure, and field errors the screen does not show by their fields, as a summary.
 */
import type { SaveProblem } from '../use-save';
import { ErrorState } from './error-state';
import { ErrorSummary } from './error-summary';

export function SaveProblemNotice({
  problem,
  reloadLabel,
  onReload,
}: {
  problem: SaveProblem | null;
  /** The conflict's button, e.g. 'Load the latest details'. */
  reloadLabel: string;
  onReload: () => void;
}) {
  if (!problem) {
    return null;
  }
  if (problem.kind === 'conflict') {
    return <ErrorState message={problem.message} retryLabel={reloadLabel} onRetry={onReload} />;
  }
  if (problem.kind === 'failed') {
    return <ErrorState message={problem.message} />;
  }
  return <ErrorSummary errors={problem.errors.map((error) => ({ message: error.message }))} />;
}
