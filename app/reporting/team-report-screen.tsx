/**
 * The team app's /billing-reports/{id}: one supplier's submitted billing report as the team reads
 * it: whose it is, the notice it bills against (a link to the notice's screen), its month and
 * total, what was billed for each service, its status history and every answer.
 */
import '../styles/lists.css';
import '../styles/reporting.css';
import { Link } from 'react-router';
import type { TeamBillingReport } from '../../common/api/billing-reports';
import { billingPeriodLabel } from '../../common/reporting/billing-reports';
import { formatCents } from '../../common/money';
import { BilledLines } from './billing-report-details';
import { noticeName, reportName } from './list-params';
import { RecordAnswers } from './record-details';
import { FactsList } from '../lib/lists/facts-list';
import { TeamRecordScreen } from './team-record-screen';
import { RecordStatusTag, StatusHistory } from './status-history';
import { useRecordIdParam } from '../lib/use-record-id-param';
import { reportResponseFacts } from './agency-response';
import { teamSourceLabel } from './team-source-labels';
import { useTeamNotice, useTeamReport } from './team-reporting-api';
import { teamReportingPaths } from './team-reporting-paths';

const backLink = <Link to={teamReportingPaths.billingReports()}>Back to the billing reports</Link>;

export function TeamReportScreen() {
  const id = useRecordIdParam();
  const report = useTeamReport(id, id > 0);
  return (
    <TeamRecordScreen<TeamBillingReport> title="Billing report" noun="billing report" listLink={backLink} record={report}>
      {(loaded) => <TeamReportDetails report={loaded} />}
    </TeamRecordScreen>
  );
}

function TeamReportDetails({ report }: { report: TeamBillingReport }) {
  const notice = report.engagementNotice;
  // The notice names the services the lines bill for.
  const noticeRecord = useTeamNotice(notice?.id ?? 0, notice !== null);
  return (
    <>
      <p className="reporting-lead">{reportName(report)}</p>
      <FactsList
        facts={[
          ['Supplier', report.supplier.name],
          ['Status', <RecordStatusTag key="status" status={report.status} />],
          [
            'Engagement notice',
            notice === null ? (
              'Not given'
            ) : (
              <Link to={teamReportingPaths.engagementNotice(notice.id)}>
                {noticeName(notice)}
                {notice.agencyName !== null && <span className="visually-hidden"> ({notice.agencyName})</span>}
              </Link>
            ),
          ],
          ['Agency', notice?.agencyName ?? 'Not given'],
          ['Agency reference', notice?.reference ?? 'None given'],
          ['Billing period', report.billingPeriod === null ? 'Not given' : billingPeriodLabel(report.billingPeriod)],
          ['Total amount (excluding GST)', report.amountCents === null ? 'Not given' : formatCents(report.amountCents)],
          ...reportResponseFacts(report.agencyResponse),
        ]}
      />
      <BilledLines report={report} services={noticeRecord.data?.services} />
      <section aria-labelledby="history-heading">
        <h2 id="history-heading">Status history</h2>
        <StatusHistory history={report.statusHistory} noun="billing report" />
      </section>
      <RecordAnswers
        record={report}
        title="Answers as submitted"
        sourceLabel={teamSourceLabel({ engagementNotice: notice, services: noticeRecord.isError ? [] : noticeRecord.data?.services })}
      />
      <ul className="plain-list team-record-links">
        {notice !== null && (
          <li>
            <Link to={teamReportingPaths.billingReports(`?engagementNotice=${String(notice.id)}`)}>See every billing report for {noticeName(notice)}</Link>
          </li>
        )}
        <li>
          <Link to={teamReportingPaths.billingReports(`?supplier=${String(report.supplier.id)}`)}>See every billing report of {report.supplier.name}</Link>
        </li>
        <li>{backLink}</li>
      </ul>
    </>
  );
}
