// @vitest-environment jsdom
import '../test/jsdom-polyfills';
import { cleanup, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUserResponse } from '../../common/api/user';
import type * as PageDataModule from '../lib/page-data';
import { queryKeys } from '../lib/query-client';
import { buildCurrentUser, buildSupplier } from '../test/factories';
import { createTeamRoutes } from './routes';

vi.mock('../lib/session', () => ({ useSession: () => ({ isLoading: false, isAuthenticated: true }) }));
vi.mock('../lib/auth', () => ({ signIn: vi.fn(), getAccessToken: vi.fn(() => Promise.resolve(undefined)), renewSession: vi.fn() }));
vi.mock('../lib/page-data', async (importOriginal) => ({
  ...(await importOriginal<typeof PageDataModule>()),
  getPageData: () => ({ apiBase: '/api/v1/', auth: { authority: 'http://localhost/oidc', clientId: 'portal' }, productName: 'Marketplace', teamContact: { email: 'help@marketplace.example', phone: '04 555 0100' }, reviewTargetDays: 10 }),
}));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const queues = {
  at: '2026-11-24T00:00:00.000Z',
  reviewTargetDays: 10,
  overdueBefore: '2026-11-10T00:00:00.000Z',
  queues: [
    { key: 'supplier-registrations', label: 'Supplier registrations', applicationStage: null, count: 2, overdueCount: 1, oldestSince: '2026-11-01T00:00:00.000Z', oldestAgeSeconds: 2_000_000, oldestAgeWorkingDays: 16, windowDays: null },
    { key: 'applications-submitted', label: 'Applications: Submitted', applicationStage: 'submitted', count: 0, overdueCount: 0, oldestSince: null, oldestAgeSeconds: null, oldestAgeWorkingDays: null, windowDays: null },
    { key: 'engagement-notices', label: 'Engagement notices submitted', applicationStage: null, count: 1, overdueCount: 0, oldestSince: '2026-11-24T00:00:00.000Z', oldestAgeSeconds: 60, oldestAgeWorkingDays: 0, windowDays: 30 },
  ],
};

const teamUser = buildCurrentUser({ suppliers: [], activeSupplier: null });
const teamMember: CurrentUserResponse = { ...teamUser, user: { ...teamUser.user, name: 'Sam Staff', isTeamMember: true } };

function renderTeamApp(path: string, currentUser: CurrentUserResponse) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  client.setQueryData(queryKeys.currentUser, currentUser);
  const router = createMemoryRouter(createTeamRoutes({ productName: 'Marketplace' }), { basename: '/admin', initialEntries: [`/admin${path}`] });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const mismatches = { unconfirmedNotices: 2, queriedReports: 1, overValueNotices: 0, missingMonths: 7, reviewTargetDays: 10, through: '2026-10' };

/** The team's API: the queues and the reporting mismatches; anything else is not found. */
function answerTeamCalls(input: RequestInfo | URL): Promise<Response> {
  const url = input instanceof Request ? input.url : String(input);
  const body = url.includes('admin/queues') ? queues : url.includes('admin/reporting-mismatches') ? mismatches : null;
  return Promise.resolve(
    body === null ? new Response('{}', { status: 404, headers: { 'content-type': 'application/json' } }) : new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } }),
  );
}

describe('the team console', () => {
  it('opens on its home for a team member: the queues, how long the oldest has waited, what is overdue, each linked to its screen', async () => {
    vi.stubGlobal('fetch', vi.fn(answerTeamCalls));
    renderTeamApp('', teamMember);
    expect(await screen.findByRole('heading', { level: 1, name: 'Team console' })).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Team console' });
    expect(within(nav).getByText('Sam Staff')).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Work waiting for the team' });
    const row = (name: string) => within(table).getByRole('link', { name }).closest('tr');
    const registrations = row('Supplier registrations');
    expect(registrations?.textContent).toContain('16 working days');
    expect(registrations?.textContent).toContain('1 overdue');
    expect(within(table).getByRole('link', { name: 'Applications: Submitted' }).getAttribute('href')).toBe('/admin/applications?status=submitted');
    expect(row('Applications: Submitted')?.textContent).toContain('None');
    expect(row('Engagement notices submitted')?.textContent).toContain('Less than a working day');
  });

  it('counts the reporting mismatches on its home, each linked to the list that shows them (issue 31)', async () => {
    vi.stubGlobal('fetch', vi.fn(answerTeamCalls));
    renderTeamApp('', teamMember);
    const table = await screen.findByRole('table', { name: 'Reporting mismatches' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => [within(row).getByRole('link').textContent, within(row).getByRole('link').getAttribute('href'), row.querySelector('td')?.textContent]);
    expect(rows).toEqual([
      ['Engagement notices the agency has not answered in 10 working days', '/admin/engagement-notices?mismatch=unconfirmed', '2'],
      ['Billing reports the agency queried', '/admin/billing-reports?agencyResponse=queried', '1'],
      ['Engagement notices billed more than their value', '/admin/engagement-notices?mismatch=over-value', 'None'],
      ['Months without a billing report, up to October 2026', '/admin/missing-billing-reports', '7'],
    ]);
  });

  it('says when the queues could not be counted, with a way to try again', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));
    renderTeamApp('', teamMember);
    expect(await screen.findByText(/We could not count the work waiting\./)).toBeTruthy();
    expect(await screen.findByText(/We could not count the mismatches\./)).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Try again' })).toHaveLength(2);
  });

  it('tells anyone else it is for the team, and where to go instead', async () => {
    renderTeamApp('', buildCurrentUser({ suppliers: [buildSupplier({ tradingName: 'Acme Digital' })] }));
    expect(await screen.findByText(/This console is for the Marketplace team\./)).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Team console' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to your dashboard' }).getAttribute('href')).toBe('/dashboard');
  });

  it('asks a team member signed in with a password alone to set up two-step verification, calling nothing of the team', async () => {
    const fetch = vi.fn(() => Promise.reject(new Error('no call expected')));
    vi.stubGlobal('fetch', fetch);
    renderTeamApp('', { ...teamMember, signedInWithSecondFactor: false });
    expect(await screen.findByRole('heading', { level: 1, name: 'Use two-step verification to open the console' })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Team console' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Set up two-step verification' }).getAttribute('href')).toBe('/user/two-step-verification');
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('says when a page is not there', async () => {
    renderTeamApp('/no-such-page', teamMember);
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
  });
});
