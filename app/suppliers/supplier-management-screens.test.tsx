// @vitest-environment jsdom
import '../test/jsdom-polyfills';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TeamSupplier, TeamSupplierListResponse } from '../../common/api/team-suppliers';
import type { CurrentUserResponse } from '../../common/api/user';
import { ApiError } from '../lib/api-error';
import type * as PageDataModule from '../lib/page-data';
import { queryKeys } from '../lib/query-client';
import { buildCurrentUser } from '../test/factories';
import { createTeamRoutes } from '../team/routes';

vi.mock('../lib/session', () => ({ useSession: () => ({ isLoading: false, isAuthenticated: true }) }));
vi.mock('../lib/auth', () => ({ signIn: vi.fn(), getAccessToken: vi.fn(() => Promise.resolve(undefined)), renewSession: vi.fn() }));
const api = vi.hoisted(() => ({ apiFetch: vi.fn() }));
vi.mock('../lib/page-data', async (importOriginal) => ({
  ...(await importOriginal<typeof PageDataModule>()),
  getPageData: () => ({ apiBase: '/api/v1/', auth: { authority: 'http://localhost/oidc', clientId: 'portal' }, productName: 'Marketplace', teamContact: { email: 'help@marketplace.example', phone: '04 555 0100' } }),
}));
vi.mock('../lib/api', async () => ({ apiFetch: (await import('../test/checked-api-fetch')).checkedApiFetch(api.apiFetch) }));

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const teamUser = buildCurrentUser({ suppliers: [], activeSupplier: null });
const teamMember: CurrentUserResponse = { ...teamUser, user: { ...teamUser.user, name: 'Sam Staff', isTeamMember: true } };

const kowhai: TeamSupplier = {
  id: 7,
  tradingName: 'Kōwhai Digital',
  legalName: 'Kowhai Digital Limited',
  status: 'approved',
  statusBeforeSuspension: null,
  nzbn: '9429041234566',
  abn: null,
  email: 'hello@kowhai.example',
  phone: '04 555 0101',
  website: 'https://kowhai.example',
  summary: 'Digital services for government.',
  city: 'Wellington',
  state: null,
  country: 'New Zealand',
  createdAt: '2026-01-05T01:02:03.000Z',
  updatedAt: '2026-02-05T01:02:03.000Z',
  details: { gst_status: 'registered' },
  users: [{ id: 1, name: 'Alex Admin', email: 'admin@example.com', isAdmin: true }],
  applications: [
    { id: 11, referenceId: 'MP-7KQ4-X2HD', status: 'in_progress', createdAt: '2026-01-06T00:00:00.000Z', lastEdited: '2026-01-07T00:00:00.000Z', submittedAt: '2026-01-07T00:00:00.000Z' },
    { id: 12, referenceId: 'MP-DRAFT-0001', status: 'incomplete', createdAt: '2026-01-08T00:00:00.000Z', lastEdited: '2026-01-08T00:00:00.000Z', submittedAt: null },
  ],
  engagementNotices: [{ id: 3, title: 'Regional portal', reference: 'RP-1', status: 'submitted', submittedAt: '2026-03-01T00:00:00.000Z', lastEdited: '2026-03-01T00:00:00.000Z' }],
  billingReports: [{ id: 5, engagementNoticeId: 3, billingPeriod: '2026-03', status: 'submitted', submittedAt: '2026-04-02T00:00:00.000Z', lastEdited: '2026-04-02T00:00:00.000Z' }],
  threads: [{ id: 8, title: 'Question about insurance', model: 'supplier', recordId: 7, isResolved: false, updatedAt: '2026-04-03T00:00:00.000Z' }],
  auditHistory: [
    {
      id: 40,
      at: '2026-04-04T00:00:00.000Z',
      actor: { id: 2, name: 'Tama Team', email: 'team@example.com' },
      supplier: { id: 7, name: 'Kōwhai Digital' },
      action: 'supplier.reinstate',
      subject: { entity: 'supplier', id: '7' },
      details: { before: { status: 'suspended' }, after: { status: 'approved', reason: 'Insurance renewed' } },
      requestId: 'req-1',
    },
  ],
};

const list: TeamSupplierListResponse = {
  suppliers: [{ id: 7, tradingName: 'Kōwhai Digital', legalName: 'Kowhai Digital Limited', nzbn: '9429041234566', abn: null, status: 'approved', users: 3, applications: 2, engagementNotices: 1 }],
  total: 26,
  nextCursor: 7,
  previousCursor: null,
  page: 1,
  pageSize: 25,
};

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

/** The API as the screens meet it; `change` answers the suspend and reinstate calls. */
function answerApi(supplier: () => TeamSupplier, change: (path: string, body: unknown) => Promise<unknown> = () => Promise.reject(new Error('no change expected'))) {
  api.apiFetch.mockImplementation((path: string, options?: { method?: string; body?: unknown }) => {
    if (path.startsWith('admin/suppliers?') || path === 'admin/suppliers') {
      return Promise.resolve(list);
    }
    if (path === 'admin/suppliers/7' && options?.method === undefined) {
      return Promise.resolve(supplier());
    }
    if (path.startsWith('admin/suppliers/7/')) {
      return change(path, options?.body);
    }
    if (path === 'admin/suppliers/9') {
      return Promise.reject(new ApiError(404, { error: 'not found', message: 'No supplier with that id.' }));
    }
    return Promise.reject(new Error(`unexpected call ${path}`));
  });
}

describe('the supplier search', () => {
  it('lists the suppliers the URL asks for, each linked to its page, with its status and counts, and pages', async () => {
    answerApi(() => kowhai);
    renderAt('/suppliers?q=kowhai&status=approved');
    const row = (await screen.findByRole('link', { name: 'Kōwhai Digital' })).closest('tr') as HTMLElement;
    expect(within(row).getByText('NZBN 9429041234566')).toBeTruthy();
    expect(within(row).getByText('Approved')).toBeTruthy();
    expect(within(row).getByText('Kowhai Digital Limited')).toBeTruthy();
    expect(api.apiFetch).toHaveBeenCalledWith('admin/suppliers?q=kowhai&status=approved', expect.anything());
    expect(screen.getByText('26 suppliers matching “kowhai”, approved')).toBeTruthy();
    expect(screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search suppliers' }).value).toBe('kowhai');
    // The next page starts after the last supplier shown, not after skipping the 25 before it.
    expect(screen.getByRole('link', { name: /^Next/ }).getAttribute('href')).toBe('/admin/suppliers?q=kowhai&status=approved&page=2&after=7');
  });

  it('puts a new search in the URL, back on page 1, and Back returns to the last one with its words in the box', async () => {
    answerApi(() => kowhai);
    const router = renderAt('/suppliers?q=kowhai&page=2');
    const box = await screen.findByRole('searchbox', { name: 'Search suppliers' });
    fireEvent.change(box, { target: { value: ' 9429 041 ' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Status' }), { target: { value: 'suspended' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(router.state.location.search).toBe('?q=9429+041&status=suspended');
    await act(() => router.navigate(-1));
    expect(router.state.location.search).toBe('?q=kowhai&page=2');
    expect(screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search suppliers' }).value).toBe('kowhai');
  });

  it('says when nothing matches, and how to see every supplier; and when the list could not load', async () => {
    api.apiFetch.mockResolvedValue({ suppliers: [], total: 0, nextCursor: null, previousCursor: null, page: 1, pageSize: 25 });
    renderAt('/suppliers?q=nothing');
    expect(await screen.findByText('No suppliers match this search.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Show every supplier' })).toBeTruthy();
    cleanup();
    api.apiFetch.mockRejectedValue(new ApiError(500, null));
    renderAt('/suppliers');
    expect(await screen.findByText(/We could not load the suppliers\./)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('offers the first page when the supplier a page started from is gone', async () => {
    api.apiFetch.mockResolvedValue({ suppliers: [], total: 3, nextCursor: null, previousCursor: null, page: 2, pageSize: 25 });
    renderAt('/suppliers?status=applicant&page=2&after=999');
    expect(await screen.findByText('There are no suppliers on page 2.')).toBeTruthy();
    expect(api.apiFetch).toHaveBeenCalledWith('admin/suppliers?after=999&page=2&status=applicant', expect.anything());
    expect(screen.getByRole('link', { name: 'Go to the first page' }).getAttribute('href')).toBe('/admin/suppliers?status=applicant');
  });
});

describe('one supplier', () => {
  it('shows everything about it in sections, each record linked to its team screen', async () => {
    answerApi(() => kowhai);
    renderAt('/suppliers/7');
    expect(await screen.findByRole('heading', { level: 1, name: 'Kōwhai Digital' })).toBeTruthy();
    for (const name of ['Suspend this supplier', 'Details', 'Users', 'Applications', 'Engagement notices', 'Billing reports', 'Message threads', 'Latest changes']) {
      expect(screen.getByRole('heading', { level: 2, name })).toBeTruthy();
    }
    expect(screen.getByRole('heading', { level: 3, name: 'Company details' })).toBeTruthy();
    expect(screen.getByText('admin@example.com')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'MP-7KQ4-X2HD' }).getAttribute('href')).toBe('/admin/applications/11');
    // A draft application is the supplier's own: named, not linked.
    expect(screen.getByText('MP-DRAFT-0001').closest('a')).toBeNull();
    expect(screen.getByRole('link', { name: 'Regional portal' }).getAttribute('href')).toBe('/admin/engagement-notices/3');
    expect(screen.getByRole('link', { name: 'Regional portal, March 2026' }).getAttribute('href')).toBe('/admin/billing-reports/5');
    expect(screen.getByRole('link', { name: 'Question about insurance' }).getAttribute('href')).toBe('/admin/inbox/8');
    expect(screen.getByText('Reinstated the supplier')).toBeTruthy();
    expect(screen.getByText('Insurance renewed')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See the full audit history' }).getAttribute('href')).toBe('/admin/audit?supplier=7');
  });

  it('needs a reason to suspend, names the supplier and what will happen before it goes, then says it is suspended', async () => {
    let current = kowhai;
    const change = vi.fn((_path: string, _body: unknown) => {
      current = { ...kowhai, status: 'suspended', statusBeforeSuspension: 'approved' };
      return Promise.resolve(current);
    });
    answerApi(() => current, change);
    renderAt('/suppliers/7');
    fireEvent.click(await screen.findByRole('button', { name: 'Suspend supplier' }));
    const summary = screen.getByRole('alert');
    expect(within(summary).getByRole('link', { name: 'Enter why you are suspending this supplier' })).toBeTruthy();
    const reason = screen.getByRole('textbox', { name: 'Why are you suspending this supplier?' });
    expect(reason.getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(reason, { target: { value: '  Insurance lapsed.  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Suspend supplier' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByRole('heading', { name: 'Suspend Kōwhai Digital?' })).toBeTruthy();
    expect(within(dialog).getByText(/It will disappear from the directory and its CSV at once and its users will not be able to use the dashboard until it is reinstated\./)).toBeTruthy();
    expect(change).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Suspend supplier' }));

    expect(await screen.findByText(/^You suspended Kōwhai Digital\./)).toBeTruthy();
    expect(change).toHaveBeenCalledWith('admin/suppliers/7/suspend', { reason: 'Insurance lapsed.' });
    expect(screen.getByRole('heading', { level: 2, name: 'Reinstate this supplier' })).toBeTruthy();
    expect(screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Why are you reinstating this supplier?' }).value).toBe('');
  });

  it('shows the server\'s message and the supplier as it now is when someone else changed its status first', async () => {
    let current = kowhai;
    answerApi(
      () => current,
      () => {
        current = { ...kowhai, status: 'suspended', statusBeforeSuspension: 'approved' };
        return Promise.reject(new ApiError(409, { error: 'conflict', message: 'This supplier is already suspended.' }));
      },
    );
    renderAt('/suppliers/7');
    fireEvent.change(await screen.findByRole('textbox', { name: 'Why are you suspending this supplier?' }), { target: { value: 'Insurance lapsed.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Suspend supplier' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Suspend supplier' }));

    expect(await screen.findByText('This supplier is already suspended.')).toBeTruthy();
    expect(screen.getByText('This page now shows the supplier as it is.')).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 2, name: 'Reinstate this supplier' })).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('says plainly when there is no such supplier', async () => {
    answerApi(() => kowhai);
    renderAt('/suppliers/9');
    expect(await screen.findByText('There is no supplier at this address. The link may be wrong.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the suppliers' })).toBeTruthy();
  });
});
