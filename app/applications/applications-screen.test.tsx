// @vitest-environment jsdom
import '../test/jsdom-polyfills';
import { cleanup, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SUPPLIER_APPLICATIONS_PAGE_SIZE, type ApplicationListResponse, type ApplicationSummary } from '../../common/api/applications';
import type { NextStepsResponse } from '../../common/api/next-steps';
import type * as PageDataModule from '../lib/page-data';
import { queryKeys } from '../lib/query-client';
import { buildCurrentUser, buildSupplier } from '../test/factories';
import { createDashboardRoutes } from '../dashboard/routes';

vi.mock('../lib/session', () => ({ useSession: () => ({ isLoading: false, isAuthenticated: true }) }));
vi.mock('../lib/auth', () => ({ signIn: vi.fn(() => Promise.resolve()) }));
const api = vi.hoisted(() => ({ apiFetch: vi.fn() }));
vi.mock('../lib/page-data', async (importOriginal) => ({
  ...(await importOriginal<typeof PageDataModule>()),
  getPageData: () => ({ apiBase: '/api/v1/', auth: { authority: 'http://localhost/oidc', clientId: 'portal' }, productName: 'Marketplace', teamContact: { email: 'help@marketplace.example', phone: '04 555 0100' } }),
}));
vi.mock('../lib/api', async () => ({ apiFetch: (await import('../test/checked-api-fetch')).checkedApiFetch(api.apiFetch) }));

const user = buildCurrentUser({ suppliers: [buildSupplier({ tradingName: 'Acme Digital', isAdmin: true })] });
const nothingDue: NextStepsResponse = { reportsDue: [], reportsDueTotal: 0, applications: [], messages: { unreadMessages: 0, unreadThreads: 0 } };
const TOTAL = SUPPLIER_APPLICATIONS_PAGE_SIZE + 3;

function summary(id: number): ApplicationSummary {
  return { id, referenceId: `MP-AAAA-${String(1000 + id)}`, services: [{ id: 1, title: 'Service design' }], status: 'submitted', isLocked: true, lastEdited: '2026-11-20T01:00:00.000Z' };
}

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

/** The applications screen at `search`, the API answering the applications list with `list`. */
function renderApplications(search: string, list: ApplicationListResponse) {
  api.apiFetch.mockImplementation((path: string) => {
    if (path === 'next-steps') {
      return Promise.resolve(nothingDue);
    }
    if (path === 'messages/unread-count') {
      return Promise.resolve(nothingDue.messages);
    }
    return Promise.resolve(list);
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(queryKeys.currentUser, user);
  const router = createMemoryRouter(createDashboardRoutes({ productName: 'Marketplace' }), { basename: '/dashboard', initialEntries: [`/dashboard/applications${search}`] });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe("the supplier's applications, a page at a time", () => {
  it('asks for the page in the address and offers the pages either side, keeping the status filter', async () => {
    renderApplications('?status=submitted&page=2', { applications: [1, 2, 3].map(summary), total: TOTAL, page: 2, pageSize: SUPPLIER_APPLICATIONS_PAGE_SIZE });
    const pages = await screen.findByRole('navigation', { name: 'Pages of your applications' });
    expect(pages.textContent).toContain('Page 2 of 2');
    expect(within(pages).getByRole('link', { name: /^Previous/ }).getAttribute('href')).toBe('/dashboard/applications?status=submitted');
    expect(within(pages).queryByRole('link', { name: /^Next/ })).toBeNull();
    expect(screen.getAllByRole('row')).toHaveLength(4);
    expect(api.apiFetch.mock.calls.map(([path]) => path as string)).toContain('application?page=2&status=submitted');
  });

  it('shows no pages when they fit on one', async () => {
    renderApplications('', { applications: [1, 2].map(summary), total: 2, page: 1, pageSize: SUPPLIER_APPLICATIONS_PAGE_SIZE });
    await screen.findByText('MP-AAAA-1001');
    expect(screen.queryByRole('navigation', { name: 'Pages of your applications' })).toBeNull();
  });

  it('past the last page, says so and offers the first', async () => {
    renderApplications('?page=3', { applications: [], total: TOTAL, page: 3, pageSize: SUPPLIER_APPLICATIONS_PAGE_SIZE });
    expect(await screen.findByText('There are no applications on page 3.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the first page' }).getAttribute('href')).toBe('/dashboard/applications');
  });
});
