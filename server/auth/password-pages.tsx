/**
 * "Forgot your password?" pages of the embedded provider, in the portal shell like the sign-in page:
 * one topic a page, labels, hints, an error summary; no inline script or style.
 */
import { CancelSignIn, ErrorSummary, Field, type FormProblem } from './form-parts';
import { PASSWORD_HINT, type PasswordField } from './password-policy';

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

/**
 * 'Create your account', where an invitation's link leads a person with no account: the invited
 * email (the link proved it) and a password, then straight on to the portal, signed in.
 */
export function CreateAccountPage({
  productName,
  organisationName,
  email,
  action,
  abortAction,
  problems,
}: {
  productName: string;
  organisationName: string;
  email: string;
  action: string;
  abortAction: string;
  problems: FormProblem<PasswordField>[];
}) {
  return (
    <div className="container auth-page">
      <h1>Create your account</h1>
      <ErrorSummary problems={problems} fieldIds={passwordFieldIds} />
      <p>
        You have been invited to use the {productName} for <strong>{organisationName}</strong>. Choose a password for your
        account; you sign in with it and your email address from now on.
      </p>
      <form className="auth-form" method="post" action={action} noValidate>
        <p>
          Email address: <strong>{email}</strong>
        </p>
        {/* For password managers, which save the new password against this address. */}
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <Field id="password" label="Password" hint={PASSWORD_HINT} error={errorOf(problems, 'password')}>
          {(inputProps) => <input {...inputProps} type="password" autoComplete="new-password" />}
        </Field>
        <Field id="confirmPassword" label="Confirm password" error={errorOf(problems, 'confirmPassword')}>
          {(inputProps) => <input {...inputProps} type="password" autoComplete="new-password" />}
        </Field>
        <button className="button" type="submit">
          Create account and continue
        </button>
      </form>
      <CancelSignIn action={abortAction} />
    </div>
  );
}
