/**
 * What a supplier's users screen (app/supplier-users/) and an agency's people screen
 * (app/agency-users/) both show of an organisation's people: its members, its pending invitations,
 * and the question before an invitation is cancelled. The screens say the nouns and the links.
 */
import { Link } from 'react-router';
import type { PendingInvitation, SupplierUser } from '../../../common/api/users';
import { formatDateTime } from '../../../common/dates';
import { ConfirmDialog } from '../components/confirm-dialog';
import { DataCell, DataRow, DataTable, RowHeader } from '../components/data-table';

/** A member of an organisation, as both kinds of organisation list them. */
export type OrganisationMember = SupplierUser;

export interface MembersTableProps {
  members: readonly OrganisationMember[];
  /** The section's heading ('Users', 'Members') and the id it is labelled by. */
  heading: string;
  headingId: string;
  caption: string;
  /** Said instead of the table when there is nobody. */
  emptyText: string;
  editPath: (id: number) => string;
  /** Whether a member has a Remove button (a supplier's admin may not remove themselves). */
  canRemove: (member: OrganisationMember) => boolean;
  onRemove: (member: OrganisationMember) => void;
}

export function MembersTable({ members, heading, headingId, caption, emptyText, editPath, canRemove, onRemove }: MembersTableProps) {
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>{heading}</h2>
      {members.length === 0 ? (
        <p>{emptyText}</p>
      ) : (
        <DataTable caption={caption} columns={['Name', 'Email', 'Administrator', 'Actions']}>
          {members.map((member) => (
            <DataRow key={member.id}>
              <RowHeader>
                {member.name}
                {member.isCurrentUser && <span className="users-screen__you"> (you)</span>}
              </RowHeader>
              <DataCell label="Email">{member.email}</DataCell>
              <DataCell label="Administrator">{member.isAdmin ? 'Yes' : 'No'}</DataCell>
              <DataCell label="Actions">
                <div className="data-table__actions">
                  <Link to={editPath(member.id)}>
                    Edit<span className="visually-hidden"> {member.name}</span>
                  </Link>
                  {canRemove(member) && (
                    <button type="button" className="link-button" onClick={() => onRemove(member)}>
                      Remove<span className="visually-hidden"> {member.isCurrentUser ? 'yourself' : member.name}</span>
                    </button>
                  )}
                </div>
              </DataCell>
            </DataRow>
          ))}
        </DataTable>
      )}
    </section>
  );
}

/** The organisation's invitations not yet accepted, each with a way to cancel it. */
export function PendingInvitationsTable({ invitations, onCancel }: { invitations: readonly PendingInvitation[]; onCancel: (invitation: PendingInvitation) => void }) {
  return (
    <section aria-labelledby="invitations-heading">
      <h2 id="invitations-heading">Pending invitations</h2>
      {invitations.length === 0 ? (
        <p>There are no pending invitations.</p>
      ) : (
        <DataTable caption="Invitations not yet accepted" columns={['Name', 'Email', 'Administrator', 'Expires', 'Actions']}>
          {invitations.map((invitation) => (
            <DataRow key={invitation.id}>
              <RowHeader>{invitation.name}</RowHeader>
              <DataCell label="Email">{invitation.email}</DataCell>
              <DataCell label="Administrator">{invitation.isAdmin ? 'Yes' : 'No'}</DataCell>
              <DataCell label="Expires">
                <time dateTime={invitation.expiresAt}>{formatDateTime(invitation.expiresAt)}</time>
              </DataCell>
              <DataCell label="Actions">
                <button type="button" className="link-button" onClick={() => onCancel(invitation)}>
                  Cancel invitation<span className="visually-hidden"> to {invitation.email}</span>
                </button>
              </DataCell>
            </DataRow>
          ))}
        </DataTable>
      )}
    </section>
  );
}

/** The question before an invitation is cancelled: its link stops working. */
export function CancelInvitationDialog({
  invitation,
  isPending,
  errorMessage,
  onConfirm,
  onCancel,
}: {
  invitation: PendingInvitation;
  isPending: boolean;
  errorMessage: string | undefined;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <ConfirmDialog
      title={`Cancel the invitation to ${invitation.email}?`}
      confirmLabel="Cancel invitation"
      cancelLabel="Keep invitation"
      isPending={isPending}
      errorMessage={errorMessage}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      <p>The link in the invitation email will stop working. You can send a new invitation later.</p>
    </ConfirmDialog>
  );
}
