/**
 * rjsf widget for a date (`'ui:widget': 'date'`), as the GOV.UK date input: day, month and year
 * as three labelled number inputs in the question's fieldset (FieldTemplate draws it), never the
 * browser's locale date picker. The answer is ISO yyyy-mm-dd once the parts make a real date; until
 * then the parts as typed, which the form's check turns into a message (common/forms/date-answer.ts).
 */
import type { WidgetProps } from '@rjsf/utils';
import { useState } from 'react';
import { dateAnswerOf, datePartsOf, type DateParts } from '../../../common/forms/date-answer';

const PARTS = [
  { key: 'day', label: 'Day', size: 'date-input__input--2' },
  { key: 'month', label: 'Month', size: 'date-input__input--2' },
  { key: 'year', label: 'Year', size: 'date-input__input--4' },
] as const satisfies readonly { key: keyof DateParts; label: string; size: string }[];

export function DateWidget({ id, value, disabled, readonly, rawErrors, onChange, onBlur, onFocus }: WidgetProps) {
  const [parts, setParts] = useState<DateParts>(() => datePartsOf(value));
  // What this widget last reported: a different value comes from outside (a reload) and replaces the parts.
  const [reported, setReported] = useState<unknown>(value);
  if (value !== reported) {
    setReported(value);
    setParts(datePartsOf(value));
  }
  const hasError = (rawErrors ?? []).length > 0;

  const change = (key: keyof DateParts, text: string) => {
    const next = { ...parts, [key]: text };
    setParts(next);
    const answer = dateAnswerOf(next);
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
