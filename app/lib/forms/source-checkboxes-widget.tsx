/**
 * rjsf widget for ids chosen from a source list (`'ui:widget': 'source-checkboxes'` on an array of
 * integers, `'ui:options': { source, sourceQuery?, emptyMessage? }`, see form-sources.ts): one
 * checkbox per item in the question's fieldset (FieldTemplate draws it). The answer lists the
 * ticked ids in the list's order; an id no longer in the list is dropped at the next tick.
 */
import type { WidgetProps } from '@rjsf/utils';
import { SourceListMessage, StaleChoiceNote, useSourceChoices } from './source-list-state';

export function SourceCheckboxesWidget({ id, value, disabled, readonly, options, registry, onChange, onBlur, onFocus }: WidgetProps) {
  const { choices, state } = useSourceChoices({ options, registry });
  const ticked = new Set(Array.isArray(value) ? value.filter((item): item is number => typeof item === 'number') : []);
  const isStale = state.status === 'ready' && [...ticked].some((item) => !choices.some((choice) => choice.value === item));

  const toggle = (choiceValue: number, isTicked: boolean) => {
    const next = new Set(ticked);
    if (isTicked) {
      next.add(choiceValue);
    } else {
      next.delete(choiceValue);
    }
    onChange(choices.filter((choice) => next.has(choice.value)).map((choice) => choice.value));
  };

  return (
    <div className="source-list">
      <SourceListMessage id={`${id}__source`} state={state} />
      {isStale && <StaleChoiceNote id={`${id}__stale`} />}
      {choices.length > 0 && (
        <div className="choice-list">
          {choices.map((choice) => {
            const inputId = `${id}-${String(choice.value)}`;
            return (
              <div key={choice.value} className="choice">
                <input
                  id={inputId}
                  name={id}
                  type="checkbox"
                  className="choice__input"
                  value={String(choice.value)}
                  checked={ticked.has(choice.value)}
                  disabled={disabled || readonly}
                  onChange={(event) => toggle(choice.value, event.currentTarget.checked)}
                  onBlur={() => onBlur(id, value)}
                  onFocus={() => onFocus(id, value)}
                />
                <label htmlFor={inputId} className="choice__label">
                  {choice.label}
                </label>
              </div>
            );
          })}
        </div>
      )}
    </div>
  );
}
