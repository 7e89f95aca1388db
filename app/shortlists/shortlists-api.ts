/**
 * TanStack Query hooks of the active agency's shortlists (issue 31, /api/v1/agency/shortlists…):
 * the list, one shortlist with its suppliers, the changes (each refreshes both), and the directory
 * search that finds suppliers to add.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DirectorySearchResponseSchema } from '../../common/api/directory';
import { NoContentResponseSchema } from '../../common/api/http';
import {
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

/** After a change the server answers with the shortlist as it now is: shown at once, and the list refreshed. */
function useRefreshShortlists() {
  const queryClient = useQueryClient();
  const { agencyID } = useActiveAgency();
  return async (saved: ShortlistDetail) => {
    queryClient.setQueryData(shortlistQueryKeys.detail(agencyID, saved.id), saved);
    // Inactive too (the list, seen from a shortlist), so the screen returned to shows the change at once.
    await queryClient.invalidateQueries({ queryKey: shortlistQueryKeys.list(agencyID), refetchType: 'all' });
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
      // Not refetched: it is gone.
      queryClient.removeQueries({ queryKey: shortlistQueryKeys.detail(agencyID, id) });
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

/** Takes a supplier off a shortlist (DELETE /api/v1/agency/shortlists/{id}/suppliers/{supplierId}). */
export function useRemoveShortlistSupplier(id: number) {
  const refresh = useRefreshShortlists();
  return useMutation({
    mutationFn: (supplierId: number) => apiFetch(shortlistSupplierApiPath(id, supplierId), ShortlistDetailSchema, { method: 'DELETE' }),
    onSuccess: (saved) => refresh(saved),
  });
}
