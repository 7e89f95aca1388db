/**
 * The agency dashboard's /billing-reports/{id} (issue 31): one billing report on an engagement the
 * active agency confirmed, its facts as a summary list (with what the engagement is worth and what
 * was billed for it so far), its amounts by service, and the agency's answer. While it waits for
 * one: confirm the amount (after a dialog that says what confirming tells people) or query it (its
 * own page, ./agency-query-screen.tsx). Once queried: the agency's words, the conversation the
 * supplier and the team write in too, a reply, and confirming once the query is settled. Once
 * confirmed: who confirmed and when, and nothing more to do. A refusal because someone else in the
 * agency answered first (409) is said plainly, with the report as it now is.
 */
import '../styles/lists.css';
import '../styles/reporting.css';
import '../styles/review.css';
import '../styles/threads.css';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { AgencyBillingReportDetail } from '../../common/api/agency-engagements';
import { formatDateTime } from '../../common/dates';
import { formatCents } from '../../common/money';
import { canConfirmReport, canQueryReport } from '../../common/reporting/agency-responses';
import { billingPeriodLabel } from '../../common/reporting/billing-reports';
import { ApiError, describeApiFailure } from '../lib/api-error';
import { ConfirmDialog } from '../lib/components/confirm-dialog';
import { DataCell, DataRow, DataTable, RowHeader } from '../lib/components/data-table';
import { ErrorState } from '../lib/components/error-state';
import { LoadingState } from '../lib/components/loading-state';
import { FactsList } from '../lib/lists/facts-list';
import { getProductTeamName } from '../lib/product-team';
import { useScreenTitle } from '../lib/routing';
import { useFlashMessage } from '../lib/use-flash-message';
import { useHeadingFocus } from '../lib/use-heading-focus';
import { useRecordIdParam } from '../lib/use-record-id-param';
import { MessageForm, MessageItem } from '../threads/public';
import { disputeMessageAuthor, MESSAGE_SENT_ANNOUNCEMENT } from './agency-notice-screen';
import { useAgencyReport, useConfirmReport, useReloadAgencyReports, useSendReportMessage } from './agency-reporting-api';
import { agencyReportingPaths } from './agency-reporting-paths';
import { REPORT_ALREADY_ANSWERED_MESSAGE, ReportResponseTag, answerProblem, answeredBy } from './agency-response';

export const CONFIRM_REPORT_ACTION = 'Confirm the amount';
export const QUERY_REPORT_ACTION = 'Query the amount';
const FORMER_MEMBER = 'A former member of your agency';

const backLink = <Link to={agencyReportingPaths.billingReports()}>Back to the billing reports</Link>;

/** 'Billing report for July 2026': the report's name on its screen and in the document's title. */
export function reportTitle(report: Pick<AgencyBillingReportDetail, 'billingPeriod'>): string {
  return `Billing report for ${billingPeriodLabel(report.billingPeriod)}`;
}

export function AgencyReportScreen() {
  const id = useRecordIdParam();
  const report = useAgencyReport(id);
  const reload = useReloadAgencyReports();
  const { headingRef, focusHeading } = useHeadingFocus();
  // "You queried…", from the query page; then this screen's own.
  const [message, setMessage] = useFlashMessage();
  const [conflict, setConflict] = useState('');
  useScreenTitle(report.data && reportTitle(report.data));

  const outcome: AnswerOutcome = {
    answered: (text) => {
      setConflict('');
      setMessage(text);
      focusHeading();
    },
    conflicted: () => {
      setMessage('');
      setConflict(REPORT_ALREADY_ANSWERED_MESSAGE);
      void reload();
      focusHeading();
    },
  };

  let content: ReactNode;
  if (id === 0 || (report.error instanceof ApiError && report.error.status === 404)) {
    content = (
      <>
        <p>There is no billing report for your agency at this address. The link may be wrong.</p>
        <p>{backLink}</p>
      </>
    );
  } else if (report.isError) {
    content = <ErrorState message={`We could not load this billing report. ${describeApiFailure(report.error)}`} onRetry={() => void report.refetch()} />;
  } else if (report.isPending) {
    content = <LoadingState label="Loading the billing report…" />;
  } else {
    content = <ReportDetails report={report.data} outcome={outcome} />;
  }

  return (
    <div className="screen list-screen review-screen agency-notice">
      {report.data && (
        <p className="review-caption">
          {report.data.engagementNotice.title}, from {report.data.supplier.name}
        </p>
      )}
      <h1 ref={headingRef} tabIndex={-1}>
        {report.data ? reportTitle(report.data) : 'Billing report'}
      </h1>
      <div role="status" className="list-screen__message">
        {message !== '' && <p className="alert alert--success">{message}</p>}
      </div>
      {conflict !== '' && (
        <p className="alert alert--error" role="alert">
          {conflict}
        </p>
      )}
      {content}
    </div>
  );
}

interface AnswerOutcome {
  /** Saved: the sentence to announce. */
  answered: (message: string) => void;
  /** Someone in the agency answered first (409): the report is read again. */
  conflicted: () => void;
}

/** The report's facts as the agency reads them. */
export function agencyReportFacts(report: AgencyBillingReportDetail): [string, ReactNode][] {
  const notice = report.engagementNotice;
  return [
    ['Supplier', report.supplier.name],
    ['Engagement', <Link key="engagement" to={agencyReportingPaths.engagementNotice(notice.id)}>{notice.title}</Link>],
    ['Your reference', notice.reference ?? 'Not given'],
    ['Month billed', billingPeriodLabel(report.billingPeriod)],
    ['Amount billed (NZD, excluding GST)', formatCents(report.amountCents)],
    ['Value of the engagement (NZD, excluding GST)', report.noticeValueCents === null ? 'Not given' : formatCents(report.noticeValueCents)],
    ['Billed so far for the engagement (NZD, excluding GST)', formatCents(report.totalBilledCents)],
    ['Sent', formatDateTime(report.submittedAt)],
  ];
}

function ReportDetails({ report, outcome }: { report: AgencyBillingReportDetail; outcome: AnswerOutcome }) {
  const { status } = report.response;
  return (
    <>
      <FactsList facts={agencyReportFacts(report)} />
      <section aria-labelledby="lines-heading">
        <h2 id="lines-heading">Amounts by service</h2>
        {report.lines.length === 0 ? (
          <p>The supplier did not break the amount down by service.</p>
        ) : (
          <DataTable caption="Amounts billed for each service" columns={['Service', 'Amount (NZD, excluding GST)']}>
            {report.lines.map((line, index) => (
              <DataRow key={`${line.service}-${String(index)}`}>
                <RowHeader>{line.service}</RowHeader>
                <DataCell label="Amount (NZD, excluding GST)">{formatCents(line.amountCents)}</DataCell>
              </DataRow>
            ))}
          </DataTable>
        )}
      </section>
      <section aria-labelledby="answer-heading">
        <h2 id="answer-heading">Your agency&apos;s answer</h2>
        {status === 'awaiting' ? (
          <p>
            Your agency has not answered yet. Confirm the amount if it is what your agency expected to pay for this month. If it is not, query it and say
            what is wrong.
          </p>
        ) : (
          <FactsList facts={answerFacts(report)} />
        )}
        {status === 'queried' && (
          <p>Once you have settled the query with the supplier and the {getProductTeamName()}, confirm the amount.</p>
        )}
        {status === 'confirmed' && <p>A confirmed billing report is final: there is nothing more to do.</p>}
        {canConfirmReport(status) && (
          <div className="screen-actions">
            <ConfirmAction report={report} outcome={outcome} />
            {canQueryReport(status) && (
              <Link className="button button--secondary" to={agencyReportingPaths.queryReport(report.id)}>
                {QUERY_REPORT_ACTION}
              </Link>
            )}
          </div>
        )}
      </section>
      {report.query !== null && <QueryConversation report={report} query={report.query} onConflict={outcome.conflicted} />}
      <p>
        <Link to={agencyReportingPaths.billingReports(`?engagementNotice=${String(report.engagementNotice.id)}`)}>
          Every billing report for {report.engagementNotice.title}
        </Link>
      </p>
      <p>{backLink}</p>
    </>
  );
}

function answerFacts(report: AgencyBillingReportDetail): [string, ReactNode][] {
  const { response } = report;
  const facts: [string, ReactNode][] = [['Answer', <ReportResponseTag key="answer" status={response.status} isOwn />]];
  if (response.status === 'confirmed') {
    facts.push(['Confirmed by', answeredBy(response, FORMER_MEMBER)]);
  }
  if (response.status === 'queried') {
    facts.push(
      ['What is wrong', <span key="details" className="reporting-notes">{response.queryDetails ?? 'Not given'}</span>],
      ['Queried by', answeredBy(response, FORMER_MEMBER)],
    );
  }
  return facts;
}

/** Confirm, after a dialog that says what confirming tells people; a refusal other than 409 stays in the dialog. */
function ConfirmAction({ report, outcome }: { report: AgencyBillingReportDetail; outcome: AnswerOutcome }) {
  const [isAsking, setIsAsking] = useState(false);
  const confirmation = useConfirmReport(report.id);
  const team = getProductTeamName();
  const month = billingPeriodLabel(report.billingPeriod);
  const close = () => {
    confirmation.reset();
    setIsAsking(false);
  };
  return (
    <>
      <button type="button" className="button" onClick={() => setIsAsking(true)}>
        {CONFIRM_REPORT_ACTION}
      </button>
      {isAsking && (
        <ConfirmDialog
          title="Confirm the amount?"
          confirmLabel="Yes, confirm it"
          isPending={confirmation.isPending}
          errorMessage={confirmation.isError ? answerProblem(confirmation.error, REPORT_ALREADY_ANSWERED_MESSAGE) : undefined}
          onConfirm={() => {
            // A promise, not mutate's callbacks: this button is gone once the report shows confirmed.
            confirmation.mutateAsync().then(
              () => {
                close();
                outcome.answered(`You confirmed the amount. The ${team} and ${report.supplier.name} can now see that it is what your agency expected to pay.`);
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
          <p>
            Confirming tells the {team} and {report.supplier.name} that {formatCents(report.amountCents)} (excluding GST) is what your agency expected to
            pay for ‘{report.engagementNotice.title}’ in {month}.
          </p>
          <p>You cannot change your answer once you have confirmed.</p>
        </ConfirmDialog>
      )}
    </>
  );
}

/** The query's messages, oldest first, and a reply while the report is queried. */
function QueryConversation({
  report,
  query,
  onConflict,
}: {
  report: AgencyBillingReportDetail;
  query: NonNullable<AgencyBillingReportDetail['query']>;
  onConflict: () => void;
}) {
  const send = useSendReportMessage(report.id);
  const [announcement, setAnnouncement] = useState('');
  const isOpen = report.response.status === 'queried';
  return (
    <section aria-labelledby="conversation-heading">
      <h2 id="conversation-heading">Messages about the query</h2>
      <p>The supplier and the {getProductTeamName()} read these messages and write here too.</p>
      <p className="visually-hidden" role="status" aria-live="polite" aria-atomic="true">
        {announcement}
      </p>
      {query.messages.length === 0 ? (
        <p>There are no messages yet.</p>
      ) : (
        <ol className="thread__messages" aria-label="Messages about the query">
          {query.messages.map((written) => (
            <MessageItem key={written.id} message={written} author={(item) => disputeMessageAuthor(item, report.supplier.name)} />
          ))}
        </ol>
      )}
      {query.isResolved && <p className="hint">The {getProductTeamName()} marked this conversation resolved.</p>}
      {isOpen ? (
        <MessageForm
          hasTitle={false}
          hasAttachment={false}
          contentLabel="Your message"
          submitLabel="Send message"
          summaryHeadingLevel={3}
          isSending={send.isPending}
          sendError={send.isError ? answerProblem(send.error, REPORT_ALREADY_ANSWERED_MESSAGE) : null}
          onSend={({ content }) =>
            send.mutateAsync({ content }).then(
              () => {
                setAnnouncement(MESSAGE_SENT_ANNOUNCEMENT);
              },
              (error: unknown) => {
                if (error instanceof ApiError && error.status === 409) {
                  onConflict();
                }
                throw error;
              },
            )
          }
        />
      ) : (
        <p className="hint">Your agency confirmed the amount, so the conversation is closed.</p>
      )}
    </section>
  );
}
