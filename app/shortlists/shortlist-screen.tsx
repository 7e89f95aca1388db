/**
 * /shortlists/{id} (issue 31): one shortlist, its suppliers with their notes, and a search of the
 * directory to add more. Whoever sees it adds, removes and writes notes; its maker (or an admin of
 * the agency) also shares, renames and deletes it.
 */
import '../styles/supplier-users.css';
import { useState, type ReactNode, type SyntheticEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { type ShortlistDetail, SHORTLIST_NAME_MAX_LENGTH, shortlistNameProblem } from '../../common/api/shortlists';
import { formatDateTime } from '../../common/dates';
import { ApiError, describeApiFailure } from '../lib/api-error';
import { ConfirmDialog } from '../lib/components/confirm-dialog';
import { ErrorState } from '../lib/components/error-state';
import { LoadingState } from '../lib/components/loading-state';
import { Screen } from '../lib/components/screen';
import { TextField } from '../lib/components/text-field';
import { CsvDownload } from '../lib/lists/csv-download';
import { reloadPage } from '../lib/reload-page';
import { useFlashMessage, type FlashState } from '../lib/use-flash-message';
import { useHeadingFocus } from '../lib/use-heading-focus';
import { useRecordIdParam } from '../lib/use-record-id-param';
import { AddSupplierSection } from './add-supplier-section';
import { NOT_MANAGER_MESSAGE, saveProblemMessage } from './shortlist-problems';
import { ShortlistSuppliersTable } from './shortlist-suppliers-table';
import { shortlistApiPath, useDeleteShortlist, useShortlist, useUpdateShortlist } from './shortlists-api';
import { shortlistsPaths } from './shortlists-paths';
import { supplierCountText } from './shortlists-screen';

export const NO_SUCH_SHORTLIST_MESSAGE = 'We could not find that shortlist. It may have been deleted, or not shared with you.';

export function ShortlistScreen() {
  const id = useRecordIdParam();
  const shortlist = useShortlist(id);
  let content: ReactNode;
  if (id === 0 || (shortlist.isError && shortlist.error instanceof ApiError && shortlist.error.status === 404)) {
    content = <NoSuchShortlist />;
  } else if (shortlist.isPending) {
    content = <LoadingState label="Loading the shortlist…" />;
  } else if (shortlist.isError) {
    content = <ErrorState message={`We could not load the shortlist. ${describeApiFailure(shortlist.error)}`} onRetry={() => void shortlist.refetch()} />;
  } else {
    return <ShortlistView shortlist={shortlist.data} />;
  }
  return <Screen title="Shortlist">{content}</Screen>;
}

function NoSuchShortlist() {
  return (
    <>
      <p className="notice">{NO_SUCH_SHORTLIST_MESSAGE}</p>
      <p>
        <Link to={shortlistsPaths.shortlists()}>Back to shortlists</Link>
      </p>
    </>
  );
}

function ShortlistView({ shortlist }: { shortlist: ShortlistDetail }) {
  const navigate = useNavigate();
  const update = useUpdateShortlist(shortlist.id);
  const remove = useDeleteShortlist(shortlist.id);
  const { headingRef, focusHeading } = useHeadingFocus();
  const [message, setMessage] = useFlashMessage();
  const [actionError, setActionError] = useState<string | undefined>();
  const [isDeleting, setIsDeleting] = useState(false);
  const [deleteError, setDeleteError] = useState<string | undefined>();

  function toggleSharing() {
    if (update.isSaving) {
      return;
    }
    setActionError(undefined);
    const isShared = !shortlist.isShared;
    update.save(
      { isShared },
      {
        onSuccess: () => setMessage(isShared ? 'The shortlist is now shared with everyone in your agency.' : 'The shortlist is no longer shared. Only you see it.'),
        onError: (error) => setActionError(saveProblemMessage(error)),
      },
    );
  }

  function confirmDelete() {
    setDeleteError(undefined);
    remove.mutate(undefined, {
      onSuccess: () => {
        const state: FlashState = { message: `The shortlist ${shortlist.name} was deleted.` };
        void navigate(shortlistsPaths.shortlists(), { state });
      },
      onError: (error) => {
        // Spec §8: a change that finds the session expired reloads the page.
        if (error instanceof ApiError && error.isSessionExpired) {
          reloadPage();
          return;
        }
        setDeleteError(saveProblemMessage(error));
      },
    });
  }

  return (
    <div className="screen shortlist-screen">
      <h1 ref={headingRef} tabIndex={-1}>
        {shortlist.name}
      </h1>
      <p>
        {shortlist.isShared ? 'Shared with everyone in your agency.' : 'Only you see this shortlist.'} Made by{' '}
        {shortlist.createdByName ?? 'a former member of your agency'}. {supplierCountText(shortlist.suppliers.length)}. Last changed{' '}
        <time dateTime={shortlist.updatedAt}>{formatDateTime(shortlist.updatedAt)}</time>.
      </p>
      <div role="status" className="users-screen__message">
        {message !== '' && <p className="alert alert--success">{message}</p>}
      </div>
      {actionError !== undefined && (
        <p className="alert alert--error" role="alert">
          {actionError}
        </p>
      )}
      {shortlist.canManage ? (
        <div className="form-actions">
          {/* Not disabled while saving: a disabled button would drop the keyboard focus. */}
          <button type="button" className="button button--secondary" aria-disabled={update.isSaving || undefined} onClick={toggleSharing}>
            {shortlist.isShared ? 'Stop sharing' : 'Share with your agency'}
          </button>
          <button type="button" className="button button--secondary" onClick={() => setIsDeleting(true)}>
            Delete this shortlist
          </button>
        </div>
      ) : (
        <p>{NOT_MANAGER_MESSAGE}</p>
      )}
      <CsvDownload
        path={`${shortlistApiPath(shortlist.id)}/export.csv`}
        fileName={`shortlist-${String(shortlist.id)}.csv`}
        description="Each supplier with the services it is approved for, prices where published, and your notes."
      />
      <ShortlistSuppliersTable shortlist={shortlist} onMessage={setMessage} onRemoved={focusHeading} />
      <AddSupplierSection shortlist={shortlist} onMessage={setMessage} />
      {shortlist.canManage && <RenameSection shortlist={shortlist} onMessage={setMessage} />}
      <p>
        <Link to={shortlistsPaths.shortlists()}>Back to shortlists</Link>
      </p>
      {isDeleting && (
        <ConfirmDialog
          title={`Delete ${shortlist.name}?`}
          confirmLabel="Delete shortlist"
          isPending={remove.isPending}
          errorMessage={deleteError}
          onConfirm={confirmDelete}
          onCancel={() => {
            setIsDeleting(false);
            setDeleteError(undefined);
            remove.reset();
          }}
        >
          <p>The shortlist and its notes will be deleted for everyone who sees it. You cannot undo this.</p>
        </ConfirmDialog>
      )}
    </div>
  );
}

const RENAME_FIELD_ID = 'shortlist-new-name';

function RenameSection({ shortlist, onMessage }: { shortlist: ShortlistDetail; onMessage: (message: string) => void }) {
  const update = useUpdateShortlist(shortlist.id);
  const [name, setName] = useState(shortlist.name);
  const [error, setError] = useState<string | undefined>();

  function handleSubmit(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    if (update.isSaving) {
      return;
    }
    const problem = shortlistNameProblem(name);
    if (problem !== null) {
      setError(problem);
      return;
    }
    setError(undefined);
    update.save(
      { name: name.trim() },
      { onSuccess: (saved) => onMessage(`The shortlist was renamed ${saved.name}.`), onError: (failure) => setError(saveProblemMessage(failure)) },
    );
  }

  return (
    <section aria-labelledby="rename-heading">
      <h2 id="rename-heading">Rename the shortlist</h2>
      <form className="user-form" onSubmit={handleSubmit} noValidate>
        <TextField
          id={RENAME_FIELD_ID}
          label="New name"
          hint={`Up to ${String(SHORTLIST_NAME_MAX_LENGTH)} characters.`}
          value={name}
          maxLength={SHORTLIST_NAME_MAX_LENGTH}
          error={error}
          onChange={setName}
        />
        <button type="submit" className="button button--secondary" aria-disabled={update.isSaving || undefined}>
          {update.isSaving ? 'Please wait…' : 'Rename'}
        </button>
      </form>
    </section>
  );
}
