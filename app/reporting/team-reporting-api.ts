/**
 * The team's engagement notices and billing reports calls (/api/v1/admin/…) as TanStack Query
 * hooks: every supplier's submitted records and one record (the CSV of a filtered list downloads
 * through app/lib/lists/csv-download.tsx). Each answer is checked against its schema in common/api.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  MissingBillingReportListResponseSchema,
  ReportingMismatchesResponseSchema,
  TeamBillingReportListResponseSchema,
  TeamBillingReportSchema,
} from '../../common/api/billing-reports';
import { TeamEngagementNoticeListResponseSchema, TeamEngagementNoticeSchema } from '../../common/api/engagement-notices';
import { apiFetch } from '../lib/api';
import { listSearch } from '../lib/lists/url-params';
import type { MissingReportListQuery, TeamNoticeListQuery, TeamReportListQuery } from './team-list-params';

export const teamReportingQueryKeys = {
  notices: (query: object) => ['team', 'engagement-notices', query] as const,
  notice: (id: number) => ['team', 'engagement-notice', id] as const,
  reports: (query: object) => ['team', 'billing-reports', query] as const,
  report: (id: number) => ['team', 'billing-report', id] as const,
  missingReports: (query: object) => ['team', 'missing-billing-reports', query] as const,
  mismatches: ['team', 'reporting-mismatches'] as const,
};

function withSearch(path: string, query: object): string {
  const search = listSearch(query);
  return search === '' ? path : `${path}?${search}`;
}

export function useTeamNotices(query: TeamNoticeListQuery, enabled = true) {
  return useQuery({
    enabled,
    queryKey: teamReportingQueryKeys.notices(query),
    queryFn: ({ signal }) => apiFetch(withSearch('admin/engagement-notices', query), TeamEngagementNoticeListResponseSchema, { signal }),
    // A new page or filter keeps the rows in view until its own arrive.
    placeholderData: keepPreviousData,
  });
}

/** One notice; `enabled` false for an id that cannot be one (the screen says so without asking). */
export function useTeamNotice(id: number, enabled = true) {
  return useQuery({
    queryKey: teamReportingQueryKeys.notice(id),
    queryFn: ({ signal }) => apiFetch(`admin/engagement-notices/${String(id)}`, TeamEngagementNoticeSchema, { signal }),
    enabled: enabled && id > 0,
    retry: false,
  });
}

export function useTeamReports(query: TeamReportListQuery, enabled = true) {
  return useQuery({
    enabled,
    queryKey: teamReportingQueryKeys.reports(query),
    queryFn: ({ signal }) => apiFetch(withSearch('admin/billing-reports', query), TeamBillingReportListResponseSchema, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useTeamReport(id: number, enabled = true) {
  return useQuery({
    queryKey: teamReportingQueryKeys.report(id),
    queryFn: ({ signal }) => apiFetch(`admin/billing-reports/${String(id)}`, TeamBillingReportSchema, { signal }),
    enabled: enabled && id > 0,
    retry: false,
  });
}

/** Every supplier's missing billing reports (GET /admin/billing-reports/missing); a report submitted elsewhere leaves it, so read again each time. */
export function useTeamMissingReports(query: MissingReportListQuery, enabled = true) {
  return useQuery({
    enabled,
    queryKey: teamReportingQueryKeys.missingReports(query),
    queryFn: ({ signal }) => apiFetch(withSearch('admin/billing-reports/missing', query), MissingBillingReportListResponseSchema, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** How many reporting mismatches there are (issue 31), for the team's home. */
export function useReportingMismatches() {
  return useQuery({
    queryKey: teamReportingQueryKeys.mismatches,
    queryFn: ({ signal }) => apiFetch('admin/reporting-mismatches', ReportingMismatchesResponseSchema, { signal }),
  });
}
