import '../styles/supplier-users.css';
import { useEffect, useRef, useState, type SyntheticEvent, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ErrorSummary, summaryErrorsOf } from '../lib/components/error-summary';
import { MAX_EMAIL_LENGTH, MAX_USER_NAME_LENGTH, type SupplierUser } from '../../common/api/users';
import { ApiError } from '../lib/api-error';
import { ErrorState } from '../lib/components/error-state';
import { LoadingState } from '../lib/components/loading-state';
import { Screen } from '../lib/components/screen';
import { useActiveSupplier } from '../lib/active-supplier';
import { useInviteUser, useSupplierUser, useUpdateUser } from './supplier-users-api';
import type { FlashState } from '../lib/use-flash-message';
import {
  errorsFromServer,
  hasErrors,
  NO_ERRORS,
  toInviteRequest,
  toUpdateRequest,
  validateUserForm,
  type UserFormErrors,
  type UserFormField,
  type UserFormValues,
} from '../lib/user-form-validation';
import { supplierUsersPaths } from './supplier-users-paths';

const FIELD_IDS: Record<UserFormField, string> = { name: 'user-name', email: 'user-email' };

/** One screen for adding a user (/users/add, sends an invitation) and editing one (/users/edit/{id}). */
export function SupplierUserFormScreen() {
  const { id } = useParams();
  if (id === undefined) {
    return (
      <Screen title="Add a user">
        <p>Invite a person to use this dashboard for your supplier. They receive an email with a link to accept.</p>
        <SupplierUserForm mode="add" initialValues={{ name: '', email: '', isAdmin: false }} />
      </Screen>
    );
  }
  return <EditUserScreen id={id} />;
}

function EditUserScreen({ id }: { id: string }) {
  const user = useSupplierUser(id);
  let content: ReactNode;
  if (user.isPending) {
    content = <LoadingState label="Loading the user…" />;
  } else if (user.isError) {
    const isUnknown = user.error instanceof ApiError && (user.error.status === 404 || user.error.status === 400);
    content = isUnknown ? (
      <>
        <p className="notice">We could not find that user. They may have been removed from your supplier.</p>
        <p>
          <Link to={supplierUsersPaths.supplierUsers()}>Back to users</Link>
        </p>
      </>
    ) : (
      <ErrorState message={`We could not load the user. ${user.error.message}`} onRetry={() => void user.refetch()} />
    );
  } else {
    content = (
      <>
        <p>Choose whether this person administers your supplier. Their name and email address belong to their own account.</p>
        <SupplierUserForm key={user.data.id} mode="edit" user={user.data} initialValues={user.data} />
      </>
    );
  }
  return <Screen title="Edit a user">{content}</Screen>;
}

function SupplierUserForm({
  mode,
  user,
  initialValues,
}: {
  mode: 'add' | 'edit';
  user?: SupplierUser;
  initialValues: UserFormValues;
}) {
  const supplier = useActiveSupplier();
  const navigate = useNavigate();
  const inviteUser = useInviteUser();
  const updateUser = useUpdateUser(String(user?.id ?? ''));
  const [values, setValues] = useState<UserFormValues>({
    name: initialValues.name,
    email: initialValues.email,
    isAdmin: initialValues.isAdmin,
  });
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
    void navigate(supplierUsersPaths.supplierUsers(), { state });
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
    const onError = (error: Error) => refuse(errorsFromServer(error, mode));
    if (mode === 'add') {
      const request = toInviteRequest(values);
      inviteUser.save(request, {
        onSuccess: () => done(`Invitation sent to ${request.email}.`),
        onError,
      });
    } else {
      const request = toUpdateRequest(values);
      updateUser.save(request, {
        onSuccess: (saved) => done(`Changes to ${saved.name} were saved.`),
        onError,
      });
    }
  }

  return (
    <form className="user-form" onSubmit={handleSubmit} noValidate>
      {hasErrors(errors) && <ErrorSummary ref={summaryRef} errors={summaryErrorsOf(errors, FIELD_IDS)} />}
      {mode === 'add' ? (
        <TextField
          field="name"
          label="Name"
          hint="Used in the invitation. Once the person signs in, their own account’s name is shown."
          value={values.name}
          maxLength={MAX_USER_NAME_LENGTH}
          autoComplete="off"
          error={errors.fields.name}
          onChange={(name) => setValues((current) => ({ ...current, name }))}
        />
      ) : (
        <TextField field="name" label="Name" hint="The name on the person’s own account." value={values.name} isReadOnly error={undefined} />
      )}
      {mode === 'add' ? (
        <TextField
          field="email"
          label="Email address"
          hint="The invitation is sent here. The person signs in with this address."
          type="email"
          value={values.email}
          maxLength={MAX_EMAIL_LENGTH}
          autoComplete="off"
          error={errors.fields.email}
          onChange={(email) => setValues((current) => ({ ...current, email }))}
        />
      ) : (
        <TextField
          field="email"
          label="Email address"
          hint="The address the person signs in with. It cannot be changed."
          type="email"
          value={values.email}
          isReadOnly
          error={errors.fields.email}
        />
      )}
      <div className="form-field form-checkbox">
        <input
          id="user-is-admin"
          className="form-checkbox__input"
          type="checkbox"
          checked={values.isAdmin}
          aria-describedby="user-is-admin-hint"
          onChange={(event) => {
            const isAdmin = event.currentTarget.checked;
            setValues((current) => ({ ...current, isAdmin }));
          }}
        />
        <label className="form-checkbox__label" htmlFor="user-is-admin">
          Administrator
        </label>
        <p className="form-field__hint form-checkbox__hint" id="user-is-admin-hint">
          Administrators of {supplier.tradingName} can add, edit and remove its users.
        </p>
      </div>
      <div className="form-actions">
        <button type="submit" className="button">
          {isPending ? 'Please wait…' : mode === 'add' ? 'Send invitation' : 'Save changes'}
        </button>
        <Link to={supplierUsersPaths.supplierUsers()}>Cancel</Link>
      </div>
    </form>
  );
}

function TextField({
  field,
  label,
  hint,
  type = 'text',
  value,
  maxLength,
  autoComplete,
  isReadOnly = false,
  error,
  onChange,
}: {
  field: UserFormField;
  label: string;
  hint?: string;
  type?: 'text' | 'email';
  value: string;
  maxLength?: number;
  autoComplete?: string;
  isReadOnly?: boolean;
  error: string | undefined;
  onChange?: (value: string) => void;
}) {
  const id = FIELD_IDS[field];
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint === undefined ? undefined : hintId, error === undefined ? undefined : errorId].filter(Boolean).join(' ');
  return (
    <div className={error === undefined ? 'form-field' : 'form-field form-field--error'}>
      <label className="form-field__label" htmlFor={id}>
        {label}
      </label>
      {hint !== undefined && (
        <p className="form-field__hint" id={hintId}>
          {hint}
        </p>
      )}
      {error !== undefined && (
        <p className="form-field__error" id={errorId}>
          <span className="visually-hidden">Error: </span>
          {error}
        </p>
      )}
      <input
        className={isReadOnly ? 'form-field__input form-field__input--read-only' : 'form-field__input'}
        id={id}
        name={field}
        type={type}
        value={value}
        // The schema's limit plus one: a longer paste is refused with a message, not cut silently.
        maxLength={maxLength === undefined ? undefined : maxLength + 1}
        autoComplete={autoComplete}
        spellCheck={false}
        readOnly={isReadOnly}
        aria-invalid={error === undefined ? undefined : true}
        aria-describedby={describedBy === '' ? undefined : describedBy}
        onChange={(event) => onChange?.(event.currentTarget.value)}
      />
    </div>
  );
}
