/**
 * /billing-reports/billing-report/{id}: the notice a report is against (with a link to it), its
 * month and total, every answer, its status history and its messages with the marketplace team;
 * a draft's Continue and Delete.
 */
import '../styles/lists.css';
import '../styles/reporting.css';
import { Link } from 'react-router';
import type { BillingReportResponse } from '../../common/api/billing-reports';
import type { NoticeService } from '../../common/api/engagement-notices';
import { billingPeriodLabel, REPORT_FIELDS, REPORT_STEPS } from '../../common/reporting/billing-reports';
import { isEditableRecord } from '../../common/reporting/record-status';
import { formatCents } from '../../common/money';
import { isRecord } from '../../common/is-record';
import { DataCell, DataRow, DataTable, RowHeader } from '../lib/components/data-table';
import { useFlashMessage } from '../lib/use-flash-message';
import { MessagesPanel } from '../threads/public';
import { reportResponseFacts } from './agency-response';
import { billingReportsOfNotice, noticeName, reportName } from './list-params';
import { DraftActions, LoadedRecord, RecordAnswers } from './record-details';
import { FactsList } from '../lib/lists/facts-list';
import { useRecord } from './reporting-api';
import { billingReportKind, engagementNoticeKind } from './reporting-kinds';
import { RecordStatusTag, StatusHistory } from './status-history';

const kind = billingReportKind;

export function BillingReportScreen() {
  return <LoadedRecord kind={kind}>{(report) => <ReportDetails report={report} />}</LoadedRecord>;
}

function ReportDetails({ report }: { report: BillingReportResponse }) {
  const isDraft = isEditableRecord(report.status);
  const notice = report.engagementNotice;
  // "Submitted", from the submission's last screen.
  const [message] = useFlashMessage();
  return (
    <>
      <p className="reporting-lead">{reportName(report)}</p>
      <div role="status" className="list-screen__message">
        {message !== '' && <p className="alert alert--success">{message}</p>}
      </div>
      <FactsList
        facts={[
          ['Status', <RecordStatusTag key="status" status={report.status} />],
          [
            'Engagement notice',
            notice === null ? (
              'Not chosen yet'
            ) : (
              <Link to={engagementNoticeKind.recordPath(notice.id)}>
                {noticeName(notice)}
                {notice.agencyName !== null && <span className="visually-hidden"> ({notice.agencyName})</span>}
              </Link>
            ),
          ],
          ['Agency', notice?.agencyName ?? 'Not chosen yet'],
          ['Agency reference', notice?.reference ?? 'None given'],
          ['Billing period', report.billingPeriod === null ? 'Not given yet' : billingPeriodLabel(report.billingPeriod)],
          ['Total amount (excluding GST)', report.amountCents === null ? 'Not given yet' : formatCents(report.amountCents)],
          // The agency answers a sent report once it confirmed the engagement (issue 31).
          ...(isDraft ? [] : reportResponseFacts(report.agencyResponse)),
        ]}
      />
      <SupplierBilledLines report={report} />
      {isDraft && (
        <>
          <p>This report is a draft: it has not been sent to the marketplace team. Continue it to answer the rest and submit it.</p>
          <DraftActions kind={kind} id={report.id} description={`draft billing report ‘${reportName(report)}’`} />
        </>
      )}
      {notice !== null && (
        <p>
          <Link to={billingReportsOfNotice(notice.id)}>See every billing report for {noticeName(notice)}</Link>
        </p>
      )}
      <section aria-labelledby="history-heading">
        <h2 id="history-heading">Status history</h2>
        <StatusHistory history={report.statusHistory} noun="billing report" />
      </section>
      <RecordAnswers record={report} title={isDraft ? 'Answers so far' : 'Answers as submitted'} />
      <MessagesPanel model={kind.model} recordId={report.id} />
      <p>
        <Link to={kind.listPath}>Back to your billing reports</Link>
      </p>
    </>
  );
}

/** The report's lines as stored (`amounts.lines`: a service id and an amount in cents each), the readable ones. */
export function billedLines(data: BillingReportResponse['data']): { service: number; amountCents: number }[] {
  const lines = data[REPORT_STEPS.amounts]?.[REPORT_FIELDS.lines];
  if (!Array.isArray(lines)) {
    return [];
  }
  return lines.flatMap((line: unknown) => {
    const service = isRecord(line) ? line[REPORT_FIELDS.service] : undefined;
    const amount = isRecord(line) ? line[REPORT_FIELDS.amount] : undefined;
    return typeof service === 'number' && typeof amount === 'number' ? [{ service, amountCents: amount }] : [];
  });
}

/** The supplier's report's lines, its services named from the supplier's notice. */
function SupplierBilledLines({ report }: { report: BillingReportResponse }) {
  const notice = useRecord(engagementNoticeKind, report.engagementNotice?.id ?? 0);
  return <BilledLines report={report} services={notice.data?.services} />;
}

/** What was billed for each service, with the services named as the notice names them (`services`, once loaded). */
export function BilledLines({ report, services }: { report: BillingReportResponse; services: readonly NoticeService[] | undefined }) {
  const lines = billedLines(report.data);
  const notes = report.data.amounts?.notes;
  const serviceName = (id: number) => services?.find((service) => service.id === id)?.label ?? 'A service of the engagement notice';
  return (
    <section aria-labelledby="lines-heading">
      <h2 id="lines-heading">What was billed</h2>
      {lines.length === 0 ? (
        <p>No amounts are given yet.</p>
      ) : (
        <DataTable caption="Amounts billed for each service, excluding GST" columns={['Service', 'Amount (excluding GST)']}>
          {lines.map((line, index) => (
            <DataRow key={`${String(line.service)}-${String(index)}`}>
              <RowHeader>{serviceName(line.service)}</RowHeader>
              <DataCell label="Amount (excluding GST)">{formatCents(line.amountCents)}</DataCell>
            </DataRow>
          ))}
        </DataTable>
      )}
      {typeof notes === 'string' && notes.trim() !== '' && (
        <>
          <h3>Notes</h3>
          <p className="reporting-notes">{notes}</p>
        </>
      )}
    </section>
  );
}
