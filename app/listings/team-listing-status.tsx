/** A listing's review status as the team's screens show it: a coloured tag with the status's words (common/listings/service-listings.ts). */
import { serviceListingStatusLabel, serviceListingStatusTone, type ServiceListingStatus } from '../../common/listings/service-listings';
import { StatusTag } from '../lib/components/status-tag';

export function TeamListingStatusTag({ status, isLive }: { status: ServiceListingStatus; isLive: boolean }) {
  return <StatusTag tone={serviceListingStatusTone(status)}>{serviceListingStatusLabel(status, isLive)}</StatusTag>;
}

/** Whether the listing is new or a change to one buyers see already. */
export function listingKindLabel(isLive: boolean): string {
  return isLive ? 'Change to a live listing' : 'New listing';
}
