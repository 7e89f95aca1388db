/** The invitation link's calls (GET /api/v1/invitations/{token}, POST …/accept) as TanStack Query hooks. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Check } from 'typebox/schema';
import {
  AcceptInvitationResponseSchema,
  InvitationDetailsResponseSchema,
  InvitationTokenParamsSchema,
} from '../../common/api/users';
import { apiFetch } from '../lib/api';
import { queryKeys } from '../lib/query-client';

/** Whether `token` can be an invitation token at all; a mangled link is refused without asking the server. */
export function isWellFormedInvitationToken(token: string): boolean {
  return Check(InvitationTokenParamsSchema, { token });
}

const invitationKey = (token: string) => ['invitation', token] as const;

/** Who invited whom, and whether the link still works (public). */
export function useInvitation(token: string) {
  return useQuery({
    queryKey: invitationKey(token),
    queryFn: ({ signal }) => apiFetch(`invitations/${token}`, InvitationDetailsResponseSchema, { signal }),
  });
}

/** Accepts the invitation for the signed-in user, then reloads who they are: the supplier or agency is now theirs. */
export function useAcceptInvitation(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch(`invitations/${token}/accept`, AcceptInvitationResponseSchema, { method: 'POST' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: invitationKey(token) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.currentUser }),
  });
}
