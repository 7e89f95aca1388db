/**
 * The agency's people forms (issue 31): /people/invite sends an invitation by email; /people/edit/{id}
 * makes a member an administrator or not (their name and email address belong to their own account).
 */
import '../styles/supplier-users.css';
import { useEffect, useRef, useState, type ReactNode, type SyntheticEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import type { AgencyUser } from '../../common/api/agency-users';
import { MAX_ID } from '../../common/api/http';
import { MAX_EMAIL_LENGTH, MAX_USER_NAME_LENGTH } from '../../common/api/users';
import { useActiveAgency } from '../lib/active-agency';
import { describeApiFailure } from '../lib/api-error';
import { ErrorState } from '../lib/components/error-state';
import { ErrorSummary, summaryErrorsOf } from '../lib/components/error-summary';
import { LoadingState } from '../lib/components/loading-state';
import { Radios, YES_OR_NO } from '../lib/components/radios';
import { Screen } from '../lib/components/screen';
import { TextField } from '../lib/components/text-field';
import { wholeNumberParam } from '../lib/lists/url-params';
import type { FlashState } from '../lib/use-flash-message';
import {
  hasErrors,
  NO_ERRORS,
  toInviteRequest,
  toUpdateRequest,
  validateUserForm,
  type UserFormErrors,
  type UserFormField,
  type UserFormValues,
} from '../lib/user-form-validation';
import { agencyUserFormErrors } from './agency-user-problems';
import { useAgencyUsers, useInviteAgencyUser, useUpdateAgencyUser } from './agency-users-api';
import { agencyUsersPaths } from './agency-users-paths';

const FIELD_IDS: Record<UserFormField, string> = { name: 'person-name', email: 'person-email' };
const IS_ADMIN_FIELD_ID = 'person-is-admin';

/** /people/invite: invites a person to the active agency by email. */
export function InviteAgencyUserScreen() {
  const agency = useActiveAgency();
  return (
    <Screen title="Invite a person">
      <p>
        Invite a person to use this dashboard for {agency.agencyName}. They receive an email with a link to accept.
      </p>
      <AgencyUserForm mode="add" initialValues={{ name: '', email: '', isAdmin: false }} />
    </Screen>
  );
}

/** /people/edit/{id}: whether a member administers the active agency. */
export function EditAgencyUserScreen() {
  const id = wholeNumberParam(useParams().id ?? null, MAX_ID);
  const users = useAgencyUsers();
  let content: ReactNode;
  if (users.isPending) {
    content = <LoadingState label="Loading the person…" />;
  } else if (users.isError) {
    content = <ErrorState message={`We could not load the person. ${describeApiFailure(users.error)}`} onRetry={() => void users.refetch()} />;
  } else {
    const user = users.data.users.find((member) => member.id === id);
    content =
      user === undefined ? (
        <>
          <p className="notice">We could not find that person. They may have been removed from your agency.</p>
          <p>
            <Link to={agencyUsersPaths.agencyUsers()}>Back to people</Link>
          </p>
        </>
      ) : (
        <>
          <p className="users-screen__person">
            {user.name} ({user.email}). Their name and email address belong to their own account.
          </p>
          <AgencyUserForm key={user.id} mode="edit" user={user} initialValues={user} />
        </>
      );
  }
  return <Screen title="Edit a person">{content}</Screen>;
}

function AgencyUserForm({ mode, user, initialValues }: { mode: 'add' | 'edit'; user?: AgencyUser; initialValues: UserFormValues }) {
  const agency = useActiveAgency();
  const navigate = useNavigate();
  const inviteUser = useInviteAgencyUser();
  const updateUser = useUpdateAgencyUser(user?.id ?? 0);
  const [values, setValues] = useState<UserFormValues>({ name: initialValues.name, email: initialValues.email, isAdmin: initialValues.isAdmin });
  const [errors, setErrors] = useState<UserFormErrors>(NO_ERRORS);
  // Bumped on every refused submit, so the summary takes focus even when the errors are the same.
  const [refusals, setRefusals] = useState(0);
  const summaryRef = useRef<HTMLDivElement>(null);
  const isPending = inviteUser.isSaving || updateUser.isSaving;

  useEffect(() => {
    if (refusals > 0) {
      summaryRef.current?.focus();
    }
  }, [refusals]);

  function refuse(found: UserFormErrors) {
    setErrors(found);
    setRefusals((count) => count + 1);
  }

  function done(message: string) {
    const state: FlashState = { message };
    void navigate(agencyUsersPaths.agencyUsers(), { state });
  }

  function handleSubmit(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isPending) {
      return;
    }
    const found = validateUserForm(values, mode);
    if (hasErrors(found)) {
      refuse(found);
      return;
    }
    setErrors(NO_ERRORS);
    const onError = (error: Error) => refuse(agencyUserFormErrors(error, mode, agency.agencyName));
    if (mode === 'add') {
      const request = toInviteRequest(values);
      inviteUser.save(request, { onSuccess: () => done(`Invitation sent to ${request.email}.`), onError });
    } else {
      updateUser.save(toUpdateRequest(values), {
        onSuccess: (saved) =>
          done(saved.isAdmin ? `${saved.name} is now an administrator of ${agency.agencyName}.` : `${saved.name} is no longer an administrator of ${agency.agencyName}.`),
        onError,
      });
    }
  }

  return (
    <form className="user-form" onSubmit={handleSubmit} noValidate>
      {hasErrors(errors) && <ErrorSummary ref={summaryRef} errors={summaryErrorsOf(errors, FIELD_IDS)} />}
      {mode === 'add' && (
        <>
          <TextField
            id={FIELD_IDS.name}
            label="Name"
            hint="Used in the invitation. Once the person signs in, their own account’s name is shown."
            value={values.name}
            maxLength={MAX_USER_NAME_LENGTH}
            error={errors.fields.name}
            onChange={(name) => setValues((current) => ({ ...current, name }))}
          />
          <TextField
            id={FIELD_IDS.email}
            label="Email address"
            hint="The invitation is sent here. The person signs in with this address."
            type="email"
            value={values.email}
            maxLength={MAX_EMAIL_LENGTH}
            error={errors.fields.email}
            onChange={(email) => setValues((current) => ({ ...current, email }))}
          />
        </>
      )}
      <Radios
        id={IS_ADMIN_FIELD_ID}
        name="isAdmin"
        legend={mode === 'add' ? 'Should this person be an administrator?' : `Should ${user?.name ?? 'this person'} be an administrator?`}
        hint={`Administrators of ${agency.agencyName} can invite people, change who is an administrator and remove people.`}
        options={YES_OR_NO}
        value={values.isAdmin}
        error={undefined}
        onChange={(isAdmin) => setValues((current) => ({ ...current, isAdmin }))}
      />
      <div className="form-actions">
        {/* Not disabled while saving: a disabled button would drop the keyboard focus. */}
        <button type="submit" className="button" aria-disabled={isPending || undefined}>
          {isPending ? 'Please wait…' : mode === 'add' ? 'Send invitation' : 'Save changes'}
        </button>
        <Link to={agencyUsersPaths.agencyUsers()}>Cancel</Link>
      </div>
    </form>
  );
}
