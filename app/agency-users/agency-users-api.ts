/**
 * TanStack Query hooks of an agency's people (issue 31, /api/v1/agency/…, for the active agency's
 * admins): the members and pending invitations, and the changes, each of which refreshes the list.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AgencyUserSchema, AgencyUsersResponseSchema, type AgencyUser } from '../../common/api/agency-users';
import { NoContentResponseSchema } from '../../common/api/http';
import { PendingInvitationSchema, type InviteUserRequest, type UpdateUserRequest } from '../../common/api/users';
import { useActiveAgency } from '../lib/active-agency';
import { apiFetch } from '../lib/api';
import { UNREACHABLE_MESSAGE } from '../lib/api-error';
import { queryKeys } from '../lib/query-client';
import { useSave } from '../lib/use-save';

/** Keys per active agency, so a switch of agency never shows another agency's people. */
export const agencyUserQueryKeys = {
  all: (agencyID: number) => [...queryKeys.agency(agencyID), 'users'] as const,
  list: (agencyID: number) => [...queryKeys.agency(agencyID), 'users', 'list'] as const,
};

/** The active agency's members and pending invitations (GET /api/v1/agency/users). */
export function useAgencyUsers() {
  const { agencyID } = useActiveAgency();
  return useQuery({
    queryKey: agencyUserQueryKeys.list(agencyID),
    queryFn: ({ signal }) => apiFetch('agency/users', AgencyUsersResponseSchema, { signal }),
  });
}

function useRefreshPeople() {
  const queryClient = useQueryClient();
  const { agencyID } = useActiveAgency();
  return async (changedYourself: boolean) => {
    // A change to yourself can take away your admin rights or your membership: the layout follows the current user.
    if (changedYourself) {
      await queryClient.invalidateQueries({ queryKey: queryKeys.currentUser });
    }
    // Inactive ones too (the list, seen from the form), so the screen returned to shows the change at once.
    await queryClient.invalidateQueries({ queryKey: agencyUserQueryKeys.all(agencyID), refetchType: 'all' });
  };
}

/** Invites a person by email (POST /api/v1/agency/users): a save of the invite screen. */
export function useInviteAgencyUser() {
  const refresh = useRefreshPeople();
  return useSave({
    mutationFn: (request: InviteUserRequest) => apiFetch('agency/users', PendingInvitationSchema, { method: 'POST', body: request }),
    onSuccess: () => refresh(false),
    failedMessage: UNREACHABLE_MESSAGE,
  });
}

/** Makes a member an admin or not (PUT /api/v1/agency/users/{id}): a save of the edit screen. */
export function useUpdateAgencyUser(id: number) {
  const refresh = useRefreshPeople();
  return useSave({
    mutationFn: (request: UpdateUserRequest) => apiFetch(`agency/users/${String(id)}`, AgencyUserSchema, { method: 'PUT', body: request }),
    onSuccess: (saved) => refresh(saved.isCurrentUser),
    failedMessage: UNREACHABLE_MESSAGE,
  });
}

/** Removes a member from the active agency (DELETE /api/v1/agency/users/{id}); an admin may remove themselves. */
export function useRemoveAgencyUser() {
  const refresh = useRefreshPeople();
  return useMutation({
    mutationFn: (user: AgencyUser) => apiFetch(`agency/users/${String(user.id)}`, NoContentResponseSchema, { method: 'DELETE' }),
    onSuccess: (_nothing, user) => refresh(user.isCurrentUser),
  });
}

/** Withdraws a pending invitation (DELETE /api/v1/agency/invitations/{id}). */
export function useCancelAgencyInvitation() {
  const refresh = useRefreshPeople();
  return useMutation({
    mutationFn: (id: number) => apiFetch(`agency/invitations/${String(id)}`, NoContentResponseSchema, { method: 'DELETE' }),
    onSuccess: () => refresh(false),
  });
}
