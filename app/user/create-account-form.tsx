/**
 * 'Create your account' on the invitation link, for an invited email with no sign-in account on
 * the portal's own identity provider: a password and its confirmation. The server holds the rules
 * (length, common passwords); this form only checks what it can say at once.
 */
import { useRef, useState, type SyntheticEvent } from 'react';
import type { CreateAccountResponse } from '../../common/api/users';
import { checkNewPassword, PASSWORD_HINT } from '../../common/password-rules';
import { describeApiFailure, fieldProblemsOf } from '../lib/api-error';
import { ErrorSummary, type SummaryError } from '../lib/components/error-summary';
import { PasswordField } from '../lib/components/password-field';
import { useCreateAccount } from './invitation-api';

const FIELDS = ['password', 'confirmPassword'] as const;
type Field = (typeof FIELDS)[number];
type FieldErrors = Partial<Record<Field, string>>;

const fieldIds: Record<Field, string> = { password: 'new-password', confirmPassword: 'confirm-password' };

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
    const found = Object.fromEntries(checkNewPassword(password, confirmPassword).map((problem) => [problem.field, problem.message]));
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
          const fromServer = fieldProblemsOf(error, FIELDS);
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
          hint={PASSWORD_HINT}
          value={password}
          error={errors.password}
          autoComplete="new-password"
          onChange={setPassword}
        />
        <PasswordField
          id={fieldIds.confirmPassword}
          label="Confirm password"
          value={confirmPassword}
          error={errors.confirmPassword}
          autoComplete="new-password"
          onChange={setConfirmPassword}
        />
        <button type="submit" className="button">
          {create.isPending ? 'Creating your account…' : 'Create account'}
        </button>
      </form>
    </section>
  );
}

