/** /shortlists/new (issue 31): names a new shortlist, then opens it. */
import '../styles/supplier-users.css';
import { useRef, useState, type SyntheticEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { SHORTLIST_NAME_MAX_LENGTH, shortlistNameProblem } from '../../common/api/shortlists';
import { ErrorSummary } from '../lib/components/error-summary';
import { Screen } from '../lib/components/screen';
import { TextField } from '../lib/components/text-field';
import type { FlashState } from '../lib/use-flash-message';
import { useFocusAfterRender } from '../lib/use-focus-after-render';
import { useCreateShortlist } from './shortlists-api';
import { shortlistsPaths } from './shortlists-paths';
import { saveProblemMessage } from './shortlist-problems';

export const SHORTLIST_NAME_FIELD_ID = 'shortlist-name';

export function NewShortlistScreen() {
  const navigate = useNavigate();
  const create = useCreateShortlist();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  const summaryRef = useRef<HTMLDivElement>(null);
  const focusAfterRender = useFocusAfterRender();

  function refuse(message: string) {
    setError(message);
    // Every refusal, even with the same errors: the summary is read first again.
    focusAfterRender(summaryRef);
  }

  function handleSubmit(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    if (create.isSaving) {
      return;
    }
    const problem = shortlistNameProblem(name);
    if (problem !== null) {
      refuse(problem);
      return;
    }
    setError(undefined);
    create.save(
      { name: name.trim() },
      {
        onSuccess: (saved) => {
          const state: FlashState = { message: `Your shortlist ${saved.name} was made. Add suppliers to it below.` };
          void navigate(shortlistsPaths.shortlist(saved.id), { state });
        },
        onError: (failure) => refuse(saveProblemMessage(failure)),
      },
    );
  }

  return (
    <Screen title="Name your shortlist">
      <p>Only you will see the shortlist until you share it with your agency.</p>
      <form className="user-form" onSubmit={handleSubmit} noValidate>
        {error !== undefined && <ErrorSummary ref={summaryRef} errors={[{ fieldId: SHORTLIST_NAME_FIELD_ID, message: error }]} />}
        <TextField
          id={SHORTLIST_NAME_FIELD_ID}
          label="Name"
          hint={`For example, the piece of work it is for. Up to ${String(SHORTLIST_NAME_MAX_LENGTH)} characters.`}
          value={name}
          maxLength={SHORTLIST_NAME_MAX_LENGTH}
          error={error}
          onChange={setName}
        />
        <div className="form-actions">
          {/* Not disabled while saving: a disabled button would drop the keyboard focus. */}
          <button type="submit" className="button" aria-disabled={create.isSaving || undefined}>
            {create.isSaving ? 'Please wait…' : 'Make the shortlist'}
          </button>
          <Link to={shortlistsPaths.shortlists()}>Cancel</Link>
        </div>
      </form>
    </Screen>
  );
}
