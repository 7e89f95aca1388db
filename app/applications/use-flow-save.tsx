/** The apply screens' saves: the one save pattern (useSave), whose 409 offers to reload the application. */
import { SaveProblemNotice } from '../lib/components/save-problem-notice';
import { useSave, type SaveProblem } from '../lib/use-save';
import { useDraftQuery } from './apply-layout';

export const APPLICATION_SAVE_FAILED = 'Your application could not be saved. Check your connection and try again.';
const RELOAD_LABEL = 'Reload the application';

/**
 * A flow screen's save of any shape: `save(variables)` runs `work` (the save, then the move on);
 * `notice` says why it failed, with a reload of the application for a 409 (`noticeFor` says it of
 * part of the problem, when the screen shows some field errors by their fields).
 */
export function useApplicationSave<TVariables>(work: (variables: TVariables) => Promise<void>) {
  const draftQuery = useDraftQuery();
  const save = useSave({ mutationFn: work, failedMessage: APPLICATION_SAVE_FAILED });
  const noticeFor = (problem: SaveProblem | null) => (
    <SaveProblemNotice problem={problem} reloadLabel={RELOAD_LABEL} onReload={() => void draftQuery.refetch()} />
  );
  return { ...save, notice: noticeFor(save.problem), noticeFor };
}

/** An intro screen's save: `run(work)` marks it saving and, when the work fails, shows why in `notice`. */
export function useFlowSave() {
  const { save, isSaving, notice } = useApplicationSave((work: () => Promise<void>) => work());
  return { saving: isSaving, run: save, notice };
}
