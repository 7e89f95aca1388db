/**
 * The team's agency calls (/api/v1/admin/agencies, team only) as TanStack Query hooks: the queue
 * by status and page, one agency registration, and the two decisions. A decision puts its answer in
 * the registration's query and refreshes the queue, which no longer lists it.
 */
import { keepPreviousData, useQuery, type QueryClient } from '@tanstack/react-query';
import { TeamAgencyListResponseSchema, TeamAgencySchema, type TeamAgency, type TeamAgencyStatus, type DeclineAgencyRequest } from '../../common/api/agencies';
import { apiFetch } from '../lib/api';

export const AGENCY_REVIEW_STATUSES: readonly TeamAgencyStatus[] = ['submitted', 'approved', 'declined'];

export interface AgencyListQuery {
  status: TeamAgencyStatus;
  page: number;
}

export const agencyReviewQueryKeys = {
  all: ['team-agencies'] as const,
  list: (query: AgencyListQuery) => ['team-agencies', 'list', query] as const,
  one: (id: number) => ['team-agencies', 'one', id] as const,
};

export function useAgencyQueue(query: AgencyListQuery) {
  return useQuery({
    queryKey: agencyReviewQueryKeys.list(query),
    queryFn: ({ signal }) => {
      const search = new URLSearchParams({ status: query.status, page: String(query.page) });
      return apiFetch(`admin/agencies?${search.toString()}`, TeamAgencyListResponseSchema, { signal });
    },
    placeholderData: keepPreviousData,
  });
}

export function useAgencyForReview(id: number) {
  return useQuery({
    queryKey: agencyReviewQueryKeys.one(id),
    queryFn: ({ signal }) => apiFetch(`admin/agencies/${String(id)}`, TeamAgencySchema, { signal }),
    enabled: id > 0,
  });
}

export function approveAgency(id: number): Promise<TeamAgency> {
  return apiFetch(`admin/agencies/${String(id)}/approve`, TeamAgencySchema, { method: 'POST' });
}

export function declineAgency(id: number, reasons: string): Promise<TeamAgency> {
  return apiFetch(`admin/agencies/${String(id)}/decline`, TeamAgencySchema, { method: 'POST', body: { reasons } satisfies DeclineAgencyRequest });
}

/** After a decision: the agency as decided, and every page of the queue loaded afresh. */
export function rememberAgencyDecision(queryClient: QueryClient, agency: TeamAgency): void {
  queryClient.setQueryData(agencyReviewQueryKeys.one(agency.id), agency);
  void queryClient.invalidateQueries({ queryKey: [...agencyReviewQueryKeys.all, 'list'] });
}
