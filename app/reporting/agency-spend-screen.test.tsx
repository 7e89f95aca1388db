// @vitest-environment jsdom
import '../test/jsdom-polyfills';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AgencySpendResponse } from '../../common/api/agency-engagements';
import { queryKeys } from '../lib/query-client';
import { buildAgency, buildCurrentUser } from '../test/factories';
import { createAgencyDashboardRoutes } from '../agency-dashboard/routes';
import { spendGrouping } from './agency-spend-screen';

vi.mock('../lib/session', () => ({ useSession: () => ({ isLoading: false, isAuthenticated: true }) }));
vi.mock('../lib/auth', () => ({ signIn: vi.fn(() => Promise.resolve()) }));
const api = vi.hoisted(() => ({ apiFetch: vi.fn() }));
vi.mock('../lib/api', async () => ({ apiFetch: (await import('../test/checked-api-fetch')).checkedApiFetch(api.apiFetch) }));

const member = buildCurrentUser({ suppliers: [], agencies: [buildAgency({ agencyID: 3, agencyName: 'Ministry of Regional Development' })] });

const bySupplier: AgencySpendResponse = {
  by: 'supplier',
  rows: [
    { key: '8', label: 'Kōwhai Digital', billedCents: 3_630_050, confirmedCents: 1_200_000 },
    { key: '9', label: 'Rimu Analytics', billedCents: 50_000, confirmedCents: 0 },
  ],
  billedCents: 3_680_050,
  confirmedCents: 1_200_000,
};
const byMonth: AgencySpendResponse = {
  by: 'month',
  rows: [{ key: '2026-09', label: 'September 2026', billedCents: 3_680_050, confirmedCents: 1_200_000 }],
  billedCents: 3_680_050,
  confirmedCents: 1_200_000,
};

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

function renderAt(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(queryKeys.currentUser, member);
  const router = createMemoryRouter(createAgencyDashboardRoutes({ productName: 'Marketplace' }), { basename: '/agency', initialEntries: [`/agency${path}`] });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

function tableRows(): (string | null)[][] {
  return within(screen.getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((row) => Array.from(row.querySelectorAll('th, td'), (cell) => cell.textContent));
}

describe("the agency's spend (issue 31)", () => {
  it('reads its grouping from the URL, by supplier unless told', () => {
    expect(spendGrouping(new URLSearchParams('by=month'))).toBe('month');
    expect(spendGrouping(new URLSearchParams('by=year'))).toBe('supplier');
  });

  it('shows what each supplier billed and what the agency confirmed, with the totals, and regroups by month from the select', async () => {
    api.apiFetch.mockImplementation((path: string) => Promise.resolve(path.endsWith('by=month') ? byMonth : bySupplier));
    const router = renderAt('/spend');
    expect(await screen.findByRole('heading', { level: 1, name: 'Spend' })).toBeTruthy();
    expect(await screen.findByRole('table', { name: 'Spend by supplier' })).toBeTruthy();
    expect(tableRows()).toEqual([
      ['Kōwhai Digital', '$36,300.50', '$12,000.00'],
      ['Rimu Analytics', '$500.00', '$0.00'],
      ['Total', '$36,800.50', '$12,000.00'],
    ]);
    expect(api.apiFetch).toHaveBeenCalledWith('agency/spend?by=supplier', expect.anything());
    expect(screen.getByRole('button', { name: 'Download as CSV' })).toBeTruthy();

    fireEvent.change(screen.getByRole('combobox', { name: 'Show spend by' }), { target: { value: 'month' } });
    expect(await screen.findByRole('table', { name: 'Spend by month' })).toBeTruthy();
    expect(tableRows()[0]).toEqual(['September 2026', '$36,800.50', '$12,000.00']);
    expect(router.state.location.search).toBe('?by=month');
  });

  it('says what spend is and where it comes from when nothing was billed yet', async () => {
    api.apiFetch.mockResolvedValue({ by: 'supplier', rows: [], billedCents: 0, confirmedCents: 0 });
    renderAt('/spend');
    expect(await screen.findByText('No supplier has billed your agency yet.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'engagement notices' }).getAttribute('href')).toBe('/agency/engagement-notices');
  });
});
