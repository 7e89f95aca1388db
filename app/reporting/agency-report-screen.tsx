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
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { AgencyBillingReportDetail } from '../../common/api/agency-engagements';
import { formatDateTime } from '../../common/dates';
import { formatCents } from '../../common/money';
import { canConfirmReport, canQueryReport } from '../../common/reporting/agency-responses';
import { billingPeriodLabel } from '../../common/reporting/billing-reports';
import { DataCell, DataRow, DataTable, RowHeader } from '../lib/components/data-table';
import { FactsList } from '../lib/lists/facts-list';
import { getProductTeamName } from '../lib/product-team';
import { useRecordIdParam } from '../lib/use-record-id-param';
import { AgencyAnswerScreen, ConfirmAnswerAction, type AnswerOutcome, type RecordWords } from './agency-answer-screen';
import { AgencyConversation, FORMER_MEMBER } from './agency-conversation';
import { useAgencyReport, useConfirmReport, useReloadAgencyReports, useSendReportMessage } from './agency-reporting-api';
import { agencyReportingPaths } from './agency-reporting-paths';
import { REPORT_ALREADY_ANSWERED_MESSAGE, ReportResponseTag, answeredBy } from './agency-response';

export const CONFIRM_REPORT_ACTION = 'Confirm the amount';
export const QUERY_REPORT_ACTION = 'Query the amount';

const backLink = <Link to={agencyReportingPaths.billingReports()}>Back to the billing reports</Link>;

export const REPORT_WORDS: RecordWords = {
  noun: 'billing report',
  missing: 'There is no billing report for your agency at this address.',
  backLink,
};

/** 'Billing report for July 2026': the report's name on its screen and in the document's title. */
export function reportTitle(report: Pick<AgencyBillingReportDetail, 'billingPeriod'>): string {
  return `Billing report for ${billingPeriodLabel(report.billingPeriod)}`;
}

export function AgencyReportScreen() {
  const id = useRecordIdParam();
  const report = useAgencyReport(id);
  const reload = useReloadAgencyReports();
  return (
    <AgencyAnswerScreen
      id={id}
      record={report}
      words={REPORT_WORDS}
      title={reportTitle}
      fallbackTitle="Billing report"
      caption={(data) => (
        <p className="review-caption">
          {data.engagementNotice.title}, from {data.supplier.name}
        </p>
      )}
      alreadyAnswered={REPORT_ALREADY_ANSWERED_MESSAGE}
      reload={reload}
    >
      {(data, outcome) => <ReportDetails report={data} outcome={outcome} />}
    </AgencyAnswerScreen>
  );
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

function ConfirmAction({ report, outcome }: { report: AgencyBillingReportDetail; outcome: AnswerOutcome }) {
  const confirmation = useConfirmReport(report.id);
  const team = getProductTeamName();
  const month = billingPeriodLabel(report.billingPeriod);
  return (
    <ConfirmAnswerAction
      confirmation={confirmation}
      outcome={outcome}
      action={CONFIRM_REPORT_ACTION}
      dialogTitle="Confirm the amount?"
      alreadyAnswered={REPORT_ALREADY_ANSWERED_MESSAGE}
      confirmed={`You confirmed the amount. The ${team} and ${report.supplier.name} can now see that it is what your agency expected to pay.`}
    >
      <p>
        Confirming tells the {team} and {report.supplier.name} that {formatCents(report.amountCents)} (excluding GST) is what your agency expected to
        pay for ‘{report.engagementNotice.title}’ in {month}.
      </p>
    </ConfirmAnswerAction>
  );
}

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
  return (
    <AgencyConversation
      subject="query"
      thread={query}
      supplierName={report.supplier.name}
      isOpen={report.response.status === 'queried'}
      closedMessage="Your agency confirmed the amount, so the conversation is closed."
      send={send}
      alreadyAnswered={REPORT_ALREADY_ANSWERED_MESSAGE}
      onConflict={onConflict}
    />
  );
}
