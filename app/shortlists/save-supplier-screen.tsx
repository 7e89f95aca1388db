/**
 * /shortlists/save/{supplierId} (issue 31): a buyer saves a supplier found on the public directory's
 * pages to one of the shortlists they see, or to a new one, with a note; then that shortlist opens.
 */
import '../styles/supplier-users.css';
import { useRef, useState, type SyntheticEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  type DirectorySupplierResponse,
  SHORTLIST_NAME_MAX_LENGTH,
  shortlistNameProblem,
  shortlistNoteProblem,
  type ShortlistSummary,
} from '../../common/api/shortlists';
import { DIRECTORY_PATH, supplierProfilePath } from '../../common/site-paths';
import { ApiError, describeApiFailure } from '../lib/api-error';
import { ErrorState } from '../lib/components/error-state';
import { ErrorSummary, summaryErrorsOf, type FormProblems } from '../lib/components/error-summary';
import { LoadingState } from '../lib/components/loading-state';
import { Radios } from '../lib/components/radios';
import { Screen } from '../lib/components/screen';
import { TextField } from '../lib/components/text-field';
import type { FlashState } from '../lib/use-flash-message';
import { useFocusAfterRender } from '../lib/use-focus-after-render';
import { useRecordIdParam } from '../lib/use-record-id-param';
import { ShortlistNoteField } from './shortlist-note-field';
import { saveProblemMessage } from './shortlist-problems';
import { useDirectorySupplier, useSaveToShortlist, useShortlists } from './shortlists-api';
import { shortlistsPaths } from './shortlists-paths';

export const NOT_IN_DIRECTORY_MESSAGE = 'We could not find that supplier in the directory. It may no longer be approved, or the link may be wrong.';
export const CHOOSE_SHORTLIST_MESSAGE = 'Select a shortlist, or a new one';

/** The form's fields in page order, for the error summary. */
const FIELD_IDS = { choice: 'save-shortlist-choice', name: 'save-shortlist-name', note: 'save-shortlist-note' } as const;
type Field = keyof typeof FIELD_IDS;

const NEW_SHORTLIST = 'new';
type Choice = number | typeof NEW_SHORTLIST;

export function SaveSupplierScreen() {
  const supplierId = useRecordIdParam('supplierId');
  const supplier = useDirectorySupplier(supplierId);
  const shortlists = useShortlists();
  if (supplierId === 0 || (supplier.error instanceof ApiError && supplier.error.status === 404)) {
    return (
      <Screen title="Save a supplier to a shortlist">
        <p className="notice">{NOT_IN_DIRECTORY_MESSAGE}</p>
        <p>
          <a href={DIRECTORY_PATH}>Search the approved suppliers</a>
        </p>
      </Screen>
    );
  }
  if (supplier.isError || shortlists.isError) {
    const retry = () => {
      void supplier.refetch();
      void shortlists.refetch();
    };
    return (
      <Screen title="Save a supplier to a shortlist">
        <ErrorState message={`We could not load your shortlists. ${describeApiFailure(supplier.error ?? shortlists.error)}`} onRetry={retry} />
      </Screen>
    );
  }
  if (supplier.isPending || shortlists.isPending) {
    return (
      <Screen title="Save a supplier to a shortlist">
        <LoadingState label="Loading your shortlists…" />
      </Screen>
    );
  }
  return <SaveSupplierForm supplier={supplier.data} shortlists={shortlists.data.shortlists} />;
}

function SaveSupplierForm({ supplier, shortlists }: { supplier: DirectorySupplierResponse; shortlists: readonly ShortlistSummary[] }) {
  const navigate = useNavigate();
  const save = useSaveToShortlist(supplier.id);
  // With no shortlist yet, the only choice is a new one: the form asks its name alone.
  const [choice, setChoice] = useState<Choice | undefined>(shortlists.length === 0 ? NEW_SHORTLIST : undefined);
  const [name, setName] = useState('');
  const [note, setNote] = useState('');
  const [problems, setProblems] = useState<FormProblems<Field>>({ general: [], fields: {} });
  const summaryRef = useRef<HTMLDivElement>(null);
  const focusAfterRender = useFocusAfterRender();
  const holding = new Set(supplier.onShortlists.map((shortlist) => shortlist.id));

  function refuse(refused: FormProblems<Field>) {
    setProblems(refused);
    // Every refusal, even with the same errors: the summary is read first again.
    focusAfterRender(summaryRef);
  }

  function handleSubmit(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    if (save.isSaving) {
      return;
    }
    const fields: FormProblems<Field>['fields'] = {};
    if (choice === undefined) {
      fields.choice = CHOOSE_SHORTLIST_MESSAGE;
    }
    const nameProblem = choice === NEW_SHORTLIST ? shortlistNameProblem(name) : null;
    if (nameProblem !== null) {
      fields.name = nameProblem;
    }
    const noteProblem = shortlistNoteProblem(note);
    if (noteProblem !== null) {
      fields.note = noteProblem;
    }
    if (choice === undefined || Object.keys(fields).length > 0) {
      refuse({ general: [], fields });
      return;
    }
    setProblems({ general: [], fields: {} });
    save.save(
      { choice: choice === NEW_SHORTLIST ? { newName: name.trim() } : { shortlistId: choice }, note: note.trim() },
      {
        onSuccess: (saved) => {
          const state: FlashState = { message: `${supplier.name} was saved to ${saved.name}.` };
          void navigate(shortlistsPaths.shortlist(saved.id), { state });
        },
        onError: (failure) => refuse({ general: [saveProblemMessage(failure)], fields: {} }),
      },
    );
  }

  const errors = summaryErrorsOf(problems, FIELD_IDS);
  return (
    <Screen title={`Save ${supplier.name} to a shortlist`}>
      {supplier.onShortlists.length > 0 && (
        <p>
          {supplier.name} is already on {supplier.onShortlists.length === 1 ? 'your shortlist' : 'your shortlists'}{' '}
          {supplier.onShortlists.map((shortlist, index) => (
            <span key={shortlist.id}>
              {index > 0 && ', '}
              <Link to={shortlistsPaths.shortlist(shortlist.id)}>{shortlist.name}</Link>
            </span>
          ))}
          .
        </p>
      )}
      <form className="user-form" onSubmit={handleSubmit} noValidate>
        {errors.length > 0 && <ErrorSummary ref={summaryRef} errors={errors} />}
        {shortlists.length === 0 ? (
          <p>You have no shortlists yet. Name a new one to save {supplier.name} to it.</p>
        ) : (
          <Radios<Choice>
            id={FIELD_IDS.choice}
            name="shortlist"
            legend="Which shortlist?"
            hint="The shortlists you made, and those your colleagues shared with your agency."
            options={[
              ...shortlists.map((shortlist) => ({ value: shortlist.id, label: holding.has(shortlist.id) ? `${shortlist.name} (already on it)` : shortlist.name })),
              { value: NEW_SHORTLIST, label: 'A new shortlist' },
            ]}
            value={choice}
            error={problems.fields.choice}
            onChange={setChoice}
          />
        )}
        {choice === NEW_SHORTLIST && (
          <TextField
            id={FIELD_IDS.name}
            label="Name of the new shortlist"
            hint={`For example, the piece of work it is for. Up to ${String(SHORTLIST_NAME_MAX_LENGTH)} characters. Only you will see it until you share it.`}
            value={name}
            maxLength={SHORTLIST_NAME_MAX_LENGTH}
            error={problems.fields.name}
            onChange={setName}
          />
        )}
        <ShortlistNoteField
          id={FIELD_IDS.note}
          hint="For example, why it suits the work. Left empty, a note it already has on that shortlist stays."
          value={note}
          error={problems.fields.note}
          onChange={setNote}
        />
        <div className="form-actions">
          {/* Not disabled while saving: a disabled button would drop the keyboard focus. */}
          <button type="submit" className="button" aria-disabled={save.isSaving || undefined}>
            {save.isSaving ? 'Saving…' : 'Save to the shortlist'}
          </button>
          <a href={supplierProfilePath(supplier.id)}>Cancel</a>
        </div>
      </form>
    </Screen>
  );
}
