/**
 * "Forgot your password?" pages of the embedded provider, in the portal shell like the sign-in page:
 * one topic a page, labels, hints, an error summary; no inline script or style.
 */
import type { ReactNode } from 'react';
import { PASSWORD_HINT, type PasswordField } from './password-policy';

export interface FormProblem<Field extends string> {
  field: Field;
  message: string;
}

function ErrorSummary<Field extends string>({ problems, fieldIds }: { problems: FormProblem<Field>[]; fieldIds: Record<Field, string> }) {
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

function Field({ id, label, hint, error, children }: FieldProps) {
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

const errorOf = <F extends string>(problems: FormProblem<F>[], field: F) => problems.find((problem) => problem.field === field)?.message;

export function ForgotPasswordPage({
  productName,
  action,
  email,
  problems,
}: {
  productName: string;
  action: string;
  email: string;
  problems: FormProblem<'email'>[];
}) {
  return (
    <div className="container auth-page">
      <h1>Reset your password</h1>
      <ErrorSummary problems={problems} fieldIds={{ email: 'email' }} />
      <p>Enter the email address you sign in to the {productName} with. We will email you a link to choose a new password.</p>
      <form className="auth-form" method="post" action={action} noValidate>
        <Field id="email" label="Email" error={errorOf(problems, 'email')}>
          {(inputProps) => (
            <input {...inputProps} type="email" autoComplete="username" autoCapitalize="none" spellCheck={false} defaultValue={email} />
          )}
        </Field>
        <button className="button" type="submit">
          Send the link
        </button>
      </form>
    </div>
  );
}

/** The same answer whether or not the address has an account, so the page reveals nobody's. */
export function ResetLinkSentPage({ email, homeUrl, retryUrl }: { email: string; homeUrl: string; retryUrl: string }) {
  return (
    <div className="container auth-page">
      <h1>Check your email</h1>
      <p>
        If <strong>{email}</strong> has an account, we have sent it a link to reset the password. The link works once and
        expires in 1 hour.
      </p>
      <p>If no email arrives in a few minutes, check your spam folder, or check the address and <a href={retryUrl}>ask for another link</a>.</p>
      <p>
        <a href={homeUrl}>Go to the home page</a>
      </p>
    </div>
  );
}

const passwordFieldIds: Record<PasswordField, string> = { password: 'password', confirmPassword: 'confirmPassword' };

export function ResetPasswordPage({ action, problems }: { action: string; problems: FormProblem<PasswordField>[] }) {
  return (
    <div className="container auth-page">
      <h1>Choose a new password</h1>
      <ErrorSummary problems={problems} fieldIds={passwordFieldIds} />
      <p>Your new password replaces the old one, and signs you out everywhere you are signed in.</p>
      <form className="auth-form" method="post" action={action} noValidate>
        <Field id="password" label="New password" hint={PASSWORD_HINT} error={errorOf(problems, 'password')}>
          {(inputProps) => <input {...inputProps} type="password" autoComplete="new-password" />}
        </Field>
        <Field id="confirmPassword" label="Confirm new password" error={errorOf(problems, 'confirmPassword')}>
          {(inputProps) => <input {...inputProps} type="password" autoComplete="new-password" />}
        </Field>
        <button className="button" type="submit">
          Change password
        </button>
      </form>
    </div>
  );
}
