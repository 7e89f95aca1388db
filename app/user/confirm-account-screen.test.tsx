// @vitest-environment jsdom
import '../test/jsdom-polyfills';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { InvitationDetailsResponse } from '../../common/api/users';
import { ApiError } from '../lib/api-error';
import { buildCurrentUser } from '../test/factories';
import { createUserRoutes } from './routes';

const auth = vi.hoisted(() => ({ state: { isLoading: false, isAuthenticated: false } }));
vi.mock('../lib/session', () => ({ useSession: () => auth.state }));
const signing = vi.hoisted(() => ({ signIn: vi.fn(() => Promise.resolve()) }));
vi.mock('../lib/auth', () => signing);
const api = vi.hoisted(() => ({ apiFetch: vi.fn() }));
vi.mock('../lib/api', async () => ({ apiFetch: (await import('../test/checked-api-fetch')).checkedApiFetch(api.apiFetch) }));

const TOKEN = 'a'.repeat(43);

const KOWHAI_JOINED = { activeSupplier: { supplierID: 3, tradingName: 'Kōwhai Digital', isAdmin: false, requiresSecondFactor: false }, activeAgency: null };
const agencyInvitation = (details: InvitationDetailsResponse): InvitationDetailsResponse => ({ ...details, organisationKind: 'agency', organisationName: 'Ministry of Testing' });
const AGENCY_JOINED = { activeSupplier: null, activeAgency: { agencyID: 4, agencyName: 'Ministry of Testing', isAdmin: false } };

const invitation: InvitationDetailsResponse = {
  organisationKind: 'supplier',
  organisationName: 'Kōwhai Digital',
  email: 'nadia@example.com',
  name: 'Nadia Nobody',
  isAdmin: false,
  status: 'valid',
  canCreateAccount: false,
};

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  auth.state = { isLoading: false, isAuthenticated: false };
});

/** Answers the screen's calls: the invitation, the current user and the acceptance. */
function answer(
  details: InvitationDetailsResponse,
  accept: () => unknown = () => KOWHAI_JOINED,
) {
  api.apiFetch.mockImplementation((path: string, options?: { method?: string }) => {
    if (path === `invitations/${TOKEN}`) {
      return Promise.resolve(details);
    }
    if (path === `invitations/${TOKEN}/accept` && options?.method === 'POST') {
      return Promise.resolve().then(accept);
    }
    if (path === 'user') {
      return Promise.resolve(buildCurrentUser({ email: 'nadia@example.com', suppliers: [] }));
    }
    return Promise.reject(new Error(`unexpected call ${path}`));
  });
}

function renderConfirm(token = TOKEN, search = '') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(createUserRoutes({ productName: 'Marketplace' }), {
    basename: '/user',
    initialEntries: [`/user/confirm/${token}${search}`],
  });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('the invitation confirmation screen', () => {
  it('refuses a mangled link without asking the server', () => {
    renderConfirm('abc');
    expect(screen.getByText(/This invitation link is not valid/)).toBeTruthy();
    expect(api.apiFetch).not.toHaveBeenCalled();
  });

  it('says the link is not valid when the server does not know it', async () => {
    api.apiFetch.mockRejectedValue(new ApiError(404, { error: 'not found', message: 'nope' }));
    renderConfirm();
    expect(await screen.findByText(/This invitation link is not valid/)).toBeTruthy();
  });

  it('offers a signed-out visitor with an account sign-in for the invitation, coming back here to accept', async () => {
    answer(invitation);
    renderConfirm();
    fireEvent.click(await screen.findByRole('button', { name: 'Sign in to accept' }));
    await vi.waitFor(() => expect(signing.signIn).toHaveBeenCalledWith(`/user/confirm/${TOKEN}?accept`, { invitation: TOKEN }));
    expect(document.body.textContent).toContain('Kōwhai Digital invited Nadia Nobody (nadia@example.com) to use the dashboard for the supplier.');
  });

  it('names the agency of an agency invitation (issue 31)', async () => {
    answer(agencyInvitation({ ...invitation, isAdmin: true }));
    renderConfirm();
    expect(await screen.findByRole('button', { name: 'Sign in to accept' })).toBeTruthy();
    expect(document.body.textContent).toContain(
      'Ministry of Testing invited Nadia Nobody (nadia@example.com) to use the dashboard for the agency, as an administrator.',
    );
  });

  it('offers a signed-out visitor with no account to create it, through the same sign-in', async () => {
    answer({ ...invitation, canCreateAccount: true });
    renderConfirm();
    fireEvent.click(await screen.findByRole('button', { name: 'Create your account' }));
    await vi.waitFor(() => expect(signing.signIn).toHaveBeenCalledWith(`/user/confirm/${TOKEN}?accept`, { invitation: TOKEN }));
    expect(document.body.textContent).toContain('choose a password on the next page');
  });

  it.each([
    ['supplier', invitation, KOWHAI_JOINED, '/dashboard'],
    ['agency', agencyInvitation(invitation), AGENCY_JOINED, '/agency'],
  ] as const)('accepts a %s invitation at once when sign-in comes back here, then opens its dashboard', async (_kind, details, joined, dashboard) => {
    auth.state = { isLoading: false, isAuthenticated: true };
    const replace = vi.fn();
    const original = window.location;
    // jsdom's location cannot be spied on: a stand-in with what the screen and the router read.
    const { href, origin, pathname, search, hash } = original;
    Object.defineProperty(window, 'location', { configurable: true, value: { href, origin, pathname, search, hash, replace } });
    try {
      answer(details, () => joined);
      renderConfirm(TOKEN, '?accept');
      await vi.waitFor(() => expect(replace).toHaveBeenCalledWith(dashboard));
      const accepts = api.apiFetch.mock.calls.filter(([path]) => path === `invitations/${TOKEN}/accept`);
      expect(accepts).toHaveLength(1);
      expect(screen.queryByRole('button', { name: 'Accept invitation' })).toBeNull();
    } finally {
      Object.defineProperty(window, 'location', { configurable: true, value: original });
    }
  });

  it('shows why and the button again when accepting on return fails', async () => {
    auth.state = { isLoading: false, isAuthenticated: true };
    const message = 'This invitation is for n•••@example.com. Sign in with that email address to accept it.';
    answer(invitation, () => {
      throw new ApiError(403, { error: 'forbidden', message });
    });
    renderConfirm(TOKEN, '?accept');
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(screen.getByRole('button', { name: 'Accept invitation' })).toBeTruthy();
  });

  it('accepts for a signed-in user and says so, with the way to the dashboard', async () => {
    auth.state = { isLoading: false, isAuthenticated: true };
    answer(invitation);
    renderConfirm();
    fireEvent.click(await screen.findByRole('button', { name: 'Accept invitation' }));
    const heading = await screen.findByRole('heading', { level: 2, name: 'Invitation accepted' });
    expect(document.activeElement).toBe(heading);
    expect(screen.getByRole('link', { name: 'Go to your dashboard' }).getAttribute('href')).toBe('/dashboard');
    expect(screen.getByText(/You are now a user of Kōwhai Digital, and it is your active supplier\./)).toBeTruthy();
  });

  it("accepts an agency invitation and says so, with the way to the agency's dashboard (issue 31)", async () => {
    auth.state = { isLoading: false, isAuthenticated: true };
    answer(agencyInvitation(invitation), () => AGENCY_JOINED);
    renderConfirm();
    fireEvent.click(await screen.findByRole('button', { name: 'Accept invitation' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Invitation accepted' })).toBeTruthy();
    expect(screen.getByText(/You are now a user of Ministry of Testing, and it is your active agency\./)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to your dashboard' }).getAttribute('href')).toBe('/agency');
  });

  it("shows the server's reason when accepting fails", async () => {
    auth.state = { isLoading: false, isAuthenticated: true };
    const message = 'This invitation is for n•••@example.com. Sign in with that email address to accept it.';
    answer(invitation, () => {
      throw new ApiError(403, { error: 'forbidden', message });
    });
    renderConfirm();
    fireEvent.click(await screen.findByRole('button', { name: 'Accept invitation' }));
    expect((await screen.findByRole('alert')).textContent).toBe(message);
  });

  it.each([
    ['expired', /has expired/],
    ['used', /already been used/],
    ['revoked', /was cancelled/],
  ] as const)('explains a %s link and offers no button', async (status, text) => {
    answer({ ...invitation, status });
    renderConfirm();
    expect(await screen.findByText(text)).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it("names the agency of a spent agency invitation, and links a used one to the agency's dashboard", async () => {
    answer(agencyInvitation({ ...invitation, status: 'expired' }));
    renderConfirm();
    expect(await screen.findByText('This invitation has expired. Ask an administrator of Ministry of Testing to send you a new one.')).toBeTruthy();
    cleanup();
    answer(agencyInvitation({ ...invitation, status: 'used' }));
    renderConfirm();
    expect((await screen.findByRole('link', { name: 'Go to your dashboard' })).getAttribute('href')).toBe('/agency');
  });
});
