/**
 * The parts of the identity provider's server-rendered forms (sign in, forgotten password): an
 * error summary linking to the fields, and a labelled field with its hint and error between label
 * and input, wired for screen readers. No inline script or style.
 */
import type { ReactNode } from 'react';

export interface FormProblem<Field extends string> {
  field: Field;
  message: string;
}

export function ErrorSummary<Field extends string>({ problems, fieldIds }: { problems: FormProblem<Field>[]; fieldIds: Record<Field, string> }) {
  if (problems.length === 0) {
    return null;
  }
  return (
    <div className="error-summary" role="alert" aria-labelledby="error-summary-title" tabIndex={-1}>
      <h2 className="error-summary__title" id="error-summary-title">
        There is a problem
      </h2>
      <ul className="error-summary__list">
        {problems.map((problem) => (
          <li key={`${problem.field}:${problem.message}`}>
            <a href={`#${fieldIds[problem.field]}`}>{problem.message}</a>
          </li>
        ))}
      </ul>
    </div>
  );
}

interface FieldProps {
  id: string;
  label: string;
  hint?: string;
  error: string | undefined;
  children: (inputProps: { className: string; id: string; name: string; 'aria-invalid': true | undefined; 'aria-describedby': string | undefined }) => ReactNode;
}

export function Field({ id, label, hint, error, children }: FieldProps) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : undefined, error ? errorId : undefined].filter(Boolean).join(' ');
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
      {children({
        className: 'form-field__input',
        id,
        name: id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy === '' ? undefined : describedBy,
      })}
    </div>
  );
}

/** Gives up a sign-in: the provider's abort returns `access_denied` to the portal. */
export function CancelSignIn({ action }: { action: string }) {
  return (
    <form className="auth-page__cancel" method="post" action={action}>
      <button className="button button--secondary" type="submit">
        Cancel
      </button>
    </form>
  );
}
