/**
 * The team's reasons for a decision on a listing that the supplier reads as a message (asking for
 * changes, suspending): a GOV.UK textarea, required and at most THREAD_CONTENT_MAX_LENGTH
 * characters, with an error summary and the error by the field. The server's own refusal of the
 * reasons shows the same way.
 */
import { useId, useRef, useState, type ReactNode, type SyntheticEvent } from 'react';
import { THREAD_CONTENT_MAX_LENGTH } from '../../common/api/threads';
import { ErrorSummary } from '../lib/components/error-summary';
import { useFocusAfterRender } from '../lib/use-focus-after-render';

export const REASONS_TOO_LONG = `The reasons must be ${THREAD_CONTENT_MAX_LENGTH.toLocaleString('en-NZ')} characters or fewer`;

/** What is wrong with the reasons as typed (`missing` when there are none): null when they may be sent. */
export function reasonsProblem(reason: string, missing: string): string | null {
  const text = reason.trim();
  if (text === '') {
    return missing;
  }
  return text.length > THREAD_CONTENT_MAX_LENGTH ? REASONS_TOO_LONG : null;
}

export interface TeamListingReasonsFormProps {
  /** The field's question. */
  label: string;
  /** Who reads the reasons and what happens next, before the length the field takes. */
  hint: ReactNode;
  /** The error when nothing is typed. */
  missingMessage: string;
  submitLabel: string;
  /** The submit button's words while the reasons are sent. */
  sendingLabel: string;
  /** A decision that takes something away (suspending) has a red button. */
  isDestructive?: boolean;
  /** The error summary's heading level: one below the heading the form sits under. */
  summaryHeadingLevel: 3 | 4;
  /** The textarea's id, for a screen that moves the focus to it when the form appears. */
  fieldId?: string;
  isSending: boolean;
  /** The server's refusal of the reasons (a 400), shown as the field's error. */
  serverProblem: string | null;
  /** The reasons, trimmed, once they are valid. */
  onSend: (reason: string) => void;
  /** When given, a Cancel button beside the submit button. */
  onCancel?: () => void;
}

export function TeamListingReasonsForm({
  label,
  hint,
  missingMessage,
  submitLabel,
  sendingLabel,
  isDestructive = false,
  summaryHeadingLevel,
  fieldId: givenFieldId,
  isSending,
  serverProblem,
  onSend,
  onCancel,
}: TeamListingReasonsFormProps) {
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  const focusAfterRender = useFocusAfterRender();
  const ids = useId();
  const fieldId = givenFieldId ?? `${ids}-reason`;
  const hintId = `${ids}-hint`;
  const errorId = `${ids}-error`;
  const shown = problem ?? serverProblem;

  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSending) {
      return;
    }
    const found = reasonsProblem(reason, missingMessage);
    setProblem(found);
    if (found !== null) {
      // The summary takes focus itself when its errors change; again on a repeated submit.
      focusAfterRender(summaryRef);
      return;
    }
    onSend(reason.trim());
  };

  return (
    <>
      <ErrorSummary errors={shown ? [{ fieldId, message: shown }] : []} headingLevel={summaryHeadingLevel} ref={summaryRef} />
      <form noValidate onSubmit={submit}>
        <div className={`form-field${shown ? ' form-field--error' : ''}`}>
          <label className="form-field__label" htmlFor={fieldId}>
            {label}
          </label>
          <p className="form-field__hint" id={hintId}>
            {hint} You can enter up to {THREAD_CONTENT_MAX_LENGTH.toLocaleString('en-NZ')} characters.
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
        <div className="form-actions">
          {/* Not disabled while sending: a disabled button would drop the keyboard focus. */}
          <button type="submit" className={isDestructive ? 'button button--danger' : 'button button--secondary'}>
            {isSending ? sendingLabel : submitLabel}
          </button>
          {onCancel && (
            <button type="button" className="button button--secondary" onClick={onCancel}>
              Cancel
            </button>
          )}
        </div>
      </form>
    </>
  );
}
