/**
 * The agency dashboard's /engagement-notices (issue 31): the engagement notices suppliers sent
 * naming the active agency, the most recently sent first, 25 a page, with the agency's answer to
 * each and a filter by that answer (the page and the filter in the URL). Each notice's title opens
 * its screen, where the agency confirms or disputes it.
 */
import '../styles/lists.css';
import { Link, useSearchParams } from 'react-router';
import type { AgencyNotice, AgencyNoticesQuery } from '../../common/api/agency-engagements';
import { MAX_PAGE_NUMBER } from '../../common/api/http';
import { formatDate } from '../../common/dates';
import { formatCents } from '../../common/money';
import { AGENCY_RESPONSE_STATUS_CODES, type AgencyResponseStatus } from '../../common/reporting/agency-responses';
import { useActiveAgency } from '../lib/active-agency';
import { describeApiFailure } from '../lib/api-error';
import { DataCell, DataRow, DataTable, RowHeader } from '../lib/components/data-table';
import { ErrorState } from '../lib/components/error-state';
import { LoadingState } from '../lib/components/loading-state';
import { UpdatingList } from '../lib/components/updating-list';
import { EmptyList } from '../lib/lists/empty-list';
import { Pagination } from '../lib/lists/pagination';
import { wholeNumberParam } from '../lib/lists/url-params';
import { UrlSelect } from '../lib/lists/url-select';
import { useAgencyNotices } from './agency-reporting-api';
import { agencyReportingPaths } from './agency-reporting-paths';
import { AgencyResponseTag, OWN_RESPONSE_LABELS } from './agency-response';

export const NO_AGENCY_NOTICES_MESSAGE = 'No supplier has sent an engagement notice naming your agency yet.';

/** What the list says when no notice has the chosen answer. */
export const NO_NOTICES_WITH_RESPONSE: Record<AgencyResponseStatus, string> = {
  awaiting: 'No engagement notice is waiting for your answer.',
  confirmed: 'Your agency has not confirmed any engagement notice yet.',
  disputed: 'Your agency has not disputed any engagement notice.',
};

const COUNT_WITH_RESPONSE: Record<AgencyResponseStatus, string> = {
  awaiting: ' waiting for your answer',
  confirmed: ' confirmed by your agency',
  disputed: ' disputed by your agency',
};

/** The list's query from its URL (`?response=`, `?page=`); a value the list cannot use is ignored, never sent. */
export function agencyNoticesQuery(search: URLSearchParams): AgencyNoticesQuery {
  const response = AGENCY_RESPONSE_STATUS_CODES.find((code) => code === search.get('response'));
  const page = wholeNumberParam(search.get('page'), MAX_PAGE_NUMBER);
  return { ...(response ? { response } : {}), ...(page === undefined ? {} : { page }) };
}

export function AgencyNoticesScreen() {
  const agency = useActiveAgency();
  const [searchParams] = useSearchParams();
  const query = agencyNoticesQuery(searchParams);
  const page = query.page ?? 1;
  const notices = useAgencyNotices(query);

  return (
    <div className="screen list-screen">
      <h1>Engagement notices</h1>
      <p>
        The engagement notices suppliers sent to the marketplace naming {agency.agencyName}, the most recently sent first. A supplier sends one when your
        agency engages them through the marketplace.
      </p>
      <p>Open a notice to confirm that the engagement happened as the supplier describes it, or to dispute it.</p>
      <div className="list-controls">
        <UrlSelect
          label="Your answer"
          param="response"
          value={query.response ?? ''}
          options={[{ value: '', label: 'Any answer' }, ...AGENCY_RESPONSE_STATUS_CODES.map((status) => ({ value: status, label: OWN_RESPONSE_LABELS[status] }))]}
        />
      </div>
      {notices.isPending ? (
        <LoadingState label="Loading the engagement notices…" />
      ) : notices.isError ? (
        <ErrorState message={`We could not load the engagement notices. ${describeApiFailure(notices.error)}`} onRetry={() => void notices.refetch()} />
      ) : (
        <UpdatingList isUpdating={notices.isPlaceholderData}>
          {notices.data.notices.length === 0 ? (
            <EmptyList noun="engagement notices" page={page} total={notices.data.total} isFiltered={false} listPath={agencyReportingPaths.engagementNotices()}>
              {query.response === undefined ? (
                <>
                  <p>{NO_AGENCY_NOTICES_MESSAGE}</p>
                  <p>
                    When a supplier your agency engaged through the marketplace sends its engagement notice, it shows here. If you engaged a supplier and
                    expected to see its notice, ask the supplier to send it and to name your agency in it.
                  </p>
                </>
              ) : (
                <>
                  <p>{NO_NOTICES_WITH_RESPONSE[query.response]}</p>
                  <p>
                    <Link to={agencyReportingPaths.engagementNotices()}>Show every engagement notice</Link>
                  </p>
                </>
              )}
            </EmptyList>
          ) : (
            <>
              <p className="list-screen__count">
                {notices.data.total === 1 ? '1 engagement notice' : `${String(notices.data.total)} engagement notices`}
                {query.response === undefined ? '' : COUNT_WITH_RESPONSE[query.response]}
              </p>
              <NoticeTable notices={notices.data.notices} />
              <Pagination page={notices.data.page} total={notices.data.total} pageSize={notices.data.pageSize} noun="engagement notices" />
            </>
          )}
        </UpdatingList>
      )}
    </div>
  );
}

function NoticeTable({ notices }: { notices: readonly AgencyNotice[] }) {
  return (
    <DataTable
      caption="Engagement notices naming your agency"
      columns={['Engagement', 'Supplier', 'Your answer', 'Your reference', 'Start date', 'End date', 'Value (NZD, excluding GST)', 'Sent']}
    >
      {notices.map((notice) => (
        <DataRow key={notice.id}>
          <RowHeader>
            <Link to={agencyReportingPaths.engagementNotice(notice.id)}>{notice.title}</Link>
            {notice.services.length > 0 && <span className="list-table__detail">{notice.services.map((service) => service.title).join(', ')}</span>}
          </RowHeader>
          <DataCell label="Supplier">{notice.supplier.name}</DataCell>
          <DataCell label="Your answer">
            <AgencyResponseTag status={notice.response.status} isOwn />
          </DataCell>
          <DataCell label="Your reference">{notice.reference ?? 'Not given'}</DataCell>
          <DataCell label="Start date">{notice.startDate === null ? 'Not given' : formatDate(notice.startDate)}</DataCell>
          <DataCell label="End date">{notice.endDate === null ? 'Not given' : formatDate(notice.endDate)}</DataCell>
          <DataCell label="Value (NZD, excluding GST)">{notice.valueCents === null ? 'Not given' : formatCents(notice.valueCents)}</DataCell>
          <DataCell label="Sent">
            <time dateTime={notice.submittedAt}>{formatDate(notice.submittedAt)}</time>
          </DataCell>
        </DataRow>
      ))}
    </DataTable>
  );
}
