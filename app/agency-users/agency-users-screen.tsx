import '../styles/supplier-users.css';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import type { AgencyUser } from '../../common/api/agency-users';
import type { PendingInvitation } from '../../common/api/users';
import { useActiveAgency } from '../lib/active-agency';
import { ApiError, describeApiFailure } from '../lib/api-error';
import { ConfirmDialog } from '../lib/components/confirm-dialog';
import { ErrorState } from '../lib/components/error-state';
import { LoadingState } from '../lib/components/loading-state';
import { CancelInvitationDialog, MembersTable, PendingInvitationsTable } from '../lib/people/people-tables';
import { queryKeys } from '../lib/query-client';
import { reloadPage } from '../lib/reload-page';
import { useFlashMessage } from '../lib/use-flash-message';
import { useHeadingFocus } from '../lib/use-heading-focus';
import { useAgencyUsers, useCancelAgencyInvitation, useRemoveAgencyUser } from './agency-users-api';
import { agencyUsersPaths } from './agency-users-paths';
import { removalProblem } from './agency-user-problems';

type PendingAction = { kind: 'remove'; user: AgencyUser } | { kind: 'cancel'; invitation: PendingInvitation };

/** /people (issue 31): the active agency's members and pending invitations, for its admins. */
export function AgencyUsersScreen() {
  const agency = useActiveAgency();
  const users = useAgencyUsers();
  const queryClient = useQueryClient();
  const removeUser = useRemoveAgencyUser();
  const cancelInvitation = useCancelAgencyInvitation();
  const { headingRef, focusHeading } = useHeadingFocus();
  // A message from the invite or edit screen, or this screen's own after a change.
  const [message, setMessage] = useFlashMessage();
  const [pendingAction, setPendingAction] = useState<PendingAction | null>(null);
  const [actionError, setActionError] = useState<string | undefined>();

  function closeDialog() {
    setPendingAction(null);
    setActionError(undefined);
    removeUser.reset();
    cancelInvitation.reset();
  }

  function finishAction(done: string) {
    closeDialog();
    setMessage(done);
    // The row whose button opened the dialog is gone: start again from the screen's heading.
    focusHeading();
  }

  function failAction(error: Error) {
    // Spec §8: a change that finds the session expired reloads the page.
    if (error instanceof ApiError && error.isSessionExpired) {
      reloadPage();
      return;
    }
    setActionError(pendingAction?.kind === 'remove' ? removalProblem(error, agency.agencyName) : describeApiFailure(error));
  }

  function confirmAction() {
    if (!pendingAction) {
      return;
    }
    setActionError(undefined);
    if (pendingAction.kind === 'remove') {
      const { user } = pendingAction;
      removeUser.mutate(user, {
        onSuccess: () => finishAction(`${user.name} (${user.email}) was removed from ${agency.agencyName}.`),
        onError: failAction,
      });
    } else {
      const { invitation } = pendingAction;
      cancelInvitation.mutate(invitation.id, {
        onSuccess: () => finishAction(`The invitation to ${invitation.email} was cancelled.`),
        onError: failAction,
      });
    }
  }

  function retryLoad() {
    // Spec §8: a session that stays expired reloads the current user (and their agencies) as well.
    if (users.error instanceof ApiError && users.error.isSessionExpired) {
      void queryClient.invalidateQueries({ queryKey: queryKeys.currentUser });
    }
    void users.refetch();
  }

  return (
    <div className="screen users-screen">
      <h1 ref={headingRef} tabIndex={-1}>
        People
      </h1>
      <p>The people who can use this dashboard for {agency.agencyName}, and whether each is an administrator.</p>
      <div role="status" className="users-screen__message">
        {message !== '' && <p className="alert alert--success">{message}</p>}
      </div>
      <p>
        <Link className="button" to={agencyUsersPaths.inviteAgencyUser()}>
          Invite a person
        </Link>
      </p>
      {users.isPending ? (
        <LoadingState label="Loading people…" />
      ) : users.isError ? (
        <ErrorState message={`We could not load the people. ${describeApiFailure(users.error)}`} onRetry={retryLoad} />
      ) : (
        <>
          <MembersTable
            members={users.data.users}
            heading="Members"
            headingId="people-heading"
            caption={`Members of ${agency.agencyName}`}
            emptyText={`${agency.agencyName} has no members yet.`}
            editPath={agencyUsersPaths.editAgencyUser}
            // Anyone may be removed, yourself included, while another administrator remains (the server says).
            canRemove={() => true}
            onRemove={(user) => setPendingAction({ kind: 'remove', user })}
          />
          <PendingInvitationsTable invitations={users.data.invitations} onCancel={(invitation) => setPendingAction({ kind: 'cancel', invitation })} />
        </>
      )}
      {pendingAction?.kind === 'remove' && (
        <ConfirmDialog
          title={pendingAction.user.isCurrentUser ? `Remove yourself from ${agency.agencyName}?` : `Remove ${pendingAction.user.name}?`}
          confirmLabel={pendingAction.user.isCurrentUser ? 'Remove myself' : 'Remove person'}
          isPending={removeUser.isPending}
          errorMessage={actionError}
          onConfirm={confirmAction}
          onCancel={closeDialog}
        >
          {pendingAction.user.isCurrentUser ? (
            <p>You will no longer be able to use this dashboard for {agency.agencyName}. Another administrator can invite you again later.</p>
          ) : (
            <p>
              {pendingAction.user.name} ({pendingAction.user.email}) will no longer be able to use this dashboard for {agency.agencyName}. You can invite
              them again later.
            </p>
          )}
        </ConfirmDialog>
      )}
      {pendingAction?.kind === 'cancel' && (
        <CancelInvitationDialog
          invitation={pendingAction.invitation}
          isPending={cancelInvitation.isPending}
          errorMessage={actionError}
          onConfirm={confirmAction}
          onCancel={closeDialog}
        />
      )}
    </div>
  );
}
