/**
 * The team app's /engagement-notices: every supplier's submitted and withdrawn engagement notices,
 * the latest change first, filtered by status, month and mismatch (selects), by supplier and agency (their
 * names in a row), paged from a notice (Next and Previous read on from the page's last or first),
 * all in the URL, with the agency's answer to each (issue 31); and the CSV of the filtered list.
 */
import '../styles/lists.css';
import { Link, useSearchParams } from 'react-router';
import type { TeamEngagementNoticeSummary } from '../../common/api/engagement-notices';
import { formatDate } from '../../common/dates';
import { billingPeriodLabel } from '../../common/reporting/billing-reports';
import { TEAM_NOTICE_STATUS_CODES } from '../../common/reporting/engagement-notices';
import { NOTICE_MISMATCH_CODES, NOTICE_MISMATCH_LABELS } from '../../common/reporting/mismatches';
import { recordStatusLabel } from '../../common/reporting/record-status';
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
import { EntryPagination } from '../lib/lists/pagination';
import { UrlSelect } from '../lib/lists/url-select';
import { AgencyResponseTag } from './agency-response';
import { noticeName } from './list-params';
import { RecordStatusTag } from './status-history';
import { exportFileName, exportPath, isFiltered, periodOptions, teamNoticeListQuery, type TeamNoticeListQuery } from './team-list-params';
import { useTeamNotices } from './team-reporting-api';
import { teamReportingPaths } from './team-reporting-paths';

export function TeamNoticesScreen() {
  const [searchParams] = useSearchParams();
  const query = teamNoticeListQuery(searchParams);
  const notices = useTeamNotices(query);
  const rows = notices.data?.engagementNotices ?? [];
  // A filtered list that came back empty cannot name its supplier or agency: their own notices can.
  const nameFilters = { ...(query.supplier ? { supplier: query.supplier } : {}), ...(query.agency ? { agency: query.agency } : {}) };
  const named = useTeamNotices(nameFilters, notices.isSuccess && rows.length === 0 && Object.keys(nameFilters).length > 0);

  return (
    <div className="screen list-screen">
      <h1>Engagement notices</h1>
      <p>Every supplier&apos;s submitted and withdrawn engagement notices, the most recently changed first. Drafts stay with their suppliers.</p>
      <div className="list-controls">
        <UrlSelect
          label="Status"
          param="status"
          value={query.status ?? ''}
          options={[{ value: '', label: 'Submitted or withdrawn' }, ...TEAM_NOTICE_STATUS_CODES.map((status) => ({ value: status, label: recordStatusLabel(status) }))]}
        />
        <UrlSelect
          label="Engagements running in"
          param="period"
          value={query.period ?? ''}
          options={[{ value: '', label: 'Any month' }, ...periodOptions(new Date(), { monthsAhead: 12, monthsBack: 36, chosen: query.period })]}
        />
        <UrlSelect
          label="Mismatch"
          param="mismatch"
          value={query.mismatch ?? ''}
          options={[{ value: '', label: 'Any notice' }, ...NOTICE_MISMATCH_CODES.map((code) => ({ value: code, label: NOTICE_MISMATCH_LABELS[code] }))]}
        />
      </div>
      <AppliedFilters filters={appliedNoticeFilters(query, rows.length > 0 ? rows : (named.data?.engagementNotices ?? []))} />
      <p className="hint">Select a supplier&apos;s or an agency&apos;s name in the list to see only their notices.</p>
      <CsvDownload
        path={exportPath('admin/engagement-notices', query)}
        fileName={exportFileName('engagement-notices', query)}
        description={isFiltered(query) ? 'The CSV file holds every notice these filters show, on every page.' : 'The CSV file holds every notice, on every page.'}
      />
      {notices.isPending ? (
        <LoadingState label="Loading the engagement notices…" />
      ) : notices.isError ? (
        <ErrorState message={`We could not load the engagement notices. ${describeApiFailure(notices.error)}`} onRetry={() => void notices.refetch()} />
      ) : (
        <UpdatingList isUpdating={notices.isPlaceholderData}>
          {rows.length === 0 ? (
            <EmptyList noun="engagement notices" page={query.page ?? 1} cursor={query} total={notices.data.total} isFiltered={isFiltered(query)} listPath={teamReportingPaths.engagementNotices()}>
              <p>No supplier has submitted an engagement notice yet.</p>
              <p>Suppliers submit one when an agency engages them; they will show here.</p>
            </EmptyList>
          ) : (
            <>
              <p className="list-screen__count">
                {listCount(notices.data, 'engagement notice', 'engagement notices')}
                {query.period ? ` running in ${billingPeriodLabel(query.period)}` : ''}
              </p>
              <NoticeTable notices={rows} />
              <EntryPagination answer={notices.data} noun="engagement notices" />
            </>
          )}
        </UpdatingList>
      )}
    </div>
  );
}

/** The supplier and agency filters as people read them, named from the rows when any are shown. */
export function appliedNoticeFilters(query: TeamNoticeListQuery, rows: readonly TeamEngagementNoticeSummary[]): AppliedFilter[] {
  const filters: AppliedFilter[] = [];
  if (query.supplier !== undefined) {
    const name = rows.find((row) => row.supplier.id === query.supplier)?.supplier.name;
    filters.push({ param: 'supplier', label: name === undefined ? 'One supplier' : `Supplier: ${name}` });
  }
  if (query.agency !== undefined) {
    const name = rows.find((row) => row.agency?.id === query.agency)?.agency?.name;
    filters.push({ param: 'agency', label: name === undefined ? 'One agency' : `Agency: ${name}` });
  }
  return filters;
}

function NoticeTable({ notices }: { notices: readonly TeamEngagementNoticeSummary[] }) {
  return (
    <DataTable caption="Engagement notices" columns={['Engagement', 'Supplier', 'Agency', 'Status', "Agency's answer", 'Start date', 'End date', 'Value', 'Actions']}>
      {notices.map((notice) => {
        const name = noticeName(notice);
        return (
          <DataRow key={notice.id}>
            <RowHeader>
              {name}
              {notice.services.length > 0 && <span className="list-table__detail">{notice.services.map((service) => service.title).join(', ')}</span>}
            </RowHeader>
            <DataCell label="Supplier">
              <FilterLink param="supplier" id={notice.supplier.id}>
                {notice.supplier.name}
                <span className="visually-hidden">: show only this supplier&apos;s notices</span>
              </FilterLink>
            </DataCell>
            <DataCell label="Agency">
              {notice.agency === null ? (
                'Not given'
              ) : (
                <FilterLink param="agency" id={notice.agency.id}>
                  {notice.agency.name}
                  <span className="visually-hidden">: show only this agency&apos;s notices</span>
                </FilterLink>
              )}
            </DataCell>
            <DataCell label="Status">
              <RecordStatusTag status={notice.status} />
            </DataCell>
            <DataCell label="Agency's answer">
              <AgencyResponseTag status={notice.agencyResponse.status} />
            </DataCell>
            <DataCell label="Start date">{notice.startDate === null ? 'Not given' : formatDate(notice.startDate)}</DataCell>
            <DataCell label="End date">{notice.endDate === null ? 'Not given' : formatDate(notice.endDate)}</DataCell>
            <DataCell label="Value">{notice.valueCents === null ? 'Not given' : formatCents(notice.valueCents)}</DataCell>
            <DataCell label="Actions">
              <Link to={teamReportingPaths.engagementNotice(notice.id)}>
                View<span className="visually-hidden"> engagement notice {name}</span>
              </Link>
            </DataCell>
          </DataRow>
        );
      })}
    </DataTable>
  );
}
