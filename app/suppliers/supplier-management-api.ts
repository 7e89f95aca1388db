/**
 * The team's supplier management calls (/api/v1/admin/suppliers, team only) as TanStack Query
 * hooks: the search, one supplier, and suspending or reinstating it with a reason. Each answer is
 * checked against its schema in common/api/team-suppliers.ts.
 */
import { keepPreviousData, useQuery, type QueryClient } from '@tanstack/react-query';
import { TeamSupplierListResponseSchema, TeamSupplierSchema, type TeamSupplier, type TeamSupplierStatusChangeRequest } from '../../common/api/team-suppliers';
import { apiFetch } from '../lib/api';
import { supplierSearchPath, type SupplierSearchQuery, type SupplierStatusChange } from './supplier-management-params';

export const supplierManagementQueryKeys = {
  all: ['team-suppliers'] as const,
  list: (query: SupplierSearchQuery) => ['team-suppliers', 'list', query] as const,
  one: (id: number) => ['team-suppliers', 'one', id] as const,
};

export function useSupplierSearch(query: SupplierSearchQuery) {
  return useQuery({
    queryKey: supplierManagementQueryKeys.list(query),
    queryFn: ({ signal }) => apiFetch(supplierSearchPath(query), TeamSupplierListResponseSchema, { signal }),
    // A new page or search keeps the rows in view until its own arrive.
    placeholderData: keepPreviousData,
  });
}

/** One supplier; not asked for an id that cannot be one (the screen says so without asking). */
export function useSupplierForTeam(id: number) {
  return useQuery({
    queryKey: supplierManagementQueryKeys.one(id),
    queryFn: ({ signal }) => apiFetch(`admin/suppliers/${String(id)}`, TeamSupplierSchema, { signal }),
    enabled: id > 0,
    retry: false,
  });
}

/** Suspends or reinstates the supplier; resolves to it as it now is (409 when it already was). */
export function changeSupplierStatus(id: number, change: SupplierStatusChange, reason: string): Promise<TeamSupplier> {
  return apiFetch(`admin/suppliers/${String(id)}/${change}`, TeamSupplierSchema, { method: 'POST', body: { reason } satisfies TeamSupplierStatusChangeRequest });
}

/** After a change: the supplier as it now is, and every search loaded afresh (its status changed). */
export function rememberStatusChange(queryClient: QueryClient, supplier: TeamSupplier): void {
  queryClient.setQueryData(supplierManagementQueryKeys.one(supplier.id), supplier);
  void queryClient.invalidateQueries({ queryKey: [...supplierManagementQueryKeys.all, 'list'] });
}
