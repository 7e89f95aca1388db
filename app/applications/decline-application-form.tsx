/**
 * The reasons for declining an application: a GOV.UK textarea, required and at most
 * THREAD_CONTENT_MAX_LENGTH characters (they are sent to the supplier as a message), with an error
 * summary and the error on the field. Continuing asks for confirmation (the screen's dialog).
 */
import { useEffect, useId, useRef, useState, type SyntheticEvent } from 'react';
import { THREAD_CONTENT_MAX_LENGTH } from '../../common/api/threads';
import { ErrorSummary } from '../lib/components/error-summary';
import { useFocusAfterRender } from '../lib/use-focus-after-render';

export const REASONS_REQUIRED_MESSAGE = 'Enter the reasons for declining the application';
export const REASONS_TOO_LONG_MESSAGE = `The reasons must be ${THREAD_CONTENT_MAX_LENGTH.toLocaleString('en-NZ')} characters or fewer`;

/** What is wrong with the reasons as typed: null when they may be sent. */
export function declineReasonsProblem(reasons: string): string | null {
  const text = reasons.trim();
  if (text === '') {
    return REASONS_REQUIRED_MESSAGE;
  }
  return text.length > THREAD_CONTENT_MAX_LENGTH ? REASONS_TOO_LONG_MESSAGE : null;
}

export function DeclineApplicationForm({
  supplierName,
  onContinue,
  onCancel,
}: {
  supplierName: string;
  /** The reasons, trimmed, once they are valid. */
  onContinue: (reasons: string) => void;
  onCancel: () => void;
}) {
  const [reasons, setReasons] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  const focusAfterRender = useFocusAfterRender();
  const ids = useId();
  const fieldId = `${ids}-reasons`;
  const hintId = `${ids}-hint`;
  const errorId = `${ids}-error`;

  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = declineReasonsProblem(reasons);
    setProblem(found);
    if (found !== null) {
      // The summary takes focus itself when its errors change; again on a repeated submit.
      focusAfterRender(summaryRef);
      return;
    }
    onContinue(reasons.trim());
  };

  return (
    <section className="decline-form" aria-labelledby={`${ids}-heading`}>
      <h3 id={`${ids}-heading`} ref={headingRef} tabIndex={-1}>
        Decline the application
      </h3>
      <ErrorSummary errors={problem ? [{ fieldId, message: problem }] : []} headingLevel={4} ref={summaryRef} />
      <form noValidate onSubmit={submit}>
        <div className={`form-field${problem ? ' form-field--error' : ''}`}>
          <label className="form-field__label" htmlFor={fieldId}>
            Reasons for declining
          </label>
          <p className="form-field__hint" id={hintId}>
            {supplierName} reads these as a message from the team on this application. You can enter up to{' '}
            {THREAD_CONTENT_MAX_LENGTH.toLocaleString('en-NZ')} characters.
          </p>
          {problem && (
            <p className="form-field__error" id={errorId}>
              <span className="visually-hidden">Error: </span>
              {problem}
            </p>
          )}
          <textarea
            className="form-field__input"
            id={fieldId}
            rows={5}
            value={reasons}
            onChange={(event) => setReasons(event.currentTarget.value)}
            aria-describedby={problem ? `${hintId} ${errorId}` : hintId}
            aria-invalid={problem ? true : undefined}
          />
        </div>
        <div className="form-actions">
          <button type="submit" className="button button--danger">
            Continue to decline
          </button>
          <button type="button" className="button button--secondary" onClick={onCancel}>
            Cancel
          </button>
        </div>
      </form>
    </section>
  );
}
