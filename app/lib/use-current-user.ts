/** The signed-in user, their suppliers and the active one (GET /api/v1/user), and switching supplier. */
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

/** Makes another of the user's suppliers the active one, then refreshes everything on the page. */
export function useSwitchSupplier() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (supplierID: number) => {
      const { SwitchSupplierResponseSchema } = await loadUserSchemas();
      return apiFetch(`user/switch/${supplierID}`, SwitchSupplierResponseSchema);
    },
    onSuccess: async ({ activeSupplier }) => {
      // Set first: the refetches below send the new supplier in the X-Supplier-Id header.
      queryClient.setQueryData<CurrentUserResponse>(queryKeys.currentUser, (current) =>
        current && { ...current, activeSupplier },
      );
      await queryClient.invalidateQueries();
    },
  });
}
