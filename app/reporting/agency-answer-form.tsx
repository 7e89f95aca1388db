/**
 * What the agency's dispute page (./agency-dispute-screen.tsx) and query page
 * (./agency-query-screen.tsx) share (issue 31): the GOV.UK question page around a record waiting for
 * the agency's answer, with what is wrong in the agency's own words (a textarea with a hint and a
 * character count), an error summary that takes the server's problems too, and sending then going
 * back to the record, saying so. Each page keeps its own question, words and API hooks.
 */
import '../styles/form-widgets.css';
import '../styles/lists.css';
import '../styles/reporting.css';
import '../styles/review.css';
import { useEffect, useRef, useState, type ReactNode, type RefObject, type SyntheticEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import type { FieldError } from '../../common/forms/definition';
import { ApiError } from '../lib/api-error';
import { ErrorSummary, type SummaryError } from '../lib/components/error-summary';
import { Screen } from '../lib/components/screen';
import { fieldErrorsOf } from '../lib/forms/field-errors';
import { useFocusAfterRender } from '../lib/use-focus-after-render';
import { recordContent, type RecordQuery, type RecordWords } from './agency-answer-screen';
import { answerProblem } from './agency-response';

/** GOV.UK character count: what is left, or how many too many. */
export function charactersLeft(text: string, maximum: number): string {
  const left = maximum - text.length;
  if (left >= 0) {
    return left === 1 ? 'You have 1 character remaining' : `You have ${left.toLocaleString('en-NZ')} characters remaining`;
  }
  return -left === 1 ? 'You have 1 character too many' : `You have ${(-left).toLocaleString('en-NZ')} characters too many`;
}

/** The answering mutation (dispute or query), as these pages read it. */
export interface Answering<Request> {
  isPending: boolean;
  isSuccess: boolean;
  mutateAsync: (request: Request) => Promise<unknown>;
}

interface AnswerFormScreenProps<T> {
  id: number;
  record: RecordQuery<T>;
  words: RecordWords;
  title: string;
  /** Whether the record still waits for this answer. */
  canAnswer: (data: T) => boolean;
  /** This page's own answer: the record shows answered before the form's own callbacks would run. */
  answering: Pick<Answering<unknown>, 'isPending' | 'isSuccess'>;
  /** The sentence for a record someone has answered already. */
  answeredAlready: string;
  answerPath: (data: T) => string;
  /** The link to `answerPath` when the record cannot be answered here. */
  answerLink?: string;
  children: (data: T) => ReactNode;
}

/** The page's record once it may be answered, else why not, in a screen titled `title`. */
export function AnswerFormScreen<T>({
  id,
  record,
  words,
  title,
  canAnswer,
  answering,
  answeredAlready,
  answerPath,
  answerLink = "See your agency's answer",
  children,
}: AnswerFormScreenProps<T>) {
  const { data } = record;
  if (data === undefined || record.isError || id === 0) {
    return <Screen title={title}>{recordContent(id, record, words, () => null)}</Screen>;
  }
  if (!canAnswer(data) && !answering.isPending && !answering.isSuccess) {
    return (
      <Screen title={title}>
        <p>{answeredAlready}</p>
        <p>
          <Link to={answerPath(data)}>{answerLink}</Link>
        </p>
      </Screen>
    );
  }
  return children(data);
}

/** The problems of the words field, as the server says them (`details: [{ field: 'details', message }]`). */
export function fieldProblem(fields: FieldError[], name: string): string | undefined {
  return fields.find((field) => field.path.join('.') === name)?.message;
}

interface SubmissionOptions<Request> {
  answering: Answering<Request>;
  detailPath: string;
  alreadyAnswered: string;
  reload: () => Promise<unknown>;
}

interface Submission<Request> {
  summaryRef: RefObject<HTMLDivElement | null>;
  serverError: string | undefined;
  /**
   * Sends what `check` returns (it shows its own problems by their fields, and returns undefined
   * when there are any), then goes back to the record announcing `sent`. `fieldProblems` takes the
   * server's check of the fields and says whether it found any.
   */
  submit: (event: SyntheticEvent<HTMLFormElement>, check: () => Request | undefined, sent: string, fieldProblems: (fields: FieldError[]) => boolean) => void;
}

export function useAnswerSubmission<Request>({ answering, detailPath, alreadyAnswered, reload }: SubmissionOptions<Request>): Submission<Request> {
  const navigate = useNavigate();
  const [serverError, setServerError] = useState<string | undefined>();
  const summaryRef = useRef<HTMLDivElement>(null);
  const focusAfterRender = useFocusAfterRender();

  const submit: Submission<Request>['submit'] = (event, check, sent, fieldProblems) => {
    event.preventDefault();
    if (answering.isPending) {
      return;
    }
    const request = check();
    setServerError(undefined);
    if (request === undefined) {
      // Again on a repeated submit with the same problems.
      focusAfterRender(summaryRef);
      return;
    }
    answering.mutateAsync(request).then(
      () => navigate(detailPath, { state: { message: sent } }),
      (error: unknown) => {
        // The server's own check of the answers comes by the fields.
        if (!fieldProblems(fieldErrorsOf(error))) {
          setServerError(answerProblem(error, alreadyAnswered));
          if (error instanceof ApiError && error.status === 409) {
            // Someone else answered: this page then says so, with a link to their answer.
            void reload();
          }
        }
        focusAfterRender(summaryRef);
      },
    );
  };
  return { summaryRef, serverError, submit };
}

interface AnswerFormProps {
  summaryRef: RefObject<HTMLDivElement | null>;
  serverError: string | undefined;
  /** The fields' problems, in page order. */
  problems: SummaryError[];
  caption: ReactNode;
  /** What stands between the caption and the form (a heading and a paragraph), if anything. */
  intro?: ReactNode;
  onSubmit: (event: SyntheticEvent<HTMLFormElement>) => void;
  isPending: boolean;
  submitLabel: string;
  cancelPath: string;
  children: ReactNode;
}

export function AnswerForm({ summaryRef, serverError, problems, caption, intro, onSubmit, isPending, submitLabel, cancelPath, children }: AnswerFormProps) {
  const summary: SummaryError[] = [...(serverError ? [{ message: serverError }] : []), ...problems];
  return (
    <div className="screen review-screen agency-notice">
      <ErrorSummary errors={summary} ref={summaryRef} />
      <p className="review-caption">{caption}</p>
      {intro}
      <form noValidate onSubmit={onSubmit}>
        {children}
        <div className="form-actions">
          {/* Not disabled while pending: a disabled button would drop the keyboard focus. */}
          <button type="submit" className="button">
            {isPending ? 'Please wait…' : submitLabel}
          </button>
          <Link className="button button--secondary" to={cancelPath}>
            Cancel
          </Link>
        </div>
      </form>
    </div>
  );
}

interface WordsFieldProps {
  id: string;
  label: string;
  hint: ReactNode;
  problem: string | undefined;
  value: string;
  onChange: (value: string) => void;
  maximum: number;
}

/** What is wrong, in the agency's own words: a textarea with its hint, its error and a character count. */
export function WordsField({ id, label, hint, problem, value, onChange, maximum }: WordsFieldProps) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div className={`form-field${problem ? ' form-field--error' : ''}`}>
      <label className="form-field__label" htmlFor={id}>
        {label}
      </label>
      <p className="form-field__hint" id={hintId}>
        {hint}
      </p>
      {problem && (
        <p className="form-field__error" id={errorId}>
          <span className="visually-hidden">Error: </span>
          {problem}
        </p>
      )}
      <textarea
        className="form-field__input"
        id={id}
        rows={6}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        aria-describedby={problem ? `${hintId} ${errorId}` : hintId}
        aria-invalid={problem ? true : undefined}
      />
      <CharacterCount text={value.trim()} maximum={maximum} />
    </div>
  );
}

/**
 * GOV.UK character count: what is left, shown as the person types; screen readers hear it once
 * they pause (the field's hint already says the limit), not at every key.
 */
function CharacterCount({ text, maximum }: { text: string; maximum: number }) {
  const message = charactersLeft(text, maximum);
  const [announced, setAnnounced] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setAnnounced(message), 1000);
    return () => clearTimeout(timer);
  }, [message]);
  return (
    <>
      <p className={text.length > maximum ? 'form-field__hint character-count character-count--over' : 'form-field__hint character-count'} aria-hidden="true">
        {message}
      </p>
      <p className="visually-hidden" aria-live="polite">
        {announced}
      </p>
    </>
  );
}
