/**
 * A one-line text field in the GOV.UK pattern: label, hint, error between them and the input, and
 * the input described by both, for the forms that build their own (not from a form schema).
 */
import type { HTMLAttributes } from 'react';

export interface TextFieldProps {
  id: string;
  label: string;
  hint: string;
  type?: 'text' | 'email';
  value: string;
  /** The rule's limit: the input takes one more, so a longer paste is refused with a message, not cut silently. */
  maxLength?: number;
  autoComplete?: string;
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  error: string | undefined;
  onChange: (value: string) => void;
}

export function TextField({ id, label, hint, type = 'text', value, maxLength, autoComplete = 'off', inputMode, error, onChange }: TextFieldProps) {
  return (
    <div className={error === undefined ? 'form-field' : 'form-field form-field--error'}>
      <label className="form-field__label" htmlFor={id}>
        {label}
      </label>
      <p className="form-field__hint" id={`${id}-hint`}>
        {hint}
      </p>
      {error !== undefined && (
        <p className="form-field__error" id={`${id}-error`}>
          <span className="visually-hidden">Error: </span>
          {error}
        </p>
      )}
      <input
        className="form-field__input"
        id={id}
        type={type}
        value={value}
        {...(maxLength === undefined ? {} : { maxLength: maxLength + 1 })}
        autoComplete={autoComplete}
        inputMode={inputMode}
        spellCheck={false}
        aria-invalid={error === undefined ? undefined : true}
        aria-describedby={error === undefined ? `${id}-hint` : `${id}-hint ${id}-error`}
        onChange={(event) => onChange(event.currentTarget.value)}
      />
    </div>
  );
}
