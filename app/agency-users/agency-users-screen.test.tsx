// @vitest-environment jsdom
import '../test/jsdom-polyfills';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AgencyUsersResponse } from '../../common/api/agency-users';
import type { ApiRequestOptions } from '../lib/api';
import { ApiError } from '../lib/api-error';
import { queryKeys } from '../lib/query-client';
import { buildAgency, buildCurrentUser } from '../test/factories';
import { createAgencyDashboardRoutes } from '../agency-dashboard/routes';

vi.mock('../lib/session', () => ({ useSession: () => ({ isLoading: false, isAuthenticated: true }) }));
vi.mock('../lib/auth', () => ({ signIn: vi.fn(() => Promise.resolve()) }));
const api = vi.hoisted(() => ({ apiFetch: vi.fn() }));
vi.mock('../lib/api', async () => ({ apiFetch: (await import('../test/checked-api-fetch')).checkedApiFetch(api.apiFetch) }));
const reloading = vi.hoisted(() => ({ reloadPage: vi.fn() }));
vi.mock('../lib/reload-page', () => reloading);

const AGENCY = 'Ministry of Regional Development';
const admin = buildCurrentUser({ suppliers: [], agencies: [buildAgency({ agencyID: 3, agencyName: AGENCY, isAdmin: true })] });

const list: AgencyUsersResponse = {
  users: [
    { id: 1, name: 'Alex Admin', email: 'alex@example.govt.nz', isAdmin: true, isCurrentUser: true },
    { id: 2, name: 'Ben Thompson', email: 'ben@example.govt.nz', isAdmin: false, isCurrentUser: false },
  ],
  invitations: [{ id: 7, name: 'Ivy Invitee', email: 'ivy@example.govt.nz', isAdmin: true, expiresAt: '2026-12-01T10:00:00.000Z' }],
};
const invitation = { id: 8, name: 'Nia Newcomer', email: 'nia@example.govt.nz', isAdmin: false, expiresAt: '2026-12-08T10:00:00.000Z' };

/** Answers the list to GET agency/users, and `other` (an answer, or a refusal) to every change. */
function answer(other: () => Promise<unknown> = () => Promise.resolve(null)) {
  api.apiFetch.mockImplementation((path: string, options?: ApiRequestOptions) =>
    path === 'agency/users' && (options?.method ?? 'GET') === 'GET' ? Promise.resolve(list) : other(),
  );
}

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

function renderAt(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(queryKeys.currentUser, admin);
  const router = createMemoryRouter(createAgencyDashboardRoutes({ productName: 'Marketplace' }), { basename: '/agency', initialEntries: [`/agency${path}`] });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

async function openRemoveDialog(name: RegExp): Promise<HTMLElement> {
  fireEvent.click(await screen.findByRole('button', { name }));
  // The dialog's code loads on first use: on a busy machine that takes more than the default second.
  return screen.findByRole('alertdialog', {}, { timeout: 5000 });
}

describe("the agency's people (issue 31)", () => {
  it('lists members and pending invitations, with a way to invite, edit, remove and cancel', async () => {
    answer();
    renderAt('/people');
    expect(await screen.findByRole('heading', { level: 1, name: 'People' })).toBeTruthy();
    const you = (await screen.findByRole('rowheader', { name: /^Alex Admin\s*\(you\)$/ })).closest('tr') as HTMLElement;
    expect(within(you).getByRole('link', { name: /^Edit\s*Alex Admin$/ }).getAttribute('href')).toBe('/agency/people/edit/1');
    expect(within(you).getByRole('button', { name: /^Remove\s*yourself$/ })).toBeTruthy();
    const ben = screen.getByRole('rowheader', { name: 'Ben Thompson' }).closest('tr') as HTMLElement;
    expect(within(ben).getByRole('cell', { name: 'No' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /^Cancel invitation\s*to ivy@example.govt.nz$/ })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Invite a person' }).getAttribute('href')).toBe('/agency/people/invite');
    expect(api.apiFetch).toHaveBeenCalledWith('agency/users', expect.anything());
  });

  it('shows a loading line, then says there are no pending invitations when there are none', async () => {
    // Every call held until the list is answered: on a busy machine the screen may ask more than once.
    const replies: ((value: unknown) => void)[] = [];
    api.apiFetch.mockImplementation(() => new Promise((resolve) => replies.push(resolve)));
    renderAt('/people');
    expect(await screen.findByText('Loading people…')).toBeTruthy();
    replies.forEach((reply) => reply({ ...list, invitations: [] }));
    api.apiFetch.mockResolvedValue({ ...list, invitations: [] });
    expect(await screen.findByText('There are no pending invitations.')).toBeTruthy();
  });

  it('removes a person after confirmation and announces it', async () => {
    answer();
    renderAt('/people');
    const dialog = await openRemoveDialog(/^Remove\s*Ben Thompson$/);
    expect(within(dialog).getByRole('heading', { name: 'Remove Ben Thompson?' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove person' }));
    expect(await screen.findByText(`Ben Thompson (ben@example.govt.nz) was removed from ${AGENCY}.`)).toBeTruthy();
    expect(api.apiFetch).toHaveBeenCalledWith('agency/users/2', { method: 'DELETE' });
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('keeps the dialog open, saying why, when the last admin would be removed', async () => {
    answer(() => Promise.reject(new ApiError(409, { error: 'conflict', message: 'last admin' })));
    renderAt('/people');
    const dialog = await openRemoveDialog(/^Remove\s*yourself$/);
    expect(within(dialog).getByRole('heading', { name: `Remove yourself from ${AGENCY}?` })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove myself' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      `${AGENCY} needs at least one administrator. Make someone else an administrator before removing this one.`,
    );
    expect(api.apiFetch).toHaveBeenCalledWith('agency/users/1', { method: 'DELETE' });
  });

  it('leaves the person in place when the removal is cancelled', async () => {
    answer();
    renderAt('/people');
    const dialog = await openRemoveDialog(/^Remove\s*Ben Thompson$/);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(api.apiFetch).not.toHaveBeenCalledWith('agency/users/2', expect.anything());
  });

  it('cancels an invitation after confirmation', async () => {
    answer();
    renderAt('/people');
    fireEvent.click(await screen.findByRole('button', { name: /^Cancel invitation\s*to ivy@example.govt.nz$/ }));
    const dialog = await screen.findByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel invitation' }));
    expect(await screen.findByText('The invitation to ivy@example.govt.nz was cancelled.')).toBeTruthy();
    expect(api.apiFetch).toHaveBeenCalledWith('agency/invitations/7', { method: 'DELETE' });
  });

  it('shows a failed load with no list and a way to try again', async () => {
    let loads = 0;
    api.apiFetch.mockImplementation(() => ((loads += 1) === 1 ? Promise.reject(new ApiError(500, { error: 'internal error', message: 'Something went wrong.' })) : Promise.resolve(list)));
    renderAt('/people');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('We could not load the people.');
    expect(screen.queryByRole('table')).toBeNull();
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('rowheader', { name: 'Ben Thompson' })).toBeTruthy();
  });
});

describe('inviting a person (issue 31)', () => {
  it('refuses an empty form with an error summary that names each field', async () => {
    answer();
    renderAt('/people/invite');
    expect(await screen.findByRole('heading', { level: 1, name: 'Invite a person' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    const summary = await screen.findByRole('alert');
    expect(within(summary).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Enter the person’s name', '#person-name'],
      ['Enter an email address', '#person-email'],
    ]);
    expect(screen.getByLabelText('Name').getAttribute('aria-invalid')).toBe('true');
    expect(api.apiFetch).not.toHaveBeenCalledWith('agency/users', expect.objectContaining({ method: 'POST' }));
  });

  it('refuses an address in the wrong format', async () => {
    answer();
    renderAt('/people/invite');
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'Nia Newcomer' } });
    fireEvent.change(screen.getByLabelText('Email address'), { target: { value: 'nia at example' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    const summary = await screen.findByRole('alert');
    expect(within(summary).getByRole('link').textContent).toBe('Enter an email address in the correct format, like name@example.com');
  });

  it('sends the invitation, an administrator or not, and announces it on the list', async () => {
    answer(() => Promise.resolve(invitation));
    const router = renderAt('/people/invite');
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: ' Nia Newcomer ' } });
    fireEvent.change(screen.getByLabelText('Email address'), { target: { value: 'nia@example.govt.nz' } });
    const question = screen.getByRole('group', { name: 'Should this person be an administrator?' });
    expect(within(question).getByLabelText<HTMLInputElement>('No').checked).toBe(true);
    fireEvent.click(within(question).getByLabelText('Yes'));
    fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Invitation sent to nia@example.govt.nz.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/agency/people');
    expect(api.apiFetch).toHaveBeenCalledWith('agency/users', { method: 'POST', body: { name: 'Nia Newcomer', email: 'nia@example.govt.nz', isAdmin: true } });
  });

  it.each([
    [409, `This person is already a member of ${AGENCY}. You can change whether they are an administrator from the list of people.`],
    [429, 'Your agency has sent 20 invitations in the last hour, the most allowed. Try again in an hour.'],
  ])('explains a %i answer in plain English', async (status, message) => {
    answer(() => Promise.reject(new ApiError(status, { error: 'refused', message: 'refused' })));
    renderAt('/people/invite');
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'Ben Thompson' } });
    fireEvent.change(screen.getByLabelText('Email address'), { target: { value: 'ben@example.govt.nz' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    const summary = await screen.findByRole('alert');
    expect(within(summary).getByRole('listitem').textContent).toBe(message);
  });
});

describe('editing a person (issue 31)', () => {
  it('makes a member an administrator', async () => {
    answer(() => Promise.resolve({ ...list.users[1], isAdmin: true }));
    renderAt('/people/edit/2');
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit a person' })).toBeTruthy();
    const question = await screen.findByRole('group', { name: 'Should Ben Thompson be an administrator?' });
    fireEvent.click(within(question).getByLabelText('Yes'));
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(`Ben Thompson is now an administrator of ${AGENCY}.`)).toBeTruthy();
    expect(api.apiFetch).toHaveBeenCalledWith('agency/users/2', { method: 'PUT', body: { isAdmin: true } });
  });

  it('explains why the last admin cannot stop being one', async () => {
    answer(() => Promise.reject(new ApiError(409, { error: 'conflict', message: 'last admin' })));
    renderAt('/people/edit/1');
    const question = await screen.findByRole('group', { name: 'Should Alex Admin be an administrator?' });
    fireEvent.click(within(question).getByLabelText('No'));
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    const summary = await screen.findByRole('alert');
    expect(summary.textContent).toContain(`${AGENCY} needs at least one administrator. Make someone else an administrator before changing this one.`);
  });

  it('says so when the person is not a member', async () => {
    answer();
    renderAt('/people/edit/99');
    expect(await screen.findByText('We could not find that person. They may have been removed from your agency.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to people' }).getAttribute('href')).toBe('/agency/people');
  });
});
