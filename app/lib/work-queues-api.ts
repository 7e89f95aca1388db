/** The team app's work queues (GET /api/v1/admin/queues): the home's counts, and the review target every queue screen marks overdue items by. */
import { useQuery } from '@tanstack/react-query';
import { WorkQueuesResponseSchema } from '../../common/api/queues';
import { apiFetch } from './api';

export function useWorkQueues() {
  return useQuery({
    queryKey: ['admin', 'queues'],
    queryFn: ({ signal }) => apiFetch('admin/queues', WorkQueuesResponseSchema, { signal }),
    refetchInterval: 60_000,
  });
}
