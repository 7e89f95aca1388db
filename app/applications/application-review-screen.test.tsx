// @vitest-environment jsdom
import '../test/jsdom-polyfills';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TeamApplication, TeamApplicationListResponse } from '../../common/api/team-applications';
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
  getPageData: () => ({ apiBase: '/api/v1/', auth: { authority: 'http://localhost/oidc', clientId: 'portal' }, productName: 'Marketplace', teamContact: { email: 'help@marketplace.example', phone: '04 555 0100' }, reviewTargetDays: 10 }),
}));
vi.mock('../lib/api', async () => ({ apiFetch: (await import('../test/checked-api-fetch')).checkedApiFetch(api.apiFetch) }));

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const teamUser = buildCurrentUser({ suppliers: [], activeSupplier: null });
const teamMember: CurrentUserResponse = { ...teamUser, user: { ...teamUser.user, name: 'Sam Staff', isTeamMember: true } };

const application: TeamApplication = {
  id: 9,
  referenceId: 'MP-7KQ4-X2HD',
  supplierId: 3,
  supplierTradingName: 'Kōwhai Digital',
  status: 'pre_assessment',
  lastEdited: '2026-05-02T00:00:00.000Z',
  stageReachedAt: '2026-05-01T00:00:00.000Z',
  servicesWithStatus: [
    { id: 11, title: 'Probity advice', catalogue: { id: 2, title: 'Financial and Audit Services' }, status: 'granted', declineReason: null },
    { id: 12, title: 'Internal audit', catalogue: { id: 2, title: 'Financial and Audit Services' }, status: 'requested', declineReason: null },
  ],
  statusTimestamps: { submitted: '2026-04-20T00:00:00.000Z', pre_assessment: '2026-05-01T00:00:00.000Z' },
  data: { services: [11, 12], termsAccepted: true, answers: {} },
  form: { key: 'application', version: 1, steps: [], validators: 'forms/application/1/validators.js' },
  files: {},
  supplier: { tradingName: 'Kōwhai Digital', legalName: 'Kowhai Digital Limited', nzbn: '9429059326069', email: null, phone: null, status: 'approved' },
  threads: [{ id: 31, title: 'Insurance certificate', model: 'application', recordId: 9, isResolved: false, updatedAt: '2026-05-02T00:00:00.000Z' }],
};

function renderTeamApp(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  client.setQueryData(queryKeys.currentUser, teamMember);
  const router = createMemoryRouter(createTeamRoutes({ productName: 'Marketplace' }), { basename: '/admin', initialEntries: [`/admin${path}`] });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('the application review', () => {
  it('lists the messages on the application, each opening in the inbox', async () => {
    api.apiFetch.mockResolvedValue(application);
    renderTeamApp('/applications/9');
    const messages = await screen.findByRole('region', { name: 'Messages' });
    expect(within(messages).getByRole('link', { name: 'Insurance certificate' }).getAttribute('href')).toBe('/admin/inbox/31');
    expect(within(messages).getByText('Open')).toBeTruthy();
  });

  it('declines a service only with the team\'s reason, which it sends with the decision', async () => {
    const sent: unknown[] = [];
    api.apiFetch.mockImplementation((path: string, options?: { method?: string; body?: unknown }) => {
      if (path === 'admin/applications/9/services/12' && options?.method === 'PUT') {
        sent.push(options.body);
        return Promise.resolve({
          ...application,
          servicesWithStatus: [application.servicesWithStatus[0], { ...application.servicesWithStatus[1], status: 'declined', declineReason: 'No audit staff named.' }],
        });
      }
      return Promise.resolve(application);
    });
    renderTeamApp('/applications/9');
    const decision = await screen.findByRole('group', { name: /Internal audit/ });
    fireEvent.click(within(decision).getByLabelText('Decline'));
    fireEvent.click(await screen.findByRole('button', { name: /^Save decision ?for Internal audit$/ }));
    // No reason yet: said at the question, nothing sent.
    expect(await screen.findByText('Enter why you are declining Internal audit')).toBeTruthy();
    expect(sent).toEqual([]);
    fireEvent.change(await screen.findByLabelText('Why are you declining Internal audit?'), { target: { value: '  No audit staff named.  ' } });
    fireEvent.click(await screen.findByRole('button', { name: /^Save decision ?for Internal audit$/ }));
    expect(await screen.findByText('Decision saved: Internal audit is declined.')).toBeTruthy();
    expect(sent).toEqual([{ status: 'declined', reason: 'No audit staff named.' }]);
  });

  it('offers only the moves the transition table allows from the current stage', async () => {
    api.apiFetch.mockResolvedValue(application);
    renderTeamApp('/applications/9');
    const moves = await screen.findByRole('region', { name: 'Move the application' });
    expect(within(moves).getAllByRole('button').map((button) => button.textContent)).toEqual(['Move to ‘In Progress’', 'Decline the application']);
    // The saved decisions show by their services, and what is not decided says so.
    expect(within(screen.getByRole('group', { name: /^Probity advice/ })).getByRole('radio', { name: 'Grant' })).toHaveProperty('checked', true);
    expect(within(screen.getByRole('group', { name: /^Internal audit/ })).getByText('Not decided yet')).toBeTruthy();
    expect(within(screen.getByRole('complementary', { name: 'Supplier' })).getByText('9429059326069')).toBeTruthy();
  });

  it('offers no move and no decision at a final stage', async () => {
    api.apiFetch.mockResolvedValue({ ...application, status: 'declined', stageReachedAt: '2026-05-03T00:00:00.000Z' });
    renderTeamApp('/applications/9');
    const moves = await screen.findByRole('region', { name: 'Move the application' });
    expect(within(moves).queryAllByRole('button')).toEqual([]);
    expect(within(moves).getByText('‘Declined’ is a final stage: this application cannot move any further.')).toBeTruthy();
    expect(screen.queryAllByRole('radio')).toEqual([]);
  });

  it('shows the server’s conflict and then the application as it is now', async () => {
    const conflict = 'The application is at "In Progress" and cannot move to "In Progress". It can move to: "Declined".';
    let current: TeamApplication = application;
    api.apiFetch.mockImplementation((path: string, options?: { method?: string }) => {
      if (path === 'admin/applications/9/status' && options?.method === 'POST') {
        current = { ...application, status: 'in_progress', stageReachedAt: '2026-05-04T00:00:00.000Z' };
        return Promise.reject(new ApiError(409, { error: 'conflict', message: conflict }));
      }
      return Promise.resolve(current);
    });
    renderTeamApp('/applications/9');
    fireEvent.click(await screen.findByRole('button', { name: 'Move to ‘In Progress’' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Move application MP-7KQ4-X2HD to ‘In Progress’?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Move to ‘In Progress’' }));
    expect(await screen.findByText(conflict)).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Load the latest application' }));
    const moves = screen.getByRole('region', { name: 'Move the application' });
    expect(await within(moves).findByRole('button', { name: 'Move to ‘Application for service(s) granted. Complete listing details.’' })).toBeTruthy();
    expect(screen.queryByText(conflict)).toBeNull();
  });

  it('says when there is no such application', async () => {
    api.apiFetch.mockRejectedValue(new ApiError(404, { error: 'not found', message: 'No such application.' }));
    renderTeamApp('/applications/404');
    expect(await screen.findByText(/There is no submitted application at this address\./)).toBeTruthy();
    renderTeamApp('/applications/abc');
    // The screen's chunk loads when its route is first shown.
    await vi.waitFor(() => expect(screen.getAllByRole('link', { name: 'Go to the applications' })).toHaveLength(2));
  });
});

describe('the application queue', () => {
  it('says when no application is at the chosen stage, with a way to see them all', async () => {
    const empty: TeamApplicationListResponse = { applications: [], total: 0, page: 1, pageSize: 25, nextCursor: null, previousCursor: null };
    api.apiFetch.mockResolvedValue(empty);
    renderTeamApp('/applications?status=granted');
    expect(await screen.findByText('No applications are at the stage Application for service(s) granted. Complete listing details..')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Show applications at any stage' }).getAttribute('href')).toBe('/admin/applications');
    expect(api.apiFetch).toHaveBeenCalledWith('admin/applications?status=granted', expect.anything());
  });
});
