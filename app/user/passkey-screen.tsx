/**
 * 'Two-step verification' → 'Add a passkey' (/user/two-step-verification/passkey, issue 29): the
 * person names the passkey, their browser makes it (fingerprint, face, screen lock or security key),
 * and the server checks the browser's answer. The first factor comes with recovery codes, shown once.
 * A browser that cannot make passkeys is told so, with the authenticator app as the other way.
 */
import '../styles/form-widgets.css';
import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { useState, type SyntheticEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  factorNameProblem,
  PASSKEY_ALREADY_ADDED_MESSAGE,
  PASSKEY_NOT_ADDED_MESSAGE,
  SECOND_FACTORS_MANAGED_ELSEWHERE_MESSAGE,
} from '../../common/api/second-factors';
import { describeApiFailure, fieldProblemsOf } from '../lib/api-error';
import { ErrorSummary, type SummaryError } from '../lib/components/error-summary';
import { Screen } from '../lib/components/screen';
import { TextField } from '../lib/components/text-field';
import type { FlashState } from '../lib/use-flash-message';
import { PasskeyNotMadeError, useAddPasskey } from './two-step-api';
import { BackToOverview, isManagedHere, OVERVIEW_ROUTE, SET_UP_APP_ROUTE, TwoStepTurnedOn } from './two-step-screen';

const NAME_ID = 'passkey-name';
const BUTTON_ID = 'add-passkey-button';

/** /user/two-step-verification/passkey */
export function AddPasskeyScreen() {
  return <Screen title="Add a passkey">{isManagedHere() ? <AddPasskey /> : <p className="notice">{SECOND_FACTORS_MANAGED_ELSEWHERE_MESSAGE}</p>}</Screen>;
}

function AddPasskey() {
  const add = useAddPasskey();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<SummaryError[]>([]);

  if (!browserSupportsWebAuthn()) {
    return (
      <>
        <p className="notice">This browser cannot make passkeys. Use an up-to-date browser such as Edge, Chrome, Firefox or Safari, or set up an authenticator app instead.</p>
        <p>
          <Link className="button" to={SET_UP_APP_ROUTE}>
            Set up an authenticator app
          </Link>
        </p>
        <BackToOverview />
      </>
    );
  }
  if (add.isSuccess && add.data.recoveryCodes.length > 0) {
    return <TwoStepTurnedOn usage={`your passkey, ${add.data.factor.name},`} codes={add.data.recoveryCodes} />;
  }

  const handleSubmit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (add.isPending) {
      return;
    }
    const nameProblem = factorNameProblem(name, 'passkey');
    if (nameProblem) {
      setErrors([{ fieldId: NAME_ID, message: nameProblem }]);
      return;
    }
    setErrors([]);
    add.mutate(name, {
      onSuccess: (answer) => {
        if (answer.recoveryCodes.length === 0) {
          const state: FlashState = { message: `${answer.factor.name} has been added. Signing in can now use it.` };
          void navigate(OVERVIEW_ROUTE, { state });
        }
      },
      onError: (error) => {
        if (error instanceof PasskeyNotMadeError) {
          setErrors([{ fieldId: BUTTON_ID, message: error.isAlreadyAdded ? PASSKEY_ALREADY_ADDED_MESSAGE : PASSKEY_NOT_ADDED_MESSAGE }]);
          return;
        }
        const fromServer = fieldProblemsOf(error, ['name', 'response'] as const);
        if (fromServer?.name) {
          setErrors([{ fieldId: NAME_ID, message: fromServer.name }]);
        } else {
          setErrors([{ fieldId: BUTTON_ID, message: fromServer?.response ?? describeApiFailure(error) }]);
        }
      },
    });
  };

  const nameError = errors.find((error) => error.fieldId === NAME_ID)?.message;
  const passkeyError = errors.find((error) => error.fieldId === BUTTON_ID)?.message;
  return (
    <>
      <ErrorSummary errors={errors} />
      <p>A passkey lets you finish signing in with your fingerprint, your face, your screen lock or a security key, instead of typing a code.</p>
      <form onSubmit={handleSubmit} noValidate>
        <TextField
          id={NAME_ID}
          label="Name this passkey"
          hint="So you can tell your passkeys apart, for example the computer, phone or security key it is on."
          value={name}
          error={nameError}
          onChange={setName}
        />
        <div className={passkeyError ? 'form-field form-field--error' : 'form-field'}>
          <p className="form-field__hint" id={`${BUTTON_ID}-hint`}>
            When you continue, your browser asks you to make the passkey. Follow its steps.
          </p>
          {passkeyError && (
            <p className="form-field__error" id={`${BUTTON_ID}-error`}>
              <span className="visually-hidden">Error: </span>
              {passkeyError}
            </p>
          )}
          <button type="submit" className="button" id={BUTTON_ID} aria-describedby={[`${BUTTON_ID}-hint`, passkeyError ? `${BUTTON_ID}-error` : undefined].filter(Boolean).join(' ')}>
            {add.isPending ? 'Waiting for your passkey…' : 'Continue'}
          </button>
        </div>
      </form>
      <BackToOverview />
    </>
  );
}
