/**
 * /user/password: a signed-in person changes their password (embedded identity provider only). The
 * current password proves it is them; this browser stays signed in, and a yes-or-no question (no
 * answer chosen at first) decides whether every other sign-in ends.
 * The rules are common/password-rules.ts; the server adds the common-password list and the check
 * of the current password.
 */
import '../styles/account-sessions.css';
import '../styles/form-widgets.css';
import { useRef, useState, type SyntheticEvent } from 'react';
import { Link } from 'react-router';
import { FORGOT_PASSWORD_PATH, type ChangePasswordField } from '../../common/api/users';
import { checkPasswordChange, PASSWORD_HINT, PASSWORD_MANAGED_ELSEWHERE_MESSAGE } from '../../common/password-rules';
import { describeApiFailure, fieldProblemsOf } from '../lib/api-error';
import { ErrorSummary, type SummaryError } from '../lib/components/error-summary';
import { PasswordField } from '../lib/components/password-field';
import { Screen } from '../lib/components/screen';
import { getPageData } from '../lib/page-data';
import { useCurrentUser } from '../lib/use-current-user';
import { useChangePassword } from './account-api';

/** In page order: the error summary lists problems in this order. */
const FIELDS = ['currentPassword', 'password', 'confirmPassword'] as const satisfies readonly ChangePasswordField[];
type FieldErrors = Partial<Record<ChangePasswordField, string>>;

const END_OTHERS_ID = 'end-other-sessions';
export const CHOOSE_END_OTHERS_MESSAGE = 'Select yes if you want to sign out of your other devices.';

const fieldIds: Record<ChangePasswordField, string> = {
  currentPassword: 'current-password',
  password: 'new-password',
  confirmPassword: 'confirm-password',
};

export function ChangePasswordScreen() {
  const isManagedHere = getPageData().auth.changePasswordUrl !== undefined;
  return (
    <Screen title="Change your password">
      {isManagedHere ? (
        <ChangePasswordForm />
      ) : (
        <p className="notice">{PASSWORD_MANAGED_ELSEWHERE_MESSAGE}</p>
      )}
    </Screen>
  );
}

function ChangePasswordForm() {
  const [values, setValues] = useState<Record<ChangePasswordField, string>>({ currentPassword: '', password: '', confirmPassword: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [endOthers, setEndOthers] = useState<boolean | undefined>();
  const [endOthersError, setEndOthersError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | undefined>();
  const summaryRef = useRef<HTMLDivElement>(null);
  const change = useChangePassword();
  const email = useCurrentUser().data?.user.email;

  if (change.isSuccess) {
    return (
      <>
        <div className="panel panel--success" role="status">
          <p>
            <strong>Your password has been changed</strong>
          </p>
        </div>
        {endOthers === true ? (
          <p>You are still signed in here. You have been signed out on every other device and browser; use your new password there.</p>
        ) : (
          <p>
            You are still signed in here and on your other devices. You can see them, and sign them out, on{' '}
            <Link to="/sessions">where you are signed in</Link>.
          </p>
        )}
        <p>We have emailed {email ?? 'you'} to confirm the change.</p>
        <ul className="link-list">
          <li>
            <a href="/dashboard">Go to your dashboard</a>
          </li>
          <li>
            <a href="/">Go to the home page</a>
          </li>
        </ul>
      </>
    );
  }

  const refuse = (found: FieldErrors, radioError?: string) => {
    setErrors(found);
    setEndOthersError(radioError);
    // The same errors again still move focus to the summary.
    window.setTimeout(() => summaryRef.current?.focus(), 0);
  };

  const handleSubmit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (change.isPending) {
      return;
    }
    setFailure(undefined);
    const found: FieldErrors = Object.fromEntries(checkPasswordChange(values).map((problem) => [problem.field, problem.message]));
    const radioError = endOthers === undefined ? CHOOSE_END_OTHERS_MESSAGE : undefined;
    if (Object.keys(found).length > 0 || radioError !== undefined) {
      refuse(found, radioError);
      return;
    }
    setErrors({});
    setEndOthersError(undefined);
    change.mutate({ ...values, endOtherSessions: endOthers }, {
      onError: (error) => {
        const fromServer = fieldProblemsOf(error, FIELDS);
        if (fromServer && Object.keys(fromServer).length > 0) {
          refuse(fromServer);
        } else {
          setFailure(describeApiFailure(error));
        }
      },
    });
  };

  const summary: SummaryError[] = [
    ...FIELDS.flatMap((field) => {
      const message = errors[field];
      return message === undefined ? [] : [{ fieldId: fieldIds[field], message }];
    }),
    ...(endOthersError === undefined ? [] : [{ fieldId: `${END_OTHERS_ID}-yes`, message: endOthersError }]),
  ];
  const fieldProps = (field: ChangePasswordField) => ({
    id: fieldIds[field],
    value: values[field],
    error: errors[field],
    onChange: (value: string) => setValues((current) => ({ ...current, [field]: value })),
  });

  return (
    <>
      <p>You will stay signed in here.</p>
      {summary.length > 0 && <ErrorSummary ref={summaryRef} errors={summary} />}
      {failure && (
        <p className="alert alert--error" role="alert">
          {failure}
        </p>
      )}
      <form className="change-password-form" onSubmit={handleSubmit} noValidate>
        {/* Lets password managers update the password stored under this account. */}
        {email !== undefined && <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />}
        <PasswordField label="Current password" autoComplete="current-password" {...fieldProps('currentPassword')} />
        <PasswordField label="New password" hint={PASSWORD_HINT} autoComplete="new-password" {...fieldProps('password')} />
        <PasswordField label="Confirm new password" autoComplete="new-password" {...fieldProps('confirmPassword')} />
        <div className={endOthersError === undefined ? 'form-field' : 'form-field form-field--error'}>
          <fieldset
            className="account-form__radios"
            aria-describedby={endOthersError === undefined ? `${END_OTHERS_ID}-hint` : `${END_OTHERS_ID}-hint ${END_OTHERS_ID}-error`}
          >
            <legend className="form-field__label account-form__legend">Do you want to sign out of your other devices?</legend>
            <p className="form-field__hint" id={`${END_OTHERS_ID}-hint`}>
              Choose yes if you think someone else knows your password. Every other browser and device will need the new password to sign in again.
            </p>
            {endOthersError !== undefined && (
              <p className="form-field__error" id={`${END_OTHERS_ID}-error`}>
                <span className="visually-hidden">Error: </span>
                {endOthersError}
              </p>
            )}
            <div className="choice-list">
              {[
                { value: true, label: 'Yes' },
                { value: false, label: 'No' },
              ].map((option) => (
                <div className="choice" key={option.label}>
                  <input
                    className="choice__input"
                    type="radio"
                    id={`${END_OTHERS_ID}-${option.label.toLowerCase()}`}
                    name="endOtherSessions"
                    checked={endOthers === option.value}
                    onChange={() => setEndOthers(option.value)}
                  />
                  <label className="choice__label" htmlFor={`${END_OTHERS_ID}-${option.label.toLowerCase()}`}>
                    {option.label}
                  </label>
                </div>
              ))}
            </div>
          </fieldset>
        </div>
        <button type="submit" className="button">
          {change.isPending ? 'Changing your password…' : 'Change password'}
        </button>
      </form>
      <p>
        Forgotten your current password? <a href={FORGOT_PASSWORD_PATH}>Reset it by email</a> instead.
      </p>
    </>
  );
}
