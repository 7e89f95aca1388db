/**
 * What the source widgets share: the choices of the field's list, and the line that says why there
 * are none to pick yet (another answer comes first, still loading, failed, empty).
 */
import type { WidgetProps } from '@rjsf/utils';
import { ErrorState } from '../components/error-state';
import { LoadingState } from '../components/loading-state';
import { sourceFieldOf, sourcePathOf, useSourceOptions, waitingHint, type SourceFormContext, type SourceOption } from './form-sources';

export const SOURCE_LOAD_FAILED_MESSAGE = 'The choices for this question could not be loaded. Check your connection and try again.';
export const SOURCE_EMPTY_MESSAGE = 'There is nothing to choose from yet.';

export type SourceListState =
  | { status: 'waiting'; hint: string }
  | { status: 'loading' }
  | { status: 'failed'; retry: () => void }
  | { status: 'empty'; message: string }
  | { status: 'ready' };

/** The choices of the widget's source list, none unless loaded: a failed load empties the list (spec §8). */
export function useSourceChoices({ options, registry }: Pick<WidgetProps, 'options' | 'registry'>): { choices: SourceOption[]; state: SourceListState } {
  const field = sourceFieldOf(options);
  if (!field) {
    throw new Error('A source widget needs a source in its ui:options');
  }
  const context = (registry.formContext ?? {}) as SourceFormContext;
  const { path, waitingFor } = sourcePathOf(field, context.sourceAnswers ?? {});
  const list = useSourceOptions(path);
  if (path === undefined) {
    return { choices: [], state: { status: 'waiting', hint: waitingHint(waitingFor, context.sourceFieldTitles) } };
  }
  if (list.isError) {
    return { choices: [], state: { status: 'failed', retry: () => void list.refetch() } };
  }
  if (list.isPending) {
    return { choices: [], state: { status: 'loading' } };
  }
  if (list.data.length === 0) {
    return { choices: [], state: { status: 'empty', message: field.emptyMessage ?? SOURCE_EMPTY_MESSAGE } };
  }
  return { choices: list.data, state: { status: 'ready' } };
}

/** The line under the question while there is nothing to choose; nothing once the choices are there. */
export function SourceListMessage({ id, state }: { id: string; state: SourceListState }) {
  switch (state.status) {
    case 'waiting':
      return (
        <p id={id} className="form-field__hint source-list__message">
          {state.hint}
        </p>
      );
    case 'loading':
      return (
        <div id={id} className="source-list__message">
          <LoadingState label="Loading the choices…" />
        </div>
      );
    case 'failed':
      return (
        <div id={id} className="source-list__message">
          <ErrorState message={SOURCE_LOAD_FAILED_MESSAGE} onRetry={state.retry} />
        </div>
      );
    case 'empty':
      return (
        <p id={id} className="source-list__message source-list__message--empty">
          {state.message}
        </p>
      );
    case 'ready':
      return null;
  }
}

/** A note when an earlier answer is not among the choices any more (a service no longer approved). */
export function StaleChoiceNote({ id }: { id: string }) {
  return (
    <p id={id} className="form-field__hint source-list__message">
      An earlier choice is not in the list any more. Choose again.
    </p>
  );
}
