import { useEffect, useRef } from 'react';
import { useHref, useLocation, useParams } from 'react-router';
import type { AcceptInvitationResponse, InvitationDetailsResponse, InvitationStatus, OrganisationKind } from '../../common/api/users';
import { AGENCY_DASHBOARD_PATH, DASHBOARD_PATH } from '../../common/site-paths';
import { ApiError, describeApiFailure } from '../lib/api-error';
import { useSession } from '../lib/session';
import { signIn } from '../lib/sign-in';
import { ErrorState } from '../lib/components/error-state';
import { LoadingState } from '../lib/components/loading-state';
import { Screen } from '../lib/components/screen';
import { useCurrentUser } from '../lib/use-current-user';
import { isWellFormedInvitationToken, useAcceptInvitation, useInvitation } from './invitation-api';

/** Where the organisation's people work: the supplier's dashboard, or the agency's (issue 31). */
const dashboardHrefs: Record<OrganisationKind, string> = { supplier: DASHBOARD_PATH, agency: AGENCY_DASHBOARD_PATH };
/** Added to this screen's address when sign-in comes back to it: the person came to accept. */
const ACCEPT_PARAM = 'accept';
const INVALID_LINK_MESSAGE = 'This invitation link is not valid. Check that you copied the whole link from your email.';

/** /confirm/*: where the link in an invitation email lands; the rest of the path is its token. */
export function ConfirmAccountScreen() {
  const token = useParams()['*'] ?? '';
  let content;
  if (token === '') {
    content = (
      <p>
        This page confirms the account you were invited to. Open the link in your invitation email to come back here with
        it.
      </p>
    );
  } else if (!isWellFormedInvitationToken(token)) {
    content = <p className="notice">{INVALID_LINK_MESSAGE}</p>;
  } else {
    content = <InvitationConfirmation token={token} />;
  }
  return <Screen title="Confirm your account">{content}</Screen>;
}

function InvitationConfirmation({ token }: { token: string }) {
  const invitation = useInvitation(token);
  const accept = useAcceptInvitation(token);
  const isBackFromSignIn = new URLSearchParams(useLocation().search).has(ACCEPT_PARAM);
  const joined = accept.isSuccess ? joinedOrganisation(accept.data) : null;
  // Come from the invitation's mail through sign-in: the organisation's dashboard is where they were going.
  const opensDashboardAt = joined !== null && isBackFromSignIn ? dashboardHrefs[joined.kind] : null;
  useEffect(() => {
    if (opensDashboardAt !== null) {
      window.location.replace(opensDashboardAt);
    }
  }, [opensDashboardAt]);

  if (opensDashboardAt !== null) {
    return <LoadingState label="Opening your dashboard…" />;
  }
  if (joined !== null) {
    return <AcceptedMessage organisation={joined} />;
  }
  if (invitation.isPending) {
    return <LoadingState label="Checking your invitation…" />;
  }
  if (invitation.isError) {
    const { error } = invitation;
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) {
      return <p className="notice">{INVALID_LINK_MESSAGE}</p>;
    }
    return <ErrorState message="We could not check your invitation." onRetry={() => void invitation.refetch()} />;
  }
  const details = invitation.data;
  return (
    <>
      <p>
        <strong>{details.organisationName}</strong> invited {details.name} ({details.email}) to use the dashboard for the{' '}
        {details.organisationKind}
        {details.isAdmin ? ', as an administrator' : ''}.
      </p>
      {details.status === 'valid' ? (
        <AcceptInvitation
          token={token}
          details={details}
          isAccepting={accept.isPending}
          acceptError={accept.error}
          onAccept={() => accept.mutate()}
          isBackFromSignIn={isBackFromSignIn}
        />
      ) : (
        <SpentInvitation status={details.status} details={details} />
      )}
    </>
  );
}

/** The supplier or agency the person joined: the accept answer's one non-null organisation. */
interface JoinedOrganisation {
  kind: OrganisationKind;
  name: string;
}

function joinedOrganisation({ activeSupplier, activeAgency }: AcceptInvitationResponse): JoinedOrganisation {
  return activeAgency !== null
    ? { kind: 'agency', name: activeAgency.agencyName }
    : { kind: 'supplier', name: activeSupplier?.tradingName ?? '' };
}

const spentMessages: Record<Exclude<InvitationStatus, 'valid'>, (organisationName: string) => string> = {
  expired: (organisationName) => `This invitation has expired. Ask an administrator of ${organisationName} to send you a new one.`,
  used: () => 'This invitation has already been used. If it was you who accepted it, your dashboard is ready.',
  revoked: (organisationName) =>
    `This invitation was cancelled. Ask an administrator of ${organisationName} to send you a new one if you still need access.`,
};

function SpentInvitation({ status, details }: { status: Exclude<InvitationStatus, 'valid'>; details: InvitationDetailsResponse }) {
  return (
    <>
      <p className="notice">{spentMessages[status](details.organisationName)}</p>
      {status === 'used' && (
        <p>
          <a href={dashboardHrefs[details.organisationKind]}>Go to your dashboard</a>
        </p>
      )}
    </>
  );
}

function AcceptInvitation({
  token,
  details,
  isAccepting,
  acceptError,
  onAccept,
  isBackFromSignIn,
}: {
  token: string;
  details: InvitationDetailsResponse;
  isAccepting: boolean;
  acceptError: Error | null;
  onAccept: () => void;
  /** Sign-in came back here: the person came to accept. */
  isBackFromSignIn: boolean;
}) {
  const session = useSession();
  const currentUser = useCurrentUser();
  const location = useLocation();
  // Sign-in comes back to this screen (with the app's base path), marked as come to accept.
  const returnHref = useHref({ pathname: location.pathname, search: `?${ACCEPT_PARAM}` });
  const hasAutoAccepted = useRef(false);
  // Back from creating the account or signing in for this invitation: accept it at once, once.
  useEffect(() => {
    if (isBackFromSignIn && session.isAuthenticated && !hasAutoAccepted.current) {
      hasAutoAccepted.current = true;
      onAccept();
    }
  }, [isBackFromSignIn, session.isAuthenticated, onAccept]);

  if (session.isLoading) {
    return <LoadingState label="Checking your sign-in…" />;
  }
  if (!session.isAuthenticated) {
    // The provider's page creates the account for the invited email, or asks that email to sign in.
    const start = () => void signIn(returnHref, { invitation: token });
    return details.canCreateAccount ? (
      <>
        <p>
          To accept, create your account for {details.email}: choose a password on the next page, and your dashboard
          opens.
        </p>
        <button type="button" className="button" onClick={start}>
          Create your account
        </button>
      </>
    ) : (
      <>
        <p>Sign in with {details.email} to accept the invitation. Your dashboard opens afterwards.</p>
        <button type="button" className="button" onClick={start}>
          Sign in to accept
        </button>
      </>
    );
  }
  if (isBackFromSignIn && (isAccepting || acceptError === null)) {
    return <LoadingState label="Accepting your invitation…" />;
  }
  const signedInEmail = currentUser.data?.user.email;
  return (
    <>
      {signedInEmail !== undefined && <p>You are signed in as {signedInEmail}.</p>}
      {acceptError && (
        <p className="alert alert--error" role="alert">
          {describeApiFailure(acceptError)}
        </p>
      )}
      <button
        type="button"
        className="button"
        onClick={() => {
          if (!isAccepting) {
            onAccept();
          }
        }}
      >
        {isAccepting ? 'Accepting…' : 'Accept invitation'}
      </button>
    </>
  );
}

/** What each kind of organisation's dashboard holds, said once the person has joined. */
const acceptedTexts: Record<OrganisationKind, (name: string) => string> = {
  supplier: (name) =>
    `You are now a user of ${name}, and it is your active supplier. Your dashboard shows its applications, engagement notices and billing reports.`,
  agency: (name) =>
    `You are now a user of ${name}, and it is your active agency. Your dashboard shows the engagement notices that suppliers send naming it.`,
};

function AcceptedMessage({ organisation }: { organisation: JoinedOrganisation }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The button that was pressed is gone: move to the outcome, which a screen reader then reads.
  useEffect(() => {
    headingRef.current?.focus();
  }, []);
  return (
    <div className="confirm-account__accepted">
      <h2 ref={headingRef} tabIndex={-1}>
        Invitation accepted
      </h2>
      <p>{acceptedTexts[organisation.kind](organisation.name)}</p>
      <p>
        <a className="button" href={dashboardHrefs[organisation.kind]}>
          Go to your dashboard
        </a>
      </p>
    </div>
  );
}
