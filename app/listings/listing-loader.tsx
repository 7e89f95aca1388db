/**
 * Loads the listing a screen's address names (`:serviceId`) for a screen titled `title`: loading,
 * then the API's own words when it cannot be shown (a service the supplier may not list answers
 * 404), with a way back to the list, and only then the screen's content.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LISTING_NOT_FOUND, type ServiceListingResponse } from '../../common/api/service-listings';
import { useActiveSupplier } from '../lib/active-supplier';
import { ApiError, describeApiFailure } from '../lib/api-error';
import { ErrorState } from '../lib/components/error-state';
import { LoadingState } from '../lib/components/loading-state';
import { Screen } from '../lib/components/screen';
import { useRecordIdParam } from '../lib/use-record-id-param';
import { useServiceListing } from './listings-api';
import { listingsPaths } from './listings-paths';

export interface LoadedListing {
  listing: ServiceListingResponse;
  reload: () => void;
}

/**
 * Why a listing cannot be changed now, said on the overview its step and template screens send the
 * person to (in this module, which every listing screen loads, so no screen loads another's chunk).
 */
export function notEditableMessage(listing: ServiceListingResponse): string {
  return listing.status === 'approved'
    ? 'This listing was approved, so it cannot be changed until it is published.'
    : 'This listing is with the marketplace team for review, so it cannot be changed now.';
}

function BackToListings() {
  return (
    <p>
      <Link to={listingsPaths.listings()}>Back to service listings</Link>
    </p>
  );
}

export function ListingLoader({ title, children }: { title: string; children: (loaded: LoadedListing) => ReactNode }) {
  const supplier = useActiveSupplier();
  const serviceId = useRecordIdParam('serviceId');
  const listing = useServiceListing(supplier.supplierID, serviceId);
  if (serviceId === 0 || (listing.isError && listing.error instanceof ApiError && listing.error.status === 404)) {
    return (
      <Screen title={title}>
        <p className="notice">{LISTING_NOT_FOUND}</p>
        <BackToListings />
      </Screen>
    );
  }
  if (listing.isError) {
    return (
      <Screen title={title}>
        <ErrorState message={`We could not load this listing. ${describeApiFailure(listing.error)}`} onRetry={() => void listing.refetch()} />
        <BackToListings />
      </Screen>
    );
  }
  if (listing.isPending) {
    return (
      <Screen title={title}>
        <LoadingState label="Loading the listing…" />
      </Screen>
    );
  }
  return children({ listing: listing.data, reload: () => void listing.refetch() });
}
