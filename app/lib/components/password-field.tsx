/** A labelled password input with its hint and error, in the GOV.UK order: label, hint, error, input. */
export interface PasswordFieldProps {
  id: string;
  label: string;
  hint?: string;
  value: string;
  error: string | undefined;
  /** 'new-password' lets password managers offer to store it; 'current-password' to fill it. */
  autoComplete: 'new-password' | 'current-password';
  onChange: (value: string) => void;
}

export function PasswordField({ id, label, hint, value, error, autoComplete, onChange }: PasswordFieldProps) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : undefined, error ? errorId : undefined].filter(Boolean).join(' ') || undefined;
  return (
    <div className={error ? 'form-field form-field--error' : 'form-field'}>
      <label className="form-field__label" htmlFor={id}>
        {label}
      </label>
      {hint && (
        <p className="form-field__hint" id={hintId}>
          {hint}
        </p>
      )}
      {error && (
        <p className="form-field__error" id={errorId}>
          {error}
        </p>
      )}
      <input
        className="form-field__input"
        id={id}
        type="password"
        autoComplete={autoComplete}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(event) => onChange(event.currentTarget.value)}
      />
    </div>
  );
}
