/**
 * The signed-in user as another app of the page fetched it (the header, for a stored session), for a
 * public page's app that renders without the sign-in state (./render-root.tsx): it never asks the
 * API itself, so a visitor with no session fetches nothing, and it updates once the header's answer
 * arrives in the page's one query client.
 */
import { skipToken, useQuery } from '@tanstack/react-query';
import type { CurrentUserResponse } from '../../common/api/user';
import { queryKeys } from './query-client';

export function useKnownCurrentUser(): CurrentUserResponse | undefined {
  return useQuery<CurrentUserResponse>({ queryKey: queryKeys.currentUser, queryFn: skipToken }).data;
}
