/**
 * The team app's service listing queue (/admin/listings): the listings suppliers sent for review,
 * the longest waiting first, or those of another status chosen in the URL (`?status=`), paged;
 * each row names the supplier, the service and its catalogue, whether it is new or a change to a
 * live listing, when it was sent and how long it has waited, and links to its review.
 */
import '../styles/lists.css';
import { Link, useSearchParams } from 'react-router';
import type { TeamListingSummary } from '../../common/api/team-listings';
import { formatDate } from '../../common/dates';
import { serviceListingStatusLabel, SERVICE_LISTING_STATUS_CODES } from '../../common/listings/service-listings';
import { describeApiFailure } from '../lib/api-error';
import { DataCell, DataRow, DataTable, RowHeader } from '../lib/components/data-table';
import { ErrorState } from '../lib/components/error-state';
import { LoadingState } from '../lib/components/loading-state';
import { UpdatingList } from '../lib/components/updating-list';
import { EmptyList } from '../lib/lists/empty-list';
import { listCount } from '../lib/lists/list-count';
import { Pagination } from '../lib/lists/pagination';
import { UrlSelect } from '../lib/lists/url-select';
import { timeWaiting } from '../lib/time-waiting';
import { teamListingQueueQuery } from './team-listing-queue';
import { listingKindLabel } from './team-listing-status';
import { useTeamListingQueue } from './team-listings-api';
import { teamListingsPaths } from './team-listings-paths';

/** Waiting for review first (the default, no parameter), then the others in the order a listing passes through them. */
const STATUS_OPTIONS = [
  { value: '', label: serviceListingStatusLabel('in_review', false) },
  ...SERVICE_LISTING_STATUS_CODES.filter((code) => code !== 'in_review').map((code) => ({ value: code, label: serviceListingStatusLabel(code, false) })),
];

export function TeamListingQueueScreen() {
  const [searchParams] = useSearchParams();
  const query = teamListingQueueQuery(searchParams);
  const queue = useTeamListingQueue(query);
  const statusLabel = serviceListingStatusLabel(query.status ?? 'in_review', false);

  return (
    <div className="screen list-screen">
      <h1>Service listings</h1>
      <p>
        What suppliers will offer buyers for each service they were granted. Check each listing sent for review, the one waiting longest first, then approve it or ask
        the supplier for changes.
      </p>
      <div className="list-controls">
        <UrlSelect label="Show listings" param="status" value={query.status ?? ''} options={STATUS_OPTIONS} />
      </div>
      {queue.isPending ? (
        <LoadingState label="Loading the service listings…" />
      ) : queue.isError ? (
        <ErrorState message={`We could not load the service listings. ${describeApiFailure(queue.error)}`} onRetry={() => void queue.refetch()} />
      ) : (
        <UpdatingList isUpdating={queue.isPlaceholderData}>
          {queue.data.listings.length === 0 ? (
            <EmptyList noun="service listings" page={query.page ?? 1} total={queue.data.total} isFiltered={false} listPath={teamListingsPaths.queue()}>
              {query.status === undefined ? (
                <>
                  <p>No listings are waiting for review.</p>
                  <p>Every listing suppliers have sent has been decided. A listing appears here when a supplier sends a new listing, or a change to a live one.</p>
                </>
              ) : (
                <>
                  <p>No listings are at the status ‘{statusLabel}’.</p>
                  <p>
                    <Link to={teamListingsPaths.queue()}>Show the listings waiting for review</Link>
                  </p>
                </>
              )}
            </EmptyList>
          ) : (
            <>
              <p className="list-screen__count">
                {listCount(queue.data, 'listing', 'listings')} at the status ‘{statusLabel}’
              </p>
              <QueueTable listings={queue.data.listings} now={new Date()} isWaiting={query.status === undefined} />
              <Pagination
                page={queue.data.page}
                total={queue.data.total}
                pageSize={queue.data.pageSize}
                noun="service listings"
                isTotalCapped={queue.data.totalIsCapped}
              />
            </>
          )}
        </UpdatingList>
      )}
    </div>
  );
}

function QueueTable({ listings, now, isWaiting }: { listings: readonly TeamListingSummary[]; now: Date; isWaiting: boolean }) {
  return (
    <DataTable caption="Service listings" columns={['Supplier', 'Service', 'New or changed', 'Sent', 'Time waiting', 'Actions']}>
      {listings.map((listing) => (
        <DataRow key={listing.id}>
          <RowHeader>{listing.supplierTradingName}</RowHeader>
          <DataCell label="Service">
            {listing.service.title}
            <span className="list-table__detail">{listing.service.catalogueTitle}</span>
          </DataCell>
          <DataCell label="New or changed">{listingKindLabel(listing.isLive)}</DataCell>
          <DataCell label="Sent">{listing.submittedAt === null ? 'Not sent yet' : formatDate(listing.submittedAt)}</DataCell>
          <DataCell label="Time waiting">{isWaiting && listing.submittedAt !== null ? timeWaiting(listing.submittedAt, now) : 'Not waiting'}</DataCell>
          <DataCell label="Actions">
            <Link to={teamListingsPaths.listing(listing.id)}>
              {isWaiting ? 'Review' : 'View'}
              <span className="visually-hidden">
                {' '}
                the listing of {listing.service.title} from {listing.supplierTradingName}
              </span>
            </Link>
          </DataCell>
        </DataRow>
      ))}
    </DataTable>
  );
}
