/**
 * /listings (issue 30): every service the active supplier may list, with its catalogue and the
 * status of its listing, each linked to the listing's overview. Services come to the list once an
 * application's services are granted.
 */
import '../styles/applications.css';
import { Link } from 'react-router';
import type { ServiceListingSummary } from '../../common/api/service-listings';
import { useActiveSupplier } from '../lib/active-supplier';
import { describeApiFailure } from '../lib/api-error';
import { DataCell, DataRow, DataTable, RowHeader } from '../lib/components/data-table';
import { ErrorState } from '../lib/components/error-state';
import { LoadingState } from '../lib/components/loading-state';
import { Screen } from '../lib/components/screen';
import { applicationsPaths } from '../applications/applications-paths';
import { useServiceListings } from './listings-api';
import { listingsPaths } from './listings-paths';
import { ListingStatusTag } from './listing-status-tag';

export function ListingsScreen() {
  const supplier = useActiveSupplier();
  const listings = useServiceListings(supplier.supplierID);
  return (
    <Screen title="Service listings">
      <p>
        What buyers read about each service you were granted. Write the listing of each service and send it to the marketplace team for review. Once
        approved, it is published in the directory.
      </p>
      {listings.isPending ? (
        <LoadingState label="Loading your service listings…" />
      ) : listings.isError ? (
        <ErrorState message={`We could not load your service listings. ${describeApiFailure(listings.error)}`} onRetry={() => void listings.refetch()} />
      ) : listings.data.listings.length === 0 ? (
        <div className="empty-state">
          <p>You have no services to list yet. A service can be listed once an application for it is granted.</p>
          <p>
            <Link to={applicationsPaths.applications()}>See your applications</Link>
          </p>
        </div>
      ) : (
        <ListingTable listings={listings.data.listings} />
      )}
    </Screen>
  );
}

function ListingTable({ listings }: { listings: readonly ServiceListingSummary[] }) {
  return (
    <DataTable caption="Your services and their listings" columns={['Service', 'Catalogue', 'Status', 'Actions']}>
      {listings.map(({ service, listing }) => (
        <DataRow key={service.id}>
          <RowHeader>{service.title}</RowHeader>
          <DataCell label="Catalogue">{service.catalogueTitle}</DataCell>
          <DataCell label="Status">
            <ListingStatusTag listing={listing} />
          </DataCell>
          <DataCell label="Actions">
            <Link to={listingsPaths.listing(service.id)}>
              {listing === null ? 'Start' : 'View'}
              <span className="visually-hidden"> the listing of {service.title}</span>
            </Link>
          </DataCell>
        </DataRow>
      ))}
    </DataTable>
  );
}
