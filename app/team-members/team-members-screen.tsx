/**
 * The team app's /team-members: every member of the marketplace team, whether each is a team admin,
 * since when and whether they have signed in yet. A team admin adds people (./add-team-member-screen.tsx)
 * and removes them, each removal confirmed in a dialog naming the person; the server's refusals
 * (yourself, the last team admin, someone removed them first) are said in the dialog. For an
 * ordinary team member the list is read-only and says who can change it.
 */
import '../styles/supplier-users.css';
import '../styles/team-members.css';
import { useState } from 'react';
import { Link } from 'react-router';
import type { TeamMember } from '../../common/api/team-members';
import { formatDate } from '../../common/dates';
import { ApiError, describeApiFailure } from '../lib/api-error';
import { ConfirmDialog } from '../lib/components/confirm-dialog';
import { DataCell, DataRow, DataTable, RowHeader } from '../lib/components/data-table';
import { ErrorState } from '../lib/components/error-state';
import { LoadingState } from '../lib/components/loading-state';
import { useFlashMessage } from '../lib/use-flash-message';
import { useHeadingFocus } from '../lib/use-heading-focus';
import { teamMemberPaths } from './team-member-paths';
import { canManageTeam } from './team-member-form';
import { useRemoveTeamMember, useTeamMembers } from './team-members-api';

export const READ_ONLY_MESSAGE = 'Only team admins can add people to the team or remove them. Ask a team admin if someone needs to join or leave.';
export const ALREADY_REMOVED_MESSAGE = 'This person is no longer on the team: someone else may have removed them. The list now shows the team as it is.';

export function TeamMembersScreen() {
  const team = useTeamMembers();
  const removeMember = useRemoveTeamMember();
  const { headingRef, focusHeading } = useHeadingFocus();
  const [message, setMessage] = useFlashMessage();
  const [removing, setRemoving] = useState<TeamMember | null>(null);
  const [removeError, setRemoveError] = useState<string | undefined>();
  const canManage = canManageTeam(team.data);

  function closeDialog() {
    setRemoving(null);
    setRemoveError(undefined);
    removeMember.reset();
  }

  function confirmRemove() {
    if (removing === null) {
      return;
    }
    const member = removing;
    setRemoveError(undefined);
    removeMember.mutate(member.id, {
      onSuccess: () => {
        closeDialog();
        setMessage(`${member.name} (${member.email}) was removed from the marketplace team.`);
        // The row whose button opened the dialog is gone: start again from the screen's heading.
        focusHeading();
      },
      onError: (error) => setRemoveError(error instanceof ApiError && error.status === 404 ? ALREADY_REMOVED_MESSAGE : describeApiFailure(error)),
    });
  }

  return (
    <div className="screen team-members-screen">
      <h1 ref={headingRef} tabIndex={-1}>
        Team members
      </h1>
      <p>The people in the marketplace team: each can use this console. Team admins can also add people to the team and remove them.</p>
      <div role="status" className="users-screen__message">
        {message !== '' && <p className="alert alert--success">{message}</p>}
      </div>
      {team.isPending ? (
        <LoadingState label="Loading the team…" />
      ) : team.isError ? (
        <ErrorState message={`We could not load the team. ${describeApiFailure(team.error)}`} onRetry={() => void team.refetch()} />
      ) : (
        <>
          {canManage ? (
            <p>
              <Link className="button" to={teamMemberPaths.addTeamMember()}>
                Add a team member
              </Link>
            </p>
          ) : (
            <p className="notice">{READ_ONLY_MESSAGE}</p>
          )}
          <TeamTable members={team.data.members} canManage={canManage} onRemove={setRemoving} />
        </>
      )}
      {removing !== null && (
        <ConfirmDialog
          title={`Remove ${removing.name} from the team?`}
          confirmLabel="Remove from the team"
          isPending={removeMember.isPending}
          errorMessage={removeError}
          onConfirm={confirmRemove}
          onCancel={closeDialog}
        >
          <p>
            {removing.name} ({removing.email}) will no longer be able to use the team console
            {removing.isTeamAdmin ? ' or add and remove team members' : ''}. Their account and any supplier they belong to stay as
            they are. A team admin can add them again later.
          </p>
        </ConfirmDialog>
      )}
    </div>
  );
}

function TeamTable({ members, canManage, onRemove }: { members: readonly TeamMember[]; canManage: boolean; onRemove: (member: TeamMember) => void }) {
  const columns = ['Name', 'Email', 'Role', 'Since', 'Signed in', ...(canManage ? ['Actions'] : [])];
  return (
    <DataTable caption="Members of the marketplace team" columns={columns}>
      {members.map((member) => (
        <DataRow key={member.id}>
          <RowHeader>
            {member.name}
            {member.isCurrentUser && <span className="users-screen__you"> (you)</span>}
          </RowHeader>
          <DataCell label="Email">
            <span className="team-members-screen__email">{member.email}</span>
          </DataCell>
          <DataCell label="Role">{member.isTeamAdmin ? 'Team admin' : 'Team member'}</DataCell>
          <DataCell label="Since">
            <time dateTime={member.since}>{formatDate(member.since)}</time>
          </DataCell>
          <DataCell label="Signed in">{member.hasSignedIn ? 'Yes' : 'Not yet'}</DataCell>
          {canManage && (
            <DataCell label="Actions">
              {/* Removing yourself is refused (ask another team admin): not offered. */}
              {member.isCurrentUser ? (
                <span className="team-members-screen__none">None</span>
              ) : (
                <button type="button" className="link-button" onClick={() => onRemove(member)}>
                  Remove<span className="visually-hidden"> {member.name} from the team</span>
                </button>
              )}
            </DataCell>
          )}
        </DataRow>
      ))}
    </DataTable>
  );
}
