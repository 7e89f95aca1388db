/**
 * The team's registration calls (/api/v1/admin/registrations, team only) as TanStack Query hooks:
 * the queue by status and page (from the registration it starts after or before), one registration,
 * and the two decisions. A decision puts its answer in the registration's query and refreshes the
 * queue, which no longer lists it.
 */
import { keepPreviousData, useQuery, type QueryClient } from '@tanstack/react-query';
import {
  TeamRegistrationListResponseSchema,
  TeamRegistrationSchema,
  type TeamRegistration,
  type RegistrationStatus,
  type TeamDeclineRegistrationRequest,
} from '../../common/api/registration';
import { apiFetch } from '../lib/api';

export interface RegistrationListQuery {
  status: RegistrationStatus;
  page: number;
  /** The registration the page starts after or before (the API's cursors), at most one of them. */
  after?: number;
  before?: number;
}

export const registrationReviewQueryKeys = {
  all: ['team-registrations'] as const,
  list: (query: RegistrationListQuery) => ['team-registrations', 'list', query] as const,
  one: (id: number) => ['team-registrations', 'one', id] as const,
};

export function useRegistrationQueue(query: RegistrationListQuery) {
  return useQuery({
    queryKey: registrationReviewQueryKeys.list(query),
    queryFn: ({ signal }) => {
      const search = new URLSearchParams({ status: query.status, page: String(query.page) });
      for (const cursor of ['after', 'before'] as const) {
        const id = query[cursor];
        if (id !== undefined) {
          search.set(cursor, String(id));
        }
      }
      return apiFetch(`admin/registrations?${search.toString()}`, TeamRegistrationListResponseSchema, { signal });
    },
    placeholderData: keepPreviousData,
  });
}

export function useRegistrationForReview(id: number) {
  return useQuery({
    queryKey: registrationReviewQueryKeys.one(id),
    queryFn: ({ signal }) => apiFetch(`admin/registrations/${String(id)}`, TeamRegistrationSchema, { signal }),
    enabled: id > 0,
  });
}

export function approveRegistration(id: number): Promise<TeamRegistration> {
  return apiFetch(`admin/registrations/${String(id)}/approve`, TeamRegistrationSchema, { method: 'POST' });
}

export function declineRegistration(id: number, reasons: string): Promise<TeamRegistration> {
  return apiFetch(`admin/registrations/${String(id)}/decline`, TeamRegistrationSchema, { method: 'POST', body: { reasons } satisfies TeamDeclineRegistrationRequest });
}

/** After a decision: the registration as decided, and every page of the queue loaded afresh. */
export function rememberDecision(queryClient: QueryClient, registration: TeamRegistration): void {
  queryClient.setQueryData(registrationReviewQueryKeys.one(registration.id), registration);
  void queryClient.invalidateQueries({ queryKey: [...registrationReviewQueryKeys.all, 'list'] });
}
