/**
 * The team app's /missing-billing-reports (issue 27 item 6): every supplier's billing reports due
 * and not submitted, each month up to last month that a submitted engagement notice ran in with no
 * submitted report (the reminder's rule, on the server), the oldest month first; by month (a
 * select) and by supplier (its name in a row), paged, all in the URL.
 */
import '../styles/lists.css';
import { Link, useSearchParams } from 'react-router';
import type { MissingBillingReport } from '../../common/api/billing-reports';
import { billingPeriodLabel, lastDueBillingPeriod } from '../../common/reporting/billing-reports';
import { describeApiFailure } from '../lib/api-error';
import { DataCell, DataRow, DataTable, RowHeader } from '../lib/components/data-table';
import { ErrorState } from '../lib/components/error-state';
import { LoadingState } from '../lib/components/loading-state';
import { UpdatingList } from '../lib/components/updating-list';
import { AppliedFilters, FilterLink, type AppliedFilter } from '../lib/lists/applied-filters';
import { EmptyList } from '../lib/lists/empty-list';
import { Pagination } from '../lib/lists/pagination';
import { UrlSelect } from '../lib/lists/url-select';
import { noticeName } from './list-params';
import { isFiltered, missingReportListQuery, periodOptions, type MissingReportListQuery } from './team-list-params';
import { useTeamMissingReports } from './team-reporting-api';
import { teamReportingPaths } from './team-reporting-paths';

export function TeamMissingReportsScreen() {
  const [searchParams] = useSearchParams();
  const query = missingReportListQuery(searchParams);
  const missing = useTeamMissingReports(query);
  const rows = missing.data?.missingReports ?? [];
  // A supplier filter that came back empty cannot name its supplier from the rows: its whole list can.
  const named = useTeamMissingReports(query.supplier ? { supplier: query.supplier } : {}, missing.isSuccess && rows.length === 0 && query.supplier !== undefined);
  const now = new Date();

  return (
    <div className="screen list-screen">
      <h1>Missing billing reports</h1>
      <p>
        Billing reports suppliers owe: each month up to {billingPeriodLabel(missing.data?.through ?? lastDueBillingPeriod(now))} that a submitted engagement
        notice ran in, with no submitted report for that month. The oldest month first. Suppliers are reminded by email from the 5th of the month after.
      </p>
      <div className="list-controls">
        <UrlSelect
          label="Billing period"
          param="period"
          value={query.period ?? ''}
          options={[{ value: '', label: 'Any month' }, ...periodOptions(now, { monthsAhead: 0, monthsBack: 36, chosen: query.period }).slice(1)]}
        />
      </div>
      <AppliedFilters filters={appliedMissingFilters(query, rows.length > 0 ? rows : (named.data?.missingReports ?? []))} />
      <p className="hint">Select a supplier&apos;s name in the list to see only their missing reports.</p>
      {missing.isPending ? (
        <LoadingState label="Loading the missing billing reports…" />
      ) : missing.isError ? (
        <ErrorState message={`We could not load the missing billing reports. ${describeApiFailure(missing.error)}`} onRetry={() => void missing.refetch()} />
      ) : (
        <UpdatingList isUpdating={missing.isPlaceholderData}>
          {rows.length === 0 ? (
            <EmptyList
              noun="missing billing reports"
              page={query.page ?? 1}
              total={missing.data.total}
              isFiltered={isFiltered(query)}
              listPath={teamReportingPaths.missingBillingReports()}
            >
              <p>No billing reports are missing: every month of every submitted engagement notice up to {billingPeriodLabel(missing.data.through)} has its report.</p>
              <p>
                <Link to={teamReportingPaths.billingReports()}>See the submitted billing reports</Link>
              </p>
            </EmptyList>
          ) : (
            <>
              <p className="list-screen__count">
                {missing.data.total === 1 ? '1 missing billing report' : `${String(missing.data.total)} missing billing reports`}
                {query.period ? ` for ${billingPeriodLabel(query.period)}` : ''}
              </p>
              <MissingReportTable reports={rows} />
              <Pagination page={missing.data.page} total={missing.data.total} pageSize={missing.data.pageSize} noun="missing billing reports" />
            </>
          )}
        </UpdatingList>
      )}
    </div>
  );
}

function appliedMissingFilters(query: MissingReportListQuery, rows: readonly MissingBillingReport[]): AppliedFilter[] {
  if (query.supplier === undefined) {
    return [];
  }
  const name = rows.find((row) => row.supplier.id === query.supplier)?.supplier.name;
  return [{ param: 'supplier', label: name === undefined ? 'One supplier' : `Supplier: ${name}` }];
}

function MissingReportTable({ reports }: { reports: readonly MissingBillingReport[] }) {
  return (
    <DataTable caption="Missing billing reports" columns={['Engagement notice', 'Supplier', 'Agency', 'Billing period']}>
      {reports.map((report) => (
        <DataRow key={`${String(report.engagementNotice.id)}:${report.billingPeriod}`}>
          <RowHeader>
            <Link to={teamReportingPaths.engagementNotice(report.engagementNotice.id)}>{noticeName(report.engagementNotice)}</Link>
          </RowHeader>
          <DataCell label="Supplier">
            <FilterLink param="supplier" id={report.supplier.id}>
              {report.supplier.name}
              <span className="visually-hidden">: show only this supplier&apos;s missing reports</span>
            </FilterLink>
          </DataCell>
          <DataCell label="Agency">{report.engagementNotice.agencyName ?? 'Not given'}</DataCell>
          <DataCell label="Billing period">{billingPeriodLabel(report.billingPeriod)}</DataCell>
        </DataRow>
      ))}
    </DataTable>
  );
}
