// @vitest-environment jsdom
import '../test/jsdom-polyfills';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AgencyBillingReport, AgencyNoticeDetail, AgencyReportsResponse } from '../../common/api/agency-engagements';
import { ApiError } from '../lib/api-error';
import { createAgencyDashboardRoutes } from '../agency-dashboard/routes';
import { agencyReportsQuery, NO_AGENCY_REPORTS_MESSAGE, NO_REPORTS_WITH_RESPONSE } from './agency-reports-screen';
import { renderAgencyRoutesAt } from './agency-screen-test-support';

vi.mock('../lib/session', () => ({ useSession: () => ({ isLoading: false, isAuthenticated: true }) }));
vi.mock('../lib/auth', () => ({ signIn: vi.fn(() => Promise.resolve()) }));
const api = vi.hoisted(() => ({ apiFetch: vi.fn() }));
vi.mock('../lib/api', async () => ({ apiFetch: (await import('../test/checked-api-fetch')).checkedApiFetch(api.apiFetch) }));

const august: AgencyBillingReport = {
  id: 5,
  supplier: { id: 8, name: 'Kōwhai Digital' },
  engagementNotice: { id: 1, title: 'Regional services portal', reference: 'MRD-2026-0117' },
  billingPeriod: '2026-08',
  amountCents: 4_130_050,
  submittedAt: '2026-09-04T22:00:00.000Z',
  response: { status: 'awaiting', at: null, byName: null, queryDetails: null },
};
const july: AgencyBillingReport = {
  ...august,
  id: 4,
  billingPeriod: '2026-07',
  amountCents: 4_005_050,
  response: { status: 'queried', at: '2026-08-08T01:00:00.000Z', byName: 'Bailey Buyer', queryDetails: 'Our timesheets show 18 days.' },
};
const other: AgencyBillingReport = {
  ...august,
  id: 9,
  supplier: { id: 12, name: 'Tūī Analytics' },
  engagementNotice: { id: 2, title: 'Data platform', reference: null },
  response: { status: 'confirmed', at: '2026-09-10T01:00:00.000Z', byName: 'Hana Reti', queryDetails: null },
};

const notice: AgencyNoticeDetail = {
  id: 1,
  supplier: { id: 8, name: 'Kōwhai Digital' },
  title: 'Regional services portal',
  reference: 'MRD-2026-0117',
  startDate: '2026-03-02',
  endDate: '2027-02-26',
  valueCents: 48_000_000,
  services: [],
  submittedAt: '2026-03-05T21:00:00.000Z',
  response: { status: 'confirmed', at: '2026-03-08T21:00:00.000Z', byName: 'Bailey Buyer', disputeReason: null, disputeDetails: null },
  description: null,
  confidentiality: { supplierReason: null, agencyReason: null, canChange: false },
  dispute: null,
};

function page(reports: AgencyBillingReport[], pageNumber: number, total: number): AgencyReportsResponse {
  return { reports, total, page: pageNumber, pageSize: 25 };
}

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

function renderAt(path: string) {
  return renderAgencyRoutesAt(createAgencyDashboardRoutes({ productName: 'Marketplace' }), path);
}

describe("the agency's billing reports (issue 31)", () => {
  it('lists the reports with the month, supplier, engagement, amount in NZD and the answer, each month opening its report', async () => {
    api.apiFetch.mockResolvedValue(page([august, july, other], 1, 3));
    renderAt('/billing-reports');
    const table = await screen.findByRole('table', { name: 'Billing reports for your agency' });
    expect(api.apiFetch).toHaveBeenCalledWith('agency/billing-reports', expect.anything());
    expect(screen.getByText('3 billing reports')).toBeTruthy();
    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Month',
      'Supplier',
      'Engagement',
      'Amount (NZD, excluding GST)',
      'Your answer',
    ]);
    const row = within(table).getByRole('rowheader', { name: 'August 2026 (Regional services portal)' }).closest('tr') as HTMLElement;
    expect(within(row).getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
      'Kōwhai Digital',
      'Regional services portalYour reference: MRD-2026-0117',
      '$41,300.50',
      'Waiting for your answer',
    ]);
    const julyRow = within(table).getByRole('rowheader', { name: 'July 2026 (Regional services portal)' }).closest('tr') as HTMLElement;
    expect(within(julyRow).getByText('Queried')).toBeTruthy();
    const otherRow = within(table).getByRole('rowheader', { name: 'August 2026 (Data platform)' }).closest('tr') as HTMLElement;
    expect(within(otherRow).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['Tūī Analytics', 'Data platform', '$41,300.50', 'Confirmed']);
    expect(within(table).getByRole('link', { name: 'July 2026 (Regional services portal)' }).getAttribute('href')).toBe('/agency/billing-reports/4');
    expect(screen.queryByRole('navigation', { name: 'Pages of billing reports' })).toBeNull();
    expect(screen.getAllByRole('heading', { level: 1 }).map((heading) => heading.textContent)).toEqual(['Billing reports']);
    // The side navigation leads here, after the engagement notices.
    const nav = screen.getByRole('navigation', { name: 'Agency dashboard' });
    expect(within(nav).getByRole('link', { name: 'Billing reports' }).getAttribute('href')).toBe('/agency/billing-reports');
  });

  it('says what an empty list means and where to go: reports come once an engagement is confirmed and the supplier reports', async () => {
    api.apiFetch.mockResolvedValue(page([], 1, 0));
    renderAt('/billing-reports');
    expect(await screen.findByText(NO_AGENCY_REPORTS_MESSAGE)).toBeTruthy();
    expect(screen.getByText(/appear here once your agency confirms an engagement notice and the supplier sends its monthly report/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'engagement notices' }).getAttribute('href')).toBe('/agency/engagement-notices');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('pages through the reports with the page in the address', async () => {
    api.apiFetch.mockImplementation((path: string) => Promise.resolve(path === 'agency/billing-reports?page=2' ? page([other], 2, 26) : page([august], 1, 26)));
    renderAt('/billing-reports');
    const pages = await screen.findByRole('navigation', { name: 'Pages of billing reports' });
    expect(within(pages).getByText('Page 1 of 2')).toBeTruthy();
    fireEvent.click(within(pages).getByRole('link', { name: /^Next\s*page$/ }));
    expect(await screen.findByRole('rowheader', { name: 'August 2026 (Data platform)' })).toBeTruthy();
    expect(screen.getByText('Page 2 of 2')).toBeTruthy();
    expect(api.apiFetch).toHaveBeenCalledWith('agency/billing-reports?page=2', expect.anything());
  });

  it('shows a loading line, then a failed load with a way to try again', async () => {
    api.apiFetch.mockRejectedValueOnce(new ApiError(500, null)).mockResolvedValue(page([august], 1, 1));
    renderAt('/billing-reports');
    expect(await screen.findByText('Loading the billing reports…')).toBeTruthy();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('We could not load the billing reports.');
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('rowheader', { name: 'August 2026 (Regional services portal)' })).toBeTruthy();
  });

  it('filters by the answer, the filter in the address', async () => {
    api.apiFetch.mockImplementation((path: string) => Promise.resolve(path === 'agency/billing-reports?response=queried' ? page([july], 1, 1) : page([august, july], 1, 2)));
    const router = renderAt('/billing-reports');
    const filter = await screen.findByRole('combobox', { name: 'Your answer' });
    await screen.findByRole('table');
    expect(within(filter).getAllByRole('option').map((option) => option.textContent)).toEqual(['Any answer', 'Waiting for your answer', 'Confirmed', 'Queried']);
    fireEvent.change(filter, { target: { value: 'queried' } });
    expect(await screen.findByText('1 billing report queried by your agency')).toBeTruthy();
    expect(router.state.location.search).toBe('?response=queried');
    expect(screen.queryByRole('rowheader', { name: 'August 2026 (Regional services portal)' })).toBeNull();
  });

  it('says what each filter found nothing for, with a way back to every report', async () => {
    api.apiFetch.mockResolvedValue(page([], 1, 0));
    renderAt('/billing-reports?response=awaiting');
    expect(await screen.findByText(NO_REPORTS_WITH_RESPONSE.awaiting)).toBeTruthy();
    expect(api.apiFetch).toHaveBeenCalledWith('agency/billing-reports?response=awaiting', expect.anything());
    expect(screen.getByRole('link', { name: 'Show every billing report' }).getAttribute('href')).toBe('/agency/billing-reports');
    expect(screen.queryByText(NO_AGENCY_REPORTS_MESSAGE)).toBeNull();
  });

  it('narrowed to one engagement, names it and offers every engagement, keeping the chosen answer', async () => {
    api.apiFetch.mockImplementation((path: string) => {
      if (path === 'agency/engagement-notices/1') {
        return Promise.resolve(notice);
      }
      return Promise.resolve(path === 'agency/billing-reports?engagementNotice=1&response=awaiting' ? page([august], 1, 1) : page([], 1, 0));
    });
    const router = renderAt('/billing-reports?engagementNotice=1&response=awaiting');
    expect(await screen.findByText('You are looking at the billing reports for ‘Regional services portal’ only.')).toBeTruthy();
    expect(await screen.findByText('1 billing report waiting for your answer')).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Show the billing reports for every engagement' }));
    expect(await screen.findByText(NO_REPORTS_WITH_RESPONSE.awaiting)).toBeTruthy();
    expect(router.state.location.search).toBe('?response=awaiting');
    expect(screen.queryByText(/only\.$/)).toBeNull();
  });

  it('ignores an answer or an engagement it cannot use rather than sending it', () => {
    expect(agencyReportsQuery(new URLSearchParams('response=queried&engagementNotice=7&page=2'))).toEqual({ response: 'queried', engagementNotice: 7, page: 2 });
    expect(agencyReportsQuery(new URLSearchParams('response=disputed&engagementNotice=abc&page=0'))).toEqual({});
  });
});
