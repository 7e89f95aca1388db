/**
 * A listing's status as a tag: the words of serviceListingStatusLabel (a live listing's change reads
 * as a change), "Not started" before the first save, and the colour of what it asks of the
 * supplier (theirs to write, with the team, theirs to change, or done).
 */
import { serviceListingStatusLabel, serviceListingStatusTone, type ServiceListingStatus } from '../../common/listings/service-listings';
import { StatusTag } from '../lib/components/status-tag';

export const NOT_STARTED_LABEL = 'Not started';

export function ListingStatusTag({ listing }: { listing: { status: ServiceListingStatus; isLive: boolean } | null }) {
  return listing === null ? (
    <StatusTag tone="draft">{NOT_STARTED_LABEL}</StatusTag>
  ) : (
    <StatusTag tone={serviceListingStatusTone(listing.status)}>{serviceListingStatusLabel(listing.status, listing.isLive)}</StatusTag>
  );
}
