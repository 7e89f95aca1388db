/**
 * The team app's /billing-reports: every supplier's submitted billing reports, the latest month
 * first, filtered by month (a select), by supplier and engagement notice (their names in a row)
 * and by agency (from a notice's screen), paged, all in the URL; and the CSV of the filtered list.
 */
import '../styles/lists.css';
import { Link, useSearchParams } from 'react-router';
import type { TeamBillingReportListResponse } from '../../common/api/billing-reports';
import { billingPeriodLabel } from '../../common/reporting/billing-reports';
import { formatDate } from '../../common/dates';
import { formatCents } from '../../common/money';
import { describeApiFailure } from '../lib/api-error';
import { DataCell, DataRow, DataTable, RowHeader } from '../lib/components/data-table';
import { ErrorState } from '../lib/components/error-state';
import { LoadingState } from '../lib/components/loading-state';
import { UpdatingList } from '../lib/components/updating-list';
import { AppliedFilters, FilterLink, type AppliedFilter } from '../lib/lists/applied-filters';
import { CsvDownload } from '../lib/lists/csv-download';
import { EmptyList } from '../lib/lists/empty-list';
import { listCount } from '../lib/lists/list-count';
import { Pagination } from '../lib/lists/pagination';
import { UrlSelect } from '../lib/lists/url-select';
import { REPORT_RESPONSE_STATUS_CODES, REPORT_RESPONSE_STATUS_LABELS } from '../../common/reporting/agency-responses';
import { ReportResponseTag } from './agency-response';
import { noticeName, reportName } from './list-params';
import { exportFileName, exportPath, isFiltered, periodOptions, teamReportListQuery, type TeamReportListQuery } from './team-list-params';
import { useTeamReports } from './team-reporting-api';
import { teamReportingPaths } from './team-reporting-paths';

type ReportRow = TeamBillingReportListResponse['billingReports'][number];

export function TeamReportsScreen() {
  const [searchParams] = useSearchParams();
  const query = teamReportListQuery(searchParams);
  const reports = useTeamReports(query);
  const rows = reports.data?.billingReports ?? [];
  // A filtered list that came back empty cannot name its supplier, notice or agency: their own reports can.
  const nameFilters = {
    ...(query.supplier ? { supplier: query.supplier } : {}),
    ...(query.engagementNotice ? { engagementNotice: query.engagementNotice } : {}),
    ...(query.agency ? { agency: query.agency } : {}),
  };
  const named = useTeamReports(nameFilters, reports.isSuccess && rows.length === 0 && Object.keys(nameFilters).length > 0);

  return (
    <div className="screen list-screen">
      <h1>Billing reports</h1>
      <p>Every supplier&apos;s submitted billing reports, the latest month first.</p>
      <div className="list-controls">
        <UrlSelect
          label="Billing period"
          param="period"
          value={query.period ?? ''}
          options={[{ value: '', label: 'Any month' }, ...periodOptions(new Date(), { monthsAhead: 0, monthsBack: 36, chosen: query.period })]}
        />
        <UrlSelect
          label="Agency's answer"
          param="agencyResponse"
          value={query.agencyResponse ?? ''}
          options={[{ value: '', label: 'Any answer' }, ...REPORT_RESPONSE_STATUS_CODES.map((code) => ({ value: code, label: REPORT_RESPONSE_STATUS_LABELS[code] }))]}
        />
      </div>
      <AppliedFilters filters={appliedReportFilters(query, rows.length > 0 ? rows : (named.data?.billingReports ?? []))} />
      <p className="hint">Select a supplier&apos;s name or an engagement notice in the list to see only their billing reports.</p>
      <CsvDownload
        path={exportPath('admin/billing-reports', query)}
        fileName={exportFileName('billing-reports', query)}
        description={isFiltered(query) ? 'The CSV file holds every billing report these filters show, on every page.' : 'The CSV file holds every billing report, on every page.'}
      />
      {reports.isPending ? (
        <LoadingState label="Loading the billing reports…" />
      ) : reports.isError ? (
        <ErrorState message={`We could not load the billing reports. ${describeApiFailure(reports.error)}`} onRetry={() => void reports.refetch()} />
      ) : (
        <UpdatingList isUpdating={reports.isPlaceholderData}>
          {rows.length === 0 ? (
            <EmptyList noun="billing reports" page={query.page ?? 1} total={reports.data.total} isFiltered={isFiltered(query)} listPath={teamReportingPaths.billingReports()}>
              <p>No supplier has submitted a billing report yet.</p>
              <p>Suppliers report what they billed each month against their engagement notices; the reports will show here.</p>
            </EmptyList>
          ) : (
            <>
              <p className="list-screen__count">
                {listCount(reports.data, 'billing report', 'billing reports')}
                {query.period ? ` for ${billingPeriodLabel(query.period)}` : ''}
              </p>
              <ReportTable reports={rows} />
              <Pagination
                page={reports.data.page}
                total={reports.data.total}
                pageSize={reports.data.pageSize}
                noun="billing reports"
                isTotalCapped={reports.data.totalIsCapped}
              />
            </>
          )}
        </UpdatingList>
      )}
    </div>
  );
}

/** The supplier, notice and agency filters as people read them, named from the rows when any are shown. */
export function appliedReportFilters(query: TeamReportListQuery, rows: readonly ReportRow[]): AppliedFilter[] {
  const filters: AppliedFilter[] = [];
  if (query.supplier !== undefined) {
    const name = rows.find((row) => row.supplier.id === query.supplier)?.supplier.name;
    filters.push({ param: 'supplier', label: name === undefined ? 'One supplier' : `Supplier: ${name}` });
  }
  if (query.engagementNotice !== undefined) {
    const notice = rows.find((row) => row.engagementNotice?.id === query.engagementNotice)?.engagementNotice;
    filters.push({ param: 'engagementNotice', label: notice ? `Engagement notice: ${noticeName(notice)}` : 'One engagement notice' });
  }
  if (query.agency !== undefined) {
    // Every row shown is of that agency; the list names agencies but does not number them.
    const name = rows[0]?.engagementNotice?.agencyName ?? undefined;
    filters.push({ param: 'agency', label: name === undefined ? 'One agency' : `Agency: ${name}` });
  }
  return filters;
}

function ReportTable({ reports }: { reports: readonly ReportRow[] }) {
  return (
    <DataTable caption="Billing reports" columns={['Billing report', 'Supplier', 'Engagement notice', 'Agency', 'Billing period', 'Amount', "Agency's answer", 'Submitted', 'Actions']}>
      {reports.map((report) => {
        const name = reportName(report);
        const notice = report.engagementNotice;
        return (
          <DataRow key={report.id}>
            <RowHeader>{name}</RowHeader>
            <DataCell label="Supplier">
              <FilterLink param="supplier" id={report.supplier.id}>
                {report.supplier.name}
                <span className="visually-hidden">: show only this supplier&apos;s billing reports</span>
              </FilterLink>
            </DataCell>
            <DataCell label="Engagement notice">
              {notice === null ? (
                'Not given'
              ) : (
                <FilterLink param="engagementNotice" id={notice.id}>
                  {noticeName(notice)}
                  <span className="visually-hidden">: show only this notice&apos;s billing reports</span>
                </FilterLink>
              )}
            </DataCell>
            <DataCell label="Agency">{notice?.agencyName ?? 'Not given'}</DataCell>
            <DataCell label="Billing period">{report.billingPeriod === null ? 'Not given' : billingPeriodLabel(report.billingPeriod)}</DataCell>
            <DataCell label="Amount">{report.amountCents === null ? 'Not given' : formatCents(report.amountCents)}</DataCell>
            <DataCell label="Agency's answer">
              <ReportResponseTag status={report.agencyResponse.status} />
            </DataCell>
            <DataCell label="Submitted">{report.submittedAt === null ? 'Not yet' : formatDate(report.submittedAt)}</DataCell>
            <DataCell label="Actions">
              <Link to={teamReportingPaths.billingReport(report.id)}>
                View<span className="visually-hidden"> billing report {name}</span>
              </Link>
            </DataCell>
          </DataRow>
        );
      })}
    </DataTable>
  );
}
