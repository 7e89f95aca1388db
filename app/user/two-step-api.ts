/** Two-step verification on 'Your account' (GET/POST/DELETE /api/v1/account/second-factors…) as TanStack Query hooks. */
import { startRegistration, type PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { NoContentResponseSchema } from '../../common/api/http';
import {
  AddSecondFactorResponseSchema,
  AuthenticatorAppSetUpResponseSchema,
  PasskeySetUpResponseSchema,
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
      apiFetch('account/second-factors/authenticator-app', AddSecondFactorResponseSchema, { method: 'POST', body: request }),
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

/** The browser did not make a passkey: the person cancelled, waited too long, or used one already on the account. */
export class PasskeyNotMadeError extends Error {
  constructor(readonly isAlreadyAdded: boolean) {
    super(isAlreadyAdded ? 'passkey already on the account' : 'no passkey was made');
  }
}

/** Adds a passkey: options from the server, the browser's own passkey dialog, then its answer checked by the server. */
export function useAddPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (name: string) => {
      const { options } = await apiFetch('account/second-factors/passkey/set-up', PasskeySetUpResponseSchema, { method: 'POST' });
      const response = await startRegistration({ optionsJSON: options as PublicKeyCredentialCreationOptionsJSON }).catch((error: unknown) => {
        const code = typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;
        throw new PasskeyNotMadeError(code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED');
      });
      return apiFetch('account/second-factors/passkey', AddSecondFactorResponseSchema, { method: 'POST', body: { name, response } });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: factorsKey, exact: true }),
  });
}
