/**
 * Asking the supplier for changes to a listing waiting for review: a GOV.UK textarea, required and
 * at most THREAD_CONTENT_MAX_LENGTH characters (the reasons reach the supplier as a message), with
 * an error summary and the error by the field. The server's own refusal of the reasons shows the same way.
 */
import { useId, useRef, useState, type SyntheticEvent } from 'react';
import { LISTING_CHANGES_REASON_MISSING } from '../../common/api/team-listings';
import { THREAD_CONTENT_MAX_LENGTH } from '../../common/api/threads';
import { ErrorSummary } from '../lib/components/error-summary';
import { useFocusAfterRender } from '../lib/use-focus-after-render';

export const CHANGES_REASON_TOO_LONG = `The reasons must be ${THREAD_CONTENT_MAX_LENGTH.toLocaleString('en-NZ')} characters or fewer`;

/** What is wrong with the reasons as typed: null when they may be sent. */
export function changesReasonProblem(reason: string): string | null {
  const text = reason.trim();
  if (text === '') {
    return LISTING_CHANGES_REASON_MISSING;
  }
  return text.length > THREAD_CONTENT_MAX_LENGTH ? CHANGES_REASON_TOO_LONG : null;
}

export function TeamListingChangesForm({
  supplierName,
  isSending,
  serverProblem,
  onSend,
}: {
  supplierName: string;
  isSending: boolean;
  /** The server's refusal of the reasons (a 400), shown as the field's error. */
  serverProblem: string | null;
  /** The reasons, trimmed, once they are valid. */
  onSend: (reason: string) => void;
}) {
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  const focusAfterRender = useFocusAfterRender();
  const ids = useId();
  const fieldId = `${ids}-reason`;
  const hintId = `${ids}-hint`;
  const errorId = `${ids}-error`;
  const shown = problem ?? serverProblem;

  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSending) {
      return;
    }
    const found = changesReasonProblem(reason);
    setProblem(found);
    if (found !== null) {
      // The summary takes focus itself when its errors change; again on a repeated submit.
      focusAfterRender(summaryRef);
      return;
    }
    onSend(reason.trim());
  };

  return (
    <section className="team-listing-review__changes" aria-labelledby={`${ids}-heading`}>
      <h3 id={`${ids}-heading`}>Ask for changes</h3>
      <ErrorSummary errors={shown ? [{ fieldId, message: shown }] : []} headingLevel={4} ref={summaryRef} />
      <form noValidate onSubmit={submit}>
        <div className={`form-field${shown ? ' form-field--error' : ''}`}>
          <label className="form-field__label" htmlFor={fieldId}>
            What does the supplier need to change?
          </label>
          <p className="form-field__hint" id={hintId}>
            {supplierName} reads this as a message from the team and changes the listing before sending it again. You can enter up to{' '}
            {THREAD_CONTENT_MAX_LENGTH.toLocaleString('en-NZ')} characters.
          </p>
          {shown && (
            <p className="form-field__error" id={errorId}>
              <span className="visually-hidden">Error: </span>
              {shown}
            </p>
          )}
          <textarea
            className="form-field__input"
            id={fieldId}
            rows={5}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            aria-describedby={shown ? `${hintId} ${errorId}` : hintId}
            aria-invalid={shown ? true : undefined}
          />
        </div>
        {/* Not disabled while sending: a disabled button would drop the keyboard focus. */}
        <button type="submit" className="button button--secondary">
          {isSending ? 'Sending…' : 'Send the listing back'}
        </button>
      </form>
    </section>
  );
}
