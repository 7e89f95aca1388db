/** A shortlist's suppliers (issue 31): each with its note (changed in place), who added it, and a way to remove it after confirmation. */
import { useEffect, useRef, useState, type SyntheticEvent } from 'react';
import { SHORTLIST_NOTE_MAX_LENGTH, shortlistNoteProblem, type ShortlistDetail, type ShortlistedSupplier } from '../../common/api/shortlists';
import { ApiError } from '../lib/api-error';
import { ConfirmDialog } from '../lib/components/confirm-dialog';
import { DataCell, DataRow, DataTable, RowHeader } from '../lib/components/data-table';
import { reloadPage } from '../lib/reload-page';
import { saveProblemMessage } from './shortlist-problems';
import { useRemoveShortlistSupplier, useSaveShortlistSupplier } from './shortlists-api';

export const LEFT_DIRECTORY_TEXT = 'No longer in the directory';

function editNoteButtonId(supplierId: number): string {
  return `edit-note-${String(supplierId)}`;
}

export function ShortlistSuppliersTable({
  shortlist,
  onMessage,
  onRemoved,
}: {
  shortlist: ShortlistDetail;
  onMessage: (message: string) => void;
  /** After a removal, whose button is gone: the screen moves focus. */
  onRemoved: () => void;
}) {
  const remove = useRemoveShortlistSupplier(shortlist.id);
  const [removing, setRemoving] = useState<ShortlistedSupplier | null>(null);
  const [removeError, setRemoveError] = useState<string | undefined>();
  const [editingId, setEditingId] = useState<number | null>(null);
  // Once a note's form closes, the focus goes back to its Edit note button, not to the page's body.
  const [closedNoteId, setClosedNoteId] = useState<number | null>(null);

  useEffect(() => {
    if (closedNoteId !== null) {
      document.getElementById(editNoteButtonId(closedNoteId))?.focus();
    }
  }, [closedNoteId]);

  function closeDialog() {
    setRemoving(null);
    setRemoveError(undefined);
    remove.reset();
  }

  function confirmRemove() {
    if (!removing) {
      return;
    }
    const supplier = removing;
    setRemoveError(undefined);
    remove.mutate(supplier.id, {
      onSuccess: () => {
        closeDialog();
        onMessage(`${supplier.name} was removed from the shortlist.`);
        onRemoved();
      },
      onError: (error) => {
        if (error instanceof ApiError && error.isSessionExpired) {
          reloadPage();
          return;
        }
        setRemoveError(saveProblemMessage(error));
      },
    });
  }

  return (
    <section aria-labelledby="suppliers-heading">
      <h2 id="suppliers-heading">Suppliers</h2>
      {shortlist.suppliers.length === 0 ? (
        <p>There are no suppliers on this shortlist yet. Search the directory below to add one.</p>
      ) : (
        <DataTable caption={`Suppliers on ${shortlist.name}`} columns={['Name', 'Note', 'Added by', 'Actions']}>
          {shortlist.suppliers.map((supplier) => (
            <DataRow key={supplier.id}>
              <RowHeader>
                {supplier.name}
                {!supplier.isListed && <span className="shortlist__left"> ({LEFT_DIRECTORY_TEXT})</span>}
              </RowHeader>
              <DataCell label="Note">
                {editingId === supplier.id ? (
                  <NoteForm
                    shortlistId={shortlist.id}
                    supplier={supplier}
                    onDone={(saved) => {
                      setEditingId(null);
                      setClosedNoteId(supplier.id);
                      if (saved) {
                        onMessage(`The note on ${supplier.name} was saved.`);
                      }
                    }}
                  />
                ) : (
                  <>
                    <p className="shortlist__note">{supplier.note === '' ? 'No note' : supplier.note}</p>
                    <button
                      type="button"
                      id={editNoteButtonId(supplier.id)}
                      className="link-button"
                      onClick={() => {
                        setClosedNoteId(null);
                        setEditingId(supplier.id);
                      }}
                    >
                      Edit note<span className="visually-hidden"> on {supplier.name}</span>
                    </button>
                  </>
                )}
              </DataCell>
              <DataCell label="Added by">
                {supplier.addedByName ?? 'A former member of your agency'}, <time dateTime={supplier.addedAt}>{new Date(supplier.addedAt).toLocaleDateString('en-NZ')}</time>
              </DataCell>
              <DataCell label="Actions">
                <button type="button" className="link-button" onClick={() => setRemoving(supplier)}>
                  Remove<span className="visually-hidden"> {supplier.name}</span>
                </button>
              </DataCell>
            </DataRow>
          ))}
        </DataTable>
      )}
      {removing && (
        <ConfirmDialog
          title={`Remove ${removing.name} from the shortlist?`}
          confirmLabel="Remove supplier"
          isPending={remove.isPending}
          errorMessage={removeError}
          onConfirm={confirmRemove}
          onCancel={closeDialog}
        >
          <p>Its note will be deleted too. You can add the supplier again later.</p>
        </ConfirmDialog>
      )}
    </section>
  );
}

function NoteForm({ shortlistId, supplier, onDone }: { shortlistId: number; supplier: ShortlistedSupplier; onDone: (saved: boolean) => void }) {
  const save = useSaveShortlistSupplier(shortlistId);
  const [note, setNote] = useState(supplier.note);
  const [error, setError] = useState<string | undefined>();
  const fieldRef = useRef<HTMLTextAreaElement>(null);
  const fieldId = `note-${String(supplier.id)}`;

  useEffect(() => {
    fieldRef.current?.focus();
  }, []);

  function handleSubmit(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    if (save.isSaving) {
      return;
    }
    const problem = shortlistNoteProblem(note);
    if (problem !== null) {
      setError(problem);
      return;
    }
    setError(undefined);
    save.save({ supplierId: supplier.id, note: note.trim() }, { onSuccess: () => onDone(true), onError: (failure) => setError(saveProblemMessage(failure)) });
  }

  return (
    <form className="shortlist__note-form" onSubmit={handleSubmit} noValidate>
      <div className={error === undefined ? 'form-field' : 'form-field form-field--error'}>
        <label className="form-field__label" htmlFor={fieldId}>
          Note on {supplier.name}
        </label>
        {error !== undefined && (
          <p className="form-field__error" id={`${fieldId}-error`}>
            <span className="visually-hidden">Error: </span>
            {error}
          </p>
        )}
        <textarea
          ref={fieldRef}
          className="form-field__input"
          id={fieldId}
          rows={3}
          value={note}
          maxLength={SHORTLIST_NOTE_MAX_LENGTH + 1}
          aria-invalid={error === undefined ? undefined : true}
          aria-describedby={error === undefined ? undefined : `${fieldId}-error`}
          onChange={(event) => setNote(event.currentTarget.value)}
        />
      </div>
      <div className="form-actions">
        <button type="submit" className="button" aria-disabled={save.isSaving || undefined}>
          {save.isSaving ? 'Please wait…' : 'Save'}
          <span className="visually-hidden"> the note on {supplier.name}</span>
        </button>
        <button type="button" className="link-button" onClick={() => onDone(false)}>
          Cancel
        </button>
      </div>
    </form>
  );
}
