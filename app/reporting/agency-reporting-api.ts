/**
 * The agency dashboard's reporting calls (issue 31) as TanStack Query hooks: the engagement notices
 * suppliers sent naming the active agency (GET /api/v1/agency/engagement-notices), a page at a time
 * and filtered by the agency's answer; one notice with its dispute's conversation; and the agency's
 * answers: confirm, dispute, and a message in the dispute. Every answer is checked against its
 * schema in common/api; a change sets the notice and reads the lists again.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  AgencyNoticeDetailSchema,
  AgencyNoticesResponseSchema,
  type AgencyNoticeDetail,
  type AgencyNoticeMessageRequest,
  type AgencyNoticesQuery,
  type DisputeNoticeRequest,
} from '../../common/api/agency-engagements';
import { apiFetch } from '../lib/api';
import { useActiveAgency } from '../lib/active-agency';
import { listQueryPath } from '../lib/lists/url-params';
import { queryKeys } from '../lib/query-client';

/** Keys per active agency, so a switch of agency never shows another agency's notices. */
export const agencyReportingQueryKeys = {
  all: (agencyID: number) => [...queryKeys.agency(agencyID), 'engagement-notices'] as const,
  notices: (agencyID: number, query: AgencyNoticesQuery) => [...queryKeys.agency(agencyID), 'engagement-notices', 'list', query] as const,
  notice: (agencyID: number, id: number) => [...queryKeys.agency(agencyID), 'engagement-notices', 'one', id] as const,
};

const noticePath = (id: number) => `agency/engagement-notices/${String(id)}`;

/** One page (from 1) of the engagement notices naming the active agency, newest first, with one answer or any. */
export function useAgencyNotices(query: AgencyNoticesQuery) {
  const { agencyID } = useActiveAgency();
  return useQuery({
    queryKey: agencyReportingQueryKeys.notices(agencyID, query),
    queryFn: ({ signal }) => apiFetch(listQueryPath('agency/engagement-notices', query), AgencyNoticesResponseSchema, { signal }),
    // Another page keeps the rows in view until its own arrive.
    placeholderData: keepPreviousData,
  });
}

/** One notice naming the active agency, with its dispute's messages once disputed; 404 when it does not name the agency. */
export function useAgencyNotice(id: number) {
  const { agencyID } = useActiveAgency();
  return useQuery({
    queryKey: agencyReportingQueryKeys.notice(agencyID, id),
    queryFn: ({ signal }) => apiFetch(noticePath(id), AgencyNoticeDetailSchema, { signal }),
    enabled: id > 0,
  });
}

/** The notice as the server now has it, and every list read again (its answer moved it between filters). */
function rememberNotice(queryClient: QueryClient, agencyID: number, notice: AgencyNoticeDetail): Promise<void> {
  queryClient.setQueryData(agencyReportingQueryKeys.notice(agencyID, notice.id), notice);
  return queryClient.invalidateQueries({ queryKey: agencyReportingQueryKeys.all(agencyID) });
}

/** Reads the notice and the lists again: after a refusal (409), the answer someone else gave shows. */
export function useReloadAgencyNotices() {
  const { agencyID } = useActiveAgency();
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: agencyReportingQueryKeys.all(agencyID) });
}

/** POST …/{id}/confirm: the engagement happened as the notice says (from awaiting or disputed; 409 once confirmed). */
export function useConfirmNotice(id: number) {
  const { agencyID } = useActiveAgency();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch(`${noticePath(id)}/confirm`, AgencyNoticeDetailSchema, { method: 'POST' }),
    onSuccess: (notice) => rememberNotice(queryClient, agencyID, notice),
  });
}

/** POST …/{id}/dispute with the reason and the agency's own words (409 unless awaiting). */
export function useDisputeNotice(id: number) {
  const { agencyID } = useActiveAgency();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: DisputeNoticeRequest) => apiFetch(`${noticePath(id)}/dispute`, AgencyNoticeDetailSchema, { method: 'POST', body: request }),
    onSuccess: (notice) => rememberNotice(queryClient, agencyID, notice),
  });
}

/** POST …/{id}/messages: the agency writes in the dispute (409 unless disputed, 429 too many). */
export function useSendNoticeMessage(id: number) {
  const { agencyID } = useActiveAgency();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: AgencyNoticeMessageRequest) => apiFetch(`${noticePath(id)}/messages`, AgencyNoticeDetailSchema, { method: 'POST', body: request }),
    onSuccess: (notice) => rememberNotice(queryClient, agencyID, notice),
  });
}
