/**
 * 'Your account' → 'Where you are signed in' (/user/sessions): the browsers and devices signed in to
 * the person's account, with the address each signed in from and when it was last used; signing one
 * out, or all the others, each after a confirmation page. The address is shown as it is: a place
 * would need a geo-IP database the portal does not have, and the page says so. With an external
 * issuer the page says the portal cannot see those sessions, and offers to sign out here.
 */
import '../styles/account-sessions.css';
import '../styles/data-table.css';
import '../styles/dialog.css';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { SESSIONS_MANAGED_ELSEWHERE_MESSAGE, SIGN_IN_SESSIONS_PATH, type SignInSession } from '../../common/api/account-sessions';
import { CHANGE_PASSWORD_PATH } from '../../common/api/users';
import { formatDateTime } from '../../common/dates';
import { describeApiFailure } from '../lib/api-error';
import { DataCell, DataRow, DataTable, RowHeader } from '../lib/components/data-table';
import { ErrorState } from '../lib/components/error-state';
import { LoadingState } from '../lib/components/loading-state';
import { Screen } from '../lib/components/screen';
import { getPageData } from '../lib/page-data';
import { signOut } from '../lib/sign-in';
import { useFlashMessage, type FlashState } from '../lib/use-flash-message';
import { ConfirmScreen } from './confirm-screen';
import { useEndOtherSessions, useEndSession, useSignInSessions } from './sessions-api';

/** Paths inside the user app (its router's basename is /user). */
const SESSIONS_ROUTE = SIGN_IN_SESSIONS_PATH.replace(/^\/user/, '');
const endRoute = (session: SignInSession) => `${SESSIONS_ROUTE}/${session.id}/end`;
const END_OTHERS_ROUTE = `${SESSIONS_ROUTE}/end-others`;
const CHANGE_PASSWORD_ROUTE = CHANGE_PASSWORD_PATH.replace(/^\/user/, '');

function SignOutHereButton() {
  return (
    <button type="button" className="button button--secondary" onClick={() => void signOut()}>
      Sign out here
    </button>
  );
}

function otherDevicesText(count: number): string {
  return count === 1 ? '1 other device' : `${String(count)} other devices`;
}

export function SignInSessionsScreen() {
  const sessions = useSignInSessions();
  const [message] = useFlashMessage();
  const canChangePassword = getPageData().auth.changePasswordUrl !== undefined;

  let content;
  if (sessions.isPending) {
    content = <LoadingState label="Loading the places you are signed in…" />;
  } else if (sessions.isError) {
    content = <ErrorState message={describeApiFailure(sessions.error)} onRetry={() => void sessions.refetch()} />;
  } else if (!sessions.data.isManagedHere) {
    content = (
      <>
        <p className="notice">{SESSIONS_MANAGED_ELSEWHERE_MESSAGE}</p>
        <SignOutHereButton />
      </>
    );
  } else {
    const others = sessions.data.sessions.filter((session) => !session.isThisDevice);
    content = (
      <>
        <p>
          These are the browsers and devices signed in to your account. If you do not recognise one, sign it out
          {canChangePassword ? (
            <>
              {' '}
              and <Link to={CHANGE_PASSWORD_ROUTE}>change your password</Link>
            </>
          ) : null}
          .
        </p>
        <p className="sessions-screen__hint">
          We show the internet address each one signed in from, not a place. An address often belongs to your internet or mobile provider, so it
          may not match where you were.
        </p>
        <DataTable caption="Browsers and devices signed in to your account" columns={['Device', 'Signed in from', 'Signed in', 'Last used', 'Action']}>
          {sessions.data.sessions.map((session) => (
            <DataRow key={session.id}>
              <RowHeader>
                {session.device}
                {session.isThisDevice && <strong className="sessions-screen__this-device"> (this device)</strong>}
              </RowHeader>
              <DataCell label="Signed in from">{session.address ?? 'Not recorded'}</DataCell>
              <DataCell label="Signed in">{formatDateTime(session.signedInAt)}</DataCell>
              <DataCell label="Last used">{formatDateTime(session.lastUsedAt)}</DataCell>
              <DataCell label="Action">
                {session.isThisDevice ? (
                  <SignOutHereButton />
                ) : (
                  <Link to={endRoute(session)}>
                    Sign out<span className="visually-hidden"> {session.device}, last used {formatDateTime(session.lastUsedAt)}</span>
                  </Link>
                )}
              </DataCell>
            </DataRow>
          ))}
        </DataTable>
        {others.length > 0 ? (
          <p>
            <Link className="button button--secondary" to={END_OTHERS_ROUTE}>
              Sign out of all other devices
            </Link>
          </p>
        ) : (
          <p>You are not signed in anywhere else.</p>
        )}
      </>
    );
  }

  return (
    <Screen title="Where you are signed in">
      <div role="status" className="sessions-screen__message">
        {message !== '' && <p className="alert alert--success">{message}</p>}
      </div>
      {content}
    </Screen>
  );
}

/** /user/sessions/:sessionID/end */
export function EndSessionScreen() {
  const { sessionID = '' } = useParams();
  const sessions = useSignInSessions();
  const end = useEndSession();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | undefined>();

  if (sessions.isPending) {
    return <LoadingState />;
  }
  if (sessions.isError) {
    return <ErrorState message={describeApiFailure(sessions.error)} onRetry={() => void sessions.refetch()} />;
  }
  const session = sessions.data.sessions.find((candidate) => candidate.id === sessionID);
  if (!session || session.isThisDevice) {
    return (
      <Screen title="This device is no longer signed in">
        <p>It has already been signed out, so there is nothing more to do.</p>
        <p>
          <Link to={SESSIONS_ROUTE}>Go back to where you are signed in</Link>
        </p>
      </Screen>
    );
  }

  const confirm = () => {
    setFailure(undefined);
    end.mutate(session.id, {
      onSuccess: () => {
        const state: FlashState = { message: `${session.device} has been signed out.` };
        void navigate(SESSIONS_ROUTE, { state });
      },
      onError: (error) => setFailure(describeApiFailure(error)),
    });
  };

  return (
    <ConfirmScreen title={`Sign out ${session.device}?`} confirmLabel="Yes, sign it out" pendingLabel="Signing out…" cancelTo={SESSIONS_ROUTE} isPending={end.isPending} failure={failure} onConfirm={confirm}>
      <dl className="sessions-screen__details">
        <dt>Signed in from</dt>
        <dd>{session.address ?? 'Not recorded'}</dd>
        <dt>Signed in</dt>
        <dd>{formatDateTime(session.signedInAt)}</dd>
        <dt>Last used</dt>
        <dd>{formatDateTime(session.lastUsedAt)}</dd>
      </dl>
      <p>It will be signed out straight away. Whoever is using it will need your password to sign in again.</p>
    </ConfirmScreen>
  );
}

/** /user/sessions/end-others */
export function EndOtherSessionsScreen() {
  const sessions = useSignInSessions();
  const end = useEndOtherSessions();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | undefined>();

  if (sessions.isPending) {
    return <LoadingState />;
  }
  if (sessions.isError) {
    return <ErrorState message={describeApiFailure(sessions.error)} onRetry={() => void sessions.refetch()} />;
  }
  const others = sessions.data.sessions.filter((session) => !session.isThisDevice);
  if (others.length === 0) {
    return (
      <Screen title="You are not signed in anywhere else">
        <p>There is nothing to sign out.</p>
        <p>
          <Link to={SESSIONS_ROUTE}>Go back to where you are signed in</Link>
        </p>
      </Screen>
    );
  }

  const confirm = () => {
    setFailure(undefined);
    end.mutate(undefined, {
      onSuccess: (answer) => {
        const state: FlashState = { message: `You have been signed out of ${otherDevicesText(answer.endedSessions)}.` };
        void navigate(SESSIONS_ROUTE, { state });
      },
      onError: (error) => setFailure(describeApiFailure(error)),
    });
  };

  return (
    <ConfirmScreen
      title="Sign out of all other devices?"
      confirmLabel="Yes, sign them out"
      pendingLabel="Signing out…"
      cancelTo={SESSIONS_ROUTE}
      isPending={end.isPending}
      failure={failure}
      onConfirm={confirm}
    >
      <p>You will stay signed in here. These will be signed out straight away:</p>
      <ul className="sessions-screen__list">
        {others.map((session) => (
          <li key={session.id}>
            {session.device}, last used {formatDateTime(session.lastUsedAt)}
          </li>
        ))}
      </ul>
    </ConfirmScreen>
  );
}
