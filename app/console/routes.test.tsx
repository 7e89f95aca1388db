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
import { createConsoleRoutes } from './routes';

vi.mock('react-oidc-context', () => ({ useAuth: () => ({ isLoading: false, isAuthenticated: true }) }));
vi.mock('../lib/auth', () => ({ signIn: vi.fn(), getAccessToken: vi.fn(() => Promise.resolve(undefined)), renewSession: vi.fn() }));
vi.mock('../lib/page-data', async (importOriginal) => ({
  ...(await importOriginal<typeof PageDataModule>()),
  getPageData: () => ({ apiBase: '/api/v1/', productName: 'Marketplace', teamContact: { email: 'help@marketplace.example', phone: '04 555 0100' } }),
}));

afterEach(cleanup);

const staffUser = buildCurrentUser({ suppliers: [], activeSupplier: null });
const staff: CurrentUserResponse = { ...staffUser, user: { ...staffUser.user, name: 'Sam Staff', isStaff: true } };

function renderConsole(path: string, currentUser: CurrentUserResponse) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  client.setQueryData(queryKeys.currentUser, currentUser);
  const router = createMemoryRouter(createConsoleRoutes({ productName: 'Marketplace' }), { basename: '/admin', initialEntries: [`/admin${path}`] });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('the team console', () => {
  it('opens on its home for a team member, with its navigation under their name', async () => {
    renderConsole('', staff);
    expect(await screen.findByRole('heading', { level: 1, name: 'Team console' })).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Team console' });
    expect(within(nav).getByText('Sam Staff')).toBeTruthy();
  });

  it('tells anyone else it is for the team, and where to go instead', async () => {
    renderConsole('', buildCurrentUser({ suppliers: [buildSupplier({ tradingName: 'Acme Digital' })] }));
    expect(await screen.findByText(/This console is for the Marketplace team\./)).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Team console' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to your dashboard' }).getAttribute('href')).toBe('/dashboard');
  });

  it('says when a page is not there', async () => {
    renderConsole('/no-such-page', staff);
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
  });
});
