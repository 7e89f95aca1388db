/**
 * The agency dashboard's reporting calls (issue 31) as TanStack Query hooks: the engagement notices
 * suppliers sent naming the active agency (GET /api/v1/agency/engagement-notices), a page at a time
 * and filtered by the agency's answer; one notice with its dispute's conversation; and the agency's
 * answers: confirm, dispute, and a message in the dispute. Every answer is checked against its
 * schema in common/api; a change sets the notice and reads the lists again. Likewise the billing
 * reports on the engagements the agency confirmed (GET /api/v1/agency/billing-reports), one report
 * with its query's conversation, and the agency's answers: confirm the amount, query it, and a
 * message in the query.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  AgencyBillingReportDetailSchema,
  AgencyNoticeDetailSchema,
  AgencyNoticesResponseSchema,
  AgencyReportsResponseSchema,
  type AgencyBillingReportDetail,
  type AgencyNoticeDetail,
  type AgencyNoticeMessageRequest,
  type AgencyNoticesQuery,
  type AgencyReportsQuery,
  type DisputeNoticeRequest,
  type QueryReportRequest,
} from '../../common/api/agency-engagements';
import type { ConfidentialityRequest } from '../../common/api/confidentiality';
import { apiFetch } from '../lib/api';
import { useActiveAgency } from '../lib/active-agency';
import { listQueryPath } from '../lib/lists/url-params';
import { queryKeys } from '../lib/query-client';

/** Keys per active agency, so a switch of agency never shows another agency's notices. */
export const agencyReportingQueryKeys = {
  all: (agencyID: number) => [...queryKeys.agency(agencyID), 'engagement-notices'] as const,
  notices: (agencyID: number, query: AgencyNoticesQuery) => [...queryKeys.agency(agencyID), 'engagement-notices', 'list', query] as const,
  notice: (agencyID: number, id: number) => [...queryKeys.agency(agencyID), 'engagement-notices', 'one', id] as const,
  allReports: (agencyID: number) => [...queryKeys.agency(agencyID), 'billing-reports'] as const,
  reports: (agencyID: number, query: AgencyReportsQuery) => [...queryKeys.agency(agencyID), 'billing-reports', 'list', query] as const,
  report: (agencyID: number, id: number) => [...queryKeys.agency(agencyID), 'billing-reports', 'one', id] as const,
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

/** POST …/{id}/confidentiality: the agency's open data answer (409 once confirmed). */
export function useAgencyNoticeConfidentiality(id: number) {
  const { agencyID } = useActiveAgency();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: ConfidentialityRequest) => apiFetch(`${noticePath(id)}/confidentiality`, AgencyNoticeDetailSchema, { method: 'POST', body: request }),
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

const reportPath = (id: number) => `agency/billing-reports/${String(id)}`;

/** One page (from 1) of the billing reports on the engagements the active agency confirmed, the latest month first; by answer or engagement if asked. */
export function useAgencyReports(query: AgencyReportsQuery) {
  const { agencyID } = useActiveAgency();
  return useQuery({
    queryKey: agencyReportingQueryKeys.reports(agencyID, query),
    queryFn: ({ signal }) => apiFetch(listQueryPath('agency/billing-reports', query), AgencyReportsResponseSchema, { signal }),
    // Another page keeps the rows in view until its own arrive.
    placeholderData: keepPreviousData,
  });
}

/** One billing report on an engagement the active agency confirmed, with its query's messages once queried; 404 otherwise. */
export function useAgencyReport(id: number) {
  const { agencyID } = useActiveAgency();
  return useQuery({
    queryKey: agencyReportingQueryKeys.report(agencyID, id),
    queryFn: ({ signal }) => apiFetch(reportPath(id), AgencyBillingReportDetailSchema, { signal }),
    enabled: id > 0,
  });
}

/** The report as the server now has it, and every list of reports read again (its answer moved it between filters). */
function rememberReport(queryClient: QueryClient, agencyID: number, report: AgencyBillingReportDetail): Promise<void> {
  queryClient.setQueryData(agencyReportingQueryKeys.report(agencyID, report.id), report);
  return queryClient.invalidateQueries({ queryKey: agencyReportingQueryKeys.allReports(agencyID) });
}

/** Reads the reports again: after a refusal (409), the answer someone else gave shows. */
export function useReloadAgencyReports() {
  const { agencyID } = useActiveAgency();
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: agencyReportingQueryKeys.allReports(agencyID) });
}

/** POST …/{id}/confirm: the amount is right (from awaiting or queried; 409 once confirmed). */
export function useConfirmReport(id: number) {
  const { agencyID } = useActiveAgency();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch(`${reportPath(id)}/confirm`, AgencyBillingReportDetailSchema, { method: 'POST' }),
    onSuccess: (report) => rememberReport(queryClient, agencyID, report),
  });
}

/** POST …/{id}/query with what is wrong with the amount, in the agency's own words (409 unless awaiting). */
export function useQueryReport(id: number) {
  const { agencyID } = useActiveAgency();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: QueryReportRequest) => apiFetch(`${reportPath(id)}/query`, AgencyBillingReportDetailSchema, { method: 'POST', body: request }),
    onSuccess: (report) => rememberReport(queryClient, agencyID, report),
  });
}

/** POST …/{id}/messages: the agency writes in the query (409 unless queried, 429 too many). */
export function useSendReportMessage(id: number) {
  const { agencyID } = useActiveAgency();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: AgencyNoticeMessageRequest) => apiFetch(`${reportPath(id)}/messages`, AgencyBillingReportDetailSchema, { method: 'POST', body: request }),
    onSuccess: (report) => rememberReport(queryClient, agencyID, report),
  });
}
