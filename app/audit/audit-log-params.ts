/**
 * What the audit log screen reads from its URL (`?supplier=&person=&action=&from=&to=&page=`, and
 * `after=` or `before=`, the entry its page starts from) and
 * writes back to it, the filter form's checks, and the export's address. As on the other team
 * lists, an unknown or malformed value in the URL is ignored (never sent to the API), so any
 * bookmarked address shows a list; a well-formed day that does not exist (`2027-02-30`) is sent,
 * and the API's 400 names its field.
 */
import { ISO_DATE_PATTERN } from '../../common/api/audit';
import { MAX_ID, MAX_PAGE_NUMBER } from '../../common/api/http';
import { dateAnswerOf, dateAnswerProblem, datePartsOf, type DateParts } from '../../common/forms/date-answer';
import { fieldErrorsOf } from '../lib/forms/field-errors';
import { listSearch, pageCursorParams, wholeNumberParam } from '../lib/lists/url-params';
import { AUDIT_ACTION_FILTERS } from './audit-actions';

/** The API's limit on the person filter (common/api/audit.ts). */
export const MAX_PERSON_LENGTH = 320;
const ISO_DATE = new RegExp(ISO_DATE_PATTERN);

/** The filters, as the API reads them. */
export interface AuditLogFilters {
  supplier?: number;
  person?: string;
  action?: string;
  from?: string;
  to?: string;
}

/** The filters, the page's number, and the entry it starts after or before (the API's cursors). */
export type AuditLogQuery = AuditLogFilters & { page?: number; after?: number; before?: number };

/** The filters of a query, without where its page starts. */
export function filtersOf(query: AuditLogQuery): AuditLogFilters {
  const { page: _page, after: _after, before: _before, ...filters } = query;
  return filters;
}

/** The filter form's fields in page order, and the id of each one's input (or of the fieldset of its inputs). */
export const AUDIT_FILTER_FIELDS = ['supplier', 'person', 'action', 'from', 'to'] as const;
export type AuditFilterField = (typeof AUDIT_FILTER_FIELDS)[number];
export const AUDIT_FILTER_IDS: Readonly<Record<AuditFilterField, string>> = {
  supplier: 'audit-supplier',
  person: 'audit-person',
  action: 'audit-action',
  from: 'audit-from',
  to: 'audit-to',
};

export type AuditFilterErrors = Partial<Record<AuditFilterField, string>>;

/** What the form holds while a person types: the supplier's id, or '' for any. */
export interface AuditFilterValues {
  supplier: string;
  person: string;
  action: string;
  from: DateParts;
  to: DateParts;
}

/** The audit log's query, from its URL. */
export function auditLogQuery(search: URLSearchParams): AuditLogQuery {
  const supplier = wholeNumberParam(search.get('supplier'), MAX_ID);
  const person = search.get('person')?.trim() ?? '';
  const action = search.get('action') ?? '';
  const from = search.get('from') ?? '';
  const to = search.get('to') ?? '';
  const page = wholeNumberParam(search.get('page'), MAX_PAGE_NUMBER);
  const cursor = pageCursorParams(search);
  return {
    ...(supplier === undefined ? {} : { supplier }),
    ...(person !== '' && person.length <= MAX_PERSON_LENGTH ? { person } : {}),
    ...(AUDIT_ACTION_FILTERS.has(action) ? { action } : {}),
    ...(ISO_DATE.test(from) ? { from } : {}),
    ...(ISO_DATE.test(to) ? { to } : {}),
    ...(page === undefined ? {} : { page }),
    ...cursor,
  };
}

/** Whether any filter is chosen (the page does not count). */
export function isFiltered(query: AuditLogQuery): boolean {
  return AUDIT_FILTER_FIELDS.some((field) => query[field] !== undefined);
}

/** The URL search of a query (`?…`, or '' for none), its keys in a stable order. */
export function auditLogSearch(query: AuditLogQuery): string {
  const search = listSearch(query);
  return search === '' ? '' : `?${search}`;
}

/** The API path of the search for a query. */
export function auditListPath(query: AuditLogQuery): string {
  return `admin/audit${auditLogSearch(query)}`;
}

/** The API path of the CSV of every entry the filters match (every page: the page is left out). */
export function auditExportPath(query: AuditLogQuery): string {
  return `admin/audit/export.csv${auditLogSearch(filtersOf(query))}`;
}

/** The form's values for the filters in the URL. */
export function filterValuesOf(query: AuditLogQuery): AuditFilterValues {
  return {
    supplier: query.supplier === undefined ? '' : String(query.supplier),
    person: query.person ?? '',
    action: query.action ?? '',
    from: datePartsOf(query.from),
    to: datePartsOf(query.to),
  };
}

/**
 * Checks the form as GOV.UK asks (each date complete and real, the range in order, the person
 * short enough) and gives the filters to put in the URL, or the problems by field.
 */
export function checkAuditFilters(values: AuditFilterValues): { filters: AuditLogFilters; errors: AuditFilterErrors } {
  const errors: AuditFilterErrors = {};
  const person = values.person.trim();
  if (person.length > MAX_PERSON_LENGTH) {
    errors.person = `Person must be ${String(MAX_PERSON_LENGTH)} characters or fewer`;
  }
  const from = dateAnswerOf(values.from);
  const to = dateAnswerOf(values.to);
  const fromProblem = dateAnswerProblem('From date', from);
  const toProblem = dateAnswerProblem('To date', to);
  if (fromProblem !== null) {
    errors.from = fromProblem;
  }
  if (toProblem !== null) {
    errors.to = toProblem;
  }
  if (fromProblem === null && toProblem === null && from !== undefined && to !== undefined && to < from) {
    errors.to = 'To date must be the same as or after the from date';
  }
  const supplier = wholeNumberParam(values.supplier, MAX_ID);
  const filters: AuditLogFilters = {
    ...(supplier === undefined ? {} : { supplier }),
    ...(person === '' ? {} : { person }),
    ...(AUDIT_ACTION_FILTERS.has(values.action) ? { action: values.action } : {}),
    ...(from === undefined ? {} : { from }),
    ...(to === undefined ? {} : { to }),
  };
  return { filters, errors };
}

/** A 400 answer's failing filters (`querystring.from`) by field; none for any other failure. */
export function serverFilterErrors(error: unknown): AuditFilterErrors {
  const errors: AuditFilterErrors = {};
  for (const { path, message } of fieldErrorsOf(error)) {
    const field = AUDIT_FILTER_FIELDS.find((candidate) => candidate === path.at(-1));
    if (field !== undefined) {
      errors[field] ??= message;
    }
  }
  return errors;
}

/** The problems for the error summary, in the order of the fields on the page. */
export function summaryOf(errors: AuditFilterErrors): { fieldId: string; message: string }[] {
  return AUDIT_FILTER_FIELDS.flatMap((field) => {
    const message = errors[field];
    return message === undefined ? [] : [{ fieldId: AUDIT_FILTER_IDS[field], message }];
  });
}
