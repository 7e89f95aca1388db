/**
 * The team's application workflow (/api/v1/admin/applications) as TanStack Query hooks: the queue
 * by stage a page at a time, one application under review, the decision on one service and a move
 * to another stage. Each answer is checked against its schema from common/api/team-applications.ts.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  TeamApplicationListResponseSchema,
  TeamApplicationSchema,
  type TeamApplication,
  type TeamMoveApplicationRequest,
  type TeamServiceDecisionRequest,
} from '../../common/api/team-applications';
import { apiFetch } from '../lib/api';
import { useSave } from '../lib/use-save';
import { queuePath, type QueueQuery } from './application-queue';

export const applicationReviewQueryKeys = {
  all: ['team-applications'] as const,
  queue: (query: QueueQuery) => ['team-applications', 'queue', query.status ?? 'any', query.page ?? 1] as const,
  one: (id: number) => ['team-applications', 'one', id] as const,
};

export function useApplicationQueue(query: QueueQuery) {
  return useQuery({
    queryKey: applicationReviewQueryKeys.queue(query),
    queryFn: ({ signal }) => apiFetch(queuePath(query), TeamApplicationListResponseSchema, { signal }),
  });
}

export function useApplicationForReview(id: number) {
  return useQuery({
    queryKey: applicationReviewQueryKeys.one(id),
    queryFn: ({ signal }) => apiFetch(`admin/applications/${String(id)}`, TeamApplicationSchema, { signal }),
    enabled: Number.isInteger(id) && id > 0,
  });
}

/** Keeps what the server answered as the application under review, and has the queue load again. */
function useStoreReviewed() {
  const queryClient = useQueryClient();
  return (application: TeamApplication) => {
    queryClient.setQueryData(applicationReviewQueryKeys.one(application.id), application);
    void queryClient.invalidateQueries({ queryKey: ['team-applications', 'queue'] });
  };
}

export interface ServiceDecision {
  serviceId: number;
  status: TeamServiceDecisionRequest['status'];
  /** The team's reason, for a decline. */
  reason?: string;
}

/** Grants or declines one requested service (PUT …/services/{serviceId}). */
export function useDecideService(applicationId: number) {
  const store = useStoreReviewed();
  return useSave<TeamApplication, ServiceDecision>({
    mutationFn: ({ serviceId, status, reason }) =>
      apiFetch(`admin/applications/${String(applicationId)}/services/${String(serviceId)}`, TeamApplicationSchema, {
        method: 'PUT',
        body: (status === 'declined' ? { status, reason } : { status }) satisfies TeamServiceDecisionRequest,
      }),
    onSuccess: store,
    failedMessage: 'The decision was not saved. Check your connection and try again.',
  });
}

/** Moves the application to another stage (POST …/status); Declined takes the reasons the supplier is sent. */
export function useMoveApplication(applicationId: number) {
  const store = useStoreReviewed();
  return useSave<TeamApplication, TeamMoveApplicationRequest>({
    mutationFn: (request) => apiFetch(`admin/applications/${String(applicationId)}/status`, TeamApplicationSchema, { method: 'POST', body: request }),
    onSuccess: store,
    failedMessage: 'The application was not moved. Check your connection and try again.',
  });
}
