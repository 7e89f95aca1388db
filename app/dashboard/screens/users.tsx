import { Link, useParams } from 'react-router';
import { Screen } from '../../lib/components/screen';

export function UsersScreen() {
  return (
    <Screen title="Users">
      <p>The people who can use this dashboard for your supplier, and whether each is an administrator.</p>
      <p>
        <Link className="button" to="/users/add">
          Add a user
        </Link>
      </p>
    </Screen>
  );
}

/** One screen for adding a user (/users/add) and editing one (/users/edit/{id}). */
export function UserFormScreen() {
  const { id } = useParams();
  const isEditing = id !== undefined;
  return (
    <Screen title={isEditing ? 'Edit a user' : 'Add a user'}>
      <p>
        {isEditing
          ? 'Change this person’s details and whether they administer your supplier.'
          : 'Invite a person to use this dashboard for your supplier. They receive an email to confirm their account.'}
      </p>
    </Screen>
  );
}
