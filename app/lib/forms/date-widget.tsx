/**
 * rjsf widgets for a date (`'ui:widget': 'date'`) and a month (`'ui:widget': 'month'`, a billing
 * period), as the GOV.UK date input: day (for a date), month and year as labelled number inputs in
 * the question's fieldset (FieldTemplate draws it), never the browser's locale date picker. The
 * answer is ISO yyyy-mm-dd (or yyyy-mm) once the parts make a real date (or month); until then the
 * parts as typed, which the form's check turns into a message (common/forms/date-answer.ts,
 * common/forms/month-answer.ts).
 */
import type { WidgetProps } from '@rjsf/utils';
import { useState } from 'react';
import { dateAnswerOf, datePartsOf, type DateParts } from '../../../common/forms/date-answer';
import { monthAnswerOf, monthPartsOf, type MonthParts } from '../../../common/forms/month-answer';

const DAY = { key: 'day', label: 'Day', size: 'date-input__input--2' } as const;
const MONTH = { key: 'month', label: 'Month', size: 'date-input__input--2' } as const;
const YEAR = { key: 'year', label: 'Year', size: 'date-input__input--4' } as const;

interface PartsInputProps<Parts extends { [Key in keyof Parts]: string }> extends WidgetProps {
  fields: readonly { key: keyof Parts & string; label: string; size: string }[];
  partsOf: (value: unknown) => Parts;
  answerOf: (parts: Parts) => string | undefined;
}

function PartsInput<Parts extends { [Key in keyof Parts]: string }>({
  fields,
  partsOf,
  answerOf,
  id,
  value,
  disabled,
  readonly,
  rawErrors,
  onChange,
  onBlur,
  onFocus,
}: PartsInputProps<Parts>) {
  const [parts, setParts] = useState<Parts>(() => partsOf(value));
  // What this widget last reported: a different value comes from outside (a reload) and replaces the parts.
  const [reported, setReported] = useState<unknown>(value);
  if (value !== reported) {
    setReported(value);
    setParts(partsOf(value));
  }
  const hasError = (rawErrors ?? []).length > 0;

  const change = (key: keyof Parts & string, text: string) => {
    const next = { ...parts, [key]: text };
    setParts(next);
    const answer = answerOf(next);
    setReported(answer);
    onChange(answer);
  };

  return (
    <div className="date-input">
      {fields.map(({ key, label, size }) => (
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

export function DateWidget(props: WidgetProps) {
  return <PartsInput<DateParts> {...props} fields={[DAY, MONTH, YEAR]} partsOf={datePartsOf} answerOf={dateAnswerOf} />;
}

export function MonthWidget(props: WidgetProps) {
  return <PartsInput<MonthParts> {...props} fields={[MONTH, YEAR]} partsOf={monthPartsOf} answerOf={monthAnswerOf} />;
}
