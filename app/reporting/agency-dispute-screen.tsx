/**
 * The agency dashboard's /engagement-notices/{id}/dispute (issue 31): disputing a notice that waits
 * for the agency's answer, in the GOV.UK question-page pattern: the question as the h1 and legend,
 * the reason as stacked radios, then what is wrong in the agency's own words (with a character
 * count). Problems show in an error summary in page order and by their fields, the server's too;
 * once sent, back to the notice, saying so. A notice already answered cannot be disputed here.
 */
import '../styles/form-widgets.css';
import '../styles/lists.css';
import '../styles/reporting.css';
import '../styles/review.css';
import { useEffect, useId, useRef, useState, type SyntheticEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import type { AgencyNoticeDetail } from '../../common/api/agency-engagements';
import { canDispute, DISPUTE_DETAILS_MAX_LENGTH, DISPUTE_REASONS, disputeProblem, type DisputeReason } from '../../common/reporting/agency-responses';
import { ApiError, describeApiFailure } from '../lib/api-error';
import { ErrorState } from '../lib/components/error-state';
import { ErrorSummary, type SummaryError } from '../lib/components/error-summary';
import { LoadingState } from '../lib/components/loading-state';
import { fieldErrorsOf } from '../lib/forms/field-errors';
import { Screen } from '../lib/components/screen';
import { getProductTeamName } from '../lib/product-team';
import { useFocusAfterRender } from '../lib/use-focus-after-render';
import { useRecordIdParam } from '../lib/use-record-id-param';
import { useAgencyNotice, useDisputeNotice, useReloadAgencyNotices } from './agency-reporting-api';
import { agencyReportingPaths } from './agency-reporting-paths';
import { answerProblem } from './agency-response';

export const DISPUTE_QUESTION = 'Why are you disputing this engagement?';
export const CHOOSE_DISPUTE_REASON_MESSAGE = 'Select why you are disputing this engagement';

export interface DisputeProblems {
  reason?: string;
  details?: string;
}

/** What is wrong with the form's answers, in page order: none when the dispute may be sent. */
export function disputeFormProblems(reason: DisputeReason | undefined, details: string): DisputeProblems {
  const detailsProblem = disputeProblem(details);
  return {
    ...(reason === undefined ? { reason: CHOOSE_DISPUTE_REASON_MESSAGE } : {}),
    ...(detailsProblem === null ? {} : { details: detailsProblem }),
  };
}

/** GOV.UK character count: what is left, or how many too many. */
export function charactersLeft(text: string, maximum: number): string {
  const left = maximum - text.length;
  if (left >= 0) {
    return left === 1 ? 'You have 1 character remaining' : `You have ${left.toLocaleString('en-NZ')} characters remaining`;
  }
  return -left === 1 ? 'You have 1 character too many' : `You have ${(-left).toLocaleString('en-NZ')} characters too many`;
}

export function AgencyDisputeScreen() {
  const id = useRecordIdParam();
  const notice = useAgencyNotice(id);
  // Here, not in the form: the notice shows disputed before the form's own callbacks would run.
  const dispute = useDisputeNotice(id);
  if (id === 0 || (notice.error instanceof ApiError && notice.error.status === 404)) {
    return (
      <Screen title="Dispute this engagement">
        <p>There is no engagement notice naming your agency at this address. The link may be wrong.</p>
        <p>
          <Link to={agencyReportingPaths.engagementNotices()}>Back to the engagement notices</Link>
        </p>
      </Screen>
    );
  }
  if (notice.isError) {
    return (
      <Screen title="Dispute this engagement">
        <ErrorState message={`We could not load this engagement notice. ${describeApiFailure(notice.error)}`} onRetry={() => void notice.refetch()} />
      </Screen>
    );
  }
  if (notice.isPending) {
    return (
      <Screen title="Dispute this engagement">
        <LoadingState label="Loading the engagement notice…" />
      </Screen>
    );
  }
  if (!canDispute(notice.data.response.status) && !dispute.isPending && !dispute.isSuccess) {
    return (
      <Screen title="Dispute this engagement">
        <p>Your agency has already answered this engagement notice, so it cannot be disputed now.</p>
        <p>
          <Link to={agencyReportingPaths.engagementNotice(notice.data.id)}>See your agency&apos;s answer</Link>
        </p>
      </Screen>
    );
  }
  return <DisputeForm notice={notice.data} dispute={dispute} />;
}

function DisputeForm({ notice, dispute }: { notice: AgencyNoticeDetail; dispute: ReturnType<typeof useDisputeNotice> }) {
  const navigate = useNavigate();
  const reload = useReloadAgencyNotices();
  const [reason, setReason] = useState<DisputeReason | undefined>();
  const [details, setDetails] = useState('');
  const [problems, setProblems] = useState<DisputeProblems>({});
  const [serverError, setServerError] = useState<string | undefined>();
  const summaryRef = useRef<HTMLDivElement>(null);
  const focusAfterRender = useFocusAfterRender();
  const ids = useId();
  const reasonsId = `${ids}-reasons`;
  const reasonHintId = `${ids}-reasons-hint`;
  const reasonErrorId = `${ids}-reasons-error`;
  const detailsId = `${ids}-details`;
  const detailsHintId = `${ids}-details-hint`;
  const detailsErrorId = `${ids}-details-error`;
  const team = getProductTeamName();
  const detailPath = agencyReportingPaths.engagementNotice(notice.id);

  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (dispute.isPending) {
      return;
    }
    const found = disputeFormProblems(reason, details);
    setProblems(found);
    setServerError(undefined);
    if (reason === undefined || found.details !== undefined) {
      // Again on a repeated submit with the same problems.
      focusAfterRender(summaryRef);
      return;
    }
    dispute.mutateAsync({ reason, details: details.trim() }).then(
      () =>
        navigate(detailPath, {
          state: { message: `You disputed this engagement. ${notice.supplier.name} and the ${team} can now read why, and reply to you on this page.` },
        }),
      (error: unknown) => {
        // The server's own check of the words comes by the field (`details: [{ field: 'details', message }]`).
        const fields = fieldErrorsOf(error);
        const reasonProblem = fields.find((field) => field.path.join('.') === 'reason')?.message;
        const detailsProblem = fields.find((field) => field.path.join('.') === 'details')?.message;
        if (reasonProblem !== undefined || detailsProblem !== undefined) {
          setProblems({ ...(reasonProblem === undefined ? {} : { reason: reasonProblem }), ...(detailsProblem === undefined ? {} : { details: detailsProblem }) });
        } else {
          setServerError(answerProblem(error));
          if (error instanceof ApiError && error.status === 409) {
            // Someone else answered: this page then says so, with a link to their answer.
            void reload();
          }
        }
        focusAfterRender(summaryRef);
      },
    );
  };

  const summary: SummaryError[] = [
    ...(serverError ? [{ message: serverError }] : []),
    ...(problems.reason ? [{ fieldId: reasonsId, message: problems.reason }] : []),
    ...(problems.details ? [{ fieldId: detailsId, message: problems.details }] : []),
  ];
  const detailsDescribedBy = problems.details ? `${detailsHintId} ${detailsErrorId}` : detailsHintId;

  return (
    <div className="screen review-screen agency-notice">
      <ErrorSummary errors={summary} ref={summaryRef} />
      <p className="review-caption">
        {notice.title}, from {notice.supplier.name}
      </p>
      <form noValidate onSubmit={submit}>
        <div className={`form-field${problems.reason ? ' form-field--error' : ''}`}>
          <fieldset className="radios" id={reasonsId} aria-describedby={problems.reason ? `${reasonHintId} ${reasonErrorId}` : reasonHintId}>
            <legend className="radios__legend">
              <h1>{DISPUTE_QUESTION}</h1>
            </legend>
            <p className="form-field__hint" id={reasonHintId}>
              Choose the reason closest to what is wrong with the engagement notice {notice.supplier.name} sent.
            </p>
            {problems.reason && (
              <p className="form-field__error" id={reasonErrorId}>
                <span className="visually-hidden">Error: </span>
                {problems.reason}
              </p>
            )}
            <div className="choice-list">
              {DISPUTE_REASONS.map((option) => {
                const optionId = `${ids}-reason-${option.code}`;
                return (
                  <div className="choice" key={option.code}>
                    <input
                      className="choice__input"
                      type="radio"
                      id={optionId}
                      name={`${ids}-reason`}
                      value={option.code}
                      checked={reason === option.code}
                      onChange={() => setReason(option.code)}
                    />
                    <label className="choice__label" htmlFor={optionId}>
                      {option.label}
                    </label>
                  </div>
                );
              })}
            </div>
          </fieldset>
        </div>
        <div className={`form-field${problems.details ? ' form-field--error' : ''}`}>
          <label className="form-field__label" htmlFor={detailsId}>
            What is wrong
          </label>
          <p className="form-field__hint" id={detailsHintId}>
            Say what is wrong and what your agency engaged the supplier for, if anything. {notice.supplier.name} and the {team} will read this. You can
            enter up to {DISPUTE_DETAILS_MAX_LENGTH.toLocaleString('en-NZ')} characters.
          </p>
          {problems.details && (
            <p className="form-field__error" id={detailsErrorId}>
              <span className="visually-hidden">Error: </span>
              {problems.details}
            </p>
          )}
          <textarea
            className="form-field__input"
            id={detailsId}
            rows={6}
            value={details}
            onChange={(event) => setDetails(event.currentTarget.value)}
            aria-describedby={detailsDescribedBy}
            aria-invalid={problems.details ? true : undefined}
          />
          <CharacterCount text={details.trim()} maximum={DISPUTE_DETAILS_MAX_LENGTH} />
        </div>
        <div className="form-actions">
          {/* Not disabled while pending: a disabled button would drop the keyboard focus. */}
          <button type="submit" className="button">
            {dispute.isPending ? 'Please wait…' : 'Dispute this engagement'}
          </button>
          <Link className="button button--secondary" to={detailPath}>
            Cancel
          </Link>
        </div>
      </form>
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
