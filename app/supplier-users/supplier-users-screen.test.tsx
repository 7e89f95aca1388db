// @vitest-environment jsdom
import '../test/jsdom-polyfills';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SupplierUsersResponse } from '../../common/api/users';
import { ApiError } from '../lib/api-error';
import { queryKeys } from '../lib/query-client';
import { buildCurrentUser, buildSupplier } from '../test/factories';
import { createDashboardRoutes } from '../dashboard/routes';

vi.mock('../lib/session', () => ({ useSession: () => ({ isLoading: false, isAuthenticated: true }) }));
vi.mock('../lib/auth', () => ({ signIn: vi.fn(() => Promise.resolve()) }));
const api = vi.hoisted(() => ({ apiFetch: vi.fn() }));
vi.mock('../lib/api', async () => ({ apiFetch: (await import('../test/checked-api-fetch')).checkedApiFetch(api.apiFetch) }));
const reloading = vi.hoisted(() => ({ reloadPage: vi.fn() }));
vi.mock('../lib/reload-page', () => reloading);

const admin = buildCurrentUser({ suppliers: [buildSupplier({ tradingName: 'Acme Digital', isAdmin: true })] });

const list: SupplierUsersResponse = {
  users: [
    { id: 1, name: 'Alex Admin', email: 'alex@example.com', isAdmin: true, isCurrentUser: true },
    { id: 2, name: 'Ben Thompson', email: 'ben@example.com', isAdmin: false, isCurrentUser: false },
  ],
  invitations: [{ id: 7, name: 'Ivy Invitee', email: 'ivy@example.com', isAdmin: true, expiresAt: '2026-12-01T10:00:00.000Z' }],
};

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

function renderUsers() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(queryKeys.currentUser, admin);
  const router = createMemoryRouter(createDashboardRoutes({ productName: 'Marketplace' }), {
    basename: '/dashboard',
    initialEntries: ['/dashboard/users'],
  });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

async function openRemoveDialog(): Promise<HTMLElement> {
  const row = (await screen.findByRole('rowheader', { name: 'Ben Thompson' })).closest('tr');
  fireEvent.click(within(row as HTMLElement).getByRole('button', { name: /^Remove\s*Ben Thompson$/ }));
  return screen.findByRole('alertdialog');
}

describe('the supplier users screen', () => {
  it('lists users and invitations, offering no removal of the signed-in user', async () => {
    api.apiFetch.mockResolvedValue(list);
    renderUsers();
    const you = (await screen.findByRole('rowheader', { name: /^Alex Admin\s*\(you\)$/ })).closest('tr') as HTMLElement;
    expect(within(you).queryByRole('button')).toBeNull();
    expect(within(you).getByRole('link', { name: /^Edit\s*Alex Admin$/ }).getAttribute('href')).toBe('/dashboard/users/edit/1');
    expect(screen.getByRole('button', { name: /^Cancel invitation\s*to ivy@example.com$/ })).toBeTruthy();
  });

  it('removes a user after confirmation and announces it', async () => {
    api.apiFetch.mockImplementation((path: string) =>
      Promise.resolve(path === 'supplier-user/remove' ? { removed: true, email: 'ben@example.com' } : list),
    );
    renderUsers();
    const dialog = await openRemoveDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove user' }));
    expect(await screen.findByText('Ben Thompson (ben@example.com) was removed from Acme Digital.')).toBeTruthy();
    expect(api.apiFetch).toHaveBeenCalledWith('supplier-user/remove', { method: 'POST', body: { email: 'ben@example.com' } });
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it("keeps the dialog open with the server's reason when removal is refused", async () => {
    const message = 'This is the only admin of the supplier and cannot be removed: make someone else an admin first.';
    api.apiFetch.mockImplementation((path: string) =>
      path === 'supplier-user/remove' ? Promise.reject(new ApiError(409, { error: 'conflict', message })) : Promise.resolve(list),
    );
    renderUsers();
    const dialog = await openRemoveDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove user' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(message);
    expect(reloading.reloadPage).not.toHaveBeenCalled();
  });

  it('reloads the page when the removal finds the session expired (spec §8)', async () => {
    api.apiFetch.mockImplementation((path: string) =>
      path === 'supplier-user/remove'
        ? Promise.reject(new ApiError(403, { error: 'session expired', message: 'Your session has expired.' }))
        : Promise.resolve(list),
    );
    renderUsers();
    const dialog = await openRemoveDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove user' }));
    await vi.waitFor(() => {
      expect(reloading.reloadPage).toHaveBeenCalledOnce();
    });
  });

  it('shows a failed load with no list and a Retry that asks again', async () => {
    // The users' first load fails; the navigation's other calls are not this test's.
    let usersLoads = 0;
    api.apiFetch.mockImplementation((path: string) => {
      if (path === 'user/users' && (usersLoads += 1) === 1) {
        return Promise.reject(new ApiError(500, { error: 'internal error', message: 'Something went wrong.' }));
      }
      return Promise.resolve(list);
    });
    renderUsers();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('We could not load the users.');
    expect(screen.queryByRole('table')).toBeNull();
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('rowheader', { name: 'Ben Thompson' })).toBeTruthy();
  });

  it('shows an answer of the wrong shape as its load error, in plain English', async () => {
    api.apiFetch.mockResolvedValue({ users: [{ id: 'one' }] });
    renderUsers();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(
      'We could not load the users. The server sent an answer we could not read. Try again, and contact us if it keeps happening.',
    );
    expect(screen.queryByRole('table')).toBeNull();
  });
});
