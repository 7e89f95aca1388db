/** Two-step verification on 'Your account' (GET/POST/DELETE /api/v1/account/second-factors…) as TanStack Query hooks. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { NoContentResponseSchema } from '../../common/api/http';
import {
  AddAuthenticatorAppResponseSchema,
  AuthenticatorAppSetUpResponseSchema,
  RecoveryCodesResponseSchema,
  SecondFactorsResponseSchema,
  type AddAuthenticatorAppRequest,
} from '../../common/api/second-factors';
import { apiFetch } from '../lib/api';

const factorsKey = ['account', 'second-factors'] as const;

export function useSecondFactors() {
  return useQuery({
    queryKey: factorsKey,
    queryFn: ({ signal }) => apiFetch('account/second-factors', SecondFactorsResponseSchema, { signal }),
  });
}

/** A new key for an authenticator app; asked once per visit to the set-up page, never retried behind the person's back. */
export function useAuthenticatorAppSetUp() {
  return useQuery({
    queryKey: [...factorsKey, 'set-up'],
    queryFn: () => apiFetch('account/second-factors/authenticator-app/set-up', AuthenticatorAppSetUpResponseSchema, { method: 'POST' }),
    gcTime: 0,
    staleTime: Infinity,
    retry: false,
    refetchOnWindowFocus: false,
  });
}

export function useAddAuthenticatorApp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: AddAuthenticatorAppRequest) =>
      apiFetch('account/second-factors/authenticator-app', AddAuthenticatorAppResponseSchema, { method: 'POST', body: request }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: factorsKey, exact: true }),
  });
}

export function useRemoveSecondFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch(`account/second-factors/${encodeURIComponent(id)}`, NoContentResponseSchema, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: factorsKey, exact: true }),
  });
}

export function useNewRecoveryCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch('account/recovery-codes', RecoveryCodesResponseSchema, { method: 'POST' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: factorsKey, exact: true }),
  });
}
