/**
 * The team's review of service listings (/api/v1/admin/listings) as TanStack Query hooks: the
 * queue by status a page at a time, one listing beside its live version, approving it, asking
 * for changes, and suspending a live listing or reinstating it. Each answer is checked against its schema from common/api/team-listings.ts.
 */
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  TeamListingListResponseSchema,
  TeamListingSchema,
  type RequestListingChanges,
  type SuspendListing,
  type TeamListing,
} from '../../common/api/team-listings';
import { apiFetch } from '../lib/api';
import { useSave } from '../lib/use-save';
import { teamListingQueuePath, type TeamListingQueueQuery } from './team-listing-queue';

export const teamListingQueryKeys = {
  queue: (query: TeamListingQueueQuery) => ['team-listings', 'queue', query.status ?? 'in_review', query.page ?? 1] as const,
  one: (id: number) => ['team-listings', 'one', id] as const,
};

export function useTeamListingQueue(query: TeamListingQueueQuery) {
  return useQuery({
    queryKey: teamListingQueryKeys.queue(query),
    queryFn: ({ signal }) => apiFetch(teamListingQueuePath(query), TeamListingListResponseSchema, { signal }),
    // The rows shown stay until another status's or page's arrive (UpdatingList says so).
    placeholderData: keepPreviousData,
  });
}

export function useTeamListing(id: number) {
  return useQuery({
    queryKey: teamListingQueryKeys.one(id),
    queryFn: ({ signal }) => apiFetch(`admin/listings/${String(id)}`, TeamListingSchema, { signal }),
    enabled: id > 0,
  });
}

/** Keeps what the server answered as the listing under review, and has the queue load again. */
function useStoreDecided() {
  const queryClient = useQueryClient();
  return (listing: TeamListing) => {
    queryClient.setQueryData(teamListingQueryKeys.one(listing.id), listing);
    void queryClient.invalidateQueries({ queryKey: ['team-listings', 'queue'] });
  };
}

/** Approves a listing waiting for review (POST …/approve): a live listing's change goes live at once. */
export function useApproveListing(id: number) {
  const store = useStoreDecided();
  return useSave<TeamListing>({
    mutationFn: () => apiFetch(`admin/listings/${String(id)}/approve`, TeamListingSchema, { method: 'POST' }),
    onSuccess: store,
    failedMessage: 'The listing was not approved. Check your connection and try again.',
  });
}

/** Sends a listing back to the supplier with the team's reasons (POST …/request-changes). */
export function useRequestListingChanges(id: number) {
  const store = useStoreDecided();
  return useSave<TeamListing, RequestListingChanges>({
    mutationFn: (request) => apiFetch(`admin/listings/${String(id)}/request-changes`, TeamListingSchema, { method: 'POST', body: request }),
    onSuccess: store,
    failedMessage: 'The listing was not sent back. Check your connection and try again.',
  });
}

export const SUSPEND_FAILED_MESSAGE = 'The listing was not suspended. Check your connection and try again.';
export const REINSTATE_FAILED_MESSAGE = 'The listing was not reinstated. Check your connection and try again.';

/** Suspends a live listing (POST …/suspend): buyers cannot read it until it is reinstated; the reasons go to the supplier as a message. */
export function useSuspendListing(id: number) {
  const store = useStoreDecided();
  return useSave<TeamListing, SuspendListing>({
    mutationFn: (request) => apiFetch(`admin/listings/${String(id)}/suspend`, TeamListingSchema, { method: 'POST', body: request }),
    onSuccess: store,
    failedMessage: SUSPEND_FAILED_MESSAGE,
  });
}

/** Reinstates a suspended listing (POST …/reinstate): buyers can read it again. */
export function useReinstateListing(id: number) {
  const store = useStoreDecided();
  return useSave<TeamListing>({
    mutationFn: () => apiFetch(`admin/listings/${String(id)}/reinstate`, TeamListingSchema, { method: 'POST' }),
    onSuccess: store,
    failedMessage: REINSTATE_FAILED_MESSAGE,
  });
}
