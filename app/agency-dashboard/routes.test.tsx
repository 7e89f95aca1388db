// @vitest-environment jsdom
import '../test/jsdom-polyfills';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AgencyNoticesResponse } from '../../common/api/agency-engagements';
import type { CurrentUserResponse } from '../../common/api/user';
import { ApiError } from '../lib/api-error';
import type * as PageDataModule from '../lib/page-data';
import { queryKeys } from '../lib/query-client';
import { buildAgency, buildCurrentUser, buildSupplier } from '../test/factories';
import { createAgencyDashboardRoutes } from './routes';

vi.mock('../lib/session', () => ({ useSession: () => ({ isLoading: false, isAuthenticated: true }) }));
vi.mock('../lib/auth', () => ({ signIn: vi.fn(() => Promise.resolve()) }));
vi.mock('../lib/page-data', async (importOriginal) => ({
  ...(await importOriginal<typeof PageDataModule>()),
  getPageData: () => ({ apiBase: '/api/v1/', auth: { authority: 'http://localhost/oidc', clientId: 'portal' }, productName: 'Marketplace', teamContact: { email: 'help@marketplace.example', phone: '04 555 0100' } }),
}));
const api = vi.hoisted(() => ({ apiFetch: vi.fn() }));
vi.mock('../lib/api', async () => ({ apiFetch: (await import('../test/checked-api-fetch')).checkedApiFetch(api.apiFetch) }));

const BASENAME = '/agency';
const noNotices: AgencyNoticesResponse = { notices: [], total: 0, page: 1, pageSize: 25 };
const adminAgency = buildAgency({ agencyID: 3, agencyName: 'Ministry of Regional Development', isAdmin: true });
const memberAgency = buildAgency({ agencyID: 3, agencyName: 'Ministry of Regional Development', isAdmin: false });
const admin = buildCurrentUser({ suppliers: [], agencies: [adminAgency] });
const member = buildCurrentUser({ suppliers: [], agencies: [memberAgency] });

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

/** The agency dashboard at `path`; `currentUser` null leaves it to the (mocked) API. */
function renderAgencyDashboard(path: string, currentUser: CurrentUserResponse | null = admin) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  if (currentUser) {
    client.setQueryData(queryKeys.currentUser, currentUser);
  }
  const router = createMemoryRouter(createAgencyDashboardRoutes({ productName: 'Marketplace' }), {
    basename: BASENAME,
    initialEntries: [`${BASENAME}${path}`],
  });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('the agency dashboard (issue 31)', () => {
  it('opens on the engagement notices, with the agency named above the navigation and People for its admins', async () => {
    api.apiFetch.mockResolvedValue(noNotices);
    const router = renderAgencyDashboard('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Engagement notices' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/agency/engagement-notices');
    const nav = screen.getByRole('navigation', { name: 'Agency dashboard' });
    expect(within(nav).getByText('Agency')).toBeTruthy();
    expect(within(nav).getByText('Ministry of Regional Development')).toBeTruthy();
    expect(within(nav).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Engagement notices', '/agency/engagement-notices'],
      ['Billing reports', '/agency/billing-reports'],
      ['Spend', '/agency/spend'],
      ['Shortlists', '/agency/shortlists'],
      ['People', '/agency/people'],
    ]);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it('shows a member who is not an admin no People link, and tells them the people screens are for admins', async () => {
    api.apiFetch.mockResolvedValue(noNotices);
    renderAgencyDashboard('/engagement-notices', member);
    const nav = await screen.findByRole('navigation', { name: 'Agency dashboard' });
    expect(within(nav).getAllByRole('link').map((link) => link.textContent)).toEqual(['Engagement notices', 'Billing reports', 'Spend', 'Shortlists']);
    cleanup();
    renderAgencyDashboard('/people', member);
    expect(await screen.findByRole('heading', { level: 1, name: 'People' })).toBeTruthy();
    expect(screen.getByText('You need to be an administrator of this agency to manage its people.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to your engagement notices' }).getAttribute('href')).toBe('/agency/engagement-notices');
    expect(api.apiFetch).not.toHaveBeenCalledWith('agency/users', expect.anything());
  });

  it('tells a person who acts for no agency and belongs to none how to get an invitation or register one', async () => {
    renderAgencyDashboard('/engagement-notices', buildCurrentUser({ suppliers: [] }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Agency dashboard' })).toBeTruthy();
    expect(screen.getByText(/ask one of its administrators to invite you/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'agency registration form' }).getAttribute('href')).toBe('/agency-form');
    expect(screen.queryByRole('navigation', { name: 'Agency dashboard' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'go to your supplier dashboard' })).toBeNull();
    expect(api.apiFetch).not.toHaveBeenCalled();
  });

  it('offers a supplier’s person who acts for no agency their supplier dashboard as well', async () => {
    renderAgencyDashboard('/', buildCurrentUser({ suppliers: [buildSupplier()] }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Agency dashboard' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'go to your supplier dashboard' }).getAttribute('href')).toBe('/dashboard');
  });

  it('tells a member of agencies acting for none of them to choose one under Switch accounts', async () => {
    renderAgencyDashboard('/engagement-notices', buildCurrentUser({ suppliers: [buildSupplier()], agencies: [memberAgency], activeAgency: null }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Agency dashboard' })).toBeTruthy();
    expect(screen.getByText('You belong to Ministry of Regional Development, but you are not acting for it at the moment.')).toBeTruthy();
    expect(screen.getByText(/You can change later under ‘Switch accounts’/)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'agency registration form' })).toBeNull();
  });

  it('lets a member of agencies acting for none choose one there, which opens its dashboard', async () => {
    const person = buildCurrentUser({ suppliers: [buildSupplier()], agencies: [memberAgency], activeAgency: null });
    const answers: Record<string, unknown> = {
      'user/switch-agency/3': { activeAgency: memberAgency },
      // The switch reloads the account, which now acts for the agency.
      user: { ...person, activeAgency: memberAgency },
      'agency/engagement-notices': noNotices,
    };
    api.apiFetch.mockImplementation((path: string) => {
      const key = Object.keys(answers).find((candidate) => path === candidate || path.startsWith(`${candidate}?`));
      return key === undefined ? Promise.reject(new Error(`unexpected call ${path}`)) : Promise.resolve(answers[key]);
    });
    renderAgencyDashboard('/engagement-notices', person);
    fireEvent.click(await screen.findByRole('button', { name: 'Act for Ministry of Regional Development' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Engagement notices' })).toBeTruthy();
    expect(api.apiFetch).toHaveBeenCalledWith('user/switch-agency/3', undefined);
  });

  it('sends a member of the team to the team console', async () => {
    const teamUser = buildCurrentUser({ suppliers: [] });
    renderAgencyDashboard('/engagement-notices', { ...teamUser, user: { ...teamUser.user, isTeamMember: true } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Agency dashboard' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the team console' }).getAttribute('href')).toBe('/admin');
  });

  it('shows a loading line while the account loads, then a retry when it fails', async () => {
    let answer: (value: unknown) => void = () => undefined;
    // One answer for every load of the account, however many times it is asked for.
    const account = new Promise((resolve) => (answer = resolve));
    api.apiFetch.mockImplementation((path: string) => (path === 'user' ? account : Promise.reject(new Error(`unexpected call ${path}`))));
    renderAgencyDashboard('/engagement-notices', null);
    expect(await screen.findByText('Loading your agency dashboard…')).toBeTruthy();
    answer(null);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('We could not load your account.');
    expect(screen.getByRole('heading', { level: 1, name: 'Agency dashboard' })).toBeTruthy();
  });

  it('shows a failed account load with a way to try again', async () => {
    api.apiFetch.mockRejectedValueOnce(new ApiError(500, null));
    renderAgencyDashboard('/engagement-notices', null);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('answers an unknown address with a not-found screen that links to the agency dashboard', async () => {
    renderAgencyDashboard('/no-such-screen');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to your agency dashboard' }).getAttribute('href')).toBe('/agency');
  });
});
