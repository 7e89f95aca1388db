// @vitest-environment jsdom
import '../test/jsdom-polyfills';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MissingBillingReportListResponse, TeamBillingReportListResponse } from '../../common/api/billing-reports';
import type { TeamEngagementNoticeListResponse } from '../../common/api/engagement-notices';
import type { CurrentUserResponse } from '../../common/api/user';
import { ApiError } from '../lib/api-error';
import type * as DownloadModule from '../lib/download';
import type * as PageDataModule from '../lib/page-data';
import { queryKeys } from '../lib/query-client';
import { buildCurrentUser } from '../test/factories';
import { createTeamRoutes } from '../team/routes';
import { NOT_IN_SOURCE_LIST } from '../lib/forms/answers-summary';
import { CSV_DOWNLOAD_FAILED_MESSAGE } from '../lib/lists/csv-download';
import { teamSourceLabel } from './team-source-labels';

vi.mock('../lib/session', () => ({ useSession: () => ({ isLoading: false, isAuthenticated: true }) }));
vi.mock('../lib/auth', () => ({ signIn: vi.fn(() => Promise.resolve()) }));
const api = vi.hoisted(() => ({ apiFetch: vi.fn(), downloadApiFile: vi.fn() }));
vi.mock('../lib/page-data', async (importOriginal) => ({
  ...(await importOriginal<typeof PageDataModule>()),
  getPageData: () => ({ apiBase: '/api/v1/', auth: { authority: 'http://localhost/oidc', clientId: 'portal' }, productName: 'Marketplace', teamContact: { email: 'help@marketplace.example', phone: '04 555 0100' }, reviewTargetDays: 10 }),
}));
vi.mock('../lib/api', async () => ({ apiFetch: (await import('../test/checked-api-fetch')).checkedApiFetch(api.apiFetch) }));
vi.mock('../lib/download', async (importOriginal) => ({ ...(await importOriginal<typeof DownloadModule>()), downloadApiFile: api.downloadApiFile }));

const teamUser = buildCurrentUser({ suppliers: [], activeSupplier: null });
const teamMember: CurrentUserResponse = { ...teamUser, user: { ...teamUser.user, name: 'Sam Staff', isTeamMember: true } };

const list: TeamEngagementNoticeListResponse = {
  engagementNotices: [
    {
      id: 5,
      title: 'Regional services portal',
      agency: { id: 3, name: 'Ministry of Regional Development' },
      services: [{ id: 11, title: 'Web development' }],
      status: 'submitted',
      reference: 'MRD-2026-0117',
      startDate: '2026-03-02',
      endDate: '2027-02-26',
      valueCents: 48_000_000,
      submittedAt: '2026-03-05T21:00:00.000Z',
      lastEdited: '2026-03-05T21:00:00.000Z',
      supplier: { id: 8, name: 'Kōwhai Digital' },
      agencyResponse: { status: 'awaiting', at: null, byName: null, disputeReason: null, disputeDetails: null },
    },
  ],
  total: 1,
  totalIsCapped: false,
  nextCursor: null,
  previousCursor: null,
  page: 1,
  pageSize: 25,
};

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

function renderAt(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(queryKeys.currentUser, teamMember);
  const router = createMemoryRouter(createTeamRoutes({ productName: 'Marketplace' }), { basename: '/admin', initialEntries: [`/admin${path}`] });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe("the team's engagement notices", () => {
  it('lists every supplier’s notices with links that filter by supplier and agency, and downloads the filtered CSV', async () => {
    api.apiFetch.mockResolvedValue(list);
    api.downloadApiFile.mockRejectedValueOnce(new ApiError(500, null)).mockResolvedValueOnce(undefined);
    renderAt('/engagement-notices?supplier=8&status=submitted&page=1');
    const table = await screen.findByRole('table', { name: 'Engagement notices' });
    expect(api.apiFetch).toHaveBeenCalledWith('admin/engagement-notices?page=1&status=submitted&supplier=8', expect.anything());
    expect(within(table).getByRole('link', { name: "Kōwhai Digital: show only this supplier's notices" }).getAttribute('href')).toBe(
      '/admin/engagement-notices?supplier=8&status=submitted',
    );
    expect(within(table).getByRole('link', { name: "Ministry of Regional Development: show only this agency's notices" }).getAttribute('href')).toBe(
      '/admin/engagement-notices?supplier=8&status=submitted&agency=3',
    );
    expect(within(table).getByRole('link', { name: /^View\s*engagement notice Regional services portal$/ }).getAttribute('href')).toBe('/admin/engagement-notices/5');
    expect(within(table).getByRole('columnheader', { name: "Agency's answer" })).toBeTruthy();
    expect(within(table).getByText('Waiting for the agency')).toBeTruthy();
    expect(screen.getByText('Supplier: Kōwhai Digital')).toBeTruthy();
    expect(screen.getByRole('link', { name: /^Remove\s*the filter Supplier: Kōwhai Digital$/ }).getAttribute('href')).toBe('/admin/engagement-notices?status=submitted');

    fireEvent.click(screen.getByRole('button', { name: 'Download as CSV' }));
    expect(await screen.findByText(CSV_DOWNLOAD_FAILED_MESSAGE)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Download as CSV' }));
    expect(api.downloadApiFile).toHaveBeenLastCalledWith('admin/engagement-notices/export.csv?status=submitted&supplier=8', 'engagement-notices.csv');
  });

  it('says when no notice matches the filters, and how to see them all', async () => {
    api.apiFetch.mockResolvedValue({ engagementNotices: [], total: 0, totalIsCapped: false, nextCursor: null, previousCursor: null, page: 1, pageSize: 25 });
    renderAt('/engagement-notices?period=2026-03');
    expect(await screen.findByText('No engagement notices match these filters.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Show every engagement notice' }).getAttribute('href')).toBe('/admin/engagement-notices');
  });

  it('pages from the notices either side: Next after the last shown, Previous before the first', async () => {
    api.apiFetch.mockResolvedValue({ ...list, total: 10_050, totalIsCapped: true, nextCursor: 5, previousCursor: 5, page: 2 });
    api.downloadApiFile.mockResolvedValueOnce(undefined);
    renderAt('/engagement-notices?status=submitted&page=2&after=40');
    await screen.findByRole('table', { name: 'Engagement notices' });
    expect(api.apiFetch).toHaveBeenCalledWith('admin/engagement-notices?after=40&page=2&status=submitted', expect.anything());
    const pages = screen.getByRole('navigation', { name: 'Pages of engagement notices' });
    expect(within(pages).getByText('Page 2')).toBeTruthy();
    expect(within(pages).getByRole('link', { name: /^Next/ }).getAttribute('href')).toBe('/admin/engagement-notices?status=submitted&page=3&after=5');
    expect(within(pages).getByRole('link', { name: /^Previous/ }).getAttribute('href')).toBe('/admin/engagement-notices?status=submitted&before=5');
    // The CSV holds every page: where this one starts is left out.
    fireEvent.click(screen.getByRole('button', { name: 'Download as CSV' }));
    expect(api.downloadApiFile).toHaveBeenLastCalledWith('admin/engagement-notices/export.csv?status=submitted', 'engagement-notices.csv');
  });

  it('offers the first page when the notice a page started from is gone', async () => {
    api.apiFetch.mockResolvedValue({ engagementNotices: [], total: 40, totalIsCapped: false, nextCursor: null, previousCursor: null, page: 1, pageSize: 25 });
    renderAt('/engagement-notices?status=withdrawn&before=31');
    expect(await screen.findByText('There are no engagement notices on page 1.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the first page' }).getAttribute('href')).toBe('/admin/engagement-notices?status=withdrawn');
  });

  it('says a notice is not there, drafts included', async () => {
    api.apiFetch.mockRejectedValue(new ApiError(404, { error: 'Not Found', message: 'No such engagement notice.' }));
    renderAt('/engagement-notices/9');
    expect(await screen.findByText(/There is no submitted engagement notice at this address/)).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 1 }).map((heading) => heading.textContent)).toEqual(['Engagement notice']);
  });
});

describe("the team's billing reports", () => {
  const reports: TeamBillingReportListResponse = {
    billingReports: [
      {
        id: 41,
        engagementNotice: { id: 5, title: 'Regional services portal', reference: 'MRD-2026-0117', agencyName: 'Ministry of Regional Development' },
        billingPeriod: '2026-09',
        amountCents: 1_250_000,
        status: 'submitted',
        submittedAt: '2026-10-05T21:00:00.000Z',
        lastEdited: '2026-10-05T21:00:00.000Z',
        agencyResponse: { status: 'awaiting', at: null, byName: null, queryDetails: null },
        supplier: { id: 8, name: 'Kōwhai Digital' },
      },
    ],
    total: 10_025,
    totalIsCapped: true,
    page: 2,
    pageSize: 25,
  };

  it('says there are more than it counted, and offers the next page without a last one', async () => {
    api.apiFetch.mockResolvedValue(reports);
    renderAt('/billing-reports?page=2');
    await screen.findByRole('table', { name: 'Billing reports' });
    expect(screen.getByText('More than 10,025 billing reports')).toBeTruthy();
    const pages = screen.getByRole('navigation', { name: 'Pages of billing reports' });
    expect(within(pages).getByText('Page 2')).toBeTruthy();
    expect(within(pages).getByRole('link', { name: /^Next/ }).getAttribute('href')).toBe('/admin/billing-reports?page=3');
    expect(within(pages).getByRole('link', { name: /^Previous/ }).getAttribute('href')).toBe('/admin/billing-reports');
  });

  it('counts every report when the count ends within reach, and has no next page on the last', async () => {
    api.apiFetch.mockResolvedValue({ ...reports, total: 26, totalIsCapped: false });
    renderAt('/billing-reports?page=2');
    await screen.findByRole('table', { name: 'Billing reports' });
    expect(screen.getByText('26 billing reports')).toBeTruthy();
    const pages = screen.getByRole('navigation', { name: 'Pages of billing reports' });
    expect(within(pages).getByText('Page 2 of 2')).toBeTruthy();
    expect(within(pages).queryByRole('link', { name: /^Next/ })).toBeNull();
  });
});

describe("the team's missing billing reports", () => {
  const missing: MissingBillingReportListResponse = {
    missingReports: [
      {
        billingPeriod: '2026-09',
        engagementNotice: { id: 5, title: 'Regional services portal', reference: 'MRD-2026-0117', agencyName: 'Ministry of Regional Development' },
        supplier: { id: 8, name: 'Kōwhai Digital' },
      },
    ],
    total: 26,
    page: 1,
    pageSize: 25,
    through: '2026-10',
  };

  it('lists each supplier’s months due with their notice, filters by supplier and month in the URL, and pages', async () => {
    api.apiFetch.mockResolvedValue(missing);
    renderAt('/missing-billing-reports?supplier=8&period=2026-09');
    const table = await screen.findByRole('table', { name: 'Missing billing reports' });
    expect(api.apiFetch).toHaveBeenCalledWith('admin/billing-reports/missing?period=2026-09&supplier=8', expect.anything());
    expect(screen.getByText(/each month up to October 2026 that a submitted engagement notice ran in/)).toBeTruthy();
    expect(within(table).getByRole('link', { name: 'Regional services portal' }).getAttribute('href')).toBe('/admin/engagement-notices/5');
    expect(within(table).getByRole('link', { name: "Kōwhai Digital: show only this supplier's missing reports" }).getAttribute('href')).toBe(
      '/admin/missing-billing-reports?supplier=8&period=2026-09',
    );
    expect(within(table).getByText('September 2026')).toBeTruthy();
    expect(screen.getByText('26 missing billing reports for September 2026')).toBeTruthy();
    expect(screen.getByText('Supplier: Kōwhai Digital')).toBeTruthy();
    expect(screen.getByRole('navigation', { name: /pagination|pages/i })).toBeTruthy();
    // Linked from the team's navigation, next to the billing reports.
    const links = within(screen.getByRole('navigation', { name: /admin|team|marketplace/i })).getAllByRole('link').map((link) => link.textContent);
    expect(links.indexOf('Missing billing reports')).toBe(links.indexOf('Billing reports') + 1);
  });

  it('says when no report is missing', async () => {
    api.apiFetch.mockResolvedValue({ ...missing, missingReports: [], total: 0 });
    renderAt('/missing-billing-reports');
    expect(await screen.findByText(/No billing reports are missing: every month of every submitted engagement notice up to October 2026 has its report/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See the submitted billing reports' }).getAttribute('href')).toBe('/admin/billing-reports');
  });
});

describe('the names of a team record’s chosen ids', () => {
  const label = teamSourceLabel({
    agency: { id: 3, name: 'Ministry of Regional Development' },
    engagementNotice: { id: 5, title: 'Regional services portal' },
    services: [{ id: 11, title: 'Web development', catalogue: { id: 2, title: 'Digital' }, label: 'Web development - (catalogue: Digital)' }],
  });

  it('come from the record, never from the supplier’s lists', () => {
    expect(label('engagement-notice/agency', 3)).toBe('Ministry of Regional Development');
    expect(label('service?approved=true', 11)).toBe('Web development - (catalogue: Digital)');
    expect(label('billing-report/services', 11)).toBe('Web development - (catalogue: Digital)');
    expect(label('billing-report/engagement-notices', 5)).toBe('Regional services portal');
    expect(label('engagement-notice/agency', 4)).toBe(NOT_IN_SOURCE_LIST);
    expect(teamSourceLabel({})('billing-report/services', 11)).toBe('Loading…');
  });
});
