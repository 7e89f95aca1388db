/**
 * The rules of the team's supplier management screens: what the search reads from its URL (`q`,
 * `status`, `page`, and `after` or `before`, the supplier its page starts from; anything it cannot
 * use is ignored, never sent), how a supplier's status reads, what suspending and reinstating need
 * and do in words, and how the supplier's records are named.
 */
import type { AuditEntry } from '../../common/api/audit';
import {
  SUPPLIER_STATUSES,
  SUSPENSION_REASON_MAX_LENGTH,
  type TeamSupplier,
  type TeamSupplierListQuery,
  type SupplierStatusCode,
} from '../../common/api/team-suppliers';
import type { StatusTone } from '../../common/application-stages';
import { billingPeriodLabel } from '../../common/reporting/billing-reports';
import type { FormData } from '../../common/forms/definition';
import { isRecord } from '../../common/is-record';
import { MAX_PAGE_NUMBER } from '../../common/api/http';
import { noticeName } from '../reporting/public';
import { listSearch, pageCursorParams, wholeNumberParam } from '../lib/lists/url-params';

/** The longest search the API takes. */
export const SEARCH_MAX_LENGTH = 200;

/** What the team can do to a supplier's status. */
export type SupplierStatusChange = 'suspend' | 'reinstate';

export type SupplierSearchQuery = Pick<TeamSupplierListQuery, 'q' | 'status' | 'after' | 'before'> & { page?: number };

/** The search's query, from its URL: the words (trimmed), the status, the page and its cursor when they are usable. */
export function supplierSearchQuery(search: URLSearchParams): SupplierSearchQuery {
  const q = (search.get('q') ?? '').trim();
  const status = SUPPLIER_STATUSES.find((candidate) => candidate === search.get('status'));
  const page = wholeNumberParam(search.get('page'), MAX_PAGE_NUMBER);
  return {
    ...(q !== '' && q.length <= SEARCH_MAX_LENGTH ? { q } : {}),
    ...(status ? { status } : {}),
    ...(page ? { page } : {}),
    ...pageCursorParams(search),
  };
}

/** The API path of a search: `admin/suppliers?after=31&page=2&q=kowhai`. */
export function supplierSearchPath(query: SupplierSearchQuery): string {
  const search = listSearch(query);
  return search === '' ? 'admin/suppliers' : `admin/suppliers?${search}`;
}

/** Whether the search narrows the list at all (the page and its cursor do not count). */
export function isSearchNarrowed(query: SupplierSearchQuery): boolean {
  return query.q !== undefined || query.status !== undefined;
}

export const SUPPLIER_STATUS_LABELS: Record<SupplierStatusCode, string> = {
  applicant: 'Applicant',
  approved: 'Approved',
  inactive: 'Inactive',
  suspended: 'Suspended',
};

export const SUPPLIER_STATUS_TONES: Record<SupplierStatusCode, StatusTone> = {
  applicant: 'waiting',
  approved: 'done',
  inactive: 'draft',
  suspended: 'refused',
};

/** What each status means for the supplier, in a sentence. */
export const SUPPLIER_STATUS_MEANINGS: Record<SupplierStatusCode, string> = {
  applicant: 'Its users can use the dashboard. It is not in the directory until an application is approved.',
  approved: 'It is in the directory and its CSV, and its users can use the dashboard.',
  inactive: 'It is not in the directory and its users cannot use the dashboard.',
  suspended: 'It is not in the directory or its CSV, and its users cannot use the dashboard until it is reinstated.',
};

/** The change the team can make now: suspend any supplier not suspended, reinstate a suspended one. */
export function availableStatusChange(supplier: Pick<TeamSupplier, 'status'>): SupplierStatusChange {
  return supplier.status === 'suspended' ? 'reinstate' : 'suspend';
}

/** The status reinstating returns the supplier to (an applicant when none was kept). */
export function statusAfterReinstating(supplier: Pick<TeamSupplier, 'statusBeforeSuspension'>): SupplierStatusCode {
  return supplier.statusBeforeSuspension ?? 'applicant';
}

/** What is wrong with the reason typed: undefined when it may be sent. */
export function statusChangeReasonProblem(reason: string, change: SupplierStatusChange): string | undefined {
  const text = reason.trim();
  if (text === '') {
    return change === 'suspend' ? 'Enter why you are suspending this supplier' : 'Enter why you are reinstating this supplier';
  }
  if (text.length > SUSPENSION_REASON_MAX_LENGTH) {
    return `The reason must be ${SUSPENSION_REASON_MAX_LENGTH.toLocaleString('en-NZ')} characters or fewer`;
  }
  return undefined;
}

/** What the change will do, for the confirmation: 'Suspend Kōwhai Digital? It will disappear from …'. */
export function statusChangeConsequence(supplier: Pick<TeamSupplier, 'tradingName' | 'statusBeforeSuspension'>, change: SupplierStatusChange): string {
  if (change === 'suspend') {
    return 'It will disappear from the directory and its CSV at once and its users will not be able to use the dashboard until it is reinstated.';
  }
  switch (statusAfterReinstating(supplier)) {
    case 'approved':
      return 'It will be approved again: back in the directory and its CSV at once, and its users will be able to use the dashboard again.';
    case 'inactive':
      return 'It will be inactive again, as it was before it was suspended: still out of the directory, and its users still will not be able to use the dashboard.';
    default:
      return 'It will be an applicant again, as it was before it was suspended: its users will be able to use the dashboard again. It stays out of the directory until it is approved.';
  }
}

/** The announcement once the change is saved, naming the supplier and its status now. */
export function statusChangedMessage(supplier: Pick<TeamSupplier, 'tradingName' | 'status'>, change: SupplierStatusChange): string {
  if (change === 'suspend') {
    return `You suspended ${supplier.tradingName}. It is out of the directory and its CSV, and its users cannot use the dashboard.`;
  }
  return `You reinstated ${supplier.tradingName}. Its status is ${SUPPLIER_STATUS_LABELS[supplier.status].toLowerCase()} again. ${SUPPLIER_STATUS_MEANINGS[supplier.status]}`;
}

/**
 * Every answer of the supplier details form (common/supplier-details/form.ts) by its field name: the
 * other answers, with the answers kept in the supplier's own columns, as the supplier's side reads them.
 */
export function supplierAnswers(
  supplier: Pick<TeamSupplier, 'tradingName' | 'legalName' | 'nzbn' | 'abn' | 'summary' | 'email' | 'phone' | 'website' | 'details'>,
): FormData {
  const answers: FormData = { ...supplier.details };
  const columns: Record<string, string | null> = {
    trading_name: supplier.tradingName,
    legal_name: supplier.legalName,
    nzbn: supplier.nzbn,
    abn: supplier.abn,
    description: supplier.summary,
    contact_email: supplier.email,
    contact_phone: supplier.phone,
    website: supplier.website,
  };
  for (const [field, value] of Object.entries(columns)) {
    if (value !== null && value !== '') {
      answers[field] = value;
    }
  }
  return answers;
}

/** Where the supplier is, each place once: 'Wellington, New Zealand' (a city that is its own region is not repeated). */
export function supplierLocation(supplier: Pick<TeamSupplier, 'city' | 'state' | 'country'>): string {
  const parts = [supplier.city, supplier.state, supplier.country].filter((part): part is string => part !== null && part.trim() !== '');
  const places = parts.filter((part, index) => parts.indexOf(part) === index);
  return places.length === 0 ? 'Not given' : places.join(', ');
}

const AUDIT_ACTION_LABELS: Record<string, string> = {
  'supplier.suspend': 'Suspended the supplier',
  'supplier.reinstate': 'Reinstated the supplier',
  'supplier.update-details': 'Changed the supplier details',
  'supplier.second-factor-requirement': 'Changed whether two-step verification is required',
  'registration.approve': 'Approved the registration',
  'application.move': 'Moved an application',
  'application.decide-service': 'Decided on a service',
  'application.delete': 'Deleted an application',
  'engagement-notice.submit': 'Submitted an engagement notice',
  'engagement-notice.withdraw': 'Withdrew an engagement notice',
  'engagement-notice.delete': 'Deleted an engagement notice',
  'billing-report.delete': 'Deleted a billing report',
  'user.invite': 'Invited a user',
  'invitation.accept': 'Accepted an invitation',
  'invitation.revoke': 'Revoked an invitation',
  'membership.update': 'Changed a user’s role',
  'membership.remove': 'Removed a user',
  'thread.create': 'Started a message thread',
  'thread.message': 'Wrote in a message thread',
  'thread.resolve': 'Resolved a message thread',
  'thread.assign': 'Assigned a message thread',
  'file.upload': 'Uploaded a file',
};

/** What an audit entry records, in words; an action this list does not know shows as recorded. */
export function auditActionLabel(action: string): string {
  return Object.hasOwn(AUDIT_ACTION_LABELS, action) ? (AUDIT_ACTION_LABELS[action] ?? action) : action;
}

/** The reason an entry kept (a suspension's, a reinstatement's), if it kept one. */
export function auditReason(entry: Pick<AuditEntry, 'details'>): string | undefined {
  const { after } = entry.details;
  return isRecord(after) && typeof after.reason === 'string' && after.reason !== '' ? after.reason : undefined;
}

/** How a billing report is named: its notice (by title, from the supplier's notices) and month. */
export function billingReportName(
  report: Pick<TeamSupplier['billingReports'][number], 'id' | 'engagementNoticeId' | 'billingPeriod'>,
  notices: readonly Pick<TeamSupplier['engagementNotices'][number], 'id' | 'title'>[],
): string {
  const notice = notices.find((candidate) => candidate.id === report.engagementNoticeId);
  const name = notice ? noticeName(notice) : 'Billing report';
  return report.billingPeriod === null ? name : `${name}, ${billingPeriodLabel(report.billingPeriod)}`;
}
