/** The search of the directory on a shortlist's screen (issue 31): suppliers by keyword, each added with an optional note. */
import { useState, type SyntheticEvent } from 'react';
import { DIRECTORY_KEYWORD_MAX_LENGTH } from '../../common/directory';
import { shortlistNoteProblem, type ShortlistDetail } from '../../common/api/shortlists';
import { describeApiFailure } from '../lib/api-error';
import { ErrorState } from '../lib/components/error-state';
import { LoadingState } from '../lib/components/loading-state';
import { ShortlistNoteField } from './shortlist-note-field';
import { saveProblemMessage } from './shortlist-problems';
import { useDirectorySuppliers, useSaveShortlistSupplier } from './shortlists-api';

export const SEARCH_FIELD_ID = 'shortlist-search';
const NOTE_FIELD_ID = 'shortlist-add-note';

export function AddSupplierSection({ shortlist, onMessage }: { shortlist: ShortlistDetail; onMessage: (message: string) => void }) {
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | undefined>();
  const [addError, setAddError] = useState<string | undefined>();
  const results = useDirectorySuppliers(keyword);
  const add = useSaveShortlistSupplier(shortlist.id);
  const onShortlist = new Set(shortlist.suppliers.map((supplier) => supplier.id));

  function handleSearch(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    setKeyword(typed.trim());
  }

  function addSupplier(supplierId: number, name: string) {
    if (add.isSaving) {
      return;
    }
    const problem = shortlistNoteProblem(note);
    setNoteError(problem ?? undefined);
    setAddError(undefined);
    if (problem !== null) {
      document.getElementById(NOTE_FIELD_ID)?.focus();
      return;
    }
    add.save(
      { supplierId, note: note.trim() },
      {
        onSuccess: () => {
          setNote('');
          onMessage(`${name} was added to the shortlist.`);
        },
        onError: (failure) => setAddError(saveProblemMessage(failure)),
      },
    );
  }

  return (
    <section aria-labelledby="add-supplier-heading">
      <h2 id="add-supplier-heading">Add a supplier</h2>
      <form className="shortlist__search" role="search" aria-label="Search the directory for suppliers" onSubmit={handleSearch}>
        <div className="form-field">
          <label className="form-field__label" htmlFor={SEARCH_FIELD_ID}>
            Search the directory
          </label>
          <p className="form-field__hint" id={`${SEARCH_FIELD_ID}-hint`}>
            A supplier’s name, or words about what it does.
          </p>
          <input
            className="form-field__input"
            id={SEARCH_FIELD_ID}
            type="search"
            value={typed}
            maxLength={DIRECTORY_KEYWORD_MAX_LENGTH}
            aria-describedby={`${SEARCH_FIELD_ID}-hint`}
            onChange={(event) => setTyped(event.currentTarget.value)}
          />
        </div>
        <button type="submit" className="button button--secondary">
          Search
        </button>
      </form>
      <ShortlistNoteField
        id={NOTE_FIELD_ID}
        hint="Saved with the next supplier you add, for example why it suits the work."
        value={note}
        error={noteError}
        onChange={setNote}
      />
      {addError !== undefined && (
        <p className="alert alert--error" role="alert">
          {addError}
        </p>
      )}
      {keyword === '' ? null : results.isPending ? (
        <LoadingState label="Searching the directory…" />
      ) : results.isError ? (
        <ErrorState message={`We could not search the directory. ${describeApiFailure(results.error)}`} onRetry={() => void results.refetch()} />
      ) : results.data.results.length === 0 ? (
        <p role="status">No supplier in the directory matches ‘{keyword}’.</p>
      ) : (
        <>
          <p role="status">
            {results.data.total === 1 ? '1 supplier matches' : `${String(results.data.total)} suppliers match`} ‘{keyword}’
            {results.data.total > results.data.results.length ? `, the first ${String(results.data.results.length)} shown` : ''}.
          </p>
          <ul className="shortlist__results" aria-label="Suppliers found">
            {results.data.results.map((result) => (
              <li key={result.id} className="shortlist__result">
                <span className="shortlist__result-name">{result.title}</span>{' '}
                {onShortlist.has(result.id) ? (
                  <span className="shortlist__on-list">On this shortlist</span>
                ) : (
                  <button
                    type="button"
                    className="button button--secondary"
                    aria-disabled={add.isSaving || undefined}
                    onClick={() => addSupplier(result.id, result.title)}
                  >
                    {add.isSaving && add.savingWith?.supplierId === result.id ? 'Adding…' : 'Add to this shortlist'}
                    <span className="visually-hidden"> {result.title}</span>
                  </button>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
