/**
 * /admin/agencies: the agency registrations waiting for the team, oldest first, paged; the
 * approved and declined ones by the status filter. Each row names the agency, its contact, when it
 * was submitted and how long it has waited.
 */
import '../styles/applications.css';
import '../styles/lists.css';
import '../styles/review.css';
import { Link, useSearchParams } from 'react-router';
import type { TeamAgencyStatus, TeamAgencySummary } from '../../common/api/agencies';
import { formatDate } from '../../common/dates';
import { MAX_PAGE_NUMBER } from '../../common/api/http';
import { describeApiFailure } from '../lib/api-error';
import { useWorkQueues } from '../lib/work-queues-api';
import { DataCell, DataRow, DataTable, RowHeader } from '../lib/components/data-table';
import { ErrorState } from '../lib/components/error-state';
import { LoadingState } from '../lib/components/loading-state';
import { UpdatingList } from '../lib/components/updating-list';
import { isPastTarget, OverdueMark } from '../lib/components/overdue-mark';
import { StatusTag } from '../lib/components/status-tag';
import { timeWaiting } from '../lib/time-waiting';
import { useFlashMessage } from '../lib/use-flash-message';
import { Pagination } from '../lib/lists/pagination';
import { wholeNumberParam } from '../lib/lists/url-params';
import { UrlSelect } from '../lib/lists/url-select';
import { AGENCY_REVIEW_STATUSES, useAgencyQueue, type AgencyListQuery } from './agency-review-api';
import { agencyReviewPaths } from './agency-review-paths';
import { AGENCY_STATUS_LABELS, AGENCY_STATUS_TONES } from './agency-review-statuses';

/** The queue's query, from its URL: the waiting ones and page 1 unless it says otherwise. */
export function agencyQueueQuery(search: URLSearchParams): AgencyListQuery {
  const status = AGENCY_REVIEW_STATUSES.find((candidate) => candidate === search.get('status')) ?? 'submitted';
  return { status, page: wholeNumberParam(search.get('page'), MAX_PAGE_NUMBER) ?? 1 };
}

const EMPTY_MESSAGES: Record<TeamAgencyStatus, string> = {
  submitted: 'No agency registrations are waiting for a decision.',
  approved: 'No agency registrations have been approved yet.',
  declined: 'No agency registrations have been declined yet.',
};

function countLine(total: number, status: TeamAgencyStatus): string {
  const registrations = total === 1 ? '1 agency registration' : `${total.toLocaleString('en-NZ')} agency registrations`;
  return status === 'submitted' ? `${registrations} waiting for a decision, oldest first` : `${registrations} ${AGENCY_STATUS_LABELS[status].toLowerCase()}, oldest first`;
}

export function AgencyQueueScreen() {
  const [searchParams] = useSearchParams();
  const query = agencyQueueQuery(searchParams);
  const queue = useAgencyQueue(query);
  const [message, setMessage] = useFlashMessage();
  const firstPage = query.status === 'submitted' ? agencyReviewPaths.agencies() : `${agencyReviewPaths.agencies()}?status=${query.status}`;

  return (
    <div className="screen list-screen review-screen">
      <h1>Agency registrations</h1>
      <p>Government agencies that registered to buy through the marketplace. Suppliers can name an approved agency in their engagement notices.</p>
      <div role="status" className="list-screen__message">
        {message !== '' && <p className="alert alert--success">{message}</p>}
      </div>
      <div className="list-controls">
        <UrlSelect
          label="Show agency registrations"
          param="status"
          value={query.status === 'submitted' ? '' : query.status}
          options={AGENCY_REVIEW_STATUSES.map((status) => ({ value: status === 'submitted' ? '' : status, label: AGENCY_STATUS_LABELS[status] }))}
          onChange={() => setMessage('')}
        />
      </div>
      {queue.isPending ? (
        <LoadingState label="Loading the agency registrations…" />
      ) : queue.isError ? (
        <ErrorState message={`We could not load the agency registrations. ${describeApiFailure(queue.error)}`} onRetry={() => void queue.refetch()} />
      ) : (
        <UpdatingList isUpdating={queue.isPlaceholderData}>
          {queue.data.agencies.length === 0 ? (
            <div className="empty-state">
              {queue.data.total > 0 ? (
                <>
                  <p>There are no agency registrations on page {query.page}.</p>
                  <p>
                    <Link to={firstPage}>Go to the first page</Link>
                  </p>
                </>
              ) : (
                <>
                  <p>{EMPTY_MESSAGES[query.status]}</p>
                  {query.status !== 'submitted' && (
                    <p>
                      <Link to={agencyReviewPaths.agencies()}>Show the agency registrations waiting for a decision</Link>
                    </p>
                  )}
                </>
              )}
            </div>
          ) : (
            <>
              <p className="list-screen__count">{countLine(queue.data.total, query.status)}</p>
              <AgencyTable agencies={queue.data.agencies} status={query.status} />
              <Pagination page={queue.data.page} total={queue.data.total} pageSize={queue.data.pageSize} noun="agency registrations" />
            </>
          )}
        </UpdatingList>
      )}
    </div>
  );
}

function AgencyTable({ agencies, status }: { agencies: TeamAgencySummary[]; status: TeamAgencyStatus }) {
  const now = new Date();
  const isWaiting = status === 'submitted';
  const targetDays = useWorkQueues().data?.reviewTargetDays;
  return (
    <DataTable
      caption={isWaiting ? 'Agency registrations waiting for a decision' : `Agency registrations ${AGENCY_STATUS_LABELS[status].toLowerCase()}`}
      columns={['Agency', 'Contact', 'Submitted', isWaiting ? 'Waiting' : 'Status']}
    >
      {agencies.map((agency) => (
        <DataRow key={agency.id}>
          <RowHeader>
            <Link to={agencyReviewPaths.agency(agency.id)}>{agency.name}</Link>
          </RowHeader>
          <DataCell label="Contact">
            <span className="review-email">{agency.contactEmail}</span>
          </DataCell>
          <DataCell label="Submitted">{formatDate(agency.submittedAt)}</DataCell>
          <DataCell label={isWaiting ? 'Waiting' : 'Status'}>
            {isWaiting ? (
              <>
                {timeWaiting(agency.submittedAt, now)}
                {isPastTarget(agency.submittedAt, now, targetDays) && <OverdueMark targetDays={targetDays} />}
              </>
            ) : (
              <StatusTag tone={AGENCY_STATUS_TONES[agency.status]}>{AGENCY_STATUS_LABELS[agency.status]}</StatusTag>
            )}
          </DataCell>
        </DataRow>
      ))}
    </DataTable>
  );
}
