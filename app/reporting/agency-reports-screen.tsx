/**
 * The agency dashboard's /billing-reports (issue 31): the monthly billing reports suppliers sent on
 * the engagements the active agency confirmed, the latest month first, 25 a page, with the agency's
 * answer to each, a filter by that answer, and narrowed to one engagement when its notice's screen
 * links here (`?engagementNotice=`; the page, the filter and the engagement in the URL). Each
 * report's month opens its screen, where the agency confirms or queries the amount.
 */
import '../styles/lists.css';
import { Link, useSearchParams } from 'react-router';
import type { AgencyBillingReport, AgencyReportsQuery } from '../../common/api/agency-engagements';
import { MAX_ID, MAX_PAGE_NUMBER } from '../../common/api/http';
import { formatCents } from '../../common/money';
import { REPORT_RESPONSE_STATUS_CODES, type ReportResponseStatus } from '../../common/reporting/agency-responses';
import { billingPeriodLabel } from '../../common/reporting/billing-reports';
import { describeApiFailure } from '../lib/api-error';
import { DataCell, DataRow, DataTable, RowHeader } from '../lib/components/data-table';
import { ErrorState } from '../lib/components/error-state';
import { LoadingState } from '../lib/components/loading-state';
import { UpdatingList } from '../lib/components/updating-list';
import { EmptyList } from '../lib/lists/empty-list';
import { Pagination } from '../lib/lists/pagination';
import { listSearch, wholeNumberParam } from '../lib/lists/url-params';
import { UrlSelect } from '../lib/lists/url-select';
import { useAgencyNotice, useAgencyReports } from './agency-reporting-api';
import { agencyReportingPaths } from './agency-reporting-paths';
import { OWN_REPORT_RESPONSE_LABELS, ReportResponseTag } from './agency-response';

export const NO_AGENCY_REPORTS_MESSAGE = 'There are no billing reports for your agency yet.';

/** What the list says when no report has the chosen answer. */
export const NO_REPORTS_WITH_RESPONSE: Record<ReportResponseStatus, string> = {
  awaiting: 'No billing report is waiting for your answer.',
  confirmed: 'Your agency has not confirmed the amount of any billing report yet.',
  queried: 'Your agency has not queried the amount of any billing report.',
};

const COUNT_WITH_RESPONSE: Record<ReportResponseStatus, string> = {
  awaiting: ' waiting for your answer',
  confirmed: ' confirmed by your agency',
  queried: ' queried by your agency',
};

/** The list's query from its URL (`?response=`, `?engagementNotice=`, `?page=`); a value the list cannot use is ignored, never sent. */
export function agencyReportsQuery(search: URLSearchParams): AgencyReportsQuery {
  const response = REPORT_RESPONSE_STATUS_CODES.find((code) => code === search.get('response'));
  const engagementNotice = wholeNumberParam(search.get('engagementNotice'), MAX_ID);
  const page = wholeNumberParam(search.get('page'), MAX_PAGE_NUMBER);
  return {
    ...(response ? { response } : {}),
    ...(engagementNotice === undefined ? {} : { engagementNotice }),
    ...(page === undefined ? {} : { page }),
  };
}

export function AgencyReportsScreen() {
  const [searchParams] = useSearchParams();
  const query = agencyReportsQuery(searchParams);
  const page = query.page ?? 1;
  const reports = useAgencyReports(query);
  // The engagement's name, when the list is narrowed to it (even when it has no reports yet).
  const notice = useAgencyNotice(query.engagementNotice ?? 0);
  const engagementTitle = notice.data?.title ?? reports.data?.reports[0]?.engagementNotice.title;
  // Every report of the list, with the chosen answer kept.
  const everyEngagementPath = agencyReportingPaths.billingReports(query.response === undefined ? '' : `?${listSearch({ response: query.response })}`);

  return (
    <div className="screen list-screen">
      <h1>Billing reports</h1>
      <p>
        Each month, a supplier your agency engaged through the marketplace reports what it billed your agency for the engagement. You see the reports
        on the engagements your agency confirmed, the latest month first.
      </p>
      <p>Open a report to confirm the amount, or to query it if it is not what your agency expected to pay.</p>
      {query.engagementNotice !== undefined && (
        <div className="inset-text">
          <p>
            You are looking at the billing reports for {engagementTitle === undefined ? 'one engagement' : `‘${engagementTitle}’`} only.
          </p>
          <p>
            <Link to={everyEngagementPath}>Show the billing reports for every engagement</Link>
          </p>
        </div>
      )}
      <div className="list-controls">
        <UrlSelect
          label="Your answer"
          param="response"
          value={query.response ?? ''}
          options={[{ value: '', label: 'Any answer' }, ...REPORT_RESPONSE_STATUS_CODES.map((status) => ({ value: status, label: OWN_REPORT_RESPONSE_LABELS[status] }))]}
        />
      </div>
      {reports.isPending ? (
        <LoadingState label="Loading the billing reports…" />
      ) : reports.isError ? (
        <ErrorState message={`We could not load the billing reports. ${describeApiFailure(reports.error)}`} onRetry={() => void reports.refetch()} />
      ) : (
        <UpdatingList isUpdating={reports.isPlaceholderData}>
          {reports.data.reports.length === 0 ? (
            <EmptyList noun="billing reports" page={page} total={reports.data.total} isFiltered={false} listPath={agencyReportingPaths.billingReports()}>
              {query.response === undefined ? (
                <>
                  <p>{query.engagementNotice === undefined ? NO_AGENCY_REPORTS_MESSAGE : 'There are no billing reports for this engagement yet.'}</p>
                  <p>
                    Billing reports appear here once your agency confirms an engagement notice and the supplier sends its monthly report of what it
                    billed. To confirm an engagement, go to your{' '}
                    <Link to={agencyReportingPaths.engagementNotices()}>engagement notices</Link>.
                  </p>
                </>
              ) : (
                <>
                  <p>{NO_REPORTS_WITH_RESPONSE[query.response]}</p>
                  <p>
                    <Link to={agencyReportingPaths.billingReports()}>Show every billing report</Link>
                  </p>
                </>
              )}
            </EmptyList>
          ) : (
            <>
              <p className="list-screen__count">
                {reports.data.total === 1 ? '1 billing report' : `${String(reports.data.total)} billing reports`}
                {query.response === undefined ? '' : COUNT_WITH_RESPONSE[query.response]}
              </p>
              <ReportTable reports={reports.data.reports} />
              <Pagination page={reports.data.page} total={reports.data.total} pageSize={reports.data.pageSize} noun="billing reports" />
            </>
          )}
        </UpdatingList>
      )}
    </div>
  );
}

function ReportTable({ reports }: { reports: readonly AgencyBillingReport[] }) {
  return (
    <DataTable caption="Billing reports for your agency" columns={['Month', 'Supplier', 'Engagement', 'Amount (NZD, excluding GST)', 'Your answer']}>
      {reports.map((report) => (
        <DataRow key={report.id}>
          <RowHeader>
            <Link to={agencyReportingPaths.billingReport(report.id)}>
              {billingPeriodLabel(report.billingPeriod)} <span className="visually-hidden">({report.engagementNotice.title})</span>
            </Link>
          </RowHeader>
          <DataCell label="Supplier">{report.supplier.name}</DataCell>
          <DataCell label="Engagement">
            {report.engagementNotice.title}
            {report.engagementNotice.reference !== null && <span className="list-table__detail">Your reference: {report.engagementNotice.reference}</span>}
          </DataCell>
          <DataCell label="Amount (NZD, excluding GST)">{formatCents(report.amountCents)}</DataCell>
          <DataCell label="Your answer">
            <ReportResponseTag status={report.response.status} isOwn />
          </DataCell>
        </DataRow>
      ))}
    </DataTable>
  );
}
