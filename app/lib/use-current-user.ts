/**
 * The signed-in user, their suppliers and agencies and the active one (GET /api/v1/user), and
 * switching between them.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CurrentUserResponse } from '../../common/api/user';
import { apiFetch } from './api';
import { queryKeys } from './query-client';
import { useSession } from './session';

/** The schemas bring typebox: the header loads them once the visitor is signed in, not on every page. */
const loadUserSchemas = () => import('../../common/api/user');

async function fetchCurrentUser(signal?: AbortSignal): Promise<CurrentUserResponse> {
  const { CurrentUserResponseSchema } = await loadUserSchemas();
  return apiFetch('user', CurrentUserResponseSchema, { signal });
}

/** The current user; asks the API only once signed in (every app on the page shares the answer). */
export function useCurrentUser() {
  const { isAuthenticated } = useSession();
  return useQuery({
    queryKey: queryKeys.currentUser,
    queryFn: ({ signal }) => fetchCurrentUser(signal),
    enabled: isAuthenticated,
  });
}

/** Makes another of the user's suppliers the active one (acting for no agency), then refreshes everything on the page. */
export function useSwitchSupplier() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (supplierID: number) => {
      const { SwitchSupplierResponseSchema } = await loadUserSchemas();
      return apiFetch(`user/switch/${supplierID}`, SwitchSupplierResponseSchema);
    },
    onSuccess: async ({ activeSupplier }) => {
      // Set first: the refetches below send the new supplier in the X-Supplier-Id header, and no agency.
      // The agency's records go first: still on screen for a moment, they would be asked for with no agency.
      queryClient.removeQueries({ queryKey: queryKeys.allAgencies });
      queryClient.setQueryData<CurrentUserResponse>(queryKeys.currentUser, (current) =>
        current && { ...current, activeSupplier, activeAgency: null },
      );
      await queryClient.invalidateQueries();
    },
  });
}

/** Makes one of the user's agencies the one they act for (issue 31), then refreshes everything on the page. */
export function useSwitchAgency() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (agencyID: number) => {
      const { SwitchAgencyResponseSchema } = await loadUserSchemas();
      return apiFetch(`user/switch-agency/${agencyID}`, SwitchAgencyResponseSchema);
    },
    onSuccess: async ({ activeAgency }) => {
      // Another agency's records go first: asked for again, they would come back as the new agency's.
      queryClient.removeQueries({
        queryKey: queryKeys.allAgencies,
        predicate: ({ queryKey }) => queryKey[1] !== activeAgency.agencyID,
      });
      // Then set: the refetches below send the new agency in the X-Agency-Id header.
      queryClient.setQueryData<CurrentUserResponse>(queryKeys.currentUser, (current) => current && { ...current, activeAgency });
      await queryClient.invalidateQueries();
    },
  });
}
