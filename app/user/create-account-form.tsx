/**
 * 'Create your account' on the invitation link, for an invited email with no sign-in account on
 * the portal's own identity provider: a password and its confirmation. The server holds the rules
 * (length, common passwords); this form only checks what it can say at once.
 */
import { useRef, useState, type SyntheticEvent } from 'react';
import { MIN_PASSWORD_LENGTH, passwordLength, type CreateAccountResponse } from '../../common/api/users';
import { ApiError, describeApiFailure } from '../lib/api-error';
import { ErrorSummary, type SummaryError } from '../lib/components/error-summary';
import { useCreateAccount } from './invitation-api';

type Field = 'password' | 'confirmPassword';
type FieldErrors = Partial<Record<Field, string>>;

const fieldIds: Record<Field, string> = { password: 'new-password', confirmPassword: 'confirm-password' };

function problemsOf(error: Error): FieldErrors | undefined {
  if (!(error instanceof ApiError) || error.status !== 400) {
    return undefined;
  }
  const details: unknown = error.body?.details;
  if (typeof details !== 'object' || details === null || !('problems' in details) || !Array.isArray(details.problems)) {
    return undefined;
  }
  const found: FieldErrors = {};
  for (const problem of details.problems as unknown[]) {
    if (typeof problem === 'object' && problem !== null && 'field' in problem && 'message' in problem) {
      const { field, message } = problem;
      if ((field === 'password' || field === 'confirmPassword') && typeof message === 'string') {
        found[field] = message;
      }
    }
  }
  return found;
}

function checkLocally(password: string, confirmPassword: string): FieldErrors {
  if (password === '') {
    return { password: 'Enter a password.' };
  }
  if (passwordLength(password) < MIN_PASSWORD_LENGTH) {
    return { password: `Your password must be at least ${MIN_PASSWORD_LENGTH} characters.` };
  }
  if (confirmPassword === '') {
    return { confirmPassword: 'Enter your password again.' };
  }
  if (confirmPassword !== password) {
    return { confirmPassword: 'The passwords do not match. Enter the same password twice.' };
  }
  return {};
}

export function CreateAccountForm({ token, email, onCreated }: { token: string; email: string; onCreated: (created: CreateAccountResponse) => void }) {
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | undefined>();
  const summaryRef = useRef<HTMLDivElement>(null);
  const create = useCreateAccount(token);

  const refuse = (found: FieldErrors) => {
    setErrors(found);
    // The same errors again still move focus to the summary.
    window.setTimeout(() => summaryRef.current?.focus(), 0);
  };

  const handleSubmit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (create.isPending) {
      return;
    }
    setFailure(undefined);
    const found = checkLocally(password, confirmPassword);
    if (Object.keys(found).length > 0) {
      refuse(found);
      return;
    }
    setErrors({});
    create.mutate(
      { password, confirmPassword },
      {
        onSuccess: onCreated,
        onError: (error) => {
          const fromServer = problemsOf(error);
          if (fromServer && Object.keys(fromServer).length > 0) {
            refuse(fromServer);
          } else {
            setFailure(describeApiFailure(error));
          }
        },
      },
    );
  };

  const summary: SummaryError[] = (Object.entries(errors) as [Field, string][]).map(([field, message]) => ({
    fieldId: fieldIds[field],
    message,
  }));

  return (
    <section aria-labelledby="create-account-heading">
      <h2 id="create-account-heading">Create your account</h2>
      <p>
        You do not have an account yet. Choose a password to create one for {email}; you then sign in with it to accept the
        invitation.
      </p>
      {summary.length > 0 && <ErrorSummary ref={summaryRef} errors={summary} />}
      {failure && (
        <p className="alert alert--error" role="alert">
          {failure}
        </p>
      )}
      <form className="create-account-form" onSubmit={handleSubmit} noValidate>
        {/* Lets password managers store the new password under the right name. */}
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <PasswordField
          id={fieldIds.password}
          label="Password"
          hint={`Use at least ${MIN_PASSWORD_LENGTH} characters. A few unrelated words together make a strong password that is easy to remember.`}
          value={password}
          error={errors.password}
          onChange={setPassword}
        />
        <PasswordField
          id={fieldIds.confirmPassword}
          label="Confirm password"
          value={confirmPassword}
          error={errors.confirmPassword}
          onChange={setConfirmPassword}
        />
        <button type="submit" className="button">
          {create.isPending ? 'Creating your account…' : 'Create account'}
        </button>
      </form>
    </section>
  );
}

function PasswordField({
  id,
  label,
  hint,
  value,
  error,
  onChange,
}: {
  id: string;
  label: string;
  hint?: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
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
        autoComplete="new-password"
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(event) => onChange(event.currentTarget.value)}
      />
    </div>
  );
}
