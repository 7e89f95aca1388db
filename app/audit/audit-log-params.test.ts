import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api-error';
import {
  auditExportPath,
  auditListPath,
  auditLogQuery,
  auditLogSearch,
  checkAuditFilters,
  filterValuesOf,
  isFiltered,
  serverFilterErrors,
  summaryOf,
  type AuditFilterValues,
} from './audit-log-params';

const noDate = { day: '', month: '', year: '' };
const empty: AuditFilterValues = { supplier: '', person: '', action: '', from: noDate, to: noDate };

describe('the audit log’s URL', () => {
  it('reads every filter and the page', () => {
    expect(auditLogQuery(new URLSearchParams('supplier=4&person=%20sam@%20&action=engagement-notice.&from=2027-01-15&to=2027-01-31&page=2'))).toEqual({
      supplier: 4,
      person: 'sam@',
      action: 'engagement-notice.',
      from: '2027-01-15',
      to: '2027-01-31',
      page: 2,
    });
    expect(auditLogQuery(new URLSearchParams('action=supplier.suspend'))).toEqual({ action: 'supplier.suspend' });
  });

  it('ignores what the API would refuse for its shape, but sends a well-formed day for the API to judge', () => {
    expect(auditLogQuery(new URLSearchParams('supplier=abc&person=%20&action=drop.table&from=15/01/2027&to=2027-1-5&page=0'))).toEqual({});
    expect(auditLogQuery(new URLSearchParams(`person=${'a'.repeat(321)}`))).toEqual({});
    // 30 February has the right shape: the API answers 400 naming `from`, which the screen shows.
    expect(auditLogQuery(new URLSearchParams('from=2027-02-30'))).toEqual({ from: '2027-02-30' });
  });

  it('reads the entry a page starts after or before, never both', () => {
    expect(auditLogQuery(new URLSearchParams('page=4&after=9001'))).toEqual({ page: 4, after: 9001 });
    expect(auditLogQuery(new URLSearchParams('page=2&before=77'))).toEqual({ page: 2, before: 77 });
    expect(auditLogQuery(new URLSearchParams('page=2&after=5&before=7'))).toEqual({ page: 2 });
    expect(auditLogQuery(new URLSearchParams('after=abc&before=-1'))).toEqual({});
    expect(auditListPath({ action: 'supplier.', page: 4, after: 9001 })).toBe('admin/audit?action=supplier.&after=9001&page=4');
    expect(auditExportPath({ action: 'supplier.', page: 4, after: 9001 })).toBe('admin/audit/export.csv?action=supplier.');
  });

  it('writes the filters in a stable order; the export leaves the page out', () => {
    const query = { to: '2027-01-31', supplier: 4, page: 3, from: '2027-01-01' };
    expect(auditLogSearch(query)).toBe('?from=2027-01-01&page=3&supplier=4&to=2027-01-31');
    expect(auditLogSearch({})).toBe('');
    expect(auditListPath(query)).toBe('admin/audit?from=2027-01-01&page=3&supplier=4&to=2027-01-31');
    expect(auditExportPath(query)).toBe('admin/audit/export.csv?from=2027-01-01&supplier=4&to=2027-01-31');
    expect(auditExportPath({ page: 2 })).toBe('admin/audit/export.csv');
  });

  it('says whether the log is filtered, the page aside', () => {
    expect(isFiltered({ page: 3 })).toBe(false);
    expect(isFiltered({ person: 'sam' })).toBe(true);
  });

  it('fills the form from the URL, dates as their day, month and year', () => {
    expect(filterValuesOf({ supplier: 4, from: '2027-03-05' })).toEqual({
      supplier: '4',
      person: '',
      action: '',
      from: { day: '5', month: '3', year: '2027' },
      to: noDate,
    });
  });
});

describe('the audit log’s filter form', () => {
  it('turns the chosen filters into the URL’s, dates as New Zealand days', () => {
    const { filters, errors } = checkAuditFilters({
      supplier: '7',
      person: '  staff@  ',
      action: 'team.',
      from: { day: '1', month: '3', year: '2027' },
      to: { day: '31', month: '3', year: '2027' },
    });
    expect(errors).toEqual({});
    expect(filters).toEqual({ supplier: 7, person: 'staff@', action: 'team.', from: '2027-03-01', to: '2027-03-31' });
    expect(checkAuditFilters(empty)).toEqual({ filters: {}, errors: {} });
  });

  it('accepts one day as both ends, and an open-ended range', () => {
    const day = { day: '15', month: '1', year: '2027' };
    expect(checkAuditFilters({ ...empty, from: day, to: day }).errors).toEqual({});
    expect(checkAuditFilters({ ...empty, to: day }).filters).toEqual({ to: '2027-01-15' });
  });

  it('words what is wrong with each date as GOV.UK does, and a range that ends before it starts', () => {
    expect(checkAuditFilters({ ...empty, from: { day: '1', month: '', year: '2027' }, to: { day: '30', month: '2', year: '2027' } }).errors).toEqual({
      from: 'From date must include a month',
      to: 'To date must be a real date',
    });
    expect(checkAuditFilters({ ...empty, from: { day: '1', month: '3', year: '27' } }).errors).toEqual({ from: 'Year must include 4 numbers' });
    expect(
      checkAuditFilters({ ...empty, from: { day: '2', month: '3', year: '2027' }, to: { day: '1', month: '3', year: '2027' } }).errors,
    ).toEqual({ to: 'To date must be the same as or after the from date' });
    expect(checkAuditFilters({ ...empty, person: 'a'.repeat(321) }).errors).toEqual({ person: 'Person must be 320 characters or fewer' });
  });

  it('puts the summary’s problems in the order of the fields on the page', () => {
    expect(summaryOf({ to: 'To date must be a real date', person: 'Person must be 320 characters or fewer', from: 'From date must include a year' })).toEqual([
      { fieldId: 'audit-person', message: 'Person must be 320 characters or fewer' },
      { fieldId: 'audit-from', message: 'From date must include a year' },
      { fieldId: 'audit-to', message: 'To date must be a real date' },
    ]);
  });

  it('reads the API’s 400 naming a filter, and nothing from any other failure', () => {
    const refused = new ApiError(400, {
      error: 'bad request',
      message: 'The last day is before the first',
      details: [{ field: 'querystring.to', message: 'The last day is before the first' }],
    });
    expect(serverFilterErrors(refused)).toEqual({ to: 'The last day is before the first' });
    expect(serverFilterErrors(new ApiError(500, null))).toEqual({});
    expect(serverFilterErrors(new TypeError('Failed to fetch'))).toEqual({});
  });
});
