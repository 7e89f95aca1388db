/** The signed-in person's own sign-ins (GET/DELETE /api/v1/account/sessions…) as TanStack Query hooks. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { EndSessionsResponseSchema, SignInSessionsResponseSchema } from '../../common/api/account-sessions';
import { apiFetch } from '../lib/api';

const sessionsKey = ['account', 'sessions'] as const;

export function useSignInSessions() {
  return useQuery({
    queryKey: sessionsKey,
    queryFn: ({ signal }) => apiFetch('account/sessions', SignInSessionsResponseSchema, { signal }),
  });
}

/** Ends one sign-in; the list is read again afterwards, whatever the answer. */
export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sessionID: string) => apiFetch(`account/sessions/${encodeURIComponent(sessionID)}`, EndSessionsResponseSchema, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
}

/** Ends every sign-in but this one. */
export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch('account/sessions/end-others', EndSessionsResponseSchema, { method: 'POST' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
}
