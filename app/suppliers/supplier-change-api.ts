/**
 * The team's review of suppliers' changes of legal name or business numbers
 * (/api/v1/admin/supplier-changes, team only) as TanStack Query hooks: the queue by status and
 * page (from the change it starts after or before), one change, and the two decisions. A decision
 * puts its answer in the change's query and refreshes the queue, which no longer lists it.
 */
import { keepPreviousData, useQuery, type QueryClient } from '@tanstack/react-query';
import {
  TeamSupplierChangeListResponseSchema,
  TeamSupplierChangeSchema,
  type SupplierChangeStatus,
  type TeamSupplierChange,
  type TeamSupplierChangeDeclineRequest,
} from '../../common/api/supplier-detail-changes';
import { apiFetch } from '../lib/api';
import { listSearch } from '../lib/lists/url-params';

export interface SupplierChangeListQuery {
  status: SupplierChangeStatus;
  page: number;
  after?: number;
  before?: number;
}

export const supplierChangeQueryKeys = {
  all: ['team-supplier-changes'] as const,
  list: (query: SupplierChangeListQuery) => ['team-supplier-changes', 'list', query] as const,
  one: (id: number) => ['team-supplier-changes', 'one', id] as const,
};

export function useSupplierChangeQueue(query: SupplierChangeListQuery) {
  return useQuery({
    queryKey: supplierChangeQueryKeys.list(query),
    queryFn: ({ signal }) => {
      return apiFetch(`admin/supplier-changes?${listSearch(query)}`, TeamSupplierChangeListResponseSchema, { signal });
    },
    placeholderData: keepPreviousData,
  });
}

export function useSupplierChangeForReview(id: number) {
  return useQuery({
    queryKey: supplierChangeQueryKeys.one(id),
    queryFn: ({ signal }) => apiFetch(`admin/supplier-changes/${String(id)}`, TeamSupplierChangeSchema, { signal }),
    enabled: id > 0,
  });
}

export function approveSupplierChange(id: number): Promise<TeamSupplierChange> {
  return apiFetch(`admin/supplier-changes/${String(id)}/approve`, TeamSupplierChangeSchema, { method: 'POST' });
}

export function declineSupplierChange(id: number, reason: string): Promise<TeamSupplierChange> {
  return apiFetch(`admin/supplier-changes/${String(id)}/decline`, TeamSupplierChangeSchema, {
    method: 'POST',
    body: { reason } satisfies TeamSupplierChangeDeclineRequest,
  });
}

/** After a decision: the change as decided, and every page of the queue loaded afresh. */
export function rememberChangeDecision(queryClient: QueryClient, change: TeamSupplierChange): void {
  queryClient.setQueryData(supplierChangeQueryKeys.one(change.id), change);
  void queryClient.invalidateQueries({ queryKey: [...supplierChangeQueryKeys.all, 'list'] });
}
