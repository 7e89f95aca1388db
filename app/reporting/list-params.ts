/**
 * What the engagement notices and billing reports lists read from their URL (`?status=`, `sort=`,
 * `order=`, `page=`, and for billing reports `engagementNotice=`) and write back to it, so a
 * filtered, sorted page can be bookmarked, shared and reached with Back. Unknown or malformed
 * values are ignored (the list's default), never sent to the API. What every list reads the same
 * way is app/lib/lists/url-params.ts. Also how a notice and a report are named to people.
 */
import { BILLING_REPORT_SORTS, type BillingReportListQuery, type BillingReportSort } from '../../common/api/billing-reports';
import { ENGAGEMENT_NOTICE_SORTS, type EngagementNoticeListQuery, type EngagementNoticeSort } from '../../common/api/engagement-notices';
import { BILLING_REPORT_STATUS_CODES, billingPeriodLabel } from '../../common/reporting/billing-reports';
import { ENGAGEMENT_NOTICE_STATUS_CODES } from '../../common/reporting/engagement-notices';
import { MAX_ID, MAX_PAGE_NUMBER } from '../../common/api/http';
import { reportingPaths } from './reporting-paths';
import { wholeNumberParam } from '../lib/lists/url-params';

export type SortOrder = 'asc' | 'desc';

function oneOf<T extends string>(options: readonly T[], value: string | null): T | undefined {
  return options.find((option) => option === value);
}

function orderParam(value: string | null): SortOrder | undefined {
  return value === 'asc' || value === 'desc' ? value : undefined;
}

/** The API's default order of a sort: the most recently edited first, the rest ascending. */
export function defaultOrder(sort: string): SortOrder {
  return sort === 'lastEdited' ? 'desc' : 'asc';
}

/** The engagement notices list's query, from its URL. */
export function noticeListQuery(search: URLSearchParams): EngagementNoticeListQuery & { sort: EngagementNoticeSort; order: SortOrder } {
  const sort = oneOf(ENGAGEMENT_NOTICE_SORTS, search.get('sort')) ?? 'lastEdited';
  const status = oneOf(ENGAGEMENT_NOTICE_STATUS_CODES, search.get('status'));
  const page = wholeNumberParam(search.get('page'), MAX_PAGE_NUMBER);
  return { ...(status ? { status } : {}), sort, order: orderParam(search.get('order')) ?? defaultOrder(sort), ...(page ? { page } : {}) };
}

/** The billing reports list's query, from its URL. */
export function reportListQuery(
  search: URLSearchParams,
): Omit<BillingReportListQuery, 'engagementNotice'> & { engagementNotice?: number; sort: BillingReportSort; order: SortOrder } {
  const sort = oneOf(BILLING_REPORT_SORTS, search.get('sort')) ?? 'lastEdited';
  const status = oneOf(BILLING_REPORT_STATUS_CODES, search.get('status'));
  const engagementNotice = wholeNumberParam(search.get('engagementNotice'), MAX_ID);
  const page = wholeNumberParam(search.get('page'), MAX_PAGE_NUMBER);
  return {
    ...(status ? { status } : {}),
    ...(engagementNotice ? { engagementNotice } : {}),
    sort,
    order: orderParam(search.get('order')) ?? defaultOrder(sort),
    ...(page ? { page } : {}),
  };
}

export const SORT_LABELS: Record<EngagementNoticeSort | BillingReportSort, string> = {
  lastEdited: 'Last edited',
  startDate: 'Start date',
  endDate: 'End date',
  value: 'Value',
  agency: 'Agency name',
  billingPeriod: 'Billing period',
  amount: 'Amount',
};

/** How each order of a sort reads: 'Earliest first' for a date, 'Lowest first' for money, 'A to Z' for a name. */
export function orderLabel(sort: EngagementNoticeSort | BillingReportSort, order: SortOrder): string {
  switch (sort) {
    case 'lastEdited':
      return order === 'desc' ? 'Most recent first' : 'Oldest first';
    case 'value':
    case 'amount':
      return order === 'asc' ? 'Lowest first' : 'Highest first';
    case 'agency':
      return order === 'asc' ? 'A to Z' : 'Z to A';
    default:
      return order === 'asc' ? 'Earliest first' : 'Latest first';
  }
}

/** The billing reports list, filtered to one engagement notice. */
export function billingReportsOfNotice(noticeId: number): string {
  return `${reportingPaths.billingReports()}?engagementNotice=${String(noticeId)}`;
}

/** How a notice is named to people: its title, else "Notice 12" (a draft saved before it had one). */
export function noticeName(notice: { id: number; title: string | null }): string {
  return notice.title !== null && notice.title.trim() !== '' ? notice.title : `Notice ${String(notice.id)}`;
}

/** How a billing report is named to people: its notice and month ('Regional services portal, March 2026'). */
export function reportName(report: { id: number; engagementNotice: { id: number; title: string | null } | null; billingPeriod: string | null }): string {
  const notice = report.engagementNotice ? noticeName(report.engagementNotice) : `Billing report ${String(report.id)}`;
  return report.billingPeriod === null ? notice : `${notice}, ${billingPeriodLabel(report.billingPeriod)}`;
}
