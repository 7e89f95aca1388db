/**
 * What the team app's engagement notices, billing reports and missing billing reports lists read from their URL
 * (`?status=`, `mismatch=`, `agencyResponse=`, `supplier=`, `agency=`, `engagementNotice=`, `period=`, `page=`, and for
 * the engagement notices `after=` or `before=`, the notice its page starts from) and the export
 * address of the same filters. As on the dashboard (./list-params.ts), an unknown or malformed
 * value is ignored, never sent to the API, so any bookmarked address shows a list.
 */
import type { MissingBillingReportListQuery, TeamBillingReportListQuery } from '../../common/api/billing-reports';
import type { TeamEngagementNoticeListQuery } from '../../common/api/engagement-notices';
import { MAX_ID, MAX_PAGE_NUMBER } from '../../common/api/http';
import { billingPeriodLabel, billingPeriodOf, previousBillingPeriod } from '../../common/reporting/billing-reports';
import { REPORT_RESPONSE_STATUS_CODES } from '../../common/reporting/agency-responses';
import { TEAM_NOTICE_STATUS_CODES } from '../../common/reporting/engagement-notices';
import { NOTICE_MISMATCH_CODES } from '../../common/reporting/mismatches';
import { listSearch, pageCursorParams, wholeNumberParam } from '../lib/lists/url-params';

const PERIOD = /^(19|20)[0-9]{2}-(0[1-9]|1[0-2])$/;

export type TeamNoticeListQuery = Omit<TeamEngagementNoticeListQuery, 'agency' | 'supplier'> & { agency?: number; supplier?: number };
export type TeamReportListQuery = Omit<TeamBillingReportListQuery, 'agency' | 'supplier' | 'engagementNotice'> & {
  agency?: number;
  supplier?: number;
  engagementNotice?: number;
};

function idParam(search: URLSearchParams, name: string): Record<string, number> {
  const id = wholeNumberParam(search.get(name), MAX_ID);
  return id === undefined ? {} : { [name]: id };
}

function periodParam(search: URLSearchParams): { period?: string } {
  const period = search.get('period');
  return period !== null && PERIOD.test(period) ? { period } : {};
}

function pageParam(search: URLSearchParams): { page?: number } {
  const page = wholeNumberParam(search.get('page'), MAX_PAGE_NUMBER);
  return page === undefined ? {} : { page };
}

/** The team's engagement notices list query, from its URL. */
export function teamNoticeListQuery(search: URLSearchParams): TeamNoticeListQuery {
  const status = TEAM_NOTICE_STATUS_CODES.find((candidate) => candidate === search.get('status'));
  const mismatch = NOTICE_MISMATCH_CODES.find((candidate) => candidate === search.get('mismatch'));
  return {
    ...(status ? { status } : {}),
    ...(mismatch ? { mismatch } : {}),
    ...idParam(search, 'supplier'),
    ...idParam(search, 'agency'),
    ...periodParam(search),
    ...pageParam(search),
    ...pageCursorParams(search),
  };
}

/** The team's billing reports list query, from its URL. */
export function teamReportListQuery(search: URLSearchParams): TeamReportListQuery {
  const agencyResponse = REPORT_RESPONSE_STATUS_CODES.find((candidate) => candidate === search.get('agencyResponse'));
  return {
    ...(agencyResponse ? { agencyResponse } : {}),
    ...idParam(search, 'supplier'),
    ...idParam(search, 'agency'),
    ...idParam(search, 'engagementNotice'),
    ...periodParam(search),
    ...pageParam(search),
  };
}

export type MissingReportListQuery = Omit<MissingBillingReportListQuery, 'supplier'> & { supplier?: number };

/** The team's missing billing reports list query, from its URL. */
export function missingReportListQuery(search: URLSearchParams): MissingReportListQuery {
  return { ...idParam(search, 'supplier'), ...periodParam(search), ...pageParam(search) };
}

/** Where a list's page starts (its number, the entry it starts after or before): not a filter. */
const PAGE_PARAMS: readonly string[] = ['page', 'after', 'before'];

/** Whether the list is filtered at all (where the page starts does not count). */
export function isFiltered(query: TeamNoticeListQuery | TeamReportListQuery | MissingReportListQuery): boolean {
  return Object.keys(query).some((key) => !PAGE_PARAMS.includes(key));
}

/** The API path of the CSV of every record the filters match (every page: where the page starts is left out). */
export function exportPath(listPath: 'admin/engagement-notices' | 'admin/billing-reports', query: TeamNoticeListQuery | TeamReportListQuery): string {
  const filters = Object.fromEntries(Object.entries(query).filter(([key]) => !PAGE_PARAMS.includes(key)));
  const search = listSearch(filters);
  return search === '' ? `${listPath}/export.csv` : `${listPath}/export.csv?${search}`;
}

/** The CSV's file name, saying which month it holds when it holds one: `billing-reports-2026-03.csv`. */
export function exportFileName(base: 'engagement-notices' | 'billing-reports', query: { period?: string }): string {
  return query.period === undefined ? `${base}.csv` : `${base}-${query.period}.csv`;
}

/**
 * The months a period filter offers, the latest first: from `monthsAhead` months after this one
 * (engagements run into the future; billing periods never do) back `monthsBack` months, each as
 * 'March 2026'. A period already chosen in the URL stays offered even when outside that range.
 */
export function periodOptions(now: Date, { monthsAhead, monthsBack, chosen }: { monthsAhead: number; monthsBack: number; chosen?: string }) {
  let period = billingPeriodOf(now);
  for (let ahead = 0; ahead < monthsAhead; ahead += 1) {
    period = nextBillingPeriod(period);
  }
  const periods: string[] = [];
  for (let index = 0; index <= monthsAhead + monthsBack; index += 1) {
    periods.push(period);
    period = previousBillingPeriod(period);
  }
  if (chosen !== undefined && !periods.includes(chosen)) {
    periods.push(chosen);
    periods.sort((a, b) => b.localeCompare(a));
  }
  return periods.map((value) => ({ value, label: billingPeriodLabel(value) }));
}

/** The month after a period, `yyyy-mm`. */
export function nextBillingPeriod(period: string): string {
  const [year = 0, month = 1] = period.split('-').map(Number);
  return month === 12 ? `${String(year + 1)}-01` : `${String(year)}-${String(month + 1).padStart(2, '0')}`;
}
