/** The signed-in person's own account: POST /api/v1/account/password as a TanStack Query mutation. */
import { useMutation } from '@tanstack/react-query';
import { ChangePasswordResponseSchema, type ChangePasswordRequest } from '../../common/api/users';
import { apiFetch } from '../lib/api';

export function useChangePassword() {
  return useMutation({
    mutationFn: (request: ChangePasswordRequest) => apiFetch('account/password', ChangePasswordResponseSchema, { method: 'POST', body: request }),
  });
}
