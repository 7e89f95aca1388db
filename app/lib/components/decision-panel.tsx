/**
 * The team's decision on something waiting for it (a supplier registration, an agency): Approve,
 * which asks first in a dialog naming what approving does, or Decline, which asks for the reasons
 * in a GOV.UK form (error summary, the error by the field) and then asks again naming the
 * business. A 409 (decided by someone else first, or refused as it stands) closes the dialog and
 * hands the server's message to the screen, which shows it with the fresh state; any other failure
 * stays in the dialog, so the person can try again or cancel.
 */
import '../../styles/form-widgets.css';
import type { UseQueryResult } from '@tanstack/react-query';
import { useId, useRef, useState, type ReactNode, type SyntheticEvent } from 'react';
import { ApiError, describeApiFailure } from '../api-error';
import { useHeadingFocus } from '../use-heading-focus';
import { saveProblemOf, useSave } from '../use-save';
import { ConfirmDialog } from './confirm-dialog';
import { ErrorState } from './error-state';
import { ErrorSummary, type SummaryError } from './error-summary';
import { LoadingState } from './loading-state';
import { useFocusAfterRender } from '../use-focus-after-render';

export const DECISION_FAILED_MESSAGE = 'Your decision was not saved. Check your connection and try again.';

/** What is wrong with the reasons typed: undefined when they may be sent. */
export function declineReasonsProblem(reasons: string, maxLength: number, noun: string): string | undefined {
  const text = reasons.trim();
  if (text === '') {
    return `Enter the reasons for declining this ${noun}`;
  }
  if (text.length > maxLength) {
    return `The reasons must be ${maxLength.toLocaleString('en-NZ')} characters or fewer`;
  }
  return undefined;
}

export interface DecisionPanelProps<T> {
  /** What is decided, in a sentence: 'registration', 'agency registration'. */
  noun: string;
  /** Who or what it is, as the dialogs name it: the business's name. */
  name: string;
  /** What approving does, in the approve dialog. */
  approveConsequence: ReactNode;
  /** Who receives the reasons, for the field's hint and the decline dialog: 'Aroha Ngata (aroha@kauri.example)'. */
  reasonsRecipient: string;
  reasonsMaxLength: number;
  approve: () => Promise<T>;
  decline: (reasons: string) => Promise<T>;
  /** Saved: the answer of the decision's call. */
  onDecided: (result: T, decision: 'approved' | 'declined') => void;
  /** A 409: the server's message; the screen shows it and loads the fresh state. */
  onConflict: (message: string) => void;
}

type Step = 'idle' | 'confirm-approve' | 'declining' | 'confirm-decline';

export function DecisionPanel<T>({
  noun,
  name,
  approveConsequence,
  reasonsRecipient,
  reasonsMaxLength,
  approve,
  decline,
  onDecided,
  onConflict,
}: DecisionPanelProps<T>) {
  const [step, setStep] = useState<Step>('idle');
  const [reasons, setReasons] = useState('');
  const [reasonsError, setReasonsError] = useState<string | undefined>();
  const [dialogError, setDialogError] = useState<string | undefined>();
  const summaryRef = useRef<HTMLDivElement>(null);
  const declineButtonRef = useRef<HTMLButtonElement>(null);
  const focusAfterRender = useFocusAfterRender();
  const ids = useId();
  const reasonsId = `${ids}-reasons`;
  const hintId = `${ids}-reasons-hint`;
  const errorId = `${ids}-reasons-error`;

  const approval = useSave<T>({ mutationFn: approve, failedMessage: DECISION_FAILED_MESSAGE });
  const declining = useSave<T, string>({ mutationFn: decline, failedMessage: DECISION_FAILED_MESSAGE });
  const isSaving = approval.isSaving || declining.isSaving;

  const closeDialog = (next: Step) => {
    setDialogError(undefined);
    approval.reset();
    declining.reset();
    setStep(next);
  };

  const failed = (error: unknown) => {
    const problem = saveProblemOf(error, DECISION_FAILED_MESSAGE);
    if (problem.kind === 'conflict') {
      closeDialog('idle');
      onConflict(problem.message);
    } else if (problem.kind === 'fields') {
      // The server refused the reasons: back to the form, the problem by the field.
      closeDialog('declining');
      setReasonsError(problem.errors[0]?.message ?? DECISION_FAILED_MESSAGE);
      focusAfterRender(summaryRef);
    } else {
      setDialogError(problem.message);
    }
  };

  const confirmApprove = () => {
    setDialogError(undefined);
    approval.save(undefined, { onSuccess: (result) => onDecided(result, 'approved'), onError: failed });
  };

  const confirmDecline = () => {
    setDialogError(undefined);
    declining.save(reasons.trim(), { onSuccess: (result) => onDecided(result, 'declined'), onError: failed });
  };

  const submitReasons = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = declineReasonsProblem(reasons, reasonsMaxLength, noun);
    setReasonsError(problem);
    if (problem !== undefined) {
      // The summary takes focus itself when its errors change; again on a repeated submit.
      focusAfterRender(summaryRef);
      return;
    }
    setStep('confirm-decline');
  };

  const summary: SummaryError[] = reasonsError ? [{ fieldId: reasonsId, message: reasonsError }] : [];

  return (
    <section className="decision-panel" aria-labelledby={`${ids}-heading`}>
      <h2 id={`${ids}-heading`}>Your decision</h2>
      {step === 'declining' || step === 'confirm-decline' ? (
        <>
          <ErrorSummary errors={summary} ref={summaryRef} />
          <form noValidate onSubmit={submitReasons}>
            <div className={`form-field${reasonsError ? ' form-field--error' : ''}`}>
              <label className="form-field__label" htmlFor={reasonsId}>
                Why are you declining this {noun}?
              </label>
              <p className="form-field__hint" id={hintId}>
                We will email your reasons to {reasonsRecipient}, so write them to be read by them. You can enter up to{' '}
                {reasonsMaxLength.toLocaleString('en-NZ')} characters.
              </p>
              {reasonsError && (
                <p className="form-field__error" id={errorId}>
                  <span className="visually-hidden">Error: </span>
                  {reasonsError}
                </p>
              )}
              <textarea
                className="form-field__input"
                id={reasonsId}
                rows={6}
                value={reasons}
                onChange={(event) => setReasons(event.currentTarget.value)}
                aria-describedby={reasonsError ? `${hintId} ${errorId}` : hintId}
                aria-invalid={reasonsError ? true : undefined}
              />
            </div>
            <div className="form-actions">
              <button type="submit" className="button button--danger">
                Decline {noun}
              </button>
              <button
                type="button"
                className="button button--secondary"
                onClick={() => {
                  setReasonsError(undefined);
                  setStep('idle');
                  focusAfterRender(declineButtonRef);
                }}
              >
                Cancel
              </button>
            </div>
          </form>
        </>
      ) : (
        <div className="form-actions">
          <button type="button" className="button" onClick={() => setStep('confirm-approve')}>
            Approve
          </button>
          <button
            type="button"
            className="button button--secondary"
            ref={declineButtonRef}
            onClick={() => {
              setStep('declining');
              focusAfterRender(() => document.getElementById(reasonsId));
            }}
          >
            Decline
          </button>
        </div>
      )}
      {step === 'confirm-approve' && (
        <ConfirmDialog
          title={`Approve the ${noun} of ${name}?`}
          confirmLabel={`Approve ${noun}`}
          isPending={isSaving}
          errorMessage={dialogError}
          onConfirm={confirmApprove}
          onCancel={() => closeDialog('idle')}
        >
          {approveConsequence}
        </ConfirmDialog>
      )}
      {step === 'confirm-decline' && (
        <ConfirmDialog
          title={`Decline the ${noun} of ${name}?`}
          confirmLabel={`Decline ${noun}`}
          cancelLabel="Go back"
          isPending={isSaving}
          errorMessage={dialogError}
          onConfirm={confirmDecline}
          onCancel={() => closeDialog('declining')}
        >
          <p>We will email your reasons to {reasonsRecipient}. A declined {noun} cannot be approved later.</p>
        </ConfirmDialog>
      )}
    </section>
  );
}

/** What a decision screen's record tells the screen: decided (the confirmation to announce), or someone else decided first. */
export interface DecisionOutcome {
  decided: (message: string) => void;
  /** The server's message; the record is read again and shown as it now is. */
  conflicted: (message: string) => void;
}

/**
 * A screen where the team decides on one record, loaded by the id in its address: not there (a
 * wrong link), a failed load with Try again, loading, or the record. Its kind is a caption above
 * the h1 once the h1 names the record; a decision's confirmation is announced, and a conflict
 * (someone decided first) is said plainly above the record as it now is. Either moves the focus
 * to the h1, so the next thing read is the outcome.
 */
export function DecisionRecordScreen<T>({
  kind,
  noun = 'registration',
  className,
  record,
  isValidId,
  notFound,
  loadingLabel,
  loadFailedMessage,
  titleOf,
  children,
}: {
  /** 'Agency registration': the caption, and the h1 until the record is loaded. */
  kind: string;
  /** What the conflict notice calls the record: 'This page now shows the registration as it is.' */
  noun?: string;
  /** The screen's own styles, beside the frame's. */
  className?: string;
  record: UseQueryResult<T>;
  isValidId: boolean;
  /** What to say, and where to go, when there is no such record. */
  notFound: ReactNode;
  loadingLabel: string;
  /** 'We could not load this registration.' (the failure's own words follow). */
  loadFailedMessage: string;
  titleOf: (record: T) => string;
  children: (record: T, outcome: DecisionOutcome) => ReactNode;
}) {
  const { headingRef, focusHeading } = useHeadingFocus();
  const [message, setMessage] = useState('');
  const [conflict, setConflict] = useState('');
  const outcome: DecisionOutcome = {
    decided: (text) => {
      setConflict('');
      setMessage(text);
      focusHeading();
    },
    conflicted: (text) => {
      setMessage('');
      setConflict(text);
      void record.refetch();
      focusHeading();
    },
  };

  let title = kind;
  let content: ReactNode;
  if (!isValidId || (record.error instanceof ApiError && record.error.status === 404)) {
    content = notFound;
  } else if (record.isError) {
    content = <ErrorState message={`${loadFailedMessage} ${describeApiFailure(record.error)}`} onRetry={() => void record.refetch()} />;
  } else if (record.isPending) {
    content = <LoadingState label={loadingLabel} />;
  } else {
    title = titleOf(record.data);
    content = children(record.data, outcome);
  }

  return (
    <div className={className === undefined ? 'screen list-screen review-screen' : `screen list-screen review-screen ${className}`}>
      {title !== kind && <p className="review-caption">{kind}</p>}
      <h1 ref={headingRef} tabIndex={-1}>
        {title}
      </h1>
      <div role="status" className="list-screen__message">
        {message !== '' && <p className="alert alert--success">{message}</p>}
      </div>
      {conflict !== '' && (
        <div className="alert alert--error" role="alert">
          <p>{conflict}</p>
          <p>This page now shows the {noun} as it is.</p>
        </div>
      )}
      {content}
    </div>
  );
}
