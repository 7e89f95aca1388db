/**
 * Text fields in the GOV.UK pattern, of one line or several: label, hint, error between them and the
 * input, and the input described by both, for the forms that build their own (not from a form schema).
 */
import type { HTMLAttributes, ReactNode } from 'react';

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

/** The label, hint and error of a field, in the GOV.UK order, above its input. */
function FieldFrame({ id, label, hint, error, children }: { id: string; label: string; hint: string; error: string | undefined; children: ReactNode }) {
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
      {children}
    </div>
  );
}

/** The attributes that tie an input to its hint and error. */
function describedBy(id: string, error: string | undefined) {
  return { 'aria-invalid': error === undefined ? undefined : true, 'aria-describedby': error === undefined ? `${id}-hint` : `${id}-hint ${id}-error` } as const;
}

export function TextField({ id, label, hint, type = 'text', value, maxLength, autoComplete = 'off', inputMode, error, onChange }: TextFieldProps) {
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error}>
      <input
        className="form-field__input"
        id={id}
        type={type}
        value={value}
        {...(maxLength === undefined ? {} : { maxLength: maxLength + 1 })}
        autoComplete={autoComplete}
        inputMode={inputMode}
        spellCheck={false}
        {...describedBy(id, error)}
        onChange={(event) => onChange(event.currentTarget.value)}
      />
    </FieldFrame>
  );
}

/** A text of several lines, as TextField; `maxLength` as there. */
export function TextAreaField({ id, label, hint, value, maxLength, rows = 3, error, onChange }: Omit<TextFieldProps, 'type' | 'autoComplete' | 'inputMode'> & { rows?: number }) {
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error}>
      <textarea
        className="form-field__input"
        id={id}
        rows={rows}
        value={value}
        {...(maxLength === undefined ? {} : { maxLength: maxLength + 1 })}
        {...describedBy(id, error)}
        onChange={(event) => onChange(event.currentTarget.value)}
      />
    </FieldFrame>
  );
}
