/**
 * The agency dashboard's /billing-reports/{id}/query (issue 31): querying the amount of a billing
 * report that waits for the agency's answer, in the GOV.UK question-page pattern: one question,
 * what is wrong with the amount in the agency's own words (with a character count).
 * A problem shows in an error summary and by the field, the server's too; once sent, back to the
 * report, saying so, where the query's conversation opens. A report already answered cannot be
 * queried here.
 */
import '../styles/form-widgets.css';
import '../styles/lists.css';
import '../styles/reporting.css';
import '../styles/review.css';
import { useEffect, useId, useRef, useState, type SyntheticEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import type { AgencyBillingReportDetail } from '../../common/api/agency-engagements';
import { formatCents } from '../../common/money';
import { canQueryReport, QUERY_DETAILS_MAX_LENGTH, queryProblem } from '../../common/reporting/agency-responses';
import { billingPeriodLabel } from '../../common/reporting/billing-reports';
import { ApiError, describeApiFailure } from '../lib/api-error';
import { ErrorState } from '../lib/components/error-state';
import { ErrorSummary, type SummaryError } from '../lib/components/error-summary';
import { LoadingState } from '../lib/components/loading-state';
import { Screen } from '../lib/components/screen';
import { fieldErrorsOf } from '../lib/forms/field-errors';
import { getProductTeamName } from '../lib/product-team';
import { useFocusAfterRender } from '../lib/use-focus-after-render';
import { useRecordIdParam } from '../lib/use-record-id-param';
import { charactersLeft } from './agency-dispute-screen';
import { useAgencyReport, useQueryReport, useReloadAgencyReports } from './agency-reporting-api';
import { agencyReportingPaths } from './agency-reporting-paths';
import { answerProblem, REPORT_ALREADY_ANSWERED_MESSAGE } from './agency-response';

export const QUERY_LABEL = 'What is wrong with the amount';
export const QUERY_SUBMIT = 'Query the amount';
export const QUERY_SCREEN_TITLE = 'Query the amount billed';
const SCREEN_TITLE = QUERY_SCREEN_TITLE;

export function AgencyQueryScreen() {
  const id = useRecordIdParam();
  const report = useAgencyReport(id);
  // Here, not in the form: the report shows queried before the form's own callbacks would run.
  const query = useQueryReport(id);
  if (id === 0 || (report.error instanceof ApiError && report.error.status === 404)) {
    return (
      <Screen title={SCREEN_TITLE}>
        <p>There is no billing report for your agency at this address. The link may be wrong.</p>
        <p>
          <Link to={agencyReportingPaths.billingReports()}>Back to the billing reports</Link>
        </p>
      </Screen>
    );
  }
  if (report.isError) {
    return (
      <Screen title={SCREEN_TITLE}>
        <ErrorState message={`We could not load this billing report. ${describeApiFailure(report.error)}`} onRetry={() => void report.refetch()} />
      </Screen>
    );
  }
  if (report.isPending) {
    return (
      <Screen title={SCREEN_TITLE}>
        <LoadingState label="Loading the billing report…" />
      </Screen>
    );
  }
  if (!canQueryReport(report.data.response.status) && !query.isPending && !query.isSuccess) {
    return (
      <Screen title={SCREEN_TITLE}>
        <p>Your agency has already answered this billing report, so its amount cannot be queried now.</p>
        <p>
          <Link to={agencyReportingPaths.billingReport(report.data.id)}>See your agency&apos;s answer</Link>
        </p>
      </Screen>
    );
  }
  return <QueryForm report={report.data} query={query} />;
}

function QueryForm({ report, query }: { report: AgencyBillingReportDetail; query: ReturnType<typeof useQueryReport> }) {
  const navigate = useNavigate();
  const reload = useReloadAgencyReports();
  const [details, setDetails] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const [serverError, setServerError] = useState<string | undefined>();
  const summaryRef = useRef<HTMLDivElement>(null);
  const focusAfterRender = useFocusAfterRender();
  const ids = useId();
  const detailsId = `${ids}-details`;
  const detailsHintId = `${ids}-details-hint`;
  const detailsErrorId = `${ids}-details-error`;
  const team = getProductTeamName();
  const detailPath = agencyReportingPaths.billingReport(report.id);
  const month = billingPeriodLabel(report.billingPeriod);

  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (query.isPending) {
      return;
    }
    const found = queryProblem(details) ?? undefined;
    setProblem(found);
    setServerError(undefined);
    if (found !== undefined) {
      // Again on a repeated submit with the same problem.
      focusAfterRender(summaryRef);
      return;
    }
    query.mutateAsync({ details: details.trim() }).then(
      () =>
        navigate(detailPath, {
          state: { message: `You queried the amount. ${report.supplier.name} and the ${team} can now read what is wrong, and reply to you on this page.` },
        }),
      (error: unknown) => {
        // The server's own check of the words comes by the field (`details: [{ field: 'details', message }]`).
        const detailsProblem = fieldErrorsOf(error).find((field) => field.path.join('.') === 'details')?.message;
        if (detailsProblem !== undefined) {
          setProblem(detailsProblem);
        } else {
          setServerError(answerProblem(error, REPORT_ALREADY_ANSWERED_MESSAGE));
          if (error instanceof ApiError && error.status === 409) {
            // Someone else answered: this page then says so, with a link to their answer.
            void reload();
          }
        }
        focusAfterRender(summaryRef);
      },
    );
  };

  const summary: SummaryError[] = [...(serverError ? [{ message: serverError }] : []), ...(problem ? [{ fieldId: detailsId, message: problem }] : [])];

  return (
    <div className="screen review-screen agency-notice">
      <ErrorSummary errors={summary} ref={summaryRef} />
      <p className="review-caption">
        {month}, {report.engagementNotice.title}, from {report.supplier.name}: {formatCents(report.amountCents)} excluding GST
      </p>
      <h1>{SCREEN_TITLE}</h1>
      <p>
        Query the amount if it is not what your agency expected to pay. The supplier and the {team} can then reply to you on the report&apos;s page.
        Once it is settled, you confirm the amount there.
      </p>
      <form noValidate onSubmit={submit}>
        <div className={`form-field${problem ? ' form-field--error' : ''}`}>
          <label className="form-field__label" htmlFor={detailsId}>
            {QUERY_LABEL}
          </label>
          <p className="form-field__hint" id={detailsHintId}>
            Say what your agency expected to pay for {month} and why, for example the days or the services you think were billed wrongly.{' '}
            {report.supplier.name} and the {team} will read this. You can enter up to {QUERY_DETAILS_MAX_LENGTH.toLocaleString('en-NZ')} characters.
          </p>
          {problem && (
            <p className="form-field__error" id={detailsErrorId}>
              <span className="visually-hidden">Error: </span>
              {problem}
            </p>
          )}
          <textarea
            className="form-field__input"
            id={detailsId}
            rows={6}
            value={details}
            onChange={(event) => setDetails(event.currentTarget.value)}
            aria-describedby={problem ? `${detailsHintId} ${detailsErrorId}` : detailsHintId}
            aria-invalid={problem ? true : undefined}
          />
          <CharacterCount text={details.trim()} maximum={QUERY_DETAILS_MAX_LENGTH} />
        </div>
        <div className="form-actions">
          {/* Not disabled while pending: a disabled button would drop the keyboard focus. */}
          <button type="submit" className="button">
            {query.isPending ? 'Please wait…' : QUERY_SUBMIT}
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
