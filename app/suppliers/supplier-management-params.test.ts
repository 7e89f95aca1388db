import { describe, expect, it } from 'vitest';
import {
  auditActionLabel,
  auditReason,
  availableStatusChange,
  billingReportName,
  statusChangeConsequence,
  statusChangedMessage,
  statusChangeReasonProblem,
  supplierAnswers,
  supplierLocation,
  supplierSearchPath,
  supplierSearchQuery,
} from './supplier-management-params';

describe('the supplier search\'s URL', () => {
  it('reads the words, the status and the page, and sends them to the API in a stable order', () => {
    const query = supplierSearchQuery(new URLSearchParams('q=%20K%C5%8Dwhai%20&status=suspended&page=2'));
    expect(query).toEqual({ q: 'Kōwhai', status: 'suspended', page: 2 });
    expect(supplierSearchPath(query)).toBe('admin/suppliers?page=2&q=K%C5%8Dwhai&status=suspended');
    expect(supplierSearchPath({})).toBe('admin/suppliers');
  });

  it('reads the supplier a page starts after or before, and sends it with the page', () => {
    const query = supplierSearchQuery(new URLSearchParams('status=applicant&page=4&after=812'));
    expect(query).toEqual({ status: 'applicant', page: 4, after: 812 });
    expect(supplierSearchPath(query)).toBe('admin/suppliers?after=812&page=4&status=applicant');
    expect(supplierSearchPath(supplierSearchQuery(new URLSearchParams('page=2&before=31')))).toBe('admin/suppliers?before=31&page=2');
    // Both at once, or a cursor that is no id, is no page from an entry: the page number alone is asked for.
    expect(supplierSearchQuery(new URLSearchParams('page=3&after=40&before=31'))).toEqual({ page: 3 });
    expect(supplierSearchQuery(new URLSearchParams('after=0&before=x'))).toEqual({});
  });

  it('ignores what it cannot use, so any bookmarked address shows a list', () => {
    expect(supplierSearchQuery(new URLSearchParams('q=%20%20&status=deleted&page=0'))).toEqual({});
    expect(supplierSearchQuery(new URLSearchParams(`q=${'a'.repeat(201)}&page=100000`))).toEqual({});
  });
});

const supplier = { tradingName: 'Kōwhai Digital', status: 'approved', statusBeforeSuspension: null } as const;

describe('suspending and reinstating', () => {
  it('offers to suspend a supplier that is not suspended, and to reinstate one that is', () => {
    expect(availableStatusChange({ status: 'approved' })).toBe('suspend');
    expect(availableStatusChange({ status: 'applicant' })).toBe('suspend');
    expect(availableStatusChange({ status: 'suspended' })).toBe('reinstate');
  });

  it('needs a reason, of at most 1,000 characters', () => {
    expect(statusChangeReasonProblem('   ', 'suspend')).toBe('Enter why you are suspending this supplier');
    expect(statusChangeReasonProblem('', 'reinstate')).toBe('Enter why you are reinstating this supplier');
    expect(statusChangeReasonProblem('x'.repeat(1001), 'suspend')).toBe('The reason must be 1,000 characters or fewer');
    expect(statusChangeReasonProblem(` ${'x'.repeat(1000)} `, 'suspend')).toBeUndefined();
  });

  it('says what the change will do, by the status reinstating returns to', () => {
    expect(statusChangeConsequence(supplier, 'suspend')).toBe(
      'It will disappear from the directory and its CSV at once and its users will not be able to use the dashboard until it is reinstated.',
    );
    expect(statusChangeConsequence({ ...supplier, statusBeforeSuspension: 'approved' }, 'reinstate')).toMatch(/^It will be approved again: back in the directory/);
    expect(statusChangeConsequence({ ...supplier, statusBeforeSuspension: 'inactive' }, 'reinstate')).toMatch(/^It will be inactive again/);
    expect(statusChangeConsequence({ ...supplier, statusBeforeSuspension: null }, 'reinstate')).toMatch(/^It will be an applicant again/);
    expect(statusChangedMessage({ ...supplier, status: 'approved' }, 'reinstate')).toBe(
      'You reinstated Kōwhai Digital. Its status is approved again. It is in the directory and its CSV, and its users can use the dashboard.',
    );
  });
});

describe('naming a supplier\'s records', () => {
  it('puts the answers kept in the supplier\'s columns with its other answers, as the details form names them', () => {
    const answers = supplierAnswers({
      tradingName: 'Kōwhai Digital',
      legalName: 'Kowhai Digital Limited',
      nzbn: '9429041234566',
      abn: null,
      summary: 'Digital services',
      email: 'hello@kowhai.example',
      phone: '',
      website: null,
      details: { gst_status: 'registered', trading_name: 'stale' },
    });
    expect(answers).toEqual({
      gst_status: 'registered',
      trading_name: 'Kōwhai Digital',
      legal_name: 'Kowhai Digital Limited',
      nzbn: '9429041234566',
      description: 'Digital services',
      contact_email: 'hello@kowhai.example',
    });
  });

  it('says where the supplier is, each place once', () => {
    expect(supplierLocation({ city: 'Wellington', state: 'Wellington', country: 'New Zealand' })).toBe('Wellington, New Zealand');
    expect(supplierLocation({ city: 'Sydney', state: 'NSW', country: 'Australia' })).toBe('Sydney, NSW, Australia');
    expect(supplierLocation({ city: null, state: ' ', country: null })).toBe('Not given');
  });

  it('names a billing report by its notice and month, and an audit entry by what happened and why', () => {
    const notices = [{ id: 3, title: 'Regional portal' }];
    expect(billingReportName({ id: 9, engagementNoticeId: 3, billingPeriod: '2026-03' }, notices)).toBe('Regional portal, March 2026');
    expect(billingReportName({ id: 9, engagementNoticeId: null, billingPeriod: null }, notices)).toBe('Billing report');
    expect(auditActionLabel('supplier.suspend')).toBe('Suspended the supplier');
    expect(auditActionLabel('something.new')).toBe('something.new');
    expect(auditReason({ details: { before: { status: 'approved' }, after: { status: 'suspended', reason: 'Lapsed insurance' } } })).toBe('Lapsed insurance');
    expect(auditReason({ details: { before: null, after: { status: 'approved' } } })).toBeUndefined();
  });
});
