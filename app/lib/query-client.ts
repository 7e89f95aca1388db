/**
 * The one TanStack Query client of the page: the header, dashboard and user apps mount as separate
 * React roots but share it, so they share the current-user query and a supplier switch refreshes all.
 */
import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-error';

/** Query keys used by more than one module. */
export const queryKeys = {
  currentUser: ['user'] as const,
  /** Every query of an agency's records starts with this, so switching organisations can drop them. */
  agency: (agencyID: number) => ['agency', agencyID] as const,
  allAgencies: ['agency'] as const,
};

/** Client errors (4xx) will not change by asking again; network and server errors may. */
function shouldRetry(failureCount: number, error: Error): boolean {
  if (error instanceof ApiError && error.status < 500) {
    return false;
  }
  return failureCount < 2;
}

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 30_000, retry: shouldRetry },
    mutations: { retry: false },
  },
});
