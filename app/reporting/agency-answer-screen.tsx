/**
 * What the agency's screens of one engagement notice and of one billing report (issue 31) share:
 * the record's loading, failure and not-found states, the announcement of an answer or of someone
 * else's answer first (409), and confirming after a dialog that says what confirming tells people.
 * Each screen keeps its own facts, words and API hooks.
 */
import { useState, type ReactNode } from 'react';
import { ApiError, describeApiFailure } from '../lib/api-error';
import { ConfirmDialog } from '../lib/components/confirm-dialog';
import { ErrorState } from '../lib/components/error-state';
import { LoadingState } from '../lib/components/loading-state';
import { useScreenTitle } from '../lib/routing';
import { useFlashMessage } from '../lib/use-flash-message';
import { useHeadingFocus } from '../lib/use-heading-focus';
import { answerProblem } from './agency-response';

/** The notice's or the report's query, as these screens read it. */
export interface RecordQuery<T> {
  data: T | undefined;
  error: unknown;
  isError: boolean;
  refetch: () => Promise<unknown>;
}

/** How a screen names its record. */
export interface RecordWords {
  /** 'engagement notice' or 'billing report'. */
  noun: string;
  /** The sentence for an address naming no record of the agency's. */
  missing: string;
  backLink: ReactNode;
}

/** The record once loaded, else why not: none at this address, a failure (with a retry), or loading. */
export function recordContent<T>(id: number, record: RecordQuery<T>, words: RecordWords, loaded: (data: T) => ReactNode): ReactNode {
  if (id === 0 || (record.error instanceof ApiError && record.error.status === 404)) {
    return (
      <>
        <p>{words.missing} The link may be wrong.</p>
        <p>{words.backLink}</p>
      </>
    );
  }
  if (record.isError) {
    return <ErrorState message={`We could not load this ${words.noun}. ${describeApiFailure(record.error)}`} onRetry={() => void record.refetch()} />;
  }
  if (record.data === undefined) {
    return <LoadingState label={`Loading the ${words.noun}…`} />;
  }
  return loaded(record.data);
}

export interface AnswerOutcome {
  /** Saved: the sentence to announce. */
  answered: (message: string) => void;
  /** Someone in the agency answered first (409): the record is read again. */
  conflicted: () => void;
}

interface AnswerScreenProps<T> {
  id: number;
  record: RecordQuery<T>;
  words: RecordWords;
  /** The h1 and the document's title once loaded; `fallbackTitle` until then. */
  title: (data: T) => string;
  fallbackTitle: string;
  caption: (data: T) => ReactNode;
  /** The refusal when someone in the agency answered first (409). */
  alreadyAnswered: string;
  reload: () => Promise<unknown>;
  children: (data: T, outcome: AnswerOutcome) => ReactNode;
}

/** One notice or report with the agency's answer: its heading, what was said of an answer, and the record. */
export function AgencyAnswerScreen<T>({ id, record, words, title, fallbackTitle, caption, alreadyAnswered, reload, children }: AnswerScreenProps<T>) {
  const { headingRef, focusHeading } = useHeadingFocus();
  // "You disputed…" or "You queried…", from the answer's own page; then this screen's own.
  const [message, setMessage] = useFlashMessage();
  const [conflict, setConflict] = useState('');
  useScreenTitle(record.data && title(record.data));

  const outcome: AnswerOutcome = {
    answered: (text) => {
      setConflict('');
      setMessage(text);
      focusHeading();
    },
    conflicted: () => {
      setMessage('');
      setConflict(alreadyAnswered);
      void reload();
      focusHeading();
    },
  };

  return (
    <div className="screen list-screen review-screen agency-notice">
      {record.data && caption(record.data)}
      <h1 ref={headingRef} tabIndex={-1}>
        {record.data ? title(record.data) : fallbackTitle}
      </h1>
      <div role="status" className="list-screen__message">
        {message !== '' && <p className="alert alert--success">{message}</p>}
      </div>
      {conflict !== '' && (
        <p className="alert alert--error" role="alert">
          {conflict}
        </p>
      )}
      {recordContent(id, record, words, (data) => children(data, outcome))}
    </div>
  );
}

/** The confirming mutation of a notice or a report. */
export interface Confirmation {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  reset: () => void;
  mutateAsync: () => Promise<unknown>;
}

interface ConfirmAnswerProps {
  confirmation: Confirmation;
  outcome: AnswerOutcome;
  /** The button's label. */
  action: string;
  dialogTitle: string;
  alreadyAnswered: string;
  /** The sentence announced once confirmed. */
  confirmed: string;
  /** What confirming tells people. */
  children: ReactNode;
}

/** Confirm, after a dialog that says what confirming tells people; a refusal other than 409 stays in the dialog. */
export function ConfirmAnswerAction({ confirmation, outcome, action, dialogTitle, alreadyAnswered, confirmed, children }: ConfirmAnswerProps) {
  const [isAsking, setIsAsking] = useState(false);
  const close = () => {
    confirmation.reset();
    setIsAsking(false);
  };
  return (
    <>
      <button type="button" className="button" onClick={() => setIsAsking(true)}>
        {action}
      </button>
      {isAsking && (
        <ConfirmDialog
          title={dialogTitle}
          confirmLabel="Yes, confirm it"
          isPending={confirmation.isPending}
          errorMessage={confirmation.isError ? answerProblem(confirmation.error, alreadyAnswered) : undefined}
          onConfirm={() => {
            // A promise, not mutate's callbacks: this button is gone once the record shows confirmed.
            confirmation.mutateAsync().then(
              () => {
                close();
                outcome.answered(confirmed);
              },
              (error: unknown) => {
                if (error instanceof ApiError && error.status === 409) {
                  close();
                  outcome.conflicted();
                }
                // Any other failure shows in the dialog (confirmation.error).
              },
            );
          }}
          onCancel={close}
        >
          {children}
          <p>You cannot change your answer once you have confirmed.</p>
        </ConfirmDialog>
      )}
    </>
  );
}

