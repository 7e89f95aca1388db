/**
 * The sign-in's second step (issue 29): after a right password, a person who has set up two-step
 * verification uses their passkey, enters a code from their authenticator app, or one of their
 * recovery codes. Server rendered like the rest of the sign-in, one question per page, no inline
 * script (the passkey page's scripts are same-origin files).
 */
import { toScriptJson } from '../pages/layout';
import { CancelSignIn, ErrorSummary, Field, type FormProblem } from './form-parts';
import type { SecondStepMethod } from './second-step';

/** Same-origin scripts of the passkey page (no inline script): SimpleWebAuthn's browser bundle, and ours that uses it. */
export const WEBAUTHN_BROWSER_SCRIPT_PATH = '/auth/webauthn-browser.js';
export const PASSKEY_SCRIPT_PATH = '/auth/passkey-sign-in.js';
export const PASSKEY_SCRIPT = `// Asks the browser to use the person's passkey, then sends its answer; an empty answer (cancelled,
// timed out, no passkey here) comes back from the server as "not used" with the other ways to sign in.
const form = document.getElementById('passkey-form');
const options = document.getElementById('passkey-options');
const answer = document.getElementById('passkey-answer');
const button = form && form.querySelector('button');
if (form instanceof HTMLFormElement && options && answer instanceof HTMLInputElement && button && window.SimpleWebAuthnBrowser) {
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    button.disabled = true;
    window.SimpleWebAuthnBrowser.startAuthentication({ optionsJSON: JSON.parse(options.textContent || '{}') })
      .then((response) => {
        answer.value = JSON.stringify(response);
      })
      .catch(() => {
        answer.value = '';
      })
      .finally(() => form.submit());
  });
  // The button waits for this script: pressed before it, the form went without an answer.
  button.disabled = false;
}
`;

export interface SecondStepPageProps {
  productName: string;
  method: SecondStepMethod;
  action: string;
  abortAction: string;
  /** The other ways this person can finish signing in (their other kind of factor, a recovery code). */
  otherMethods: { href: string; label: string }[];
  problem: string | undefined;
  /** The passkey page's options for the browser. */
  passkeyOptions?: unknown;
}

const CODE_FIELD = 'code';
const PASSKEY_BUTTON_ID = 'passkey-button';

const TITLES: Record<SecondStepMethod, string> = {
  'authenticator-app': 'Enter the code from your authenticator app',
  passkey: 'Use your passkey',
  'recovery-code': 'Enter a recovery code',
};

/** How a link to each method reads from the other pages; the recovery code's names what the person has. */
export function otherMethodLabel(method: SecondStepMethod, kinds: readonly SecondStepMethod[]): string {
  if (method === 'authenticator-app') {
    return 'Use a code from my authenticator app instead';
  }
  if (method === 'passkey') {
    return 'Use my passkey instead';
  }
  const hasPasskey = kinds.includes('passkey');
  const hasApp = kinds.includes('authenticator-app');
  const what = hasPasskey && hasApp ? 'my passkey or app' : hasPasskey ? 'my passkey' : 'my authenticator app';
  return `I cannot use ${what}: use a recovery code`;
}

export function secondStepTitle(method: SecondStepMethod): string {
  return TITLES[method];
}

function CodeForm({ productName, method, action, problem }: Pick<SecondStepPageProps, 'productName' | 'method' | 'action' | 'problem'>) {
  const isApp = method === 'authenticator-app';
  return (
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
  );
}

function PasskeyForm({ action, problem, passkeyOptions }: Pick<SecondStepPageProps, 'action' | 'problem' | 'passkeyOptions'>) {
  return (
    <>
      <p>Your browser will ask you to use the passkey you added to your account, for example with your fingerprint, your face, your screen lock or a security key.</p>
      <form className="auth-form" method="post" action={action} id="passkey-form" noValidate>
        <input type="hidden" name="method" value="passkey" />
        <input type="hidden" name={CODE_FIELD} id="passkey-answer" value="" />
        <div className={problem ? 'form-field form-field--error' : 'form-field'}>
          {problem && (
            <p className="form-field__error" id="passkey-error">
              {problem}
            </p>
          )}
          <button className="button" type="submit" id={PASSKEY_BUTTON_ID} aria-describedby={problem ? 'passkey-error' : undefined} disabled>
            Use my passkey
          </button>
        </div>
      </form>
      <noscript>
        <p>Your browser needs JavaScript turned on to use a passkey. Turn it on and reload this page, or choose another way to sign in below.</p>
      </noscript>
      <script type="application/json" id="passkey-options" dangerouslySetInnerHTML={{ __html: toScriptJson(passkeyOptions ?? {}) }} />
      <script src={WEBAUTHN_BROWSER_SCRIPT_PATH} defer />
      <script src={PASSKEY_SCRIPT_PATH} defer />
    </>
  );
}

export function SecondStepPage({ productName, method, action, abortAction, otherMethods, problem, passkeyOptions }: SecondStepPageProps) {
  const problems: FormProblem<typeof CODE_FIELD>[] = problem ? [{ field: CODE_FIELD, message: problem }] : [];
  return (
    <div className="container auth-page">
      <h1>{secondStepTitle(method)}</h1>
      <ErrorSummary problems={problems} fieldIds={{ [CODE_FIELD]: method === 'passkey' ? PASSKEY_BUTTON_ID : CODE_FIELD }} />
      {method === 'passkey' ? (
        <PasskeyForm action={action} problem={problem} passkeyOptions={passkeyOptions} />
      ) : (
        <CodeForm productName={productName} method={method} action={action} problem={problem} />
      )}
      {otherMethods.map((other) => (
        <p key={other.href}>
          <a href={other.href}>{other.label}</a>
        </p>
      ))}
      <p>
        If you have lost your phone or security key and your recovery codes, contact the {productName} team: they can check who you are and remove two-step
        verification from your account.
      </p>
      <CancelSignIn action={abortAction} />
    </div>
  );
}

/** What a wrong code says: the same for both methods, with the tries left before the sign-in starts again. */
export function wrongCodeMessage(method: SecondStepMethod, triesLeft: number): string {
  const tries = triesLeft === 1 ? '1 more try' : `${String(triesLeft)} more tries`;
  const messages: Record<SecondStepMethod, string> = {
    'authenticator-app': `The code is not right. Enter the code your app shows now; each code works once. You have ${tries}.`,
    passkey: `That passkey is not one you added to this account, or it could not be checked. Try again with the right passkey. You have ${tries}.`,
    'recovery-code': `The recovery code is not right, or it has been used. Check it and try again. You have ${tries}.`,
  };
  return messages[method];
}

const MISSING_MESSAGES: Record<SecondStepMethod, string> = {
  'authenticator-app': 'Enter the 6-digit code from your authenticator app.',
  passkey: 'Your passkey was not used. Select ‘Use my passkey’ and follow your browser’s steps, or choose another way to sign in.',
  'recovery-code': 'Enter a recovery code.',
};

export function missingCodeMessage(method: SecondStepMethod): string {
  return MISSING_MESSAGES[method];
}
