/**
 * What the engagement notices and billing reports lists read from their URL (`?status=`, `sort=`,
 * `order=`, `page=`, and for billing reports `engagementNotice=`) and write back to it, so a
 * filtered, sorted page can be bookmarked, shared and reached with Back. Unknown or malformed
 * values are ignored (the list's default), never sent to the API.
 */
import { BILLING_REPORT_SORTS, type BillingReportListQuery, type BillingReportSort } from '../../common/api/billing-reports';
import { ENGAGEMENT_NOTICE_SORTS, type EngagementNoticeListQuery, type EngagementNoticeSort } from '../../common/api/engagement-notices';
import { BILLING_REPORT_STATUS_CODES, billingPeriodLabel } from '../../common/billing-reports';
import { ENGAGEMENT_NOTICE_STATUS_CODES } from '../../common/engagement-notices';
import { MAX_ID, MAX_PAGE_NUMBER } from '../../common/api/http';
import { paths } from '../dashboard/paths';

export type SortOrder = 'asc' | 'desc';


function oneOf<T extends string>(options: readonly T[], value: string | null): T | undefined {
  return options.find((option) => option === value);
}

/** A whole number from 1 to `maximum` written in digits, else undefined. */
export function wholeNumberParam(value: string | null, maximum: number): number | undefined {
  if (value === null || !/^[1-9][0-9]{0,9}$/.test(value)) {
    return undefined;
  }
  const number = Number(value);
  return number <= maximum ? number : undefined;
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

/** The query string of a list query, its keys in a stable order, without the unset ones. */
export function listSearch(query: object): string {
  const entries = Object.entries(query)
    .filter((entry): entry is [string, string | number] => typeof entry[1] === 'string' || typeof entry[1] === 'number')
    .sort(([a], [b]) => a.localeCompare(b));
  return new URLSearchParams(entries.map(([key, value]) => [key, String(value)])).toString();
}

/**
 * The URL's search after a change to the list's controls: a value of undefined or '' drops that
 * parameter; any change but a new page goes back to page 1 (the old page may not exist any more).
 */
export function changedSearch(current: URLSearchParams, changes: Record<string, string | undefined>): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined || value === '') {
      next.delete(key);
    } else {
      next.set(key, value);
    }
  }
  if (!('page' in changes)) {
    next.delete('page');
  }
  if (next.get('page') === '1') {
    next.delete('page');
  }
  return next;
}

/** The number of pages of a paged answer: at least 1, so an empty list reads "page 1 of 1". */
export function pageCount({ total, pageSize }: { total: number; pageSize: number }): number {
  return Math.max(1, Math.ceil(total / Math.max(1, pageSize)));
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
  return `${paths.billingReports()}?engagementNotice=${String(noticeId)}`;
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
