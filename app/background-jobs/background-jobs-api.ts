/**
 * The team's background jobs (/api/v1/admin/background-jobs) as TanStack Query hooks: the counts
 * (any team member; whether the caller may act), the failed and waiting jobs a page at a time, and
 * retrying or cancelling one (team admins), each action refreshing the list and the counts. Answers
 * are checked against their schemas in common/api/background-jobs.ts.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BackgroundJobActionResponseSchema, BackgroundJobListResponseSchema, BackgroundJobSummarySchema } from '../../common/api/background-jobs';
import { apiFetch } from '../lib/api';

export const backgroundJobQueryKeys = {
  all: ['team', 'background-jobs'] as const,
  summary: ['team', 'background-jobs', 'summary'] as const,
  page: (page: number) => ['team', 'background-jobs', 'list', page] as const,
};

/** How many failed and waiting jobs there are, and whether the signed-in person is a team admin. */
export function useBackgroundJobSummary() {
  return useQuery({
    queryKey: backgroundJobQueryKeys.summary,
    queryFn: ({ signal }) => apiFetch('admin/background-jobs/summary', BackgroundJobSummarySchema, { signal }),
    refetchInterval: 60_000,
  });
}

/** A page of the failed and waiting jobs, newest first; asked for only when `isEnabled` (a team admin). */
export function useBackgroundJobs(page: number, isEnabled: boolean) {
  return useQuery({
    queryKey: backgroundJobQueryKeys.page(page),
    queryFn: ({ signal }) => apiFetch(`admin/background-jobs${page > 1 ? `?page=${String(page)}` : ''}`, BackgroundJobListResponseSchema, { signal }),
    enabled: isEnabled,
    // A retried job is sent, or fails again, within seconds: the list follows without a reload.
    refetchInterval: 15_000,
    // Another page keeps the rows in view until its own arrive.
    placeholderData: keepPreviousData,
  });
}

export type BackgroundJobAction = 'retry' | 'cancel';

/** Retries or cancels one job (POST /api/v1/admin/background-jobs/{id}/{action}). */
export function useBackgroundJobAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: BackgroundJobAction }) =>
      apiFetch(`admin/background-jobs/${encodeURIComponent(id)}/${action}`, BackgroundJobActionResponseSchema, { method: 'POST' }),
    // A refusal (someone acted first, the job was sent meanwhile) means the list has changed too.
    onSettled: () => queryClient.invalidateQueries({ queryKey: backgroundJobQueryKeys.all }),
  });
}
