import '../styles/supplier-users.css';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import type { PendingInvitation, SupplierUser } from '../../common/api/users';
import { ApiError, describeApiFailure } from '../lib/api-error';
import { useFlashMessage } from '../lib/use-flash-message';
import { useHeadingFocus } from '../lib/use-heading-focus';
import { CancelInvitationDialog, MembersTable, PendingInvitationsTable } from '../lib/people/people-tables';
import { ErrorState } from '../lib/components/error-state';
import { LoadingState } from '../lib/components/loading-state';
import { queryKeys } from '../lib/query-client';
import { reloadPage } from '../lib/reload-page';
import { useActiveSupplier } from '../lib/active-supplier';
import { ConfirmDialog } from '../lib/components/confirm-dialog';
import { useRemoveSupplierUser, useRevokeInvitation, useSupplierUsers } from './supplier-users-api';
import { supplierUsersPaths } from './supplier-users-paths';

type PendingAction = { kind: 'remove'; user: SupplierUser } | { kind: 'revoke'; invitation: PendingInvitation };

/** /users (spec §2): the active supplier's users and pending invitations, for its admins. */
export function SupplierUsersScreen() {
  const supplier = useActiveSupplier();
  const users = useSupplierUsers();
  const queryClient = useQueryClient();
  const removeUser = useRemoveSupplierUser();
  const revokeInvitation = useRevokeInvitation();
  const { headingRef, focusHeading } = useHeadingFocus();
  // A message from the add or edit screen, or this screen's own after a change.
  const [message, setMessage] = useFlashMessage();
  const [pendingAction, setPendingAction] = useState<PendingAction | null>(null);
  const [actionError, setActionError] = useState<string | undefined>();

  function closeDialog() {
    setPendingAction(null);
    setActionError(undefined);
    removeUser.reset();
    revokeInvitation.reset();
  }

  function finishAction(done: string) {
    closeDialog();
    setMessage(done);
    // The row whose button opened the dialog is gone: start again from the screen's heading.
    focusHeading();
  }

  function failAction(error: Error) {
    // Spec §8: the removal call reloads the page when the session has expired.
    if (error instanceof ApiError && error.isSessionExpired) {
      reloadPage();
      return;
    }
    setActionError(describeApiFailure(error));
  }

  function confirmAction() {
    if (!pendingAction) {
      return;
    }
    setActionError(undefined);
    if (pendingAction.kind === 'remove') {
      const { user } = pendingAction;
      removeUser.mutate(user.email, {
        onSuccess: () => finishAction(`${user.name} (${user.email}) was removed from ${supplier.tradingName}.`),
        onError: failAction,
      });
    } else {
      const { invitation } = pendingAction;
      revokeInvitation.mutate(invitation.id, {
        onSuccess: () => finishAction(`The invitation to ${invitation.email} was cancelled.`),
        onError: failAction,
      });
    }
  }

  function retryLoad() {
    // Spec §8: a session that stays expired reloads the supplier list (the current user) as well.
    if (users.error instanceof ApiError && users.error.isSessionExpired) {
      void queryClient.invalidateQueries({ queryKey: queryKeys.currentUser });
    }
    void users.refetch();
  }

  return (
    <div className="screen users-screen">
      <h1 ref={headingRef} tabIndex={-1}>
        Users
      </h1>
      <p>The people who can use this dashboard for {supplier.tradingName}, and whether each is an administrator.</p>
      <div role="status" className="users-screen__message">
        {message !== '' && <p className="alert alert--success">{message}</p>}
      </div>
      <p>
        <Link className="button" to={supplierUsersPaths.addSupplierUser()}>
          Add a user
        </Link>
      </p>
      {users.isPending ? (
        <LoadingState label="Loading users…" />
      ) : users.isError ? (
        // A failed load shows no list at all (spec §8: other failures clear the user-list state).
        <ErrorState message={`We could not load the users. ${describeApiFailure(users.error)}`} onRetry={retryLoad} />
      ) : (
        <>
          <MembersTable
            members={users.data.users}
            heading="Users"
            headingId="users-heading"
            caption={`Users of ${supplier.tradingName}`}
            emptyText={`${supplier.tradingName} has no users yet.`}
            editPath={supplierUsersPaths.editSupplierUser}
            // Removing yourself would lock you out mid-task: not offered.
            canRemove={(user) => !user.isCurrentUser}
            onRemove={(user) => setPendingAction({ kind: 'remove', user })}
          />
          <PendingInvitationsTable invitations={users.data.invitations} onCancel={(invitation) => setPendingAction({ kind: 'revoke', invitation })} />
        </>
      )}
      {/* Below the list once it has loaded: drawn beside the loading line, the list arriving would push it down. */}
      {!users.isPending && (
        <section aria-labelledby="second-factor-heading">
          <h2 id="second-factor-heading">Two-step verification</h2>
          <p>
            {supplier.requiresSecondFactor
              ? `Required: everyone at ${supplier.tradingName} signs in with a passkey or a code from an authenticator app as well as their password.`
              : 'Not required. Each person can still set it up for their own account.'}
          </p>
          <p>
            <Link to={supplierUsersPaths.secondFactorRequirement()}>
              Change<span className="visually-hidden"> whether two-step verification is required</span>
            </Link>
          </p>
        </section>
      )}
      {pendingAction?.kind === 'remove' && (
        <ConfirmDialog
          title={`Remove ${pendingAction.user.name}?`}
          confirmLabel="Remove user"
          isPending={removeUser.isPending}
          errorMessage={actionError}
          onConfirm={confirmAction}
          onCancel={closeDialog}
        >
          <p>
            {pendingAction.user.name} ({pendingAction.user.email}) will no longer be able to use the dashboard for{' '}
            {supplier.tradingName}. You can invite them again later.
          </p>
        </ConfirmDialog>
      )}
      {pendingAction?.kind === 'revoke' && (
        <CancelInvitationDialog
          invitation={pendingAction.invitation}
          isPending={revokeInvitation.isPending}
          errorMessage={actionError}
          onConfirm={confirmAction}
          onCancel={closeDialog}
        />
      )}
    </div>
  );
}
