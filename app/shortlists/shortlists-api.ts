/**
 * TanStack Query hooks of the active agency's shortlists (issue 31, /api/v1/agency/shortlists…):
 * the list, one shortlist with its suppliers, the changes (each refreshes both), and the directory
 * search that finds suppliers to add.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DirectorySearchResponseSchema } from '../../common/api/directory';
import { NoContentResponseSchema } from '../../common/api/http';
import {
  DirectorySupplierResponseSchema,
  ShortlistDetailSchema,
  ShortlistsResponseSchema,
  type CreateShortlistRequest,
  type ShortlistDetail,
  type UpdateShortlistRequest,
} from '../../common/api/shortlists';
import { useActiveAgency } from '../lib/active-agency';
import { apiFetch } from '../lib/api';
import { UNREACHABLE_MESSAGE } from '../lib/api-error';
import { queryKeys } from '../lib/query-client';
import { useSave } from '../lib/use-save';

/** Results of a search for suppliers to add: enough to find one by name. */
export const SHORTLIST_SEARCH_PAGE_SIZE = 10;

/** Keys per active agency, so a switch of agency never shows another agency's shortlists. */
export const shortlistQueryKeys = {
  all: (agencyID: number) => [...queryKeys.agency(agencyID), 'shortlists'] as const,
  list: (agencyID: number) => [...queryKeys.agency(agencyID), 'shortlists', 'list'] as const,
  detail: (agencyID: number, id: number) => [...queryKeys.agency(agencyID), 'shortlists', 'detail', id] as const,
  search: (agencyID: number, keyword: string) => [...queryKeys.agency(agencyID), 'shortlists', 'search', keyword] as const,
  directorySuppliers: (agencyID: number) => [...queryKeys.agency(agencyID), 'shortlists', 'directory-supplier'] as const,
  directorySupplier: (agencyID: number, supplierId: number) => [...queryKeys.agency(agencyID), 'shortlists', 'directory-supplier', supplierId] as const,
};

export function shortlistApiPath(id: number): string {
  return `agency/shortlists/${String(id)}`;
}

export function shortlistSupplierApiPath(id: number, supplierId: number): string {
  return `${shortlistApiPath(id)}/suppliers/${String(supplierId)}`;
}

/** The person's own and the agency's shared shortlists (GET /api/v1/agency/shortlists). */
export function useShortlists() {
  const { agencyID } = useActiveAgency();
  return useQuery({
    queryKey: shortlistQueryKeys.list(agencyID),
    queryFn: ({ signal }) => apiFetch('agency/shortlists', ShortlistsResponseSchema, { signal }),
  });
}

/** One shortlist and its suppliers (GET /api/v1/agency/shortlists/{id}); no request for an id that cannot be one. */
export function useShortlist(id: number) {
  const { agencyID } = useActiveAgency();
  return useQuery({
    queryKey: shortlistQueryKeys.detail(agencyID, id),
    queryFn: ({ signal }) => apiFetch(shortlistApiPath(id), ShortlistDetailSchema, { signal }),
    enabled: id > 0,
  });
}

/** The public directory's suppliers matching `keyword` (POST /api/v1/directory/search); none asked for an empty keyword. */
export function useDirectorySuppliers(keyword: string) {
  const { agencyID } = useActiveAgency();
  return useQuery({
    queryKey: shortlistQueryKeys.search(agencyID, keyword),
    queryFn: ({ signal }) =>
      apiFetch('directory/search', DirectorySearchResponseSchema, { method: 'POST', body: { keyword, pageSize: SHORTLIST_SEARCH_PAGE_SIZE }, signal }),
    enabled: keyword !== '',
  });
}

/** A supplier of the directory and the shortlists that already hold it (GET /api/v1/agency/directory-suppliers/{supplierId}). */
export function useDirectorySupplier(supplierId: number) {
  const { agencyID } = useActiveAgency();
  return useQuery({
    queryKey: shortlistQueryKeys.directorySupplier(agencyID, supplierId),
    queryFn: ({ signal }) => apiFetch(`agency/directory-suppliers/${String(supplierId)}`, DirectorySupplierResponseSchema, { signal }),
    enabled: supplierId > 0,
  });
}

/** After a change the server answers with the shortlist as it now is: shown at once, and the list refreshed. */
function useRefreshShortlists() {
  const queryClient = useQueryClient();
  const { agencyID } = useActiveAgency();
  return async (saved: ShortlistDetail) => {
    queryClient.setQueryData(shortlistQueryKeys.detail(agencyID, saved.id), saved);
    // Inactive too (the list, seen from a shortlist), so the screen returned to shows the change at once.
    await queryClient.invalidateQueries({ queryKey: shortlistQueryKeys.list(agencyID), refetchType: 'all' });
    // Which shortlists hold a supplier: asked again when next shown.
    await queryClient.invalidateQueries({ queryKey: shortlistQueryKeys.directorySuppliers(agencyID) });
  };
}

/** Makes a shortlist (POST /api/v1/agency/shortlists): the save of the "Name your shortlist" screen. */
export function useCreateShortlist() {
  const refresh = useRefreshShortlists();
  return useSave({
    mutationFn: (request: CreateShortlistRequest) => apiFetch('agency/shortlists', ShortlistDetailSchema, { method: 'POST', body: request }),
    onSuccess: (saved) => refresh(saved),
    failedMessage: UNREACHABLE_MESSAGE,
  });
}

/** Renames a shortlist or shares it (PUT /api/v1/agency/shortlists/{id}). */
export function useUpdateShortlist(id: number) {
  const refresh = useRefreshShortlists();
  return useSave({
    mutationFn: (request: UpdateShortlistRequest) => apiFetch(shortlistApiPath(id), ShortlistDetailSchema, { method: 'PUT', body: request }),
    onSuccess: (saved) => refresh(saved),
    failedMessage: UNREACHABLE_MESSAGE,
  });
}

/** Deletes a shortlist (DELETE /api/v1/agency/shortlists/{id}). */
export function useDeleteShortlist(id: number) {
  const queryClient = useQueryClient();
  const { agencyID } = useActiveAgency();
  return useMutation({
    mutationFn: () => apiFetch(shortlistApiPath(id), NoContentResponseSchema, { method: 'DELETE' }),
    onSuccess: async () => {
      // Marked stale but not asked for again (nor removed, which the screen, still showing it until it
      // moves on, would answer with a request that is 404): a return to it asks, and says it is gone.
      await queryClient.invalidateQueries({ queryKey: shortlistQueryKeys.detail(agencyID, id), refetchType: 'none' });
      await queryClient.invalidateQueries({ queryKey: shortlistQueryKeys.directorySuppliers(agencyID) });
      await queryClient.invalidateQueries({ queryKey: shortlistQueryKeys.list(agencyID), refetchType: 'all' });
    },
  });
}

/** Adds a directory supplier, or changes its note (PUT /api/v1/agency/shortlists/{id}/suppliers/{supplierId}). */
export function useSaveShortlistSupplier(id: number) {
  const refresh = useRefreshShortlists();
  return useSave({
    mutationFn: ({ supplierId, note }: { supplierId: number; note: string }) =>
      apiFetch(shortlistSupplierApiPath(id, supplierId), ShortlistDetailSchema, { method: 'PUT', body: { note } }),
    onSuccess: (saved) => refresh(saved),
    failedMessage: UNREACHABLE_MESSAGE,
  });
}

/** Where a supplier found in the directory goes: a shortlist the person sees, or a new one by this name. */
export type ShortlistChoice = { shortlistId: number } | { newName: string };

/**
 * Saves a supplier found in the directory to the chosen shortlist (PUT
 * /api/v1/agency/shortlists/{id}/suppliers/{supplierId}), or makes a new shortlist with it (POST
 * /api/v1/agency/shortlists, one request, so a failure leaves no empty shortlist). An empty note is
 * not sent to a shortlist that may hold the supplier already, so a note it has there stays.
 */
export function useSaveToShortlist(supplierId: number) {
  const refresh = useRefreshShortlists();
  return useSave({
    mutationFn: ({ choice, note }: { choice: ShortlistChoice; note: string }) =>
      'shortlistId' in choice
        ? apiFetch(shortlistSupplierApiPath(choice.shortlistId, supplierId), ShortlistDetailSchema, { method: 'PUT', body: note === '' ? {} : { note } })
        : apiFetch('agency/shortlists', ShortlistDetailSchema, { method: 'POST', body: { name: choice.newName, supplier: { id: supplierId, note } } }),
    onSuccess: (saved) => refresh(saved),
    failedMessage: UNREACHABLE_MESSAGE,
  });
}

/** Takes a supplier off a shortlist (DELETE /api/v1/agency/shortlists/{id}/suppliers/{supplierId}). */
export function useRemoveShortlistSupplier(id: number) {
  const refresh = useRefreshShortlists();
  return useMutation({
    mutationFn: (supplierId: number) => apiFetch(shortlistSupplierApiPath(id, supplierId), ShortlistDetailSchema, { method: 'DELETE' }),
    onSuccess: (saved) => refresh(saved),
  });
}
