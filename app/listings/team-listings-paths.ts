/**
 * The team app's service listing screens, relative to the team app's base (/admin), built in one
 * place: the screens link with these, and ./team-listings-routes.tsx is the table they match.
 */
import type { ServiceListingStatus } from '../../common/listings/service-listings';

export const teamListingsPaths = {
  /** The listings waiting for review, or those of another status when given. */
  queue: (status?: ServiceListingStatus) => (status && status !== 'in_review' ? `/listings?status=${status}` : '/listings'),
  listing: (id: number) => `/listings/${String(id)}`,
};
