/**
 * The agency dashboard's /spend (issue 31): what suppliers billed the active agency in their sent
 * billing reports, by supplier, service or month (a select, in the URL), with how much of it the
 * agency confirmed and the totals; and every line of those reports as a CSV file.
 */
import '../styles/lists.css';
import { Link, useSearchParams } from 'react-router';
import type { AgencySpendResponse } from '../../common/api/agency-engagements';
import { formatCents } from '../../common/money';
import { SPEND_GROUPING_LABELS, SPEND_GROUPINGS, type SpendGrouping } from '../../common/reporting/agency-spend';
import { useActiveAgency } from '../lib/active-agency';
import { describeApiFailure } from '../lib/api-error';
import { DataCell, DataRow, DataTable, RowHeader } from '../lib/components/data-table';
import { ErrorState } from '../lib/components/error-state';
import { LoadingState } from '../lib/components/loading-state';
import { UpdatingList } from '../lib/components/updating-list';
import { CsvDownload } from '../lib/lists/csv-download';
import { UrlSelect } from '../lib/lists/url-select';
import { agencyReportingPaths } from './agency-reporting-paths';
import { AGENCY_SPEND_CSV_PATH, useAgencySpend } from './agency-spend-api';

const BY_OPTIONS: Record<SpendGrouping, string> = { supplier: 'Supplier', service: 'Service', month: 'Month, the latest first' };

/** The grouping from the URL (`?by=`); anything else is by supplier. */
export function spendGrouping(search: URLSearchParams): SpendGrouping {
  return SPEND_GROUPINGS.find((grouping) => grouping === search.get('by')) ?? 'supplier';
}

export function AgencySpendScreen() {
  const agency = useActiveAgency();
  const [searchParams] = useSearchParams();
  const by = spendGrouping(searchParams);
  const spend = useAgencySpend(by);

  return (
    <div className="screen list-screen">
      <h1>Spend</h1>
      <p>
        What suppliers billed {agency.agencyName} in their monthly billing reports, excluding GST, and how much of it your agency has confirmed.
      </p>
      <div className="list-controls">
        <UrlSelect label="Show spend by" param="by" value={by === 'supplier' ? '' : by} options={SPEND_GROUPINGS.map((grouping) => ({ value: grouping === 'supplier' ? '' : grouping, label: BY_OPTIONS[grouping] }))} />
      </div>
      <CsvDownload
        path={AGENCY_SPEND_CSV_PATH}
        fileName="spend.csv"
        description="The CSV file holds every line of every billing report: the month, supplier, engagement, service, amount and your answer."
      />
      {spend.isPending ? (
        <LoadingState label="Adding up your spend…" />
      ) : spend.isError ? (
        <ErrorState message={`We could not add up your spend. ${describeApiFailure(spend.error)}`} onRetry={() => void spend.refetch()} />
      ) : spend.data.rows.length === 0 ? (
        <div>
          <p>No supplier has billed your agency yet.</p>
          <p>
            Spend shows here once suppliers send billing reports on the <Link to={agencyReportingPaths.engagementNotices()}>engagement notices</Link> naming your
            agency.
          </p>
        </div>
      ) : (
        <UpdatingList isUpdating={spend.isPlaceholderData}>
          <SpendTable spend={spend.data} />
        </UpdatingList>
      )}
    </div>
  );
}

function SpendTable({ spend }: { spend: AgencySpendResponse }) {
  const heading = SPEND_GROUPING_LABELS[spend.by];
  return (
    <DataTable caption={`Spend by ${heading.toLowerCase()}`} columns={[heading, 'Billed', 'Confirmed by your agency']}>
      {spend.rows.map((row) => (
        <DataRow key={row.key}>
          <RowHeader>{row.label}</RowHeader>
          <DataCell label="Billed">{formatCents(row.billedCents)}</DataCell>
          <DataCell label="Confirmed by your agency">{formatCents(row.confirmedCents)}</DataCell>
        </DataRow>
      ))}
      <DataRow>
        <RowHeader>
          <strong>Total</strong>
        </RowHeader>
        <DataCell label="Billed">
          <strong>{formatCents(spend.billedCents)}</strong>
        </DataCell>
        <DataCell label="Confirmed by your agency">
          <strong>{formatCents(spend.confirmedCents)}</strong>
        </DataCell>
      </DataRow>
    </DataTable>
  );
}
