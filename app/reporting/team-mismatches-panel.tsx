/**
 * The team home's reporting mismatches (issue 31): where what suppliers report and what agencies
 * answer disagree, each counted and linked to the list that shows them.
 */
import { Link } from 'react-router';
import type { ReportingMismatchesResponse } from '../../common/api/billing-reports';
import { billingPeriodLabel } from '../../common/reporting/billing-reports';
import { describeApiFailure } from '../lib/api-error';
import { DataCell, DataRow, DataTable, RowHeader } from '../lib/components/data-table';
import { ErrorState } from '../lib/components/error-state';
import { LoadingState } from '../lib/components/loading-state';
import { useReportingMismatches } from './team-reporting-api';
import { teamReportingPaths } from './team-reporting-paths';

interface MismatchRow {
  label: string;
  path: string;
  count: number;
}

function mismatchRows(counts: ReportingMismatchesResponse): MismatchRow[] {
  return [
    {
      label: `Engagement notices the agency has not answered in ${String(counts.reviewTargetDays)} working days`,
      path: teamReportingPaths.engagementNotices('?mismatch=unconfirmed'),
      count: counts.unconfirmedNotices,
    },
    { label: 'Billing reports the agency queried', path: teamReportingPaths.billingReports('?agencyResponse=queried'), count: counts.queriedReports },
    { label: 'Engagement notices billed more than their value', path: teamReportingPaths.engagementNotices('?mismatch=over-value'), count: counts.overValueNotices },
    { label: `Months without a billing report, up to ${billingPeriodLabel(counts.through)}`, path: teamReportingPaths.missingBillingReports(), count: counts.missingMonths },
  ];
}

export function ReportingMismatchesPanel() {
  const mismatches = useReportingMismatches();
  return (
    <section aria-labelledby="reporting-mismatches-heading">
      <h2 id="reporting-mismatches-heading">Reporting mismatches</h2>
      <p>Where what suppliers report and what agencies confirm do not agree. Follow a mismatch up with the supplier or the agency.</p>
      {mismatches.isPending ? (
        <LoadingState label="Counting the mismatches…" />
      ) : mismatches.isError ? (
        <ErrorState message={`We could not count the mismatches. ${describeApiFailure(mismatches.error)}`} onRetry={() => void mismatches.refetch()} />
      ) : (
        <DataTable caption="Reporting mismatches" columns={['Mismatch', 'How many']}>
          {mismatchRows(mismatches.data).map((row) => (
            <DataRow key={row.path}>
              <RowHeader>
                <Link to={row.path}>{row.label}</Link>
              </RowHeader>
              <DataCell label="How many">{row.count === 0 ? 'None' : String(row.count)}</DataCell>
            </DataRow>
          ))}
        </DataTable>
      )}
    </section>
  );
}
