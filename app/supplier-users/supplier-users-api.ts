/**
 * TanStack Query hooks of supplier user management (spec §2 /users, §7): the list, one user, and
 * the changes, each of which refreshes the list.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { NoContentResponseSchema } from '../../common/api/http';
import {
  PendingInvitationSchema,
  RemoveSupplierUserResponseSchema,
  SupplierUserSchema,
  SupplierUsersResponseSchema,
  type InviteUserRequest,
  type UpdateUserRequest,
  type RemoveSupplierUserRequest,
} from '../../common/api/users';
import { SecondFactorRequirementSchema, type SecondFactorRequirement } from '../../common/api/second-factors';
import { apiFetch } from '../lib/api';
import { queryKeys } from '../lib/query-client';
import { useSave } from '../lib/use-save';
import { UNREACHABLE_MESSAGE } from '../lib/api-error';
import { useActiveSupplier } from '../lib/active-supplier';

/** Keys per active supplier, so a supplier switch never shows another supplier's users. */
export const supplierUserQueryKeys = {
  all: ['supplier-users'] as const,
  list: (supplierID: number) => ['supplier-users', supplierID, 'list'] as const,
  user: (supplierID: number, id: string) => ['supplier-users', supplierID, 'user', id] as const,
};

/** The active supplier's users and pending invitations (GET /api/v1/user/users). */
export function useSupplierUsers() {
  const { supplierID } = useActiveSupplier();
  return useQuery({
    queryKey: supplierUserQueryKeys.list(supplierID),
    queryFn: ({ signal }) => apiFetch('user/users', SupplierUsersResponseSchema, { signal }),
  });
}

/** One user of the active supplier (GET /api/v1/user/users/{id}); not asked for when `id` is undefined. */
export function useSupplierUser(id: string | undefined) {
  const { supplierID } = useActiveSupplier();
  return useQuery({
    queryKey: supplierUserQueryKeys.user(supplierID, id ?? ''),
    queryFn: ({ signal }) => apiFetch(`user/users/${encodeURIComponent(id ?? '')}`, SupplierUserSchema, { signal }),
    enabled: id !== undefined,
  });
}

function useRefreshUsersOnSuccess() {
  const queryClient = useQueryClient();
  // Inactive ones too (the list, seen from the form), so the screen returned to shows the change at once.
  return () => queryClient.invalidateQueries({ queryKey: supplierUserQueryKeys.all, refetchType: 'all' });
}

/** Invites a person by email (POST /api/v1/user/users): a save of the add screen. */
export function useInviteUser() {
  const onSuccess = useRefreshUsersOnSuccess();
  return useSave({
    mutationFn: (request: InviteUserRequest) => apiFetch('user/users', PendingInvitationSchema, { method: 'POST', body: request }),
    onSuccess,
    failedMessage: UNREACHABLE_MESSAGE,
  });
}

/** Changes a user's name and admin flag (PUT /api/v1/user/users/{id}): a save of the edit screen. */
export function useUpdateUser(id: string) {
  const queryClient = useQueryClient();
  const refreshUsers = useRefreshUsersOnSuccess();
  return useSave({
    mutationFn: (request: UpdateUserRequest) =>
      apiFetch(`user/users/${encodeURIComponent(id)}`, SupplierUserSchema, { method: 'PUT', body: request }),
    onSuccess: async (saved) => {
      // Editing yourself can change your name in the header, or take away your admin rights.
      if (saved.isCurrentUser) {
        await queryClient.invalidateQueries({ queryKey: queryKeys.currentUser });
      }
      await refreshUsers();
    },
    failedMessage: UNREACHABLE_MESSAGE,
  });
}

/** Removes a user, named by email, from the active supplier (POST /api/v1/supplier-user/remove, spec §6). */
export function useRemoveSupplierUser() {
  const onSuccess = useRefreshUsersOnSuccess();
  return useMutation({
    mutationFn: (email: string) =>
      apiFetch('supplier-user/remove', RemoveSupplierUserResponseSchema, { method: 'POST', body: { email } satisfies RemoveSupplierUserRequest }),
    onSuccess,
  });
}

/** Withdraws a pending invitation (DELETE /api/v1/user/invitations/{id}). */
export function useRevokeInvitation() {
  const onSuccess = useRefreshUsersOnSuccess();
  return useMutation({
    mutationFn: (id: number) => apiFetch(`user/invitations/${id}`, NoContentResponseSchema, { method: 'DELETE' }),
    onSuccess,
  });
}

/**
 * Whether everyone at the active supplier must use two-step verification (PUT
 * /api/v1/user/second-factor-requirement): the current user's suppliers carry it, so they reload.
 */
export function useSetSecondFactorRequirement() {
  const queryClient = useQueryClient();
  return useSave({
    mutationFn: (request: SecondFactorRequirement) => apiFetch('user/second-factor-requirement', SecondFactorRequirementSchema, { method: 'PUT', body: request }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.currentUser }),
    failedMessage: UNREACHABLE_MESSAGE,
  });
}
