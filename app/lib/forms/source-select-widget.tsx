/**
 * rjsf widget for an id chosen from a source list (`'ui:widget': 'source-select'` on an integer,
 * `'ui:options': { source, sourceQuery? }`, see form-sources.ts): a native select, labelled by the
 * question (FieldTemplate), whose first option is "no choice". Chosen: the item's id; none: undefined.
 */
import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import { SourceListMessage, StaleChoiceNote, useSourceChoices } from './source-list-state';

export function SourceSelectWidget({ id, value, disabled, readonly, autofocus, rawErrors, options, registry, onChange, onBlur, onFocus }: WidgetProps) {
  const { choices, state } = useSourceChoices({ options, registry });
  const messageId = `${id}__source`;
  const chosen = typeof value === 'number' ? value : undefined;
  const isStale = state.status === 'ready' && chosen !== undefined && !choices.some((choice) => choice.value === chosen);
  const hasError = (rawErrors ?? []).length > 0;
  const describedBy = [ariaDescribedByIds(id), state.status === 'ready' ? '' : messageId, isStale ? `${id}__stale` : ''].filter(Boolean).join(' ');
  const answerOf = (text: string) => (text === '' ? undefined : Number(text));

  return (
    <div className="source-list">
      <SourceListMessage id={messageId} state={state} />
      {isStale && <StaleChoiceNote id={`${id}__stale`} />}
      <select
        id={id}
        name={id}
        className="form-control source-select"
        value={chosen !== undefined && !isStale ? String(chosen) : ''}
        disabled={disabled || readonly || state.status !== 'ready'}
        autoFocus={autofocus}
        aria-invalid={hasError || undefined}
        aria-describedby={describedBy}
        onChange={(event) => onChange(answerOf(event.currentTarget.value))}
        onBlur={(event) => onBlur(id, answerOf(event.currentTarget.value))}
        onFocus={(event) => onFocus(id, answerOf(event.currentTarget.value))}
      >
        <option value="">{state.status === 'loading' ? 'Loading…' : 'Select an option'}</option>
        {choices.map((choice) => (
          <option key={choice.value} value={String(choice.value)}>
            {choice.label}
          </option>
        ))}
      </select>
    </div>
  );
}
