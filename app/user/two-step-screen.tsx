/**
 * 'Your account' → 'Two-step verification' (/user/two-step-verification, issue 29): the person's
 * passkeys, authenticator apps and recovery codes on the embedded identity provider. Setting an app
 * up shows its key as a QR code and as text, and takes a code from it (adding a passkey is in
 * passkey-screen.tsx); the first factor comes with recovery codes, shown once. Removing a factor and
 * getting new codes each ask first. With an external issuer the page says that service asks for the
 * second step.
 */
import '../styles/account-sessions.css';
import '../styles/data-table.css';
import '../styles/form-widgets.css';
import '../styles/two-step.css';
import { useRef, useState, type ReactNode, type SyntheticEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import {
  factorNameProblem,
  SECOND_FACTORS_MANAGED_ELSEWHERE_MESSAGE,
  setUpCodeProblem,
  type AddAuthenticatorAppField,
  type SecondFactor,
} from '../../common/api/second-factors';
import { formatDateTime } from '../../common/dates';
import { SECOND_FACTORS_PATH } from '../../common/site-paths';
import { describeApiFailure, fieldProblemsOf } from '../lib/api-error';
import { DataCell, DataRow, DataTable, RowHeader } from '../lib/components/data-table';
import { ErrorState } from '../lib/components/error-state';
import { ErrorSummary, type SummaryError } from '../lib/components/error-summary';
import { LoadingState } from '../lib/components/loading-state';
import { Screen } from '../lib/components/screen';
import { TextField } from '../lib/components/text-field';
import { getPageData } from '../lib/page-data';
import { useFlashMessage, type FlashState } from '../lib/use-flash-message';
import { ConfirmScreen } from './confirm-screen';
import { useAddAuthenticatorApp, useAuthenticatorAppSetUp, useNewRecoveryCodes, useRemoveSecondFactor, useSecondFactors } from './two-step-api';

/** Paths inside the user app (its router's basename is /user). */
export const OVERVIEW_ROUTE = SECOND_FACTORS_PATH.replace(/^\/user/, '');
export const SET_UP_APP_ROUTE = `${OVERVIEW_ROUTE}/authenticator-app`;
export const ADD_PASSKEY_ROUTE = `${OVERVIEW_ROUTE}/passkey`;
export const NEW_CODES_ROUTE = `${OVERVIEW_ROUTE}/recovery-codes`;
const removeRoute = (factor: SecondFactor) => `${OVERVIEW_ROUTE}/${factor.id}/remove`;

const KIND_LABELS: Record<SecondFactor['kind'], string> = { 'authenticator-app': 'Authenticator app', passkey: 'Passkey' };

export function isManagedHere(): boolean {
  // The embedded provider's accounts have a password here; so do their second factors.
  return getPageData().auth.changePasswordUrl !== undefined;
}

export function BackToOverview() {
  return (
    <p>
      <Link to={OVERVIEW_ROUTE}>Go back to two-step verification</Link>
    </p>
  );
}

export function TwoStepVerificationScreen() {
  return <Screen title="Two-step verification">{isManagedHere() ? <Overview /> : <p className="notice">{SECOND_FACTORS_MANAGED_ELSEWHERE_MESSAGE}</p>}</Screen>;
}

function Overview() {
  const factors = useSecondFactors();
  const [message] = useFlashMessage();
  let content: ReactNode;
  if (factors.isPending) {
    content = <LoadingState label="Loading your two-step verification…" />;
  } else if (factors.isError) {
    content = <ErrorState message={describeApiFailure(factors.error)} onRetry={() => void factors.refetch()} />;
  } else if (factors.data.factors.length === 0) {
    content = (
      <>
        <p>
          <strong>Two-step verification is off.</strong> Signing in asks for your password only.
        </p>
        <p>
          Turn it on to make your account safer: after your password, signing in will also ask for your passkey or a code from an app on your phone, so
          someone who learns your password still cannot sign in.
        </p>
        <p>
          A passkey uses your fingerprint, face, screen lock or a security key. An authenticator app shows a new code every 30 seconds. You can add both.
        </p>
        <AddFactorLinks hasApp={false} />
      </>
    );
  } else {
    const { recoveryCodesLeft } = factors.data;
    content = (
      <>
        <p>
          <strong>Two-step verification is on.</strong> After your password, signing in asks you to use one of these.
        </p>
        <DataTable caption="Your ways to sign in after your password" columns={['Name', 'Type', 'Added', 'Last used', 'Action']}>
          {factors.data.factors.map((factor) => (
            <DataRow key={factor.id}>
              <RowHeader>{factor.name}</RowHeader>
              <DataCell label="Type">{KIND_LABELS[factor.kind]}</DataCell>
              <DataCell label="Added">{formatDateTime(factor.createdAt)}</DataCell>
              <DataCell label="Last used">{factor.lastUsedAt === null ? 'Not used yet' : formatDateTime(factor.lastUsedAt)}</DataCell>
              <DataCell label="Action">
                <Link to={removeRoute(factor)}>
                  Remove<span className="visually-hidden"> {factor.name}</span>
                </Link>
              </DataCell>
            </DataRow>
          ))}
        </DataTable>
        <AddFactorLinks hasApp={factors.data.factors.some((factor) => factor.kind === 'authenticator-app')} />
        <h2>Recovery codes</h2>
        <p>
          {recoveryCodesLeft === 1 ? 'You have 1 recovery code left.' : `You have ${String(recoveryCodesLeft)} recovery codes left.`} Use one to sign in if you
          cannot use your passkey or app, for example when you lose your phone. Each code works once.
        </p>
        {recoveryCodesLeft < 3 && <p className="notice">You are running out of recovery codes. Get new ones so you are not locked out.</p>}
        <p>
          <Link to={NEW_CODES_ROUTE}>Get new recovery codes</Link>
        </p>
      </>
    );
  }
  return (
    <>
      <div role="status" className="sessions-screen__message">
        {message !== '' && <p className="alert alert--success">{message}</p>}
      </div>
      {content}
    </>
  );
}

function AddFactorLinks({ hasApp }: { hasApp: boolean }) {
  return (
    <div className="form-actions">
      <Link className="button" to={ADD_PASSKEY_ROUTE}>
        Add a passkey
      </Link>
      <Link className="button button--secondary" to={SET_UP_APP_ROUTE}>
        {hasApp ? 'Add another authenticator app' : 'Set up an authenticator app'}
      </Link>
    </div>
  );
}

/** The first factor added: two-step verification is on, and its recovery codes, once. `usage` ends "signing in asks for …". */
export function TwoStepTurnedOn({ usage, codes }: { usage: string; codes: string[] }) {
  return (
    <>
      <div className="panel panel--success" role="status">
        <p>
          <strong>Two-step verification is on</strong>
        </p>
        <p>From now on, signing in asks for {usage} after your password.</p>
      </div>
      <RecoveryCodesPanel codes={codes} />
    </>
  );
}

/** The codes, once, with what to do with them. */
function RecoveryCodesPanel({ codes }: { codes: string[] }) {
  return (
    <>
      <h2>Save your recovery codes</h2>
      <p>
        If you cannot use your passkey or authenticator app, for example because you lost your phone or security key, you can sign in with one of these
        codes instead. Each code works once. Keep them somewhere safe that is not your phone, such as a password manager or a printed copy. <strong>You will not see them again.</strong>
      </p>
      <ul className="recovery-codes" aria-label="Your recovery codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <p>
        <Link className="button" to={OVERVIEW_ROUTE}>
          I have saved my recovery codes
        </Link>
      </p>
    </>
  );
}

const FIELDS = ['name', 'code'] as const satisfies readonly AddAuthenticatorAppField[];
const fieldIds: Record<AddAuthenticatorAppField, string> = { name: 'app-name', code: 'app-code' };

/** /user/two-step-verification/authenticator-app */
export function SetUpAuthenticatorAppScreen() {
  return <Screen title="Set up an authenticator app">{isManagedHere() ? <SetUpAuthenticatorApp /> : <p className="notice">{SECOND_FACTORS_MANAGED_ELSEWHERE_MESSAGE}</p>}</Screen>;
}

function SetUpAuthenticatorApp() {
  const setUp = useAuthenticatorAppSetUp();
  const add = useAddAuthenticatorApp();
  const navigate = useNavigate();
  const [values, setValues] = useState<Record<AddAuthenticatorAppField, string>>({ name: '', code: '' });
  const [errors, setErrors] = useState<Partial<Record<AddAuthenticatorAppField, string>>>({});
  const [failure, setFailure] = useState<string | undefined>();
  const summaryRef = useRef<HTMLDivElement>(null);

  if (add.isSuccess && add.data.recoveryCodes.length > 0) {
    return <TwoStepTurnedOn usage={`a code from ${add.data.factor.name}`} codes={add.data.recoveryCodes} />;
  }
  if (setUp.isPending) {
    return <LoadingState label="Making a new key for your app…" />;
  }
  if (setUp.isError) {
    return <ErrorState message={describeApiFailure(setUp.error)} onRetry={() => void setUp.refetch()} />;
  }

  const refuse = (found: Partial<Record<AddAuthenticatorAppField, string>>) => {
    setErrors(found);
    window.setTimeout(() => summaryRef.current?.focus(), 0);
  };
  const handleSubmit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (add.isPending) {
      return;
    }
    setFailure(undefined);
    const found = Object.fromEntries(
      [
        ['name', factorNameProblem(values.name)],
        ['code', setUpCodeProblem(values.code)],
      ].filter(([, message]) => message !== undefined),
    ) as Partial<Record<AddAuthenticatorAppField, string>>;
    if (Object.keys(found).length > 0) {
      refuse(found);
      return;
    }
    setErrors({});
    add.mutate(values, {
      onSuccess: (answer) => {
        if (answer.recoveryCodes.length === 0) {
          const state: FlashState = { message: `${answer.factor.name} has been added. Signing in can now use a code from it.` };
          void navigate(OVERVIEW_ROUTE, { state });
        }
      },
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

  const summary: SummaryError[] = FIELDS.flatMap((field) => {
    const message = errors[field];
    return message === undefined ? [] : [{ fieldId: fieldIds[field], message }];
  });
  const { secret, qrCodeImage } = setUp.data;
  const fieldProps = (field: AddAuthenticatorAppField) => ({
    id: fieldIds[field],
    value: values[field],
    error: errors[field],
    onChange: (value: string) => setValues((current) => ({ ...current, [field]: value })),
  });

  return (
    <>
      {summary.length > 0 && <ErrorSummary ref={summaryRef} errors={summary} />}
      {failure && (
        <p className="alert alert--error" role="alert">
          {failure}
        </p>
      )}
      <p>An authenticator app makes a new code every 30 seconds. After your password, signing in will ask for the code it shows.</p>
      <h2>1. Install an authenticator app</h2>
      <p>Use any authenticator app on your phone, for example Google Authenticator, Microsoft Authenticator or the one built into your password manager.</p>
      <h2>2. Add this account to the app</h2>
      <p>In the app, choose to add an account, then scan this QR code.</p>
      <img className="two-step__qr-code" src={qrCodeImage} alt="QR code to add your account to an authenticator app" width={200} height={200} />
      <details className="two-step__help">
        <summary>I cannot scan the QR code</summary>
        <div className="two-step__help-text">
          <p>Choose to enter a setup key in the app, and type this key:</p>
          <p>
            <code className="two-step__key">{secret.replace(/(.{4})/g, '$1 ').trim()}</code>
          </p>
          <p>If the app asks, choose a time-based code.</p>
        </div>
      </details>
      <h2>3. Check it works</h2>
      <form onSubmit={handleSubmit} noValidate>
        <TextField {...fieldProps('name')} label="Name this app" hint="So you can tell your apps apart, for example the phone it is on." />
        <TextField
          {...fieldProps('code')}
          label="Enter the 6-digit code the app shows"
          hint="The app shows a new code every 30 seconds."
          autoComplete="one-time-code"
          inputMode="numeric"
        />
        <button type="submit" className="button">
          {add.isPending ? 'Adding the app…' : 'Add this app'}
        </button>
      </form>
      <BackToOverview />
    </>
  );
}

/** /user/two-step-verification/:factorID/remove */
export function RemoveSecondFactorScreen() {
  const { factorID = '' } = useParams();
  const factors = useSecondFactors();
  const remove = useRemoveSecondFactor();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | undefined>();

  if (factors.isPending) {
    return <LoadingState />;
  }
  if (factors.isError) {
    return <ErrorState message={describeApiFailure(factors.error)} onRetry={() => void factors.refetch()} />;
  }
  const factor = factors.data.factors.find((candidate) => candidate.id === factorID);
  if (!factor) {
    return (
      <Screen title="This is no longer on your account">
        <p>It has already been removed, so there is nothing more to do.</p>
        <BackToOverview />
      </Screen>
    );
  }
  const isLast = factors.data.factors.length === 1;
  const confirm = () => {
    setFailure(undefined);
    remove.mutate(factor.id, {
      onSuccess: () => {
        const state: FlashState = { message: isLast ? `${factor.name} has been removed. Two-step verification is off.` : `${factor.name} has been removed.` };
        void navigate(OVERVIEW_ROUTE, { state });
      },
      onError: (error) => setFailure(describeApiFailure(error)),
    });
  };
  return (
    <ConfirmScreen cancelTo={OVERVIEW_ROUTE} title={`Remove ${factor.name}?`} confirmLabel="Yes, remove it" pendingLabel="Removing…" isPending={remove.isPending} failure={failure} onConfirm={confirm}>
      {isLast ? (
        <p>
          This is your only way to sign in after your password. Removing it turns two-step verification off, and your recovery codes stop working: signing in
          will ask for your password only.
        </p>
      ) : (
        <p>
          {factor.kind === 'passkey' ? 'It will stop working straight away.' : 'Its codes will stop working straight away.'} Signing in will still ask you to
          use one of your other ways to sign in.
        </p>
      )}
      <p>We will email you to confirm.</p>
    </ConfirmScreen>
  );
}

function replacedCodesText(left: number): string {
  if (left === 0) {
    return 'You will get 10 new codes. You have used all your old ones.';
  }
  return `You will get 10 new codes, and your ${left === 1 ? 'remaining code' : `${String(left)} remaining codes`} will stop working straight away.`;
}

/** /user/two-step-verification/recovery-codes */
export function NewRecoveryCodesScreen() {
  const factors = useSecondFactors();
  const renew = useNewRecoveryCodes();
  const [failure, setFailure] = useState<string | undefined>();

  if (renew.isSuccess) {
    return (
      <Screen title="Your new recovery codes">
        <div className="panel panel--success" role="status">
          <p>
            <strong>Your old recovery codes no longer work</strong>
          </p>
        </div>
        <RecoveryCodesPanel codes={renew.data.recoveryCodes} />
      </Screen>
    );
  }
  if (factors.isPending) {
    return <LoadingState />;
  }
  if (factors.isError) {
    return <ErrorState message={describeApiFailure(factors.error)} onRetry={() => void factors.refetch()} />;
  }
  if (factors.data.factors.length === 0) {
    return (
      <Screen title="Turn on two-step verification first">
        <p>Recovery codes are for when you cannot use your passkey or authenticator app. Add one, and you will get your codes.</p>
        <AddFactorLinks hasApp={false} />
      </Screen>
    );
  }
  const confirm = () => {
    setFailure(undefined);
    renew.mutate(undefined, { onError: (error) => setFailure(describeApiFailure(error)) });
  };
  return (
    <ConfirmScreen cancelTo={OVERVIEW_ROUTE} title="Get new recovery codes?" confirmLabel="Yes, get new codes" pendingLabel="Making new codes…" isPending={renew.isPending} failure={failure} onConfirm={confirm}>
      <p>{replacedCodesText(factors.data.recoveryCodesLeft)}</p>
    </ConfirmScreen>
  );
}
