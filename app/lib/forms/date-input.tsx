/**
 * A GOV.UK date input outside a schema form (a filter's 'From' and 'To'): day, month and year as
 * labelled inputs in a fieldset named by its legend, with a hint and an error message. The parts
 * are kept as typed; common/forms/date-answer.ts turns them into a date and words what is wrong,
 * as the schema forms' date widget (./date-widget.tsx) does. Its stylesheet (date-input.css) is
 * imported by what draws it (./renderer.ts, the audit log), so the server can import this module too.
 */
import type { DateParts } from '../../../common/forms/date-answer';

const PARTS = [
  { key: 'day', label: 'Day', size: 'date-input__input--2' },
  { key: 'month', label: 'Month', size: 'date-input__input--2' },
  { key: 'year', label: 'Year', size: 'date-input__input--4' },
] as const;

export function DateInput({
  id,
  legend,
  hint,
  value,
  error,
  onChange,
}: {
  /** The fieldset's id (an error summary's link moves to its first input); each input is `${id}-day` and so on. */
  id: string;
  legend: string;
  hint?: string;
  value: DateParts;
  error?: string;
  onChange: (value: DateParts) => void;
}) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint === undefined ? undefined : hintId, error === undefined ? undefined : errorId].filter(Boolean).join(' ');
  return (
    <div className={error === undefined ? 'form-field' : 'form-field form-field--error'}>
      <fieldset className="date-field" id={id} role="group" aria-describedby={describedBy === '' ? undefined : describedBy}>
        <legend className="form-field__label date-field__legend">{legend}</legend>
        {hint !== undefined && (
          <p className="form-field__hint" id={hintId}>
            {hint}
          </p>
        )}
        {error !== undefined && (
          <p className="form-field__error" id={errorId}>
            <span className="visually-hidden">Error: </span>
            {error}
          </p>
        )}
        <div className="date-input">
          {PARTS.map(({ key, label, size }) => (
            <div key={key} className="date-input__item">
              <label className="date-input__label" htmlFor={`${id}-${key}`}>
                {label}
              </label>
              <input
                id={`${id}-${key}`}
                className={`form-field__input date-input__input ${size}`}
                type="text"
                inputMode="numeric"
                autoComplete="off"
                value={value[key]}
                aria-invalid={error === undefined ? undefined : true}
                onChange={(event) => onChange({ ...value, [key]: event.currentTarget.value })}
              />
            </div>
          ))}
        </div>
      </fieldset>
    </div>
  );
}
