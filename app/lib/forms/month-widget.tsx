/**
 * rjsf widget for a month (`'ui:widget': 'month'`, a billing period), as the GOV.UK date input
 * without the day: month and year as two labelled inputs in the question's fieldset (FieldTemplate
 * draws it). The answer is `yyyy-mm` once the parts make a month; until then the parts as typed,
 * which the form's check turns into a message (common/forms/month-answer.ts).
 */
import type { WidgetProps } from '@rjsf/utils';
import { useState } from 'react';
import { monthAnswerOf, monthPartsOf, type MonthParts } from '../../../common/forms/month-answer';

const PARTS = [
  { key: 'month', label: 'Month', size: 'date-input__input--2' },
  { key: 'year', label: 'Year', size: 'date-input__input--4' },
] as const satisfies readonly { key: keyof MonthParts; label: string; size: string }[];

export function MonthWidget({ id, value, disabled, readonly, rawErrors, onChange, onBlur, onFocus }: WidgetProps) {
  const [parts, setParts] = useState<MonthParts>(() => monthPartsOf(value));
  // What this widget last reported: a different value comes from outside (a reload) and replaces the parts.
  const [reported, setReported] = useState<unknown>(value);
  if (value !== reported) {
    setReported(value);
    setParts(monthPartsOf(value));
  }
  const hasError = (rawErrors ?? []).length > 0;

  const change = (key: keyof MonthParts, text: string) => {
    const next = { ...parts, [key]: text };
    setParts(next);
    const answer = monthAnswerOf(next);
    setReported(answer);
    onChange(answer);
  };

  return (
    <div className="date-input">
      {PARTS.map(({ key, label, size }) => (
        <div key={key} className="date-input__item">
          <label className="date-input__label" htmlFor={`${id}-${key}`}>
            {label}
          </label>
          <input
            id={`${id}-${key}`}
            className={`form-control date-input__input ${size}`}
            type="text"
            inputMode="numeric"
            autoComplete="off"
            value={parts[key]}
            disabled={disabled || readonly}
            aria-invalid={hasError || undefined}
            onChange={(event) => change(key, event.currentTarget.value)}
            onBlur={() => onBlur(id, value)}
            onFocus={() => onFocus(id, value)}
          />
        </div>
      ))}
    </div>
  );
}
