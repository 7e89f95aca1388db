/**
 * The sign-in's second step (issue 29): after a right password, a person who has set up two-step
 * verification enters a code from their authenticator app, or one of their recovery codes. Server
 * rendered like the rest of the sign-in, one question per page, no inline script.
 */
import { CancelSignIn, ErrorSummary, Field, type FormProblem } from './form-parts';

export type SecondStepMethod = 'authenticator-app' | 'recovery-code';

export interface SecondStepPageProps {
  productName: string;
  method: SecondStepMethod;
  action: string;
  abortAction: string;
  /** The other page of this step (the app's code, or a recovery code). */
  otherMethodHref: string;
  problem: string | undefined;
}

const CODE_FIELD = 'code';

export function secondStepTitle(method: SecondStepMethod): string {
  return method === 'authenticator-app' ? 'Enter the code from your authenticator app' : 'Enter a recovery code';
}

export function SecondStepPage({ productName, method, action, abortAction, otherMethodHref, problem }: SecondStepPageProps) {
  const problems: FormProblem<typeof CODE_FIELD>[] = problem ? [{ field: CODE_FIELD, message: problem }] : [];
  const isApp = method === 'authenticator-app';
  return (
    <div className="container auth-page">
      <h1>{secondStepTitle(method)}</h1>
      <ErrorSummary problems={problems} fieldIds={{ [CODE_FIELD]: CODE_FIELD }} />
      <form className="auth-form" method="post" action={action} noValidate>
        <input type="hidden" name="method" value={method} />
        <Field
          id={CODE_FIELD}
          label={isApp ? 'Code' : 'Recovery code'}
          hint={
            isApp
              ? `Open the authenticator app you set up for the ${productName} and enter the 6-digit code it shows.`
              : 'Enter one of the recovery codes you saved when you set up two-step verification, for example abcde-fghjk. Each code works once.'
          }
          error={problem}
        >
          {(inputProps) =>
            isApp ? (
              <input {...inputProps} required inputMode="numeric" autoComplete="one-time-code" spellCheck={false} />
            ) : (
              <input {...inputProps} required autoComplete="off" autoCapitalize="none" spellCheck={false} />
            )
          }
        </Field>
        <button className="button" type="submit">
          Continue
        </button>
      </form>
      <p>
        <a href={otherMethodHref}>{isApp ? 'I cannot use my authenticator app: use a recovery code' : 'Use a code from my authenticator app instead'}</a>
      </p>
      <p>If you have lost your phone and your recovery codes, contact the {productName} team: they can check who you are and remove two-step verification from your account.</p>
      <CancelSignIn action={abortAction} />
    </div>
  );
}

/** What a wrong code says: the same for both methods, with the tries left before the sign-in starts again. */
export function wrongCodeMessage(method: SecondStepMethod, triesLeft: number): string {
  const tries = triesLeft === 1 ? '1 more try' : `${String(triesLeft)} more tries`;
  return method === 'authenticator-app'
    ? `The code is not right. Enter the code your app shows now; each code works once. You have ${tries}.`
    : `The recovery code is not right, or it has been used. Check it and try again. You have ${tries}.`;
}

export function missingCodeMessage(method: SecondStepMethod): string {
  return method === 'authenticator-app' ? 'Enter the 6-digit code from your authenticator app.' : 'Enter a recovery code.';
}
