/**
 * /admin/registrations: the supplier registrations waiting for the team, oldest first, paged from
 * the registration a page starts after or before; the approved and declined ones by the status
 * filter. Each row names the business, its business numbers, the registrant, when it was submitted
 * and how long it has waited.
 */
import '../styles/applications.css';
import '../styles/lists.css';
import '../styles/review.css';
import { Link, useSearchParams } from 'react-router';
import { REGISTRATION_STATUSES, type TeamRegistrationSummary, type RegistrationStatus } from '../../common/api/registration';
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
import { EntryPagination } from '../lib/lists/pagination';
import { changedSearch, isPastFirstPage, pageCursorParams, wholeNumberParam } from '../lib/lists/url-params';
import { UrlSelect } from '../lib/lists/url-select';
import { businessNumbers } from '../../common/business-numbers';
import { useRegistrationQueue, type RegistrationListQuery } from './registration-review-api';
import { registrationReviewPaths } from './registration-review-paths';
import { REGISTRATION_STATUS_LABELS, REGISTRATION_STATUS_TONES } from './registration-statuses';

/**
 * The queue's query, from its URL: the waiting ones and page 1 unless it says otherwise, and the
 * registration the page starts after or before (`after=`, `before=`) when it says so.
 */
export function registrationQueueQuery(search: URLSearchParams): RegistrationListQuery {
  const status = REGISTRATION_STATUSES.find((candidate) => candidate === search.get('status')) ?? 'pending';
  return { status, page: wholeNumberParam(search.get('page'), MAX_PAGE_NUMBER) ?? 1, ...pageCursorParams(search) };
}

const EMPTY_MESSAGES: Record<RegistrationStatus, string> = {
  pending: 'No supplier registrations are waiting for a decision.',
  approved: 'No supplier registrations have been approved yet.',
  declined: 'No supplier registrations have been declined yet.',
};

function countLine(total: number, status: RegistrationStatus): string {
  const registrations = total === 1 ? '1 registration' : `${total.toLocaleString('en-NZ')} registrations`;
  return status === 'pending' ? `${registrations} waiting for a decision, oldest first` : `${registrations} ${REGISTRATION_STATUS_LABELS[status].toLowerCase()}, oldest first`;
}

export function RegistrationQueueScreen() {
  const [searchParams] = useSearchParams();
  const query = registrationQueueQuery(searchParams);
  const queue = useRegistrationQueue(query);
  const [message, setMessage] = useFlashMessage();

  return (
    <div className="screen list-screen review-screen">
      <h1>Supplier registrations</h1>
      <p>Businesses that registered to become suppliers. Approving one creates the supplier and invites the person who registered it to be its administrator.</p>
      <div role="status" className="list-screen__message">
        {message !== '' && <p className="alert alert--success">{message}</p>}
      </div>
      <div className="list-controls">
        <UrlSelect
          label="Show registrations"
          param="status"
          value={query.status === 'pending' ? '' : query.status}
          options={REGISTRATION_STATUSES.map((status) => ({ value: status === 'pending' ? '' : status, label: REGISTRATION_STATUS_LABELS[status] }))}
          onChange={() => setMessage('')}
        />
      </div>
      {queue.isPending ? (
        <LoadingState label="Loading the registrations…" />
      ) : queue.isError ? (
        <ErrorState message={`We could not load the registrations. ${describeApiFailure(queue.error)}`} onRetry={() => void queue.refetch()} />
      ) : (
        <UpdatingList isUpdating={queue.isPlaceholderData}>
          {queue.data.registrations.length === 0 ? (
            <div className="empty-state">
              {queue.data.total > 0 && isPastFirstPage(query) ? (
                <>
                  <p>There are no registrations on page {query.page}.</p>
                  <p>
                    <Link to={`?${changedSearch(searchParams, { page: undefined }).toString()}`}>Go to the first page</Link>
                  </p>
                </>
              ) : (
                <>
                  <p>{EMPTY_MESSAGES[query.status]}</p>
                  {query.status !== 'pending' && (
                    <p>
                      <Link to={registrationReviewPaths.registrations()}>Show the registrations waiting for a decision</Link>
                    </p>
                  )}
                </>
              )}
            </div>
          ) : (
            <>
              <p className="list-screen__count">{countLine(queue.data.total, query.status)}</p>
              <RegistrationTable registrations={queue.data.registrations} status={query.status} />
              <EntryPagination answer={queue.data} noun="registrations" />
            </>
          )}
        </UpdatingList>
      )}
    </div>
  );
}

function RegistrationTable({ registrations, status }: { registrations: TeamRegistrationSummary[]; status: RegistrationStatus }) {
  const now = new Date();
  const isWaiting = status === 'pending';
  const targetDays = useWorkQueues().data?.reviewTargetDays;
  return (
    <DataTable
      caption={isWaiting ? 'Supplier registrations waiting for a decision' : `Supplier registrations ${REGISTRATION_STATUS_LABELS[status].toLowerCase()}`}
      columns={['Business', 'Business number', 'Registered by', 'Submitted', isWaiting ? 'Waiting' : 'Status']}
    >
      {registrations.map((registration) => (
        <DataRow key={registration.id}>
          <RowHeader>
            <Link to={registrationReviewPaths.registration(registration.id)}>{registration.tradingName}</Link>
          </RowHeader>
          <DataCell label="Business number">
            <ul className="plain-list">
              {businessNumbers(registration).map((number) => (
                <li key={number}>{number}</li>
              ))}
            </ul>
          </DataCell>
          <DataCell label="Registered by">
            {registration.registrantName}
            <span className="list-table__detail review-email">{registration.registrantEmail}</span>
          </DataCell>
          <DataCell label="Submitted">{formatDate(registration.submittedAt)}</DataCell>
          <DataCell label={isWaiting ? 'Waiting' : 'Status'}>
            {isWaiting ? (
              <>
                {timeWaiting(registration.submittedAt, now)}
                {isPastTarget(registration.submittedAt, now, targetDays) && <OverdueMark targetDays={targetDays} />}
              </>
            ) : (
              <StatusTag tone={REGISTRATION_STATUS_TONES[registration.status]}>{REGISTRATION_STATUS_LABELS[registration.status]}</StatusTag>
            )}
          </DataCell>
        </DataRow>
      ))}
    </DataTable>
  );
}
